import {
  isAcceptablePassword,
  LOGIN_CHARS,
  LOGIN_MAX,
  LOGIN_MIN,
  PASSWORD_MAX,
  tooLongCode,
} from './credentials.rules';
import { firstBlankPassword, type PasswordField, type PasswordForm } from './password-form.rules';

// The checks the Auth forms make live in ./credentials.rules.ts, so that the login page's scripts hold them without
// the rest of this file (the signed-in and onboarding forms' checks); they are this module's too.
export * from './credentials.rules';

/**
 * Form validation rules (spec 5). Each validator returns null when the value is valid, otherwise a code: an i18n
 * key under `validation.*` or a catalogue code (E026). Texts live in src/i18n:
 * - validation.latinOnly: 'ввод должен быть исключительно латиницей'
 * - validation.noTin: 'У вас не имеется ИНН.'
 * - validation.adult: 'Вам должно быть 18'
 * - validation.badDate: 'Некорректная дата'
 * - validation.dateRange: 'Выберите начальную и конечную дату'
 * - validation.passwordMismatch: 'Пароли не совпадают'
 * - validation.fields: 'Поля заполнены неверно'
 * - validation.fillRequired: 'Сначала заполните все необходимые поля.'
 * - validation.cityFirst: 'Сначала нужно выбрать город.'
 */
/** Printable ASCII without space: Latin letters, digits and ASCII punctuation. */
const LATIN_LOGIN = /^[\x21-\x7E]*$/;

/**
 * Registration login must be Latin only (spec 5, Cyrillic forbidden). Any character outside printable ASCII —
 * Cyrillic, other scripts, spaces — is refused. Emptiness is not this rule's business (see requiredFields).
 */
export function validateLatinLogin(login: string): 'validation.latinOnly' | null {
  return LATIN_LOGIN.test(login) ? null : 'validation.latinOnly';
}

/**
 * What is wrong with a new login as typed, the same rule the server applies at the end of the wizard: a
 * non-Latin character first (spec 5's text), then a character outside `LOGIN_CHARS` (`info@samarqand.uz`, `user+1`,
 * `<b>x</b>`), then the length (at most LOGIN_MAX; the least, LOGIN_MIN, only once the form is sent: `short`).
 */
export function newLoginProblem(
  login: string,
  opts: { short?: boolean } = {},
): 'validation.latinOnly' | 'validation.loginChars' | 'validation.loginLength' | null {
  if (login === '') return null;
  const latin = validateLatinLogin(login);
  if (latin) return latin;
  if (!LOGIN_CHARS.test(login)) return 'validation.loginChars';
  if (login.length > LOGIN_MAX || (opts.short === true && login.length < LOGIN_MIN))
    return 'validation.loginLength';
  return null;
}

/**
 * Whether to ask the server if a login is free (spec 5: once longer than 2 characters). Only logins that pass the
 * login rule are checked, so the server is never asked about a login the form refuses anyway.
 */
export function shouldCheckLogin(login: string): boolean {
  return login.length >= LOGIN_MIN && newLoginProblem(login) === null;
}

/**
 * Tax id (spec 5): missing → 'У вас не имеется ИНН.' (validation.noTin); not starting with 2 or 3 → E026. Lengths are
 * not in the spec and are not checked. Surrounding whitespace is ignored.
 */
/** A BAN (the company's billing account): exactly 9 digits, spaces around it ignored (spec 5 search rule). The one BAN
 *  rule of the forms, the search box, the lists' filters and the server's lookups. */
export function isBan(s: string): boolean {
  return /^\d{9}$/.test(s.trim());
}

export function validateTin(tin: string | null | undefined): 'E026' | 'validation.noTin' | null {
  const value = (tin ?? '').trim();
  if (value === '') return 'validation.noTin';
  return /^[23]/.test(value) ? null : 'E026';
}

/** A calendar day; month 1-12. */
export interface CalendarDate {
  y: number;
  m: number;
  d: number;
}

function ymdOfParts(y: number, m: number, d: number): CalendarDate | null {
  if (m < 1 || m > 12 || d < 1) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days ? { y, m, d } : null;
}

/**
 * Reads a calendar date: a Date (its local calendar day), ISO `YYYY-MM-DD` (a time part after it is ignored) or the
 * Russian `DD.MM.YYYY`. Anything else, or an impossible day such as 2001-02-30, is null.
 */
export function parseCalendarDate(value: Date | string | null | undefined): CalendarDate | null {
  if (value == null) return null;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return { y: value.getFullYear(), m: value.getMonth() + 1, d: value.getDate() };
  }
  const s = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(s);
  if (iso) return ymdOfParts(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const ru = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(s);
  if (ru) return ymdOfParts(Number(ru[3]), Number(ru[2]), Number(ru[1]));
  return null;
}

function compareCalendarDate(a: CalendarDate, b: CalendarDate): number {
  return a.y - b.y || a.m - b.m || a.d - b.d;
}

/** Adulthood age (spec 5 'Вам должно быть 18'). */
export const ADULT_AGE = 18;

/**
 * Birth date of a contact person (spec 5): unreadable or in the future → validation.badDate; younger than 18 on
 * `now`'s calendar day → validation.adult. The 18th birthday itself counts as adult; someone born on 29 February
 * becomes adult on 1 March of a non-leap year.
 */
export function validateAdult(
  birthDate: Date | string,
  now: Date,
): 'validation.adult' | 'validation.badDate' | null {
  const birth = parseCalendarDate(birthDate);
  const today = parseCalendarDate(now);
  if (birth === null || today === null || compareCalendarDate(birth, today) > 0) return 'validation.badDate';
  const adultFrom = { y: birth.y + ADULT_AGE, m: birth.m, d: birth.d };
  return compareCalendarDate(today, adultFrom) >= 0 ? null : 'validation.adult';
}

/**
 * A date range is required (spec 5 'Выберите начальную и конечную дату'): both ends must be readable dates, and the
 * start must not be after the end. A one-day range (from = to) is valid.
 */
export function validateDateRange(
  from: string | Date | null | undefined,
  to: string | Date | null | undefined,
): 'validation.dateRange' | null {
  const a = parseCalendarDate(from);
  const b = parseCalendarDate(to);
  if (a === null || b === null || compareCalendarDate(a, b) > 0) return 'validation.dateRange';
  return null;
}

/**
 * The error of a from/to pair as a form holds it (the `DateRange` view piece): an end that is filled in but is no
 * calendar day → 'validation.badDate' ('Некорректная дата'); otherwise the range rule above — both ends required, the
 * start not after the end → 'validation.dateRange'. Null when the range is usable.
 */
export function dateRangeError(
  from: string | null | undefined,
  to: string | null | undefined,
): 'validation.badDate' | 'validation.dateRange' | null {
  const filledButBad = (v: string | null | undefined) =>
    v != null && v.trim() !== '' && parseCalendarDate(v) === null;
  if (filledButBad(from) || filledButBad(to)) return 'validation.badDate';
  return validateDateRange(from, to);
}

/** Characters that stand for "any digit" in a number mask: `*`, and `_`, the input-mask placeholder. */
export const MASK_WILDCARDS = ['*', '_'] as const;

const MASK = /^[0-9*_]{3}-[0-9*_]{2}-[0-9*_]{2}$/;

/**
 * A by-mask golden-number search mask (spec 3 / 9, format 999-99-99): three, two and two positions separated by
 * dashes; each position a digit or a wildcard (`*` or `_`); at least one digit, since an all-wildcard mask is a
 * random search. Otherwise validation.fields ('Поля заполнены неверно').
 */
export function validateMask(mask: string): 'validation.fields' | null {
  return MASK.test(mask) && /\d/.test(mask) ? null : 'validation.fields';
}

/**
 * Whether a number matches a mask: the mask's 7 positions are compared with the last 7 digits of the number
 * (after its operator code); wildcards match any digit. An invalid mask matches nothing.
 */
export function matchesMask(mask: string, number: string): boolean {
  if (validateMask(mask) !== null) return false;
  const pattern = mask.replace(/-/g, '');
  const digits = number.replace(/\D/g, '').slice(-pattern.length);
  if (digits.length !== pattern.length) return false;
  return [...pattern].every((c, i) => c === '*' || c === '_' || c === digits[i]);
}

/** The order repeater never goes below one row (spec 5): a row may be removed only while there are at least two. */
export function canRemoveOrderRow(rows: number): boolean {
  return rows > 1;
}

/**
 * True when a form value counts as filled: not undefined or null, not false (an unticked box such as the licence),
 * not a blank string, not an empty array. Numbers, including 0, are filled.
 */
export function isFilled(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'number') return !Number.isNaN(value);
  return true;
}

/** All named fields must be filled (see isFilled), else validation.fillRequired. */
export function requiredFields(
  values: Record<string, unknown>,
  names: readonly string[],
): 'validation.fillRequired' | null {
  return names.every((name) => isFilled(values[name])) ? null : 'validation.fillRequired';
}

/**
 * Registration step 1 (spec 5): email, a phone (contact or business) and the licence ticked, else
 * validation.fillRequired ('Сначала заполните все необходимые поля.').
 */
export function validateRegistrationContacts(v: {
  email: string | null | undefined;
  contactPhone: string | null | undefined;
  businessPhone: string | null | undefined;
  licenceAccepted: boolean;
}): 'validation.fillRequired' | null {
  const phone = isFilled(v.contactPhone) || isFilled(v.businessPhone);
  return isFilled(v.email) && phone && v.licenceAccepted ? null : 'validation.fillRequired';
}

/** The city must be chosen before the key (spec 5 'Сначала нужно выбрать город.'). */
export function validateCityChosen(city: string | null | undefined): 'validation.cityFirst' | null {
  return isFilled(city) ? null : 'validation.cityFirst';
}

/**
 * A login the portal accepts (spec 5: Latin only, Cyrillic forbidden): 3 to 100 Latin letters, digits, dot, dash,
 * underscore. The one home of the login pattern: the user form and the reference server ask it.
 */
export function isValidLogin(login: string): boolean {
  return login !== '' && newLoginProblem(login, { short: true }) === null;
}

/**
 * An e-mail address the portal and its server accept (U21): at most 200 characters, a local part of Latin letters,
 * digits and `_ ' + - .`, an ASCII domain with a Latin top-level domain (the wire's `z.email()` pattern). An emoji or a
 * Cyrillic address gets the field's message instead of a refused call.
 */
export const EMAIL_MAX = 200;
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export function isEmail(value: string): boolean {
  const v = value.trim();
  return v.length <= EMAIL_MAX && EMAIL.test(v);
}

/** The longest name the wire carries (U21; the login's and the password's are in ./credentials.rules.ts). */
export const NAME_MAX = 200;

/**
 * The first problem of the password-change form before it is sent (spec 5 generic; U21): a blank field
 * (`validation.required`), a current password over 200 characters (`validation.max200`: no password is longer), a new
 * password outside the rule (`validation.passwordRule`, or `validation.max200` when too long), a new password equal to
 * the current one (`validation.samePassword`). Null when it may go;
 * the confirmation's mismatch is checked after it ('Пароли не совпадают').
 */
export function passwordChangeError(e: PasswordForm): { code: string; field: PasswordField } | null {
  const blank = firstBlankPassword(e);
  if (blank !== null) return { code: 'validation.required', field: blank };
  if (e.current.length > PASSWORD_MAX) return { code: tooLongCode(PASSWORD_MAX), field: 'current' };
  if (e.password.length > PASSWORD_MAX) return { code: tooLongCode(PASSWORD_MAX), field: 'password' };
  if (!isAcceptablePassword(e.password)) return { code: 'validation.passwordRule', field: 'password' };
  // the server refuses a new password equal to the current one (E013): the field says why, before any call
  if (e.password === e.current) return { code: 'validation.samePassword', field: 'password' };
  return null;
}
