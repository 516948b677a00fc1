import { type SigningDocument, signingDocument } from './signing-document.rules';

/**
 * The registration wizard's two signatures (docs/decisions.md NC20-NC22), each its own action of the one signed
 * document (src/domain/signing-document.rules.ts):
 * - `key-proof` (step one): the visitor proves holding this company's key; it only opens the company's data for the
 *   application, nothing is applied for yet. Its text names the TIN, in Russian and Uzbek.
 * - `preregister` (step two): the application itself, as the visitor reads it, in the page's language; the draft hash
 *   still binds the exact body sent. The server rebuilds this text from the body it receives and refuses any other.
 * Loaded only with the signing chunk (src/app/eimzo.actors.ts) and by the reference backend.
 */

export type SigningLang = 'ru' | 'uz';

/** What the key proof says it signs and why (TIN, no application yet). */
export const keyProofText = (tin: string): string =>
  `Подтверждение ключа: я владею ключом ЭЦП компании с ИНН ${tin}. Подпись только открывает данные компании для ` +
  'заявки; заявка ещё не подана.\n' +
  `Kalitni tasdiqlash: men STIR ${tin} kompaniyasining ERI kalitiga egaman. Imzo faqat ariza uchun kompaniya ` +
  'maʼlumotlarini ochadi; ariza hali yuborilmagan.';

/** The key-proof document over the `{user:{tin}}` draft's hash. */
export const keyProofDocument = (tin: string, draftHash: string, challenge: string | null): SigningDocument =>
  signingDocument('key-proof', { kind: 'draft', draftHash }, challenge, keyProofText(tin));

type Fields = Readonly<Record<string, unknown>>;

const RU = {
  head: 'Предварительная регистрация: заявка на подключение',
  tin: 'ИНН',
  name: 'Наименование',
  city: 'Город (код)',
  oked: 'ОКЭД',
  regCode: 'Рег. код',
  address: 'Адрес',
  phone: 'Телефон',
  bank: 'Банк',
  login: 'Логин',
  connectType: 'Тип подключения',
  agent: 'Агент',
  contact: 'Контактное лицо',
  email: 'E-mail',
  numbers: 'Номера',
};

const LABELS: Record<SigningLang, typeof RU> = {
  ru: RU,
  uz: {
    head: 'Oldindan roʻyxatdan oʻtish: ulanish uchun ariza',
    tin: 'STIR',
    name: 'Nomi',
    city: 'Shahar (kod)',
    oked: 'IFUT',
    regCode: 'Roʻyxat kodi',
    address: 'Manzil',
    phone: 'Telefon',
    bank: 'Bank',
    login: 'Login',
    connectType: 'Ulanish turi',
    agent: 'Agent',
    contact: 'Aloqa uchun shaxs',
    email: 'E-mail',
    numbers: 'Raqamlar',
  },
};

const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');
const group = (app: Fields, name: string): Fields => {
  const g = app[name];
  return g !== null && typeof g === 'object' ? (g as Fields) : {};
};
const joined = (g: Fields, keys: readonly string[], sep = ', ') =>
  keys
    .map((k) => str(g[k]))
    .filter((v) => v !== '')
    .join(sep);

/**
 * The application as the visitor reads it on step two, in `lang`: company, city, login, connection, contact person
 * and the chosen numbers. The passport number is left out (NC21): it is not shown on step two and the hash binds it.
 */
export function applicationText(application: Fields, lang: SigningLang): string {
  const l = LABELS[lang];
  const user = group(application, 'user');
  const business = group(application, 'business');
  const bank = group(application, 'bank');
  const contact = group(application, 'contactFace');
  const info = group(application, 'info');
  const orders = Array.isArray(application.orders) ? application.orders : [];
  const rows: [string, string][] = [
    [l.tin, str(user.tin)],
    [l.name, str(user.name)],
    [l.city, str(user.city)],
    [l.oked, str(user.oked)],
    [l.regCode, str(user.regCode)],
    [
      l.address,
      joined(business, ['index', 'country', 'oblast', 'gorod', 'rayon', 'address', 'dom', 'kvartira']),
    ],
    [l.phone, str(business.phone)],
    [l.bank, joined(bank, ['bankName', 'bankAccount', 'mfo'])],
    [l.login, str(group(application, 'account').login)],
    [l.connectType, str(info.connectType)],
    [l.agent, str(info.agentName) || str(info.b2bOperName)],
    [l.contact, joined(contact, ['lastName', 'name', 'firstName', 'doljnost', 'birthDay'])],
    [l.email, str(contact.email)],
    [l.phone, str(contact.phone)],
    [
      l.numbers,
      orders
        .map((o) =>
          o !== null && typeof o === 'object'
            ? joined(o as Fields, ['sn', 'phone', 'category', 'plan'])
            : str(o),
        )
        .filter((v) => v !== '')
        .join('; '),
    ],
  ];
  return [l.head, ...rows.filter(([, v]) => v !== '').map(([k, v]) => `${k}: ${v}`)].join('\n');
}

/** The application's document: its text in the page's language, bound to the body by `draftHash`. */
export const applicationDocument = (
  application: Fields,
  lang: SigningLang,
  draftHash: string,
  challenge: string | null,
): SigningDocument =>
  signingDocument('preregister', { kind: 'draft', draftHash }, challenge, applicationText(application, lang));
