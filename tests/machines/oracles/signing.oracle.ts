import type { ChartOracle, Ctx, OracleRow } from '../../support/oracle';
import { apiCode, done, eimzoKind, eimzoStatus, failed } from './oracle-helpers';

/**
 * Expected behaviour of the signing chart, from spec 4 "Signing flow", spec 8 "Signature messages" and
 * docs/decisions.md "Signing chart" 1-7 (D1…D7 below). Written by hand; a new step (e.g. a challenge before
 * signing) adds its rows here.
 */

const S4 = 'spec 4 Signing flow';
const S8 = 'spec 8 Signature messages';

/** Spec 4 step 3: the first listed key whose TIN matches the tax id and that is not expired (D7). */
const matching = (keys: readonly { tin: string | null; expired: boolean }[], tin: string | null) =>
  keys.find((k) => k.tin === tin && !k.expired) ?? null;

/** D6: which text a module failure shows. */
const moduleCode = (ev: Record<string, unknown>): string => {
  const kind = eimzoKind(ev);
  if (kind === undefined) return apiCode(ev) ?? 'eimzo.generic';
  if (kind === 'keyNotFound') return 'eimzo.noInstalledOrMatchingKey';
  if (kind === 'generic' && [-2002, -2006].includes(eimzoStatus(ev) ?? 0))
    return 'eimzo.noInstalledOrMatchingKey';
  if (kind === 'connection')
    return (ev as { error: { error: { mobile: boolean } } }).error.error.mobile
      ? 'eimzo.connectionMobile'
      : 'eimzo.connection';
  if (kind === 'apiKey') return 'eimzo.domainNotAllowed';
  return `eimzo.${kind}`;
};

/**
 * SEC3: the one document every signing signs, restated from the decision rather than imported, so a bug in the rule
 * is not copied: format, action, targets, `sn` and `ban` (spec 4 step 5 "a signature over sn/ban"), the one-time
 * challenge (null from a backend without the call) and the text the signer sees, in this order.
 */
const signedDocument = (c: Ctx, challenge: string | null): string => {
  const t = c.targets;
  const doc = {
    format: c.when ? 'b2b-portal.signing/2' : 'b2b-portal.signing/1',
    action: c.action,
    targets: t,
    sn: t.kind === 'number' ? t.sn : null,
    ban: t.kind === 'draft' ? null : t.ban,
    challenge,
    text: c.text,
  };
  // SP2: a plan's document is version 2 and names its day and hour last
  return JSON.stringify(c.when ? { ...doc, when: { date: c.when.date, hour: c.when.hour } } : doc);
};

const retryTo = (from: string[], to: string, spec: string): OracleRow => ({
  from,
  event: 'signing.retry',
  to,
  ctx: () => ({ errorCode: null }),
  spec,
});

const moduleFailure = (actor: string, kinds: string[], to: string, spec: string): OracleRow => ({
  from: actor === 'openModule' ? 'connecting' : 'signing',
  event: failed(actor),
  when: (_, ev) => kinds.includes(eimzoKind(ev) ?? '') && moduleCode(ev) !== 'eimzo.noInstalledOrMatchingKey',
  to,
  ctx: (_, ev) => ({ errorCode: moduleCode(ev) }),
  spec,
});

/** SEC3: the text the signer reads, ru then uz, for one number, a selection of numbers or a whole account. */
const VERB = { block: ['Блокировка', 'Bloklash'], restore: ['Разблокировка', 'Blokdan chiqarish'] } as const;
const signerText = (action: 'block' | 'restore', t: Ctx, when: Ctx | null): string => {
  const [verbRu, verbUz] = VERB[action];
  // SP2: a plan names when, `12.12.2026 00:00` in Tashkent, after the verb
  const at = when
    ? `${when.date.split('-').reverse().join('.')} ${String(when.hour).padStart(2, '0')}:00`
    : '';
  const ru = when ? `${verbRu} (запланирована на ${at}, Ташкент)` : verbRu;
  const uz = when ? `${verbUz} (${at} ga rejalashtirilgan, Toshkent)` : verbUz;
  if (t.kind === 'number')
    return `${ru}: номер ${t.sn}, лицевой счёт ${t.ban}\n${uz}: raqam ${t.sn}, shaxsiy hisob ${t.ban}`;
  if (t.kind === 'numbers') {
    const list = `${t.sns.join(', ')} (${t.sns.length})`;
    return `${ru}: номера ${list}, лицевой счёт ${t.ban}\n${uz}: raqamlar ${list}, shaxsiy hisob ${t.ban}`;
  }
  if (t.kind === 'ban')
    return `${ru}: все номера лицевого счёта ${t.ban}\n${uz}: shaxsiy hisob ${t.ban} barcha raqamlari`;
  throw new Error(`the signing oracle states no text for ${t.kind}`);
};

export const signingOracle: ChartOracle = {
  id: 'signing',
  initial: { to: 'gettingTaxId' },
  // spec 4 Signing flow: what is signed and for whom comes from the caller; nothing is known of the module yet
  context: (input) => {
    const i = input as Ctx;
    return {
      action: i.action,
      targets: i.targets,
      when: i.when ?? null,
      text: signerText(i.action, i.targets, i.when ?? null),
      data: null,
      impersonating: i.impersonating,
      tin: null,
      key: null,
      pkcs7: null,
      result: null,
      errorCode: null,
    };
  },
  invokes: {
    // D2: the refusal while impersonating is the tax-id step's answer, so it receives the flag
    gettingTaxId: { fetchTaxId: (c) => ({ impersonating: c.impersonating }) },
    // SEC3: the challenge is asked for this action and these targets
    // SP2: and, for a plan, its day and hour
    gettingChallenge: {
      fetchChallenge: (c) =>
        c.when
          ? { action: c.action, targets: c.targets, when: c.when }
          : { action: c.action, targets: c.targets },
    },
    connecting: { openModule: () => undefined },
    // spec 4 steps 4-5: load the chosen key and sign the data (the SEC3 document naming sn/ban); SEC3 a retry after
    // a wrong password signs the same document again
    signing: { signWithKey: (c) => ({ key: c.key, data: c.data }) },
    // spec 4 step 6 / spec 7: POST documents/verify with the module's pkcs7
    verifying: { verifySignature: (c) => ({ pkcs7: c.pkcs7 }) },
  },
  // spec 8 "Signature messages", quoted exactly
  viewTexts: {
    noCertificates: 'Нет установленных сертификатов E-Imzo.',
    noMatchingKey: 'Нет подходящего ЭЦП-ключа.',
    keyUnavailable: 'Нет установленого или подходящего ЭЦП-ключа.',
    moduleFailed: 'Ошибка EImzo',
    wrongPassword: 'Пароль неверный.',
    // spec 4 "Cancelling shows 'Отменено / Вы отменили действие'"; U20: a 6.x module's three wrong passwords read alike
    passwordCancelled: 'Вы отменили действие',
    outdated: 'ВНИМАНИЕ!!! Установите новую версию приложения E-IMZO',
  },
  rows: [
    // D5: cancel is accepted in every state and ends with output null
    { from: '*', event: 'signing.cancel', to: 'cancelled', output: () => null, spec: `${S4}; D5` },

    // step 1: tax id; spec 5 "Tax id must start with 2 or 3, else E026", "Missing tax id: 'У вас не имеется ИНН.'"
    {
      from: 'gettingTaxId',
      event: done('fetchTaxId'),
      when: (_, ev) => /^[23]/.test((ev.output.tin ?? '').trim()),
      to: 'gettingChallenge',
      ctx: (_, ev) => ({ tin: ev.output.tin.trim(), errorCode: null }),
      spec: `${S4} step 1; spec 5 tax id; SEC3 the challenge step comes between the tax id and the module`,
    },
    {
      from: 'gettingTaxId',
      event: done('fetchTaxId'),
      when: (_, ev) => (ev.output.tin ?? '').trim() === '',
      to: 'noTaxId',
      ctx: () => ({ errorCode: 'validation.noTin' }),
      spec: "spec 5 'У вас не имеется ИНН.'",
    },
    {
      from: 'gettingTaxId',
      event: done('fetchTaxId'),
      to: 'noTaxId',
      ctx: () => ({ errorCode: 'E026' }),
      spec: 'spec 5 tax id E026',
    },
    {
      from: 'gettingTaxId',
      event: failed('fetchTaxId'),
      when: (_, ev) => apiCode(ev) === 'E005',
      to: 'refused',
      ctx: () => ({ errorCode: 'eimzo.impersonating' }),
      spec: 'D2 refused while impersonating (E005)',
    },
    {
      from: 'gettingTaxId',
      event: failed('fetchTaxId'),
      to: 'taxIdFailed',
      ctx: (_, ev) => ({ errorCode: apiCode(ev) ?? 'eimzo.generic' }),
      spec: 'D5 taxIdFailed',
    },
    retryTo(['taxIdFailed'], 'gettingTaxId', 'D5 taxIdFailed → retry the tax id'),

    // SEC3: a one-time challenge, then the document to sign is fixed
    {
      from: 'gettingChallenge',
      event: done('fetchChallenge'),
      to: 'connecting',
      ctx: (c, ev) => ({ data: signedDocument(c, ev.output.challenge), errorCode: null }),
      spec: 'SEC3 the signed document with the server challenge (null from a backend without the call)',
    },
    {
      from: 'gettingChallenge',
      event: failed('fetchChallenge'),
      to: 'challengeFailed',
      ctx: (_, ev) => ({ errorCode: apiCode(ev) ?? 'eimzo.generic' }),
      spec: 'SEC3 a failed challenge call has its own failure state',
    },
    retryTo(
      ['challengeFailed'],
      'gettingChallenge',
      'SEC3 challengeFailed → Retry asks for the challenge again',
    ),

    // step 2-3: list keys and pick the matching one
    {
      from: 'connecting',
      event: done('openModule'),
      when: (_, ev) => ev.output.length === 0,
      to: 'noCertificates',
      ctx: () => ({ errorCode: 'eimzo.noCertificates' }),
      spec: `${S8} 'Нет установленных сертификатов E-Imzo.'`,
    },
    {
      from: 'connecting',
      event: done('openModule'),
      when: (c, ev) => matching(ev.output, c.tin) !== null,
      to: 'signing',
      ctx: (c, ev) => ({ key: matching(ev.output, c.tin) }),
      spec: `${S4} step 3 (expired keys skipped)`,
    },
    {
      from: 'connecting',
      event: done('openModule'),
      to: 'noMatchingKey',
      ctx: () => ({ errorCode: 'eimzo.noMatchingKey' }),
      spec: `${S8} 'Нет подходящего ЭЦП-ключа.'`,
    },
    moduleFailure('openModule', ['oldVersion'], 'outdated', `${S8} version below 4.40`),
    moduleFailure('openModule', ['noWebsocket'], 'unsupportedBrowser', `${S8} no websocket support`),
    moduleFailure('openModule', ['connection'], 'moduleUnavailable', `${S8} module connection error`),
    moduleFailure('openModule', ['apiKey'], 'apiKeyRejected', 'D5 apiKeyRejected'),
    {
      from: 'connecting',
      event: failed('openModule'),
      to: 'moduleFailed',
      ctx: (_, ev) => ({ errorCode: moduleCode(ev) }),
      spec: `${S8} 'Ошибка EImzo'`,
    },
    retryTo(
      ['outdated', 'moduleUnavailable', 'apiKeyRejected', 'moduleFailed', 'noCertificates', 'noMatchingKey'],
      'connecting',
      'D5 retry the module step',
    ),
    retryTo(['keyUnavailable'], 'connecting', 'D5 keyUnavailable → retry the module step'),

    // steps 4-5: load and sign (password in the module)
    {
      from: 'signing',
      event: done('signWithKey'),
      to: 'verifying',
      ctx: (_, ev) => ({ pkcs7: ev.output.pkcs7 }),
      spec: `${S4} step 5`,
    },
    moduleFailure('signWithKey', ['badPassword'], 'wrongPassword', `${S8} 'Пароль неверный.'`),
    moduleFailure('signWithKey', ['cancelled'], 'passwordCancelled', 'D5 passwordCancelled'),
    {
      from: 'signing',
      event: failed('signWithKey'),
      when: (_, ev) => moduleCode(ev) === 'eimzo.noInstalledOrMatchingKey',
      to: 'keyUnavailable',
      ctx: () => ({ errorCode: 'eimzo.noInstalledOrMatchingKey' }),
      spec: `${S8} 'Нет установленого или подходящего ЭЦП-ключа.'; D6`,
    },
    moduleFailure('signWithKey', ['connection'], 'moduleUnavailable', `${S8} module connection error`),
    {
      from: 'signing',
      event: failed('signWithKey'),
      to: 'moduleFailed',
      ctx: (_, ev) => ({ errorCode: moduleCode(ev) }),
      spec: `${S8} 'Ошибка EImzo'`,
    },
    retryTo(['wrongPassword', 'passwordCancelled', 'verifyFailed'], 'signing', 'D5 retry signing'),

    // step 6: verify on the server, code 1 = ok with a timestamped signature
    {
      from: 'verifying',
      event: done('verifySignature'),
      when: (_, ev) => ev.output.code === 1 && Boolean(ev.output.pkcs7b64WithTimestamp),
      to: 'signed',
      ctx: (c, ev) => ({
        result: {
          pkcs7b64WithTimestamp: ev.output.pkcs7b64WithTimestamp,
          keySerial: c.key.serialNumber,
          tin: c.tin,
        },
        // the module's signature without timestamp is not kept once the server has verified it (D5 output)
        pkcs7: null,
        errorCode: null,
      }),
      output: (c, ev) => ({
        pkcs7b64WithTimestamp: ev.output.pkcs7b64WithTimestamp,
        keySerial: c.key.serialNumber,
        tin: c.tin,
      }),
      spec: `${S4} step 6 (code 1 = ok); D5 output`,
    },
    {
      from: 'verifying',
      event: done('verifySignature'),
      to: 'verifyFailed',
      ctx: () => ({ errorCode: 'eimzo.verifyFailed' }),
      spec: `${S4} step 6; D6 verifyFailed`,
    },
    {
      from: 'verifying',
      event: failed('verifySignature'),
      to: 'verifyFailed',
      ctx: (_, ev) => ({ errorCode: apiCode(ev) }),
      spec: 'D6 verifyFailed shows the API code',
    },
  ],
};
