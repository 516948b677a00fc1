/**
 * Business constants and limits (spec 9, plus the code tables of spec 3 and 4).
 *
 * Numbers stay numbers: the wire and the server compare them numerically. Both the SPA and the reference server
 * import this module, so it holds no translated text (texts live in src/i18n).
 */

/** Page size of the administration user search (`GET user/search`, spec 7 / 9). */
export const SEARCH_PAGE_SIZE = 45;
/** Page size of the golden-number listing (spec 7 `size 16`). */
export const GOLDEN_PAGE_SIZE = 16;
/** First page of the golden-number listing (spec 7 `page 0`): pages are zero-based. */
export const GOLDEN_FIRST_PAGE = 0;
/** Minimum characters of the 'editing' search (spec 5, SHORT3). */
export const EDIT_SEARCH_MIN = 3;
/** Maximum digits of the 'choose' search before it is MANYINVALID (spec 5 / 9). */
export const SEARCH_MAX_DIGITS = 10;
/** A notification disappears after this many milliseconds (spec 9). */
export const NOTIFICATION_MS = 4000;
/** Debounce of the registration login-availability check (spec 5 / 9). */
export const LOGIN_CHECK_DEBOUNCE_MS = 500;
/** Time-out of a lazily loaded code chunk (spec 9). */
export const CHUNK_TIMEOUT_MS = 120_000;
/** Minimum E-IMZO module version, as major*100+minor (4.40, spec 7 / 9). */
export const EIMZO_MIN_VERSION = 440;
/** E-IMZO version from which the new key-listing API exists (3.36). */
export const EIMZO_NEW_API_VERSION = 336;
/** A user may register at most this many numbers (E025, spec 9). */
export const MAX_NUMBERS_PER_USER = 5;
/** Default operator code of the by-number golden search (spec 3 / 9). */
export const DEFAULT_OPERATOR_CODE = '90';
/** Default mask of the by-mask golden search (spec 3 / 9). */
export const DEFAULT_MASK = '999-99-99';
/** Default count of the by-group golden search (spec 3 / 9). */
export const DEFAULT_GROUP_COUNT = 2;
/** Account types that are "ban-type" and carry the budget flag (spec 2 / 6 / 9). */
export const BAN_TYPE_ACCOUNTS = [5, 15, 40] as const;
/** The only account type whose balance widget shows the unbilled amount and that has no block toggle (spec 6). */
export const UNBILLED_ACCOUNT_TYPE = 16;
/** Account type whose block/restore is applied directly, without an e-signature (spec 4 block flow step 3). */
export const DIRECT_BLOCK_ACCOUNT_TYPE = 20;
/** Status of a successful reply (spec 7). */
export const SUCCESS_STATUS = 'OKOK';

/** Number status codes (spec 3 / 4): A and O active, S blocked, N terminated, T tentative. */
export const NUMBER_STATUS = {
  A: 'active',
  O: 'active',
  S: 'blocked',
  N: 'terminated',
  T: 'tentative',
} as const;

/** What a number status code means; `unknown` for any code outside spec 3. */
export type NumberStatusKind = (typeof NUMBER_STATUS)[keyof typeof NUMBER_STATUS] | 'unknown';

/** Reads a status code exactly as the server sends it (upper-case, no trimming). */
export function numberStatusKind(code: string): NumberStatusKind {
  return Object.hasOwn(NUMBER_STATUS, code) ? NUMBER_STATUS[code as keyof typeof NUMBER_STATUS] : 'unknown';
}

/** Tabs of number lists by status (spec 2). */
export const NUMBER_TABS = ['active', 'pending', 'blocked', 'all'] as const;
/** A tab of a number list. */
export type NumberTab = (typeof NUMBER_TABS)[number];

/** Tab filter of the user list in administration (spec 2: 'all/active/blocked/pending'). */
export const USER_LIST_STATUSES = ['all', 'active', 'blocked', 'pending'] as const;
export type UserListStatus = (typeof USER_LIST_STATUSES)[number];

/** Kinds of user an administrator may create (`/administration/creation/{type}`; docs/decisions.md). */
export const USER_KINDS = ['subscriber', 'admin'] as const;
export type UserKind = (typeof USER_KINDS)[number];

/**
 * Whether a number with status `code` is listed under `tab`. 'pending' lists tentative numbers (T); terminated and
 * unknown numbers appear only under 'all'.
 */
export function numberInTab(tab: NumberTab, code: string): boolean {
  const kind = numberStatusKind(code);
  switch (tab) {
    case 'all':
      return true;
    case 'active':
      return kind === 'active';
    case 'blocked':
      return kind === 'blocked';
    case 'pending':
      return kind === 'tentative';
  }
}

/** Connect types of a client registration (spec 3). */
export const CONNECT_TYPES = { self: 1, agent: 2, b2bSales: 3 } as const;
/** A connect type code. */
export type ConnectType = (typeof CONNECT_TYPES)[keyof typeof CONNECT_TYPES];

/** Golden-number order types (spec 3). */
export const ORDER_TYPES = ['random', 'byNumber', 'byGroup', 'byMask'] as const;
/** A golden-number order type. */
export type OrderType = (typeof ORDER_TYPES)[number];

/** Document upload status (spec 4): 0 initial, 1 ok, 2 error with server message. */
export const UPLOAD_STATUS = { initial: 0, ok: 1, error: 2 } as const;

/** Single-valued document types (spec 3). Service documents are a range, see SERVICE_DOCUMENT_TYPES. */
export const DOCUMENT_TYPES = {
  agreement: 1,
  supply: 4,
  numberSupply: 5,
  invoice: 6,
  suspend: 7,
  proxy: 9,
} as const;

/** Document types that are service documents: 8 and 10-17 (spec 3). */
export const SERVICE_DOCUMENT_TYPES = [8, 10, 11, 12, 13, 14, 15, 16, 17] as const;

/** What a document type code means. */
export type DocumentKind = keyof typeof DOCUMENT_TYPES | 'services' | 'unknown';

/** Classifies a document type code (spec 3); 2, 3 and anything above 17 are 'unknown'. */
export function documentKind(type: number): DocumentKind {
  if ((SERVICE_DOCUMENT_TYPES as readonly number[]).includes(type)) return 'services';
  for (const [kind, code] of Object.entries(DOCUMENT_TYPES)) {
    if (code === type) return kind as keyof typeof DOCUMENT_TYPES;
  }
  return 'unknown';
}

/** Languages of the portal, first segment of every path (spec 2 / 9). */
export const LANGS = ['ru', 'uz'] as const;
/** A language of the portal. */
export type Lang = (typeof LANGS)[number];
/** The empty path redirects here (spec 2). */
export const DEFAULT_LANG: Lang = 'ru';
/** Locale of money and dates (spec 9 'default locale ru-RU'). */
export const DEFAULT_LOCALE = 'ru-RU';

/** True when `s` is one of LANGS. */
export function isLang(s: string): s is Lang {
  return (LANGS as readonly string[]).includes(s);
}
