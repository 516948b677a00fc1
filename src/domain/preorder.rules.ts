import {
  isEmail,
  isFilled,
  newLoginProblem,
  shouldCheckLogin,
  validateAdult,
  validateCityChosen,
  validateRegistrationContacts,
  validateTin,
} from './validators.rules';

/**
 * Rules of becoming a corporate client (spec 3 "Client registration draft", "Connect types"; spec 4
 * registration wizard; spec 5 registration rules). The field checks themselves live in validators.rules.ts; this file
 * says which apply to the wizard, in which order, and what of a draft may be kept.
 */

/** Spec 5: the login is checked 500 ms after the last keystroke (spec 9's constant, kept once in ./constants). */
export { LOGIN_CHECK_DEBOUNCE_MS } from './constants';

/** The onboarding requirements: a draft is kept for 24 hours. */
export const DRAFT_TTL_MS = 24 * 60 * 60 * 1000;

/** Spec 3 "Connect types": 1 self, 2 agent, 3 B2B sales employee. */
export type ConnectTypeValue = 1 | 2 | 3;

/** The registration form (spec 3 "Client registration draft") plus login and licence. Every value is text. */
export interface RegistrationForm {
  readonly user: { city: string; key: string; name: string; tin: string; oked: string; regCode: string };
  readonly business: {
    index: string;
    country: string;
    oblast: string;
    gorod: string;
    rayon: string;
    address: string;
    dom: string;
    kvartira: string;
    phone: string;
  };
  readonly bank: { bankName: string; bankAccount: string; mfo: string };
  readonly contactFace: {
    lastName: string;
    name: string;
    firstName: string;
    doljnost: string;
    birthDay: string;
    passport: string;
    email: string;
    phone: string;
  };
  readonly connectType: ConnectTypeValue;
  readonly agentName: string;
  readonly b2bOperName: string;
  readonly login: string;
  readonly licence: boolean;
}

export type FormGroup = 'user' | 'business' | 'bank' | 'contactFace';

/** An empty form. */
export function emptyRegistrationForm(): RegistrationForm {
  return {
    user: { city: '', key: '', name: '', tin: '', oked: '', regCode: '' },
    business: {
      index: '',
      country: 'Oʻzbekiston',
      oblast: '',
      gorod: '',
      rayon: '',
      address: '',
      dom: '',
      kvartira: '',
      phone: '',
    },
    bank: { bankName: '', bankAccount: '', mfo: '' },
    contactFace: {
      lastName: '',
      name: '',
      firstName: '',
      doljnost: '',
      birthDay: '',
      passport: '',
      email: '',
      phone: '',
    },
    connectType: 1,
    agentName: '',
    b2bOperName: '',
    login: '',
    licence: false,
  };
}

/** Choosing a key needs the city first (spec 5). */
export const keyChoiceProblem = (form: RegistrationForm) => validateCityChosen(form.user.city);

/** The key's TIN (spec 5): none → 'validation.noTin', not starting with 2 or 3 → E026. */
export const keyTinProblem = (tin: string | null | undefined) => validateTin(tin);

/** The login as typed: non-Latin → 'validation.latinOnly', another sign → 'validation.loginChars', too long →
 *  'validation.loginLength' (the server's rule, `newLoginProblem`). */
export const loginProblem = (login: string) => newLoginProblem(login);

/** Whether the login is asked of the server (longer than 2 characters, Latin only). */
export const loginNeedsCheck = (login: string) => shouldCheckLogin(login);

/** Contact person's birth day (spec 5): empty is allowed, else 'validation.badDate' / 'validation.adult'. */
export function birthDayProblem(birthDay: string, now: Date) {
  return birthDay.trim() === '' ? null : validateAdult(birthDay, now);
}

/**
 * Why step one may not be left, the first reason in the order the visitor meets them, or null: the city, the key
 * (chosen and proved in this visit) with its TIN, the company name, the login (Latin, then free), the birth day, then the required fields (email, a
 * phone of the contact or the business, the licence) and the e-mail's shape; an agent or an employee must be named
 * for connect types 2 and 3.
 */
export function stepOneProblem(
  form: RegistrationForm,
  facts: { loginFree: boolean | null; keyProved: boolean },
  now: Date,
): string | null {
  const { loginFree, keyProved } = facts;
  return (
    validateCityChosen(form.user.city) ??
    (isFilled(form.user.key) && keyProved ? validateTin(form.user.tin) : 'validation.fillRequired') ??
    (isFilled(form.user.name) ? null : 'validation.fillRequired') ??
    (isFilled(form.login) ? newLoginProblem(form.login, { short: true }) : 'validation.fillRequired') ??
    (loginFree === false ? 'validation.loginTaken' : null) ??
    (loginFree === true ? null : 'validation.fillRequired') ??
    birthDayProblem(form.contactFace.birthDay, now) ??
    validateRegistrationContacts({
      email: form.contactFace.email,
      contactPhone: form.contactFace.phone,
      businessPhone: form.business.phone,
      licenceAccepted: form.licence,
    }) ??
    (isEmail(form.contactFace.email) ? null : 'validation.fields') ??
    (form.connectType === 2 && !isFilled(form.agentName) ? 'validation.fillRequired' : null) ??
    (form.connectType === 3 && !isFilled(form.b2bOperName) ? 'validation.fillRequired' : null)
  );
}

/** Spec 8 E004 'already registered': one application per TIN in every city (NC25). A company that is a client
 *  already (it has BANs) or has a pre-order not rejected, in any city, may not apply again. The wizard's step one and
 *  the server's pre-order/create both ask this. */
export const isOpenPreorder = (status: string | null | undefined) => status != null && status !== 'rejected';
export const applicationRefused = (bans: readonly unknown[], status: string | null | undefined) =>
  bans.length > 0 || isOpenPreorder(status);

/** What of a form may be kept in the browser: everything but the passport number (no password or
 *  signature is ever part of the form). */
export function storableForm(form: RegistrationForm): RegistrationForm {
  return { ...form, contactFace: { ...form.contactFace, passport: '' } };
}

/** A kept draft as the wizard restores it: the key is chosen and proved again in each visit (NC2), so the key and
 *  its TIN are cleared; everything else typed comes back. */
export function restoredForm(form: RegistrationForm): RegistrationForm {
  const kept = storableForm(form);
  return { ...kept, user: { ...kept.user, key: '', tin: '' } };
}

/** Whether a draft saved at `savedAt` is still to be offered at `now` (24 hours). */
export function isDraftFresh(savedAt: number, now: number): boolean {
  return now >= savedAt && now - savedAt < DRAFT_TTL_MS;
}

/** Company data of the tax service (spec 3 mySoliqData), as far as it fills the form. */
export interface TaxCompanyData {
  readonly CompanyName?: string | null;
  readonly Oked?: string | null;
  readonly CompanyAddress?: string | null;
  readonly bankName?: string | null;
  readonly accountNumber?: string | null;
  readonly bankMFO?: string | null;
  readonly director?: string | null;
}

/** The form with the tax service's data filled in (NC4): name, OKED, address, bank; the director as contact. */
export function fillFromTaxData(form: RegistrationForm, data: TaxCompanyData): RegistrationForm {
  const [lastName = '', name = ''] = (data.director ?? '').trim().split(/\s+/);
  const keep = (typed: string, given: string | null | undefined) => (given?.trim() ? given.trim() : typed);
  return {
    ...form,
    user: {
      ...form.user,
      name: keep(form.user.name, data.CompanyName),
      oked: keep(form.user.oked, data.Oked),
    },
    business: { ...form.business, address: keep(form.business.address, data.CompanyAddress) },
    bank: {
      bankName: keep(form.bank.bankName, data.bankName),
      bankAccount: keep(form.bank.bankAccount, data.accountNumber),
      mfo: keep(form.bank.mfo, data.bankMFO),
    },
    contactFace: {
      ...form.contactFace,
      lastName: keep(form.contactFace.lastName, lastName),
      name: keep(form.contactFace.name, name),
    },
  };
}
