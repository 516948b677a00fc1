/**
 * Contract registration (spec 1 "Register contracts, with the Russian and Uzbek texts of the contract, the additional
 * agreement for contact-person access"; spec 2 route /agreement-registration; spec 3 "Contract-registration form
 * fields"; spec 5 validation; docs/decisions.md "Contract registration" CR1-CR9).
 *
 * Pure rules shared by the SPA (the chart's guards) and the reference server (which validates the same form again):
 * the form, its validation with the spec 5 messages, and the facts the contract texts are filled from.
 */
import {
  isEmail,
  isFilled,
  isValidLogin,
  parseCalendarDate,
  validateAdult,
  validateLatinLogin,
  validateTin,
} from './validators.rules';

/** A contact person of the client (spec 3 "contact persons"); `access`: given access to the portal (CR3). */
export interface ContactPerson {
  readonly fullName: string;
  readonly position: string;
  readonly phone: string;
  readonly access: boolean;
}

/**
 * The contract-registration form (spec 3): login, name, tin, pinfl, oked, vat, bank name / account / mfo, address
 * parts, passport data, birthDate, contact persons, email, phone, extra phone. `director` is the person who signs for
 * the client; the passport data and birth date are theirs (CR2).
 */
export interface AgreementForm {
  readonly login: string;
  readonly name: string;
  readonly tin: string;
  readonly pinfl: string;
  readonly oked: string;
  readonly vat: string;
  readonly bankName: string;
  readonly bankAccount: string;
  readonly mfo: string;
  readonly region: string;
  readonly city: string;
  readonly district: string;
  readonly street: string;
  readonly house: string;
  readonly apartment: string;
  readonly postIndex: string;
  readonly director: string;
  readonly passport: string;
  readonly passportIssuedBy: string;
  readonly passportIssuedDate: string;
  readonly birthDate: string;
  readonly contacts: readonly ContactPerson[];
  readonly email: string;
  readonly phone: string;
  readonly extraPhone: string;
}

/** The form's text fields, in the order the page shows them. */
export const AGREEMENT_TEXT_FIELDS = [
  'login',
  'name',
  'tin',
  'pinfl',
  'oked',
  'vat',
  'bankName',
  'bankAccount',
  'mfo',
  'region',
  'city',
  'district',
  'street',
  'house',
  'apartment',
  'postIndex',
  'director',
  'passport',
  'passportIssuedBy',
  'passportIssuedDate',
  'birthDate',
  'email',
  'phone',
  'extraPhone',
] as const satisfies readonly (keyof AgreementForm)[];
export type AgreementTextField = (typeof AGREEMENT_TEXT_FIELDS)[number];

/** Fields that may stay empty (CR2): VAT code (not every client pays VAT), district, apartment, extra phone. */
export const OPTIONAL_FIELDS: ReadonlySet<AgreementTextField> = new Set([
  'vat',
  'district',
  'apartment',
  'extraPhone',
]);

/** Contact persons a form may list (CR3). */
export const MAX_CONTACTS = 5;

/** The empty form the page starts from. */
export const EMPTY_AGREEMENT_FORM: AgreementForm = {
  login: '',
  name: '',
  tin: '',
  pinfl: '',
  oked: '',
  vat: '',
  bankName: '',
  bankAccount: '',
  mfo: '',
  region: '',
  city: '',
  district: '',
  street: '',
  house: '',
  apartment: '',
  postIndex: '',
  director: '',
  passport: '',
  passportIssuedBy: '',
  passportIssuedDate: '',
  birthDate: '',
  contacts: [],
  email: '',
  phone: '',
  extraPhone: '',
};

/** A new, empty contact person (no access until ticked). */
export const EMPTY_CONTACT: ContactPerson = { fullName: '', position: '', phone: '', access: false };

/**
 * What a field's error is: an i18n key under `validation.*` or the catalogue code E026. Texts (spec 5):
 * - validation.required 'Обязательное поле'
 * - validation.fields 'Поля заполнены неверно' (a value of the wrong shape: digits count, passport series…)
 * - validation.badDate 'Некорректная дата', validation.adult 'Вам должно быть 18'
 * - validation.latinOnly 'ввод должен быть исключительно латиницей', validation.loginTaken 'Данный логин занят…'
 * - validation.noTin 'У вас не имеется ИНН.', E026 tax id not starting with 2 or 3
 * - validation.email, validation.phone (the portal's own texts for a malformed address or number)
 */
export type AgreementFieldError =
  | 'validation.required'
  | 'validation.fields'
  | 'validation.badDate'
  | 'validation.adult'
  | 'validation.latinOnly'
  | 'validation.loginTaken'
  | 'validation.noTin'
  | 'validation.email'
  | 'validation.phone'
  | 'E026';

/** Field errors by field name; a contact person's fields are `contacts.<i>.<field>`. Empty when the form is valid. */
export type AgreementErrors = Readonly<Record<string, AgreementFieldError>>;

/** Digits-only fields and their exact length (CR2: the Uzbek formats; spec 5 gives no lengths). */
export const DIGIT_LENGTHS = {
  tin: 9,
  pinfl: 14,
  oked: 5,
  vat: 12,
  bankAccount: 20,
  mfo: 5,
  postIndex: 6,
} as const satisfies Partial<Record<AgreementTextField, number>>;

/** The longest free text a field takes (names, address parts, the bank's name; CR2): longer is refused. */
export const FREE_TEXT_MAX = 300;

const digitsOf = (s: string) => s.replace(/\D/g, '');

/**
 * A mobile or landline number in Uzbekistan: 9 national digits, written with or without +998 (spaces, dashes and
 * brackets ignored). Returns the 9 digits, or null.
 */
export function nationalPhone(value: string): string | null {
  if (/[^\d\s()+-]/.test(value)) return null;
  const d = digitsOf(value);
  if (d.length === 9) return d;
  if (d.length === 12 && d.startsWith('998')) return d.slice(3);
  return null;
}

/** Passport series and number: two Latin capital letters and seven digits (`AA1234567`, a space allowed). */
export function isPassportNumber(value: string): boolean {
  return /^[A-Z]{2} ?\d{7}$/.test(value.trim().toUpperCase());
}

/** Passport as written in the contract: `AA 1234567`. */
export function normalPassport(value: string): string {
  const v = value.replace(/\s/g, '').toUpperCase();
  return `${v.slice(0, 2)} ${v.slice(2)}`;
}

function fieldError(field: AgreementTextField, form: AgreementForm, today: Date): AgreementFieldError | null {
  const raw = form[field];
  const value = raw.trim();
  if (field === 'tin') {
    const tin = validateTin(value);
    if (tin !== null) return tin;
    return /^\d+$/.test(value) && value.length === DIGIT_LENGTHS.tin ? null : 'validation.fields';
  }
  if (value === '') return OPTIONAL_FIELDS.has(field) ? null : 'validation.required';
  switch (field) {
    case 'login':
      return validateLatinLogin(raw) ?? (isValidLogin(raw) ? null : 'validation.fields');
    case 'pinfl':
    case 'oked':
    case 'vat':
    case 'bankAccount':
    case 'mfo':
    case 'postIndex':
      return /^\d+$/.test(value) && value.length === DIGIT_LENGTHS[field] ? null : 'validation.fields';
    case 'passport':
      return isPassportNumber(value) ? null : 'validation.fields';
    case 'birthDate':
      return validateAdult(value, today);
    case 'passportIssuedDate':
      return validateIssueDate(value, form.birthDate, today);
    case 'email':
      return isEmail(value) ? null : 'validation.email';
    case 'phone':
    case 'extraPhone':
      return nationalPhone(value) === null ? 'validation.phone' : null;
    default:
      return value.length > FREE_TEXT_MAX ? 'validation.fields' : null;
  }
}

const isoOf = (d: { y: number; m: number; d: number }) =>
  `${String(d.y).padStart(4, '0')}-${String(d.m).padStart(2, '0')}-${String(d.d).padStart(2, '0')}`;

/**
 * The passport's issue date: a readable day, not in the future and not before the birth date (when that is
 * readable), else 'Некорректная дата'.
 */
export function validateIssueDate(issued: string, birth: string, today: Date): 'validation.badDate' | null {
  const day = parseCalendarDate(issued);
  const now = parseCalendarDate(today);
  if (day === null || now === null || isoOf(day) > isoOf(now)) return 'validation.badDate';
  const born = parseCalendarDate(birth);
  return born !== null && isoOf(day) < isoOf(born) ? 'validation.badDate' : null;
}

/**
 * Every field's error (spec 5), keyed by field; `contacts.<i>.fullName|position|phone` for contact persons. Empty
 * when the form may be registered. `today` is the day the adult rule counts from.
 */
export function validateAgreementForm(form: AgreementForm, today: Date): AgreementErrors {
  const errors: Record<string, AgreementFieldError> = {};
  for (const field of AGREEMENT_TEXT_FIELDS) {
    const e = fieldError(field, form, today);
    if (e !== null) errors[field] = e;
  }
  form.contacts.forEach((c, i) => {
    if (!isFilled(c.fullName)) errors[`contacts.${i}.fullName`] = 'validation.required';
    if (!isFilled(c.position)) errors[`contacts.${i}.position`] = 'validation.required';
    if (!isFilled(c.phone)) errors[`contacts.${i}.phone`] = 'validation.required';
    else if (nationalPhone(c.phone) === null) errors[`contacts.${i}.phone`] = 'validation.phone';
  });
  if (form.contacts.length > MAX_CONTACTS) errors.contacts = 'validation.fields';
  return errors;
}

/** Whether the form may be sent (no field error). */
export function isAgreementFormValid(form: AgreementForm, today: Date): boolean {
  return Object.keys(validateAgreementForm(form, today)).length === 0;
}

/** The form-level message shown with field errors (spec 5 'Заполните все поля корректно'). */
export const FORM_INVALID_MESSAGE = 'validation.fieldsCorrect';

/** Spec 1: the additional agreement exists only when a contact person is given access to the portal. */
export function hasContactAccess(form: Pick<AgreementForm, 'contacts'>): boolean {
  return form.contacts.some((c) => c.access);
}

/** The contact persons given access, in form order. */
export function contactsWithAccess(form: Pick<AgreementForm, 'contacts'>): ContactPerson[] {
  return form.contacts.filter((c) => c.access);
}

/** Agreement number: `B2B-<YYYYMMDD>-<id padded to 5>` (CR5), unique by the id, readable by the day it was signed. */
export function agreementNumber(id: number, isoDay: string): string {
  return `B2B-${isoDay.replace(/-/g, '')}-${String(id).padStart(5, '0')}`;
}

/** The form with surrounding whitespace removed from every text (what is sent and stored). */
export function trimmedForm(form: AgreementForm): AgreementForm {
  const out: Record<string, unknown> = { ...form };
  for (const f of AGREEMENT_TEXT_FIELDS) out[f] = form[f].trim();
  out.contacts = form.contacts.map((c) => ({
    fullName: c.fullName.trim(),
    position: c.position.trim(),
    phone: c.phone.trim(),
    access: c.access,
  }));
  return out as unknown as AgreementForm;
}
