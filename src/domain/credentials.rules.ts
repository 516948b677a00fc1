/**
 * The checks of typed credentials and phones (spec 5; U21) the Auth forms make before any call: the one home of each
 * rule. ./validators.rules.ts, the home of the other forms' checks, exports them too; the login page's scripts hold
 * this module without that one.
 */

/** Digits of a phone as typed (`+998 90 123-45-67` → `998901234567`); the wire takes the digits. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/**
 * The 9-digit sn of a mobile phone's digits, `9XXXXXXXX` or `998 9XXXXXXXX`; undefined when they are neither (E008):
 * the number a registration, a code or a subscriber account is for.
 */
export function phoneToSn(digits: string): string | undefined {
  const sn = digits.length === 12 && digits.startsWith('998') ? digits.slice(3) : digits;
  return /^9\d{8}$/.test(sn) ? sn : undefined;
}

/**
 * A phone as a person types it into a form (spec 5 'Введите корректный номер телефона'): 9 to 12 digits, written with
 * digits, spaces, `+`, `(`, `)` and `-` only. Used by the Auth forms and the Settings contacts.
 */
export function isTypedPhone(typed: string): boolean {
  const n = phoneDigits(typed).length;
  return n >= 9 && n <= 12 && !/[^\d\s+()-]/.test(typed);
}

/** Password confirmation must equal the password exactly (spec 5 'Пароли не совпадают'); no trimming. */
export function validatePasswordConfirmation(
  pw: string,
  confirm: string,
): 'validation.passwordMismatch' | null {
  return pw === confirm ? null : 'validation.passwordMismatch';
}

/** The longest login and password the wire carries (U21); a longer one is a field message, never a call. */
export const LOGIN_MAX = 100;
/** The shortest new login (spec 5 checks a login once longer than 2 characters). */
export const LOGIN_MIN = 3;
/** The characters of a new login: Latin letters, digits, dot, dash, underscore (the wire's rule, U21). */
export const LOGIN_CHARS = /^[A-Za-z0-9._-]*$/;
export const PASSWORD_MAX = 200;

/**
 * The password rule the server applies where a password is set (change, recovery; U11, U21): 8 to 200 characters
 * with at least one letter and one digit. The one home of the rule: the server and the forms ask it.
 */
export function isAcceptablePassword(p: string): boolean {
  return p.length >= 8 && p.length <= PASSWORD_MAX && /\p{L}/u.test(p) && /\d/.test(p);
}

/** A field longer than its wire limit: the i18n key naming the limit (`validation.max100` / `validation.max200`). */
export function tooLongCode(max: 100 | 200): 'validation.max100' | 'validation.max200' {
  return max === 100 ? 'validation.max100' : 'validation.max200';
}
