/**
 * The checks of the Auth forms (spec 2 Auth: login, register, SMS code, forgot, restore) made before any call: which
 * fields each form requires, a typed phone, an SMS code. The auth chart's `hasInvalidField` guard and its action call
 * `authFormError`; the server checks again.
 */
import { isTypedPhone } from './validators.rules';

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

/**
 * The first problem of a submitted Auth form: a blank required field (`validation.required`), a phone that is not
 * 9 to 12 digits typed with digits, spaces, `+`, `(`, `)` and `-` only (`validation.phone`), an SMS code that is not
 * 4 to 8 digits (E003, the server's "wrong code"). Null when the form may be sent. Values are read trimmed.
 */
export function authFormError(
  form: AuthForm,
  values: Readonly<Partial<Record<AuthField, string>>>,
): { code: string; field: AuthField } | null {
  for (const field of AUTH_FORM_FIELDS[form]) {
    const value = (values[field] ?? '').trim();
    if (value === '') return { code: 'validation.required', field };
    if (field === 'phone' && !isTypedPhone(value)) return { code: 'validation.phone', field };
    if (field === 'code' && !SMS_CODE.test(value)) return { code: 'E003', field };
  }
  return null;
}
