/** A field of the password-change form (Settings); the inputs carry these names. */
export type PasswordField = 'current' | 'password' | 'confirm';

/** What the password-change form holds when submitted. */
export interface PasswordForm {
  readonly current: string;
  readonly password: string;
  readonly confirm: string;
}

/**
 * The first field of the password form left empty, in the form's order (current, new, confirmation), or null when
 * all three are filled. Passwords are taken as typed: a password of spaces is not blank (nothing is trimmed, as
 * `validatePasswordConfirmation` compares them exactly).
 */
export function firstBlankPassword(form: PasswordForm): PasswordField | null {
  if (form.current === '') return 'current';
  if (form.password === '') return 'password';
  if (form.confirm === '') return 'confirm';
  return null;
}
