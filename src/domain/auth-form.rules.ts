/**
 * The checks of the Auth forms (spec 2 Auth: login, register, SMS code, forgot, restore) made before any call: which
 * fields each form requires, a typed phone, an SMS code. The auth chart's `hasInvalidField` guard and its action call
 * `authFormError`; the server checks again.
 */
import {
  isAcceptablePassword,
  isTypedPhone,
  LOGIN_MAX,
  PASSWORD_MAX,
  tooLongCode,
} from './credentials.rules';

/** A field of the Auth forms; inputs carry these names (`<input name="login">`). */
export type AuthField = 'login' | 'password' | 'phone' | 'code' | 'confirm';

/** The Auth forms (and the resend button, which sends the SMS-code form's phone). */
export type AuthForm = 'login' | 'register' | 'check' | 'resend' | 'forgot' | 'restore';

/** The required fields of each form, in form order (the first problem found is the one shown). */
export const AUTH_FORM_FIELDS: Readonly<Record<AuthForm, readonly AuthField[]>> = {
  login: ['login', 'password'],
  register: ['phone'],
  check: ['phone', 'code'],
  resend: ['phone'],
  forgot: ['login'],
  restore: ['password', 'confirm'],
};

/** An SMS code as the server sends it: 4 to 8 digits. */
const SMS_CODE = /^\d{4,8}$/;

/** The forms where a password is set: the password rule applies there (U21), not where one is typed to log in. */
const SETS_PASSWORD: readonly AuthForm[] = ['restore'];

/** The problem of one field, or null (values read trimmed; passwords as typed). */
function fieldError(form: AuthForm, field: AuthField, raw: string): string | null {
  const value = raw.trim();
  if (value === '') return 'validation.required';
  if (field === 'phone' && !isTypedPhone(value)) return 'validation.phone';
  if (field === 'code' && !SMS_CODE.test(value)) return 'E003';
  if (field === 'login' && value.length > LOGIN_MAX) return tooLongCode(LOGIN_MAX);
  if (field === 'password') {
    if (raw.length > PASSWORD_MAX) return tooLongCode(PASSWORD_MAX);
    if (SETS_PASSWORD.includes(form) && !isAcceptablePassword(raw)) return 'validation.passwordRule';
  }
  return null;
}

/**
 * Every problem of a submitted Auth form, in form order (U21: both empty login fields are flagged): a blank required
 * field (`validation.required`), a phone that is not 9 to 12 digits typed with digits, spaces, `+`, `(`, `)` and `-`
 * only (`validation.phone`), an SMS code that is not 4 to 8 digits (E003, the server's "wrong code"), a login over
 * 100 or a password over 200 characters (`validation.max100` / `validation.max200`: the wire's limits), a new
 * password outside the rule (`validation.passwordRule`). Empty when the form may be sent.
 */
export function authFormErrors(
  form: AuthForm,
  values: Readonly<Partial<Record<AuthField, string>>>,
): { code: string; field: AuthField }[] {
  const errors: { code: string; field: AuthField }[] = [];
  for (const field of AUTH_FORM_FIELDS[form]) {
    const code = fieldError(form, field, values[field] ?? '');
    if (code !== null) errors.push({ code, field });
  }
  return errors;
}

/** The first problem of a submitted Auth form (`authFormErrors`), null when it may be sent. */
export function authFormError(
  form: AuthForm,
  values: Readonly<Partial<Record<AuthField, string>>>,
): { code: string; field: AuthField } | null {
  return authFormErrors(form, values)[0] ?? null;
}

/** What a login form sends to sign in (`POST user/login`): the login trimmed, the password as typed. The Auth chart's
 *  `logIn` input and the prerendered page's own early call (src/early.ts, docs/decisions.md LB23) both build it here,
 *  so the API client can tell the early call for the one the chart asks for. */
export function signInBody(values: { readonly login: string; readonly password: string }): {
  login: string;
  password: string;
} {
  return { login: values.login.trim(), password: values.password };
}
