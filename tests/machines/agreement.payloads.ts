import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { AgreementForm, ContactPerson } from '@/domain/agreement.rules';
import type {
  AgreementInput,
  AgreementPage,
  RegisteredAgreement,
  RegisterOutcome,
} from '@/machines/agreement.machine';
import { ApiFailure } from '@/services/api/api-error';
import type { EventPayloads } from '../support/model-universe';

/**
 * Realistic forms, events and actor results of the contract-registration chart (model paths, oracle, view walk,
 * unit tests, server tests). Guards see both outcomes: a valid form and one with a Cyrillic login; a free and a
 * taken login; registered and taken in the meantime; a contact person added below and at the limit of five.
 */

/** The day the model's adult rule counts from (the server tests' clock reads the same day). */
export const TODAY = '2026-01-15';

const person = (fullName: string, position: string, phone: string, access = false): ContactPerson => ({
  fullName,
  position,
  phone,
  access,
});

/** A complete, valid form: four contact persons, the first given access to the portal. */
export const validForm: AgreementForm = {
  login: 'navoiy.savdo',
  name: 'Navoiy Savdo Servis MChJ',
  tin: '305771234',
  pinfl: '31505850123456',
  oked: '46900',
  vat: '326010012345',
  bankName: 'Asaka bank, Navoiy filiali',
  bankAccount: '20208000400987654001',
  mfo: '00873',
  region: 'Navoiy viloyati',
  city: 'Navoiy',
  district: 'Karmana tumani',
  street: 'Gʻalaba shoh koʻchasi',
  house: '17',
  apartment: '4',
  postIndex: '210100',
  director: 'Rahimova Dilnoza Anvarovna',
  passport: 'AB1234567',
  passportIssuedBy: 'Navoiy shahar IIB',
  passportIssuedDate: '2015-06-02',
  birthDate: '1985-05-15',
  contacts: [
    person('Tursunov Bekzod', 'Bosh hisobchi', '+998 90 555 12 34', true),
    person('Olimova Zarina', 'Kotiba', '933217788'),
    person('Qodirov Jasur', 'Yurist', '+998 91 700 10 20'),
    person('Ergasheva Malika', 'Menejer', '+998 94 600 30 40'),
  ],
  email: 'info@navoiy-savdo.uz',
  phone: '+998 79 223 45 67',
  extraPhone: '',
};

export const agreementInput: AgreementInput = { form: validForm, today: TODAY };

export const registered: RegisteredAgreement = {
  id: 1,
  number: 'B2B-20260115-00001',
  login: validForm.login,
  name: validForm.name,
  tin: validForm.tin,
  createdAt: Date.UTC(2026, 0, 15, 9, 0),
  documents: [
    { id: 11, kind: 'agreement', lang: 'ru', title: 'Договор № B2B-20260115-00001' },
    { id: 12, kind: 'agreement', lang: 'uz', title: 'B2B-20260115-00001-son shartnoma' },
    {
      id: 13,
      kind: 'contactAccess',
      lang: 'ru',
      title: 'Дополнительное соглашение № 1 к Договору № B2B-20260115-00001',
    },
    {
      id: 14,
      kind: 'contactAccess',
      lang: 'uz',
      title: 'B2B-20260115-00001-son shartnomaga 1-son qoʻshimcha kelishuv',
    },
  ],
};
export const registeredOutcome: RegisterOutcome = { outcome: 'registered', agreement: registered };
export const loginTakenOutcome: RegisterOutcome = { outcome: 'loginTaken' };

export const agreementPage: AgreementPage = { rows: [registered], total: 21, totalPages: 2 };

export const offline = new ApiFailure({ kind: 'network' });
export const noSession = new ApiFailure({ kind: 'server', code: 'E009' });
export const badTin = new ApiFailure({ kind: 'server', code: 'E026' });
export const notYours = new ApiFailure({ kind: 'server', code: 'E094' });

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });

export const agreementPayloads: EventPayloads = {
  'field.change': [
    { type: 'field.change', field: 'login', value: 'навои' },
    { type: 'field.change', field: 'login', value: validForm.login },
    // the tax id with spaces around is the same tax id; one digit short is refused
    { type: 'field.change', field: 'tin', value: ` ${validForm.tin} ` },
    { type: 'field.change', field: 'tin', value: validForm.tin.slice(1) },
    // CR2: a free-text field takes 300 characters, not 301
    { type: 'field.change', field: 'name', value: 'N'.repeat(300) },
    { type: 'field.change', field: 'name', value: 'N'.repeat(301) },
    // spec 5's age of 18 at its boundary, from TODAY: the 18th birthday is today (an adult), or tomorrow (not yet)
    { type: 'field.change', field: 'birthDate', value: '2008-01-15' },
    { type: 'field.change', field: 'birthDate', value: '2008-01-16' },
  ],
  'contact.remove': [{ type: 'contact.remove', index: 0 }],
  'contact.change': [{ type: 'contact.change', index: 0, field: 'access', value: false }],
  'list.page': [{ type: 'list.page', page: 1 }],
  'document.download': [{ type: 'document.download', docId: 11 }],
  'xstate.done.actor.checkLogin': [done('checkLogin', true), done('checkLogin', false)],
  'xstate.error.actor.checkLogin': [fail('checkLogin', offline)],
  'xstate.done.actor.registerAgreement': [
    done('registerAgreement', registeredOutcome),
    done('registerAgreement', loginTakenOutcome),
  ],
  'xstate.error.actor.registerAgreement': [fail('registerAgreement', badTin)],
  'xstate.done.actor.fetchAgreements': [done('fetchAgreements', agreementPage)],
  'xstate.error.actor.fetchAgreements': [fail('fetchAgreements', offline)],
  'xstate.done.actor.downloadDocument': [done('downloadDocument', undefined)],
  'xstate.error.actor.downloadDocument': [fail('downloadDocument', noSession)],
};

const validJson = JSON.stringify(validForm);

/**
 * The model-test entry of the contract-registration chart (tests/support/model-registry.ts). The three regions are
 * independent, so their product is bounded: a form edited away from `validForm` is explored only while the list is
 * loading its first page and nothing downloads (the edits, the field messages and the login outcomes are reached
 * there); exploring also stops once the first contact person is removed and at the new, empty form after a
 * registration. Every state, transition and guard outcome is reached within those bounds.
 */
export const agreementModelEntry = {
  id: 'agreement',
  input: agreementInput,
  payloads: agreementPayloads,
  // three regions and eight field edits: the random walk needs long to see a download fail while a result is on screen
  // (with six edits 16 000 steps missed it and 20 000 saw it; with eight, 24 000 missed it)
  walkSteps: 32000,
  stopWhen: (s: AnyMachineSnapshot) => {
    const form = s.context.form as AgreementForm;
    if (form.login === '' || form.contacts[0]?.fullName !== validForm.contacts[0]?.fullName) return true;
    // a birth date is edited on the otherwise valid form only (its two days are the adult rule's boundary)
    if (
      form.birthDate !== validForm.birthDate &&
      JSON.stringify({ ...form, birthDate: validForm.birthDate }) !== validJson
    )
      return true;
    const untouched =
      s.matches({ list: 'loading' }) && s.context.list === null && s.matches({ download: 'idle' });
    return JSON.stringify(form) !== validJson && !untouched;
  },
} as const;
