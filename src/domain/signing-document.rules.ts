/**
 * The one document every signing in the portal signs (docs/security.md, "signature replay"; spec 4 "Create a
 * signature over sn/ban": the document names them).
 *
 * It states what is authorised (`action`), on what (`targets`: one number, several numbers of one account, a whole
 * account, or a pre-registration draft), under which one-time server challenge, and the human-readable text the
 * signer is shown. The server accepts a signature only for the challenge it issued for exactly this action and
 * these targets. Against a backend without the challenge call, `challenge` is null (the spec's flow).
 */

/** What a signature authorises. `contact-change`: the key owner confirms an account's new recovery contact
 *  (docs/decisions.md PRC5). */
export type SigningAction = 'block' | 'restore' | 'preregister' | 'contact-change' | 'key-proof';

/** What a signature is about. Lists of numbers are kept sorted and without repeats, so the same targets always
 *  read the same. `contact`: one account of the company and the exact new recovery contact (null = none). */
export type SigningTargets =
  | { readonly kind: 'number'; readonly ban: string; readonly sn: string }
  | { readonly kind: 'numbers'; readonly ban: string; readonly sns: readonly string[] }
  | { readonly kind: 'ban'; readonly ban: string }
  | { readonly kind: 'draft'; readonly draftHash: string }
  | {
      readonly kind: 'contact';
      readonly ban: string;
      readonly userId: string;
      readonly login: string;
      readonly email: string | null;
      readonly phone: string | null;
    };

/** Format marker of the signed document. */
export const SIGNING_DOCUMENT_FORMAT = 'b2b-portal.signing/1';
/** Format marker of the signed document of a plan (docs/decisions.md SP2): version 1 plus `when`. */
export const SIGNING_DOCUMENT_FORMAT_PLAN = 'b2b-portal.signing/2';

/** When a planned block/restore runs, as its signature names it: a Tashkent day and hour (0 for a block). */
export interface SigningWhen {
  readonly date: string;
  readonly hour: number;
}

/** The canonical text of a `when` the server stores with a challenge and a signature (`2026-12-12T00`); null: an
 *  immediate action. A plan's signature never serves an immediate action, nor another day or hour (SP2). */
export const whenKey = (w: SigningWhen | null | undefined): string | null =>
  w ? `${w.date}T${String(w.hour).padStart(2, '0')}` : null;

/** The signed document, as JSON. */
export interface SigningDocument {
  readonly format: typeof SIGNING_DOCUMENT_FORMAT | typeof SIGNING_DOCUMENT_FORMAT_PLAN;
  readonly action: SigningAction;
  readonly targets: SigningTargets;
  /** the number and the account of a block/restore, as the spec's "signature over sn/ban" (null where none) */
  readonly sn: string | null;
  readonly ban: string | null;
  readonly challenge: string | null;
  readonly text: string;
  /** format 2 only: the day and hour a planned action runs */
  readonly when?: SigningWhen;
}

/** The targets in their one canonical form: fixed key order, numbers sorted and unique. */
export function canonicalTargets(t: SigningTargets): SigningTargets {
  switch (t.kind) {
    case 'number':
      return { kind: 'number', ban: t.ban, sn: t.sn };
    case 'numbers':
      return { kind: 'numbers', ban: t.ban, sns: [...new Set(t.sns)].sort() };
    case 'ban':
      return { kind: 'ban', ban: t.ban };
    case 'draft':
      return { kind: 'draft', draftHash: t.draftHash };
    case 'contact':
      return {
        kind: 'contact',
        ban: t.ban,
        userId: t.userId,
        login: t.login,
        email: t.email,
        phone: t.phone,
      };
  }
}

/** The canonical JSON of the targets: what the server stores with a challenge and compares on use. */
export const targetsKey = (t: SigningTargets): string => JSON.stringify(canonicalTargets(t));

const VERBS: Record<SigningAction, { ru: string; uz: string }> = {
  block: { ru: 'Блокировка', uz: 'Bloklash' },
  restore: { ru: 'Разблокировка', uz: 'Blokdan chiqarish' },
  preregister: { ru: 'Предварительная регистрация', uz: 'Oldindan roʻyxatdan oʻtish' },
  'key-proof': { ru: 'Подтверждение ключа', uz: 'Kalitni tasdiqlash' },
  'contact-change': {
    ru: 'Смена контакта для восстановления доступа',
    uz: 'Kirishni tiklash kontaktini almashtirish',
  },
};

const pad2 = (n: number) => String(n).padStart(2, '0');

/** `12.12.2026 00:00` of a plan's day and hour. */
const whenText = (w: SigningWhen): string => {
  const [y, m, d] = w.date.split('-');
  return `${d}.${m}.${y} ${pad2(w.hour)}:00`;
};

/** The human-readable text the signer signs and sees: Russian, then Uzbek, on one line each. A planned action says
 *  when: `Блокировка (запланирована на 12.12.2026 00:00, Ташкент): номер …` (SP2). */
export function signingText(action: SigningAction, targets: SigningTargets, when?: SigningWhen): string {
  const base = VERBS[action];
  const verb = when
    ? {
        ru: `${base.ru} (запланирована на ${whenText(when)}, Ташкент)`,
        uz: `${base.uz} (${whenText(when)} ga rejalashtirilgan, Toshkent)`,
      }
    : base;
  const t = canonicalTargets(targets);
  switch (t.kind) {
    case 'number':
      return `${verb.ru}: номер ${t.sn}, лицевой счёт ${t.ban}\n${verb.uz}: raqam ${t.sn}, shaxsiy hisob ${t.ban}`;
    case 'numbers':
      return (
        `${verb.ru}: номера ${t.sns.join(', ')} (${t.sns.length}), лицевой счёт ${t.ban}\n` +
        `${verb.uz}: raqamlar ${t.sns.join(', ')} (${t.sns.length}), shaxsiy hisob ${t.ban}`
      );
    case 'ban':
      return `${verb.ru}: все номера лицевого счёта ${t.ban}\n${verb.uz}: shaxsiy hisob ${t.ban} barcha raqamlari`;
    case 'draft':
      return `${verb.ru}: заявка ${t.draftHash.slice(0, 16)}\n${verb.uz}: ariza ${t.draftHash.slice(0, 16)}`;
    case 'contact':
      return (
        `${verb.ru}: пользователь ${t.login}, лицевой счёт ${t.ban}; e-mail ${t.email ?? '—'}, телефон ${t.phone ?? '—'}\n` +
        `${verb.uz}: foydalanuvchi ${t.login}, shaxsiy hisob ${t.ban}; e-mail ${t.email ?? '—'}, telefon ${t.phone ?? '—'}`
      );
  }
}

/** The document for `action` on `targets` under `challenge` (null without a challenge call). `text`: what the signer
 *  reads, where the targets alone do not say it (the wizard's key proof and application, preregistration-signing.rules). */
export function signingDocument(
  action: SigningAction,
  targets: SigningTargets,
  challenge: string | null,
  text?: string,
  when?: SigningWhen,
): SigningDocument {
  const t = canonicalTargets(targets);
  const doc = {
    format: SIGNING_DOCUMENT_FORMAT,
    action,
    targets: t,
    sn: t.kind === 'number' ? t.sn : null,
    ban: t.kind === 'draft' ? null : t.ban,
    challenge,
    text: text ?? signingText(action, t, when),
  } as const;
  // version 1 stays exactly as it was; a plan's document is version 2 and names when (SP2)
  return when
    ? { ...doc, format: SIGNING_DOCUMENT_FORMAT_PLAN, when: { date: when.date, hour: when.hour } }
    : doc;
}

/** The exact text that is signed (UTF-8 bytes of this JSON). */
export const signingDocumentText = (doc: SigningDocument): string => JSON.stringify(doc);

/** The targets of a block/restore: one number, a selection of numbers (`sns`, bulk block, decision U10; one of them is
 *  one number), or with `sn` null and no selection the whole account. */
export const blockTargets = (t: {
  ban: string;
  sn: string | null;
  sns?: readonly string[] | null | undefined;
}): SigningTargets => {
  if (t.sns && t.sns.length > 0) {
    const sns = [...new Set(t.sns)].sort();
    return sns.length === 1 && sns[0] !== undefined
      ? { kind: 'number', ban: t.ban, sn: sns[0] }
      : { kind: 'numbers', ban: t.ban, sns };
  }
  return t.sn === null ? { kind: 'ban', ban: t.ban } : { kind: 'number', ban: t.ban, sn: t.sn };
};
