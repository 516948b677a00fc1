/**
 * Recovery contacts of client accounts (docs/decisions.md PRC1-PRC8; docs/security.md findings 21 and 22).
 *
 * A portal account's e-mail and phone are where `user/forgot` sends its recovery link: whoever sets them can take the
 * account. For a client account (curator, subscriber, key owner) that is never an operator employee (spec 5 "Only
 * employees may change proxy; employee data changes forbidden (E135, E136)"): staff may not type, change or clear
 * it; a staff-created client account is activated through its company's contact on record (or its own number, for a
 * subscriber); and the company's key owner (R007, who holds the company's E-IMZO key) is the way back for a client who
 * lost the old contact, with a signature that authorises exactly one change.
 */
import { isClientRole } from './roles.rules';
import { editTargetClass } from './user-edit.rules';
import { EMAIL_MAX, isEmail, isTypedPhone, phoneDigits } from './validators.rules';

/** An account's (or a company's) e-mail and phone as stored; null = none. */
export interface ContactPair {
  readonly email: string | null;
  readonly phone: string | null;
}

/** Where a link goes: by e-mail or by SMS, to whom, and whose contact it is. */
export interface LinkContact {
  readonly channel: 'email' | 'sms';
  readonly to: string;
  readonly source: 'account' | 'company';
}

const present = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * PRC1: which contact fields staff may type for an account whose active role is `role`. A client account's e-mail
 * never, its phone only while creating a subscriber (R001): there it is the subscriber's own number, checked to be a
 * number of the company (the account's binding, not a free address). Staff accounts keep both (finding 2's rules
 * decide who edits them).
 */
export function staffContactFields(
  role: string,
  mode: 'create' | 'edit',
): { email: boolean; phone: boolean } {
  if (!isClientRole(role)) return { email: true, phone: true };
  return { email: false, phone: mode === 'create' && role === 'R001' };
}

/** PRC1: whether staff may change the e-mail or phone of an account holding `targetRoles` (never a client's). */
export const staffMayChangeContacts = (targetRoles: readonly string[]): boolean =>
  editTargetClass(targetRoles) !== 'client';

/**
 * PRC3: where a recovery link goes — the account's own e-mail, else its own phone; for a client account without its
 * own contact, the company's contact on record (e-mail, else phone), the same that activated it. Null: nowhere
 * (nothing is sent, and the user is told).
 */
export function recoveryContactOf(account: ContactPair, company: ContactPair | null): LinkContact | null {
  if (present(account.email)) return { channel: 'email', to: account.email.trim(), source: 'account' };
  if (present(account.phone)) return { channel: 'sms', to: account.phone.trim(), source: 'account' };
  if (company && present(company.email))
    return { channel: 'email', to: company.email.trim(), source: 'company' };
  if (company && present(company.phone))
    return { channel: 'sms', to: company.phone.trim(), source: 'company' };
  return null;
}

/** How a new account's activation link travels (POST user/create reply `activation`; the form says it). */
export const ACTIVATION_ROUTES = [
  /** a staff account: the e-mail typed for it */
  'accountEmail',
  /** a staff account: the phone typed for it */
  'accountPhone',
  /** a subscriber (R001): SMS to its own number, a number of the company */
  'number',
  /** a curator or key owner: the company's e-mail on record */
  'companyEmail',
  /** a curator or key owner: the company's phone on record (no e-mail) */
  'companyPhone',
  /** the company has no contact on record: nothing is sent; its key owner confirms a contact with a signature */
  'keyOwner',
] as const;
export type ActivationRoute = (typeof ACTIVATION_ROUTES)[number];

/**
 * PRC2: the activation of a client account created by staff — a subscriber on its own number (`sn`), a curator or key
 * owner through the company's contact on record (e-mail, else phone), else nobody yet (`keyOwner`). Never an address
 * the creator typed.
 */
export function clientActivation(
  role: string,
  sn: string | null,
  company: ContactPair | null,
): { route: ActivationRoute; contact: LinkContact | null } {
  if (role === 'R001' && sn !== null)
    return { route: 'number', contact: { channel: 'sms', to: sn, source: 'account' } };
  const contact = recoveryContactOf({ email: null, phone: null }, company);
  if (contact === null) return { route: 'keyOwner', contact: null };
  return { route: contact.channel === 'email' ? 'companyEmail' : 'companyPhone', contact };
}

/** PRC4: the accounts whose contact the key owner changes — the company's client accounts (never staff). */
export const isCompanyAccount = (
  account: { roles: readonly string[]; ban: string | null },
  ban: string,
): boolean => account.ban === ban && editTargetClass(account.roles) === 'client';

/** The contact form as typed ('' = none). */
export interface RecoveryContactValues {
  readonly email: string;
  readonly phone: string;
}
export type RecoveryContactField = keyof RecoveryContactValues;

/**
 * The first problem of the typed contact: an e-mail that is no address (`validation.email`), a phone that is no
 * typed phone (`validation.phone`), or neither given (`validation.fillRequired`, spec 5 'Сначала заполните все
 * необходимые поля.': an account needs somewhere to receive its recovery link). Null when it may be signed.
 */
export function recoveryContactError(
  v: RecoveryContactValues,
): { code: string; field: RecoveryContactField } | null {
  if (v.email.trim() !== '' && !isEmail(v.email)) return { code: 'validation.email', field: 'email' };
  if (v.phone.trim() !== '' && !isTypedPhone(v.phone)) return { code: 'validation.phone', field: 'phone' };
  if (v.email.trim() === '' && v.phone.trim() === '')
    return { code: 'validation.fillRequired', field: 'email' };
  return null;
}

/**
 * The contact as it is signed and stored: the e-mail trimmed, the phone as digits with the country code (a 9-digit
 * number gets 998), null for none. The signed document and the saving call carry exactly these values, so the
 * server compares them as they are.
 */
export function normalizeRecoveryContact(v: RecoveryContactValues): ContactPair {
  const email = v.email.trim();
  const digits = phoneDigits(v.phone);
  return {
    email: email === '' ? null : email.slice(0, EMAIL_MAX),
    phone: digits === '' ? null : digits.length === 9 ? `998${digits}` : digits,
  };
}

/** Whether a stored pair is one the form could have produced (what the server accepts on the wire). */
export function isNormalizedRecoveryContact(c: ContactPair): boolean {
  const email = c.email ?? '';
  const phone = c.phone ?? '';
  const again = normalizeRecoveryContact({ email, phone });
  return (
    recoveryContactError({ email, phone }) === null && again.email === c.email && again.phone === c.phone
  );
}
