import { validateAgreementForm } from '@/domain/agreement.rules';
import type { ChartOracle, Ctx } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of contract registration, written from spec 1 ("Register contracts, with the Russian and Uzbek
 * texts of the contract, the additional agreement for contact-person access"), spec 3 ("Contract-registration form
 * fields"), spec 5 (the generic messages, 'Данный логин занят, выберите другой', the tax id's E026), spec 8 (a failed
 * call shows an error; E009 through the API client) and decisions CR1-CR9. Three independent regions: the
 * registration, the list of registered agreements, one download.
 *
 * Whether a form is valid is the domain rule's answer (`validateAgreementForm`, table-tested in
 * tests/domain/agreement.rules.test.ts against spec 5 line by line): the table checks that the chart asks it on
 * submit and keeps its messages, not the rule again. Everything else is restated here.
 */

/** The model's day (the payloads' TODAY); the page itself counts from the browser's day. */
const dayOf = (c: Ctx) => (c.today === null ? new Date() : new Date(`${c.today}T12:00:00`));
const errorsOf = (c: Ctx) => validateAgreementForm(c.form, dayOf(c));
const isValid = (c: Ctx) => Object.keys(errorsOf(c)).length === 0;

/** CR3: at most five contact persons. */
const MAX = 5;

const without = (errors: Ctx, drop: (k: string) => boolean) =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => !drop(k)));

/** The download region's leaf, from its context: an error shown, a document downloading, or idle. */
const downloadLeaf = (c: Ctx) =>
  c.downloadError !== null ? 'download.failed' : c.docId !== null ? 'download.downloading' : 'download.idle';

const FORM = ['registration.form.editing', 'registration.form.invalid'];
const LIST_LOADING = 'list.loading';

export const agreementOracle: ChartOracle = {
  id: 'agreement',
  initial: {
    to: ['registration.form.editing', LIST_LOADING, 'download.idle'],
    ctx: () => ({
      errors: {},
      error: null,
      agreement: null,
      listPage: 0,
      list: null,
      listError: null,
      docId: null,
      downloadError: null,
    }),
  },
  invokes: {
    // CR1: GET agreement/check-login before registering (spec 4 "the login is free", spec 5 'Данный логин занят')
    'registration.validating': { checkLogin: (c) => ({ login: c.form.login.trim() }) },
    // CR1: POST agreement/register with the whole form of spec 3
    'registration.registering': { registerAgreement: (c) => ({ form: c.form }) },
    // CR6: GET agreement/list, the page asked for
    [LIST_LOADING]: { fetchAgreements: (c) => ({ page: c.listPage }) },
    // CR7: GET agreement/document of one document
    'download.downloading': { downloadDocument: (c) => ({ docId: c.docId }) },
  },
  rows: [
    // ── the form (spec 3 fields; spec 5 messages) ─────────────────────────────────────────────────────────────
    {
      from: FORM,
      event: 'field.change',
      to: '.',
      ctx: (c, ev) => ({
        form: { ...c.form, [ev.field]: ev.value },
        errors: without(c.errors, (k) => k === ev.field),
      }),
      spec: 'spec 3 form fields; CR8 a changed field drops its message, the others stay until the next submit',
    },
    {
      from: FORM,
      event: 'contact.add',
      when: (c) => c.form.contacts.length < MAX,
      to: '.',
      ctx: (c) => ({
        form: {
          ...c.form,
          contacts: [...c.form.contacts, { fullName: '', position: '', phone: '', access: false }],
        },
      }),
      spec: 'spec 3 "contact persons"; CR3 at most five, a new one without access',
    },
    // CR3: a sixth contact person is refused (no row: ignored)
    {
      from: FORM,
      event: 'contact.remove',
      to: '.',
      ctx: (c, ev) => ({
        form: { ...c.form, contacts: c.form.contacts.filter((_: unknown, i: number) => i !== ev.index) },
        errors: without(c.errors, (k) => k.startsWith('contacts')),
      }),
      spec: 'spec 3 "contact persons"; CR8 the persons below move up, their messages are dropped',
    },
    {
      from: FORM,
      event: 'contact.change',
      to: '.',
      ctx: (c, ev) => ({
        form: {
          ...c.form,
          contacts: c.form.contacts.map((p: Ctx, i: number) =>
            i === ev.index ? { ...p, [ev.field]: ev.value } : p,
          ),
        },
        errors: without(c.errors, (k) => k === `contacts.${ev.index}.${ev.field}`),
      }),
      spec: 'spec 1 the additional agreement for contact-person access: access is ticked per person (CR3)',
    },
    {
      from: FORM,
      event: 'form.submit',
      when: (c) => isValid(c),
      to: 'registration.validating',
      ctx: () => ({ errors: {}, error: null }),
      spec: 'spec 4 "proceeds only if … the login is free": a valid form goes to the login check (CR1)',
    },
    {
      from: FORM,
      event: 'form.submit',
      to: 'registration.form.invalid',
      ctx: (c) => ({ errors: errorsOf(c), form: c.form }),
      spec: "spec 5 generic messages per field and 'Заполните все поля корректно' (CR8)",
    },

    // ── the login check and the registration ──────────────────────────────────────────────────────────────────
    {
      from: 'registration.validating',
      event: done('checkLogin'),
      when: (_, ev) => ev.output === true,
      to: 'registration.registering',
      spec: 'spec 5 the login must be free; CR1 then POST agreement/register',
    },
    {
      from: 'registration.validating',
      event: done('checkLogin'),
      to: 'registration.form.invalid',
      ctx: (c) => ({ errors: { ...c.errors, login: 'validation.loginTaken' }, form: c.form }),
      spec: "spec 5 'Данный логин занят, выберите другой' on the login field",
    },
    {
      from: 'registration.validating',
      event: failed('checkLogin'),
      to: 'registration.failed',
      ctx: (c, ev) => ({ error: codeOf(ev), form: c.form }),
      spec: 'spec 8 a failed call shows an error; nothing typed is lost (CR8)',
    },
    {
      from: 'registration.registering',
      event: done('registerAgreement'),
      when: (_, ev) => ev.output.outcome === 'registered',
      // the two regions change together; the download region stays where it is (read back from its context)
      to: (c) => ['registration.done', LIST_LOADING, downloadLeaf(c)],
      reenter: LIST_LOADING,
      ctx: (_, ev) => ({ agreement: ev.output.agreement, listPage: 0 }),
      spec: 'spec 1 the agreement with its RU/UZ texts is registered; CR6 it heads the reloaded list',
    },
    {
      from: 'registration.registering',
      event: done('registerAgreement'),
      to: 'registration.form.invalid',
      ctx: (c) => ({ errors: { ...c.errors, login: 'validation.loginTaken' }, agreement: null }),
      spec: "spec 5 'Данный логин занят, выберите другой': taken since the check, nothing created (CR1)",
    },
    {
      from: 'registration.registering',
      event: failed('registerAgreement'),
      to: 'registration.failed',
      ctx: (c, ev) => ({ error: codeOf(ev), form: c.form }),
      spec: 'spec 5 E026 tax id type / spec 8 error dialog; the form is kept (CR8)',
    },
    {
      from: 'registration.failed',
      event: 'form.retry',
      to: 'registration.validating',
      ctx: () => ({ error: null }),
      spec: 'CR8 retry: the login is checked again, then registered',
    },
    {
      from: 'registration.failed',
      event: 'form.edit',
      to: 'registration.form.editing',
      ctx: (c) => ({ error: null, form: c.form }),
      spec: 'CR8 back to the form with everything typed',
    },
    {
      from: 'registration.done',
      event: 'form.new',
      to: 'registration.form.editing',
      ctx: () => ({
        errors: {},
        error: null,
        agreement: null,
        form: {
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
        },
      }),
      spec: 'spec 3 the form, empty, for the next contract',
    },

    // ── the registered agreements ─────────────────────────────────────────────────────────────────────────────
    {
      from: 'list.*',
      event: 'list.reload',
      to: LIST_LOADING,
      reenter: true,
      ctx: () => ({ listPage: 0 }),
      spec: 'CR6 the list reloads from its first page (newest first)',
    },
    {
      from: LIST_LOADING,
      event: done('fetchAgreements'),
      to: 'list.ready',
      ctx: (c, ev) => ({ list: { ...ev.output, page: c.listPage }, listError: null }),
      spec: 'CR6 the agreements the user registered, with their documents',
    },
    {
      from: LIST_LOADING,
      event: failed('fetchAgreements'),
      to: 'list.failed',
      ctx: (c, ev) => ({ listError: codeOf(ev), list: c.list }),
      spec: 'spec 8 a failed call shows an error, with a retry',
    },
    {
      from: 'list.failed',
      event: 'list.retry',
      to: LIST_LOADING,
      ctx: () => ({ listError: null }),
      spec: 'spec 8 retry the list',
    },
    {
      from: 'list.ready',
      event: 'list.page',
      to: LIST_LOADING,
      ctx: (_, ev) => ({ listPage: ev.page }),
      spec: 'Standards: long lists paged (CR6)',
    },

    // ── one download ──────────────────────────────────────────────────────────────────────────────────────────
    {
      from: ['download.idle', 'download.failed'],
      event: 'document.download',
      to: 'download.downloading',
      ctx: (_, ev) => ({ docId: ev.docId, downloadError: null }),
      spec: 'the contract-registration requirements: the seller downloads the agreement right after registering and from the list (CR7)',
    },
    {
      from: 'download.downloading',
      event: done('downloadDocument'),
      to: 'download.idle',
      ctx: () => ({ docId: null, downloadError: null }),
      spec: 'CR7 the PDF is handed to the browser',
    },
    {
      from: 'download.downloading',
      event: failed('downloadDocument'),
      to: 'download.failed',
      ctx: (_, ev) => ({ downloadError: codeOf(ev) }),
      spec: 'spec 8 the download failure is shown; E009 resets the session through the API client',
    },
    {
      from: 'download.failed',
      event: 'download.dismiss',
      to: 'download.idle',
      ctx: () => ({ docId: null, downloadError: null }),
      spec: 'spec 8 close the message',
    },
  ],
  viewTexts: {
    'registration.form.invalid': 'Заполните все поля корректно',
    'registration.done': 'Договор зарегистрирован',
  },
};
