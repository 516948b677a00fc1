import { assign, raise, setup } from 'xstate';
import {
  type AgreementErrors,
  type AgreementForm,
  type AgreementTextField,
  type ContactPerson,
  EMPTY_AGREEMENT_FORM,
  EMPTY_CONTACT,
  MAX_CONTACTS,
  validateAgreementForm,
} from '@/domain/agreement.rules';
import { tashkentDay } from '@/domain/dates.rules';
import { failTo, outputTo, retryOn, retryState } from './call-fragment';
import { errorCodeOf, unprovided } from './error-code';
import type { StateMeta } from './state-meta';

/**
 * Contract registration (spec 1 "Register contracts, with the Russian and Uzbek texts of the contract, the additional
 * agreement for contact-person access"; spec 3 "Contract-registration form fields"; spec 5 validation;
 * docs/decisions.md "Contract registration" CR1-CR9).
 *
 * Three parallel regions, so the list of registered agreements and a download stay usable while the form is filled:
 * - `registration`: the form → validating (the login is free) → registering → done or failed (retry, or back to the
 *   form with everything typed kept); done offers the new agreement's documents and a new form;
 * - `list`: the agreements the user registered, paged, reloaded from the first page after each registration;
 * - `download`: one document's PDF at a time.
 */

/** One document of a registered agreement: `agreement` (type 1) or `contactAccess` (the additional agreement). */
export interface AgreementDocument {
  readonly id: number;
  readonly kind: 'agreement' | 'contactAccess';
  readonly lang: 'ru' | 'uz';
  readonly title: string;
}

/** A registered agreement as the chart keeps it. `createdAt` epoch ms. */
export interface RegisteredAgreement {
  readonly id: number;
  readonly number: string;
  readonly login: string;
  readonly name: string;
  readonly tin: string;
  readonly createdAt: number;
  readonly documents: readonly AgreementDocument[];
}

/** What the register actor answers: registered, or the login was taken in the meantime. */
export type RegisterOutcome =
  | { readonly outcome: 'registered'; readonly agreement: RegisteredAgreement }
  | { readonly outcome: 'loginTaken' };

/** A page of registered agreements (`page` from 0). */
export interface AgreementPage {
  readonly rows: readonly RegisteredAgreement[];
  readonly total: number;
  readonly totalPages: number;
}

/** Input of the machine: the form to start from (the page: empty) and the day the adult rule counts from (null:
 *  today in Tashkent, whatever the browser's zone, read when the guard runs; TZ1). */
export interface AgreementInput {
  readonly form?: AgreementForm;
  readonly today?: string | null;
}

/** A contact person's editable field. */
export type ContactField = keyof ContactPerson;

export interface AgreementContext {
  readonly form: AgreementForm;
  readonly errors: AgreementErrors;
  readonly today: string | null;
  /** Catalogue code of the failed check or registration. */
  readonly error: string | null;
  readonly agreement: RegisteredAgreement | null;
  readonly listPage: number;
  readonly list: (AgreementPage & { readonly page: number }) | null;
  readonly listError: string | null;
  readonly docId: number | null;
  readonly downloadError: string | null;
}

/**
 * Events of the contract-registration machine.
 * - `field.change`: user intent, a text field of the form changed (its error is dropped).
 * - `contact.add`, `contact.remove`, `contact.change`: user intents on the contact persons (at most MAX_CONTACTS);
 *   `access` ticks giving the person access to the portal (the additional agreement).
 * - `form.submit`: user intent to register; `form.retry` after a failure; `form.edit` back to the form after a
 *   failure; `form.new` a new, empty form after a registration.
 * - `list.page`: user intent to show another page of the registered agreements; `list.retry` after a failure;
 *   `list.reload`: user intent to reload from the first page, also raised by the chart after a registration (the new
 *   agreement heads the list).
 * - `document.download`: user intent to download one document's PDF; `download.dismiss` closes its error.
 */
export type AgreementEvent =
  | { type: 'field.change'; field: AgreementTextField; value: string }
  | { type: 'contact.add' }
  | { type: 'contact.remove'; index: number }
  | { type: 'contact.change'; index: number; field: ContactField; value: string | boolean }
  | { type: 'form.submit' }
  | { type: 'form.retry' }
  | { type: 'form.edit' }
  | { type: 'form.new' }
  | { type: 'list.page'; page: number }
  | { type: 'list.retry' }
  | { type: 'list.reload' }
  | { type: 'document.download'; docId: number }
  | { type: 'download.dismiss' };

/** Tags: `busy` a check or registration runs (the form is read-only), `listBusy`, `downloading`, `error`. */
export type AgreementTag = 'busy' | 'listBusy' | 'downloading' | 'error';

/** Noon of the day in the process's zone: the rules read a Date's calendar day, and noon's is that day. */
const dayOf = (today: string | null) => new Date(`${today ?? tashkentDay(Date.now())}T12:00:00`);

const withoutKeys = (errors: AgreementErrors, drop: (key: string) => boolean): AgreementErrors =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => !drop(k)));

export const agreementMachine = setup({
  types: {
    context: {} as AgreementContext,
    events: {} as AgreementEvent,
    input: {} as AgreementInput,
    meta: {} as StateMeta,
    tags: {} as AgreementTag,
  },
  actors: {
    /** GET agreement/check-login: whether the login is free. */
    checkLogin: unprovided<boolean, { login: string }>('checkLogin'),
    /** POST agreement/register with the whole form. */
    registerAgreement: unprovided<RegisterOutcome, { form: AgreementForm }>('registerAgreement'),
    /** GET agreement/list, one page. */
    fetchAgreements: unprovided<AgreementPage, { page: number }>('fetchAgreements'),
    /** GET agreement/document and hand the PDF to the browser. */
    downloadDocument: unprovided<void, { docId: number }>('downloadDocument'),
  },
  guards: {
    /** Spec 5: every field as the rules want it (the day of the adult rule from the input or today). */
    isFormValid: ({ context }) =>
      Object.keys(validateAgreementForm(context.form, dayOf(context.today))).length === 0,
    isLoginFree: (_, params: { free: boolean }) => params.free,
    isRegistered: (_, params: { outcome: RegisterOutcome }) => params.outcome.outcome === 'registered',
    canAddContact: ({ context }) => context.form.contacts.length < MAX_CONTACTS,
  },
  actions: {
    assignField: assign(({ context }, params: { field: AgreementTextField; value: string }) => ({
      form: { ...context.form, [params.field]: params.value },
      errors: withoutKeys(context.errors, (k) => k === params.field),
    })),
    addContact: assign(({ context }) => ({
      form: { ...context.form, contacts: [...context.form.contacts, EMPTY_CONTACT] },
    })),
    removeContact: assign(({ context }, params: { index: number }) => ({
      form: { ...context.form, contacts: context.form.contacts.filter((_, i) => i !== params.index) },
      // the persons after it move up: their errors no longer point at them
      errors: withoutKeys(context.errors, (k) => k.startsWith('contacts')),
    })),
    changeContact: assign(
      ({ context }, params: { index: number; field: ContactField; value: string | boolean }) => ({
        form: {
          ...context.form,
          contacts: context.form.contacts.map((c, i) =>
            i === params.index ? { ...c, [params.field]: params.value } : c,
          ),
        },
        errors: withoutKeys(context.errors, (k) => k === `contacts.${params.index}.${params.field}`),
      }),
    ),
    assignErrors: assign(({ context }) => ({
      errors: validateAgreementForm(context.form, dayOf(context.today)),
    })),
    clearErrors: assign({ errors: {}, error: null }),
    assignLoginTaken: assign(({ context }) => ({
      errors: { ...context.errors, login: 'validation.loginTaken' as const },
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    clearError: assign({ error: null }),
    assignAgreement: assign((_, params: { outcome: RegisterOutcome }) => ({
      agreement: params.outcome.outcome === 'registered' ? params.outcome.agreement : null,
    })),
    /** The new agreement heads the list: the list region reloads from its first page. */
    reloadList: raise({ type: 'list.reload' }),
    resetForm: assign({ form: EMPTY_AGREEMENT_FORM, errors: {}, error: null, agreement: null }),
    assignListPage: assign((_, params: { page: number }) => ({ listPage: params.page })),
    assignList: assign(({ context }, params: { page: AgreementPage }) => ({
      list: { ...params.page, page: context.listPage },
      listError: null,
    })),
    assignListError: assign((_, params: { error: unknown }) => ({ listError: errorCodeOf(params.error) })),
    clearListError: assign({ listError: null }),
    assignDocId: assign((_, params: { docId: number }) => ({ docId: params.docId, downloadError: null })),
    assignDownloadError: assign((_, params: { error: unknown }) => ({
      downloadError: errorCodeOf(params.error),
    })),
    clearDownload: assign({ docId: null, downloadError: null }),
  },
}).createMachine({
  id: 'agreement',
  description:
    'Contract registration: the form of spec 3 validated by the rules of spec 5, the login checked, the agreement ' +
    'and the contact-access additional agreement registered in Russian and Uzbek, their PDFs downloaded; the list ' +
    'of agreements the user registered.',
  type: 'parallel',
  context: ({ input }) => ({
    form: input.form ?? EMPTY_AGREEMENT_FORM,
    errors: {},
    today: input.today ?? null,
    error: null,
    agreement: null,
    listPage: 0,
    list: null,
    listError: null,
    docId: null,
    downloadError: null,
  }),
  states: {
    registration: {
      description: 'The contract-registration form and what happens to it.',
      meta: { view: 'the form, or the registration result' },
      initial: 'form',
      states: {
        form: {
          description: 'The form of spec 3, editable.',
          meta: {
            view: 'labelled form fields, contact persons and the register button',
            testId: 'agreement-form',
          },
          initial: 'editing',
          on: {
            'field.change': {
              actions: {
                type: 'assignField',
                params: ({ event }) => ({ field: event.field, value: event.value }),
              },
            },
            'contact.add': [
              { guard: 'canAddContact', actions: 'addContact' },
              { description: 'a sixth contact person is refused (at most MAX_CONTACTS)' },
            ],
            'contact.remove': {
              actions: { type: 'removeContact', params: ({ event }) => ({ index: event.index }) },
            },
            'contact.change': {
              actions: {
                type: 'changeContact',
                params: ({ event }) => ({ index: event.index, field: event.field, value: event.value }),
              },
            },
            'form.submit': [
              { guard: 'isFormValid', target: 'validating', actions: 'clearErrors' },
              { target: '.invalid', actions: 'assignErrors' },
            ],
          },
          states: {
            editing: {
              description: 'The user fills in the form; no message yet.',
              meta: { view: 'the form without messages', testId: 'agreement-submit' },
            },
            invalid: {
              description:
                "Some fields are missing or malformed: each shows its message (spec 5) until it changes, above them 'Заполните все поля корректно'.",
              meta: {
                view: "field messages and 'Заполните все поля корректно'",
                testId: 'agreement-invalid',
              },
              tags: ['error'],
            },
          },
        },
        validating: {
          description: 'Asks whether the login is free (GET agreement/check-login); the form is read-only.',
          meta: { view: 'the register button busy, fields read-only', testId: 'agreement-busy' },
          tags: ['busy'],
          invoke: {
            id: 'checkLogin',
            src: 'checkLogin',
            input: ({ context }) => ({ login: context.form.login.trim() }),
            onDone: [
              {
                guard: { type: 'isLoginFree', params: ({ event }) => ({ free: event.output }) },
                target: 'registering',
              },
              { target: '#agreement.registration.form.invalid', actions: 'assignLoginTaken' },
            ],
            onError: failTo('failed'),
          },
        },
        registering: {
          description:
            'Registers the contract (POST agreement/register): the agreement and, with contact-person access, the additional agreement, in Russian and Uzbek.',
          meta: { view: 'the register button busy, fields read-only', testId: 'agreement-busy' },
          tags: ['busy'],
          invoke: {
            id: 'registerAgreement',
            src: 'registerAgreement',
            input: ({ context }) => ({ form: context.form }),
            onDone: [
              {
                guard: { type: 'isRegistered', params: ({ event }) => ({ outcome: event.output }) },
                target: 'done',
                actions: [
                  { type: 'assignAgreement', params: ({ event }) => ({ outcome: event.output }) },
                  'reloadList',
                ],
              },
              { target: '#agreement.registration.form.invalid', actions: 'assignLoginTaken' },
            ],
            onError: failTo('failed'),
          },
        },
        failed: retryState(
          'form.retry',
          'validating',
          {
            description:
              'The check or the registration failed: the message with a retry, and the way back to the form (nothing typed is lost).',
            meta: { view: 'error message with retry and back-to-form buttons', testId: 'agreement-failed' },
          },
          { 'form.edit': { target: 'form.editing', actions: 'clearError' } },
        ),
        done: {
          description:
            "Registered: 'Договор зарегистрирован' with its number and its documents to download; a new form may be started.",
          meta: {
            view: 'the number, the documents with download buttons, a new-form button',
            testId: 'agreement-done',
          },
          on: { 'form.new': { target: 'form.editing', actions: 'resetForm' } },
        },
      },
    },
    list: {
      description: 'The agreements the user registered, newest first, paged.',
      meta: { view: 'the list of registered agreements' },
      initial: 'loading',
      on: {
        // no `reenter`: the region's own state stays, only its child is entered again (a re-entered region would
        // restart the whole parallel chart and lose the form and a running download)
        'list.reload': {
          target: '.loading',
          actions: { type: 'assignListPage', params: () => ({ page: 0 }) },
        },
      },
      states: {
        loading: {
          description: 'Loads a page of the registered agreements (GET agreement/list).',
          meta: { view: 'the list busy (aria-busy)', testId: 'agreement-list' },
          tags: ['listBusy'],
          invoke: {
            id: 'fetchAgreements',
            src: 'fetchAgreements',
            input: ({ context }) => ({ page: context.listPage }),
            onDone: outputTo('ready', 'assignList', 'page'),
            onError: failTo('failed', 'assignListError'),
          },
        },
        ready: {
          description: 'The page of registered agreements with their documents.',
          meta: { view: 'rows with their documents and pagination', testId: 'agreement-list' },
          on: {
            'list.page': {
              target: 'loading',
              actions: { type: 'assignListPage', params: ({ event }) => ({ page: event.page }) },
            },
          },
        },
        failed: {
          description: 'The list could not be loaded; the error with a retry.',
          meta: { view: 'error message with a retry button', testId: 'agreement-list-error' },
          on: retryOn('list.retry', 'loading', {}, 'clearListError'),
        },
      },
    },
    download: {
      description: "One document's PDF download at a time.",
      meta: { view: 'the download buttons' },
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing is downloading.',
          meta: { view: 'download buttons enabled' },
          on: {
            'document.download': {
              target: 'downloading',
              actions: { type: 'assignDocId', params: ({ event }) => ({ docId: event.docId }) },
            },
          },
        },
        downloading: {
          description: 'Downloads the PDF of a document (GET agreement/document).',
          meta: { view: 'download buttons disabled' },
          tags: ['downloading'],
          invoke: {
            id: 'downloadDocument',
            src: 'downloadDocument',
            input: ({ context }) => ({ docId: context.docId ?? 0 }),
            onDone: { target: 'idle', actions: 'clearDownload' },
            onError: failTo('failed', 'assignDownloadError'),
          },
        },
        failed: {
          description: 'The download failed: the message, download again or close it.',
          meta: { view: 'download error with a close button', testId: 'agreement-download-error' },
          on: {
            'document.download': {
              target: 'downloading',
              actions: { type: 'assignDocId', params: ({ event }) => ({ docId: event.docId }) },
            },
            'download.dismiss': { target: 'idle', actions: 'clearDownload' },
          },
        },
      },
    },
  },
});

/** The contract-registration machine's type, for selectors, contexts and tests. */
export type AgreementMachine = typeof agreementMachine;
