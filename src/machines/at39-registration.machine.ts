import { assign, setup } from 'xstate';
import {
  type At39AddressField,
  type At39DocKind,
  type At39Status,
  at39RefusalOf,
  editableAddressFields,
  hasAllDocuments,
  isAuthCode,
  isMarkedCode,
  isPhoneNumber,
  nationalNumber,
  type PassportOutcome,
  resumeStep,
} from '@/domain/at39.rules';
import { isBan } from '@/domain/validators.rules';
import { failTo, outputTo, retryState } from './call-fragment';
import { errorCodeOf, errorDescriptionOf, errorParams, unprovided } from './error-code';
import type { StateMeta } from './state-meta';

/**
 * AT 39: a staff member registers a subscriber from passport data (spec 1; spec 3 "AT 39 registration"; spec 7 "AT
 * 39"; docs/decisions.md AT1-AT9). One state per step and per error of the step:
 * workplace token (E127, E128, E129) → passport data from the e-government passport service (a one-time auth code
 * the person's confirmation hands back; not found, refused, expired and reused codes each their own state) →
 * create-registration from that confirmation (E129) → the SIM kit (get-client-card looks, update-registration attaches:
 * E091, E105, E121) → the account: BAN (ban-exists looks, update-registration saves: E052, E125), price plan and number
 * (reserve-equipment: number taken, E123, E025; held RESERVATION_MINUTES) → documents (docs/reg-docs, docs/save-doc:
 * E118) → review and submit (E094; a reservation that ran out goes back to the account); a registration left half-way
 * resumes at its step (get-reg-data: E094). What the passport service gave is read-only; the address fields it left
 * empty may be filled in through update-registration (docs/decisions.md PRI6, PRI7; security findings 25, 26, 30).
 *
 * Errors live in context as codes (catalogue codes, or `invalid.*` for a form the chart refuses before any call).
 */

/** The person as the passport service gives it (spec 3 clientFioInfo, clientAddressInfo, clientPassportInfo). */
export interface At39Person {
  readonly fio: { readonly surname: string; readonly name: string; readonly patronymic: string };
  readonly address: {
    readonly regionId: number | null;
    readonly city: string;
    readonly street: string;
    readonly district: string;
    readonly houseNumber: string;
    readonly apartmentNumber: string;
    readonly postIndex: string;
  };
  readonly passport: {
    readonly pinfl: string;
    readonly gender: 'F' | 'M';
    readonly birthDate: string;
    readonly passport: string;
    readonly issuedBy: string;
    readonly issuedDate: string;
  };
}

export interface At39Workplace {
  readonly name: string;
  readonly regionId: number;
}

export interface At39EpdpSession {
  readonly sessionId: string;
  readonly confirmUrl: string | null;
}

/** The passport service's answer for a code: the outcome, and the person when `ok`. */
export interface At39PassportResult {
  readonly outcome: PassportOutcome;
  readonly person: At39Person | null;
}

export interface At39Card {
  readonly markedCode: string;
  readonly iccid: string;
  readonly sn: string;
  readonly regionId: number | null;
}

export interface At39Tariff {
  readonly id: number;
  readonly name: string;
  readonly price: number | null;
}

export interface At39Doc {
  readonly kind: At39DocKind;
  readonly uploaded: boolean;
  readonly fileName: string | null;
}

/** A stored registration as get-reg-data gives it (what the resume rule and the review need). */
export interface At39Stored {
  readonly registrationId: string;
  readonly status: At39Status;
  readonly workplace: At39Workplace;
  readonly person: At39Person;
  readonly card: At39Card | null;
  readonly ban: string | null;
  readonly pricePlanId: number | null;
  readonly phoneNumber: string | null;
  readonly docs: readonly At39Doc[];
  /** the address fields the passport service left empty (the only ones that may be filled in, PRI7) */
  readonly editable: readonly At39AddressField[];
}

/** The registration is created from the confirmation the code names: the server takes the person from it (PRI6). */
export interface CreateRegistrationInput {
  readonly token: string;
  readonly workplace: At39Workplace;
  readonly authCode: string;
}
export interface RegistrationRef {
  readonly registrationId: string;
}
export interface ClientCardInput extends RegistrationRef {
  readonly markedCode: string;
}
export interface BanInput extends RegistrationRef {
  readonly ban: string;
}
export interface ReserveInput extends RegistrationRef {
  readonly regionId: number;
  readonly phoneNumber: string;
  readonly pricePlanId: number;
}
export interface UpdatePersonInput extends RegistrationRef {
  readonly address: At39Person['address'];
}

/**
 * What the person form sends: the address, of which only the fields the passport service left empty may differ (the
 * name, the passport and the filled address fields are the service's and read-only, PRI7).
 */
export interface At39PersonEdit {
  readonly address: At39Person['address'];
}

export interface At39RegistrationContext {
  readonly token: string;
  readonly workplace: At39Workplace | null;
  readonly epdp: At39EpdpSession | null;
  readonly authCode: string;
  readonly person: At39Person | null;
  readonly registrationId: string | null;
  readonly status: At39Status | null;
  readonly card: At39Card | null;
  readonly ban: string | null;
  readonly tariffs: readonly At39Tariff[];
  readonly pricePlanId: number | null;
  readonly phoneNumber: string | null;
  readonly docs: readonly At39Doc[];
  /** the address fields the passport service left empty: the only ones the person form may fill in (PRI7) */
  readonly editable: readonly At39AddressField[];
  /** what the person-edit form sends */
  readonly edit: At39PersonEdit | null;
  readonly error: string | null;
}

/**
 * Events of the AT 39 registration chart.
 * - `route.entered`: fact from the router: `/at39-registration/new` (no id: a new registration) or `?id=` (resume).
 * - `token.submit`: user intent with the workplace token typed (or taken from the link).
 * - `passport.retry`: after the passport service could not be reached; `passport.restart`: a new request to the
 *   person (after not found, refused, expired, reused, or to read another person).
 * - `code.submit`: the auth code the confirmation page handed back.
 * - `person.confirm`: the staff member checked the person data: the registration is created.
 * - `create.retry`: after create-registration failed; `workplace.change`: back to the token (after E129).
 * - `kit.submit`: the SIM kit's marked code.
 * - `ban.submit`, `ban.change`: the corporate account (BAN) and going back to it.
 * - `plans.retry`: after the price plans failed to load.
 * - `number.reserve`: the chosen price plan and number.
 * - `docs.retry`; `documents.continue`: the files are uploaded through the upload chart (one per needed document, on
 *   the documents step); continuing checks on the server that all of them are there.
 * - `documents.back`: from the review back to the documents.
 * - `person.edit`, `person.save`, `edit.cancel`: fill in the address fields the passport service left empty
 *   (update-registration); offered only when there are such fields.
 * - `registration.submit`: submit (register/?registrationId); `resume.retry` after get-reg-data failed.
 */
export type At39RegistrationEvent =
  | { type: 'route.entered'; registrationId: string | null }
  | { type: 'token.submit'; token: string }
  | { type: 'passport.retry' }
  | { type: 'passport.restart' }
  | { type: 'code.submit'; code: string }
  | { type: 'person.confirm' }
  | { type: 'create.retry' }
  | { type: 'workplace.change' }
  | { type: 'kit.submit'; markedCode: string }
  | { type: 'ban.submit'; ban: string }
  | { type: 'ban.change' }
  | { type: 'plans.retry' }
  | { type: 'number.reserve'; phoneNumber: string; pricePlanId: number | null }
  | { type: 'docs.retry' }
  | { type: 'documents.continue' }
  | { type: 'documents.back' }
  | { type: 'person.edit' }
  | { type: 'person.save'; edit: At39PersonEdit }
  | { type: 'edit.cancel' }
  | { type: 'registration.submit' }
  | { type: 'resume.retry' };

/** Tags: `busy` a call runs (buttons disabled), `error` an error is shown. */
export type At39RegistrationTag = 'busy' | 'error';

const TOKEN = /^[A-Za-z0-9._~-]{8,512}$/;

type Loaded = { readonly event: { readonly output: At39Stored } };
/** The loaded registration, as the parameter of the resume guards and of `assignStored`. */
const storedOf = ({ event }: Loaded) => ({ stored: event.output });
const STORED_KEPT = { type: 'assignStored', params: storedOf } as const;

/** A loaded registration whose next step is `step` resumes there (AT7), kept in context; the state is named as the
 *  step. */
const resumeAt = <const TStep extends ReturnType<typeof resumeStep>>(step: TStep) =>
  ({
    guard: { type: 'isResumeStep', params: ({ event }: Loaded) => ({ stored: event.output, step }) },
    target: step,
    actions: STORED_KEPT,
  }) as const;

export const at39RegistrationMachine = setup({
  types: {
    context: {} as At39RegistrationContext,
    events: {} as At39RegistrationEvent,
    meta: {} as StateMeta,
    tags: {} as At39RegistrationTag,
  },
  actors: {
    /** GET at39/workplace/{token}: workplaceName, regionId (E127, E128, E129). */
    checkToken: unprovided<At39Workplace, { token: string }>('checkToken'),
    /** GET v1/epdp/get-session-id: the passport service's session and its confirmation page. */
    startPassportSession: unprovided<At39EpdpSession, void>('startPassportSession'),
    /** GET v1/epdp/passport-info?auth_code. */
    readPassport: unprovided<At39PassportResult, { code: string }>('readPassport'),
    /** POST at39/register/create-registration with the confirmation's code → registrationId (E129, E013). */
    createRegistration: unprovided<string, CreateRegistrationInput>('createRegistration'),
    /** GET at39/register/get-reg-data (E094). */
    loadRegistration: unprovided<At39Stored, RegistrationRef>('loadRegistration'),
    /** GET at39/get-client-card?markedCode looks, then PUT update-registration attaches it (E091, E105, E121). */
    attachKit: unprovided<At39Card, ClientCardInput>('attachKit'),
    /** GET at39/ban-exists?ban,registrationId looks, then PUT update-registration saves it (E052, E125). */
    attachBan: unprovided<void, BanInput>('attachBan'),
    /** POST at39/get-price-plans. */
    fetchPricePlans: unprovided<readonly At39Tariff[], RegistrationRef>('fetchPricePlans'),
    /** POST at39/reserve-equipment (number taken, E123, E025). */
    reserveNumber: unprovided<void, ReserveInput>('reserveNumber'),
    /** GET at39/docs/reg-docs?reg_id. */
    fetchDocs: unprovided<readonly At39Doc[], RegistrationRef>('fetchDocs'),
    /** PUT at39/register/update-registration. */
    updatePerson: unprovided<void, UpdatePersonInput>('updatePerson'),
    /** POST at39/register/?registrationId (E094). */
    submitRegistration: unprovided<void, RegistrationRef>('submitRegistration'),
  },
  guards: {
    hasRegistrationId: (_, p: { id: string | null }) => p.id !== null && p.id !== '',
    isTokenWellFormed: (_, p: { token: string }) => TOKEN.test(p.token.trim()),
    isAuthCodeWellFormed: (_, p: { code: string }) => isAuthCode(p.code),
    isPassportOutcome: (_, p: { result: At39PassportResult; outcome: PassportOutcome }) =>
      p.result.outcome === p.outcome && (p.outcome !== 'ok' || p.result.person !== null),
    isMarkedCodeValid: (_, p: { code: string }) => isMarkedCode(p.code),
    isBanValid: (_, p: { ban: string }) => isBan(p.ban),
    isReservationValid: (_, p: { phone: string; plan: number | null }) =>
      isPhoneNumber(p.phone) && p.plan !== null,
    hasAllDocs: (_, p: { docs: readonly At39Doc[] }) => hasAllDocuments(p.docs),
    isResumeStep: (_, p: { stored: At39Stored; step: ReturnType<typeof resumeStep> }) =>
      resumeStep({
        status: p.stored.status,
        hasKit: p.stored.card !== null,
        hasNumber: p.stored.phoneNumber !== null,
        docsComplete: hasAllDocuments(p.stored.docs),
      }) === p.step,
    isReadOnly: (_, p: { stored: At39Stored }) =>
      p.stored.status === 'submitted' || p.stored.status === 'registered',
    hasEditableFields: ({ context }) => context.editable.length > 0,
    /** the submit was refused because the registration holds no number any more (its reservation ran out, PRI2) */
    isReservationLost: (_, p: { error: unknown }) =>
      at39RefusalOf(errorCodeOf(p.error), errorDescriptionOf(p.error)) === 'reservationExpired',
  },
  actions: {
    assignToken: assign((_, p: { token: string }) => ({ token: p.token.trim(), error: null })),
    assignWorkplace: assign((_, p: { workplace: At39Workplace }) => ({
      workplace: p.workplace,
      error: null,
    })),
    assignEpdp: assign((_, p: { epdp: At39EpdpSession }) => ({ epdp: p.epdp, authCode: '', error: null })),
    assignCode: assign((_, p: { code: string }) => ({ authCode: p.code.trim().toUpperCase(), error: null })),
    assignPerson: assign((_, p: { result: At39PassportResult }) => ({
      person: p.result.person,
      editable: editableAddressFields(p.result.person?.address),
      error: null,
    })),
    assignRegistrationId: assign((_, p: { id: string }) => ({
      registrationId: p.id,
      status: 'draft' as const,
      error: null,
    })),
    assignResumeId: assign((_, p: { id: string | null }) => ({ registrationId: p.id, error: null })),
    assignStored: assign((_, p: { stored: At39Stored }) => ({
      registrationId: p.stored.registrationId,
      status: p.stored.status,
      workplace: p.stored.workplace,
      person: p.stored.person,
      card: p.stored.card,
      ban: p.stored.ban,
      pricePlanId: p.stored.pricePlanId,
      phoneNumber: p.stored.phoneNumber,
      docs: p.stored.docs,
      editable: p.stored.editable,
      error: null,
    })),
    assignCard: assign((_, p: { card: At39Card }) => ({ card: p.card, error: null })),
    assignBan: assign((_, p: { ban: string }) => ({ ban: p.ban.trim(), error: null })),
    assignTariffs: assign((_, p: { tariffs: readonly At39Tariff[] }) => ({
      tariffs: p.tariffs,
      error: null,
    })),
    assignReservation: assign((_, p: { phone: string; plan: number | null }) => ({
      phoneNumber: nationalNumber(p.phone),
      pricePlanId: p.plan,
      error: null,
    })),
    markDocumentsStatus: assign({ status: 'documents' as const }),
    assignDocs: assign((_, p: { docs: readonly At39Doc[] }) => ({ docs: p.docs, error: null })),
    assignEdit: assign((_, p: { edit: At39PersonEdit }) => ({ edit: p.edit, error: null })),
    applyEdit: assign(({ context }) => ({
      person:
        context.person && context.edit
          ? { ...context.person, address: context.edit.address }
          : context.person,
      edit: null,
      error: null,
    })),
    /** The number is gone (PRI2): back to reserving one, with the reason shown. */
    dropReservation: assign({
      phoneNumber: null,
      status: 'draft' as const,
      error: 'reservation.expired',
    }),
    markSubmitted: assign({ status: 'submitted' as const, error: null }),
    assignError: assign((_, p: { error: unknown }) => ({ error: errorCodeOf(p.error) })),
    assignInvalid: assign((_, p: { code: string }) => ({ error: p.code })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'at39Registration',
  description:
    'AT 39: register a subscriber by passport data — workplace token, passport service confirmation, create, SIM kit, account (BAN, price plan, number), documents, submit; resumable; edit via update-registration.',
  context: {
    token: '',
    workplace: null,
    epdp: null,
    authCode: '',
    person: null,
    registrationId: null,
    status: null,
    card: null,
    ban: null,
    tariffs: [],
    pricePlanId: null,
    phoneNumber: null,
    docs: [],
    editable: [],
    edit: null,
    error: null,
  },
  initial: 'opening',
  states: {
    opening: {
      description: 'Waits for the route: a new registration, or `?id=` to resume one.',
      meta: { view: 'the loading overlay', testId: 'at39-opening' },
      on: {
        'route.entered': [
          {
            guard: { type: 'hasRegistrationId', params: ({ event }) => ({ id: event.registrationId }) },
            target: 'resuming',
            actions: { type: 'assignResumeId', params: ({ event }) => ({ id: event.registrationId }) },
          },
          { target: 'workplace' },
        ],
      },
    },
    resuming: {
      description: 'Loads the registration (GET register/get-reg-data) and goes to its step (AT7).',
      meta: { view: 'the steps, busy', testId: 'at39-resuming' },
      tags: ['busy'],
      invoke: {
        id: 'loadRegistration',
        src: 'loadRegistration',
        input: ({ context }) => ({ registrationId: context.registrationId ?? '' }),
        onDone: [
          { guard: { type: 'isReadOnly', params: storedOf }, target: 'readOnly', actions: STORED_KEPT },
          resumeAt('kit'),
          resumeAt('account'),
          resumeAt('documents'),
          { target: 'review', actions: STORED_KEPT },
        ],
        onError: failTo('resumeFailed'),
      },
    },
    resumeFailed: retryState('resume.retry', 'resuming', {
      description: 'The registration could not be loaded (E094 not found or another user’s, or the network).',
      meta: { view: 'error with retry and a link to the list', testId: 'at39-resume-error' },
    }),

    workplace: {
      description: 'The staff member’s workplace token (spec 7 GET {token}) gives the workplace and region.',
      meta: { view: 'the token form' },
      initial: 'entering',
      states: {
        entering: {
          description:
            'The token form; a malformed token is refused here, a failed check shown (E127, E128, E129).',
          meta: { view: 'token field and the continue button', testId: 'at39-token' },
          on: {
            'token.submit': [
              {
                guard: { type: 'isTokenWellFormed', params: ({ event }) => ({ token: event.token }) },
                target: 'checking',
                actions: { type: 'assignToken', params: ({ event }) => ({ token: event.token }) },
              },
              { actions: { type: 'assignInvalid', params: { code: 'invalid.token' } } },
            ],
          },
        },
        checking: {
          description: 'Checks the token (GET at39/workplace/{token}).',
          meta: { view: 'continue button busy', testId: 'at39-token' },
          tags: ['busy'],
          invoke: {
            id: 'checkToken',
            src: 'checkToken',
            input: ({ context }) => ({ token: context.token }),
            onDone: outputTo('#at39Registration.passport', 'assignWorkplace', 'workplace'),
            onError: failTo('entering'),
          },
        },
      },
    },

    passport: {
      description:
        'Passport data from the e-government passport service: a session, the person confirms on the service’s page, the one-time auth code reads the data.',
      meta: { view: 'the passport step' },
      initial: 'starting',
      on: { 'passport.restart': { target: '.starting', actions: 'clearError' } },
      states: {
        starting: {
          description: 'Opens a session of the passport service (GET v1/epdp/get-session-id).',
          meta: { view: 'the step busy', testId: 'at39-passport-busy' },
          tags: ['busy'],
          invoke: {
            id: 'startPassportSession',
            src: 'startPassportSession',
            onDone: outputTo('awaiting', 'assignEpdp', 'epdp'),
            onError: failTo('sessionFailed'),
          },
        },
        sessionFailed: retryState('passport.retry', 'starting', {
          description: 'The passport service could not be reached; try again.',
          meta: { view: 'error with retry', testId: 'at39-passport-error' },
        }),
        awaiting: {
          description:
            'The link to the confirmation page is shown; the staff member types the code the page hands back.',
          meta: { view: 'confirmation link, auth code field', testId: 'at39-auth-code' },
          on: {
            'code.submit': [
              {
                guard: { type: 'isAuthCodeWellFormed', params: ({ event }) => ({ code: event.code }) },
                target: 'reading',
                actions: { type: 'assignCode', params: ({ event }) => ({ code: event.code }) },
              },
              { actions: { type: 'assignInvalid', params: { code: 'invalid.authCode' } } },
            ],
          },
        },
        reading: {
          description: 'Reads the person with the code (GET v1/epdp/passport-info?auth_code).',
          meta: { view: 'code field busy', testId: 'at39-auth-code' },
          tags: ['busy'],
          invoke: {
            id: 'readPassport',
            src: 'readPassport',
            input: ({ context }) => ({ code: context.authCode }),
            onDone: [
              {
                guard: {
                  type: 'isPassportOutcome',
                  params: ({ event }) => ({ result: event.output, outcome: 'ok' }),
                },
                target: 'review',
                actions: { type: 'assignPerson', params: ({ event }) => ({ result: event.output }) },
              },
              {
                guard: {
                  type: 'isPassportOutcome',
                  params: ({ event }) => ({ result: event.output, outcome: 'refused' }),
                },
                target: 'refused',
              },
              {
                guard: {
                  type: 'isPassportOutcome',
                  params: ({ event }) => ({ result: event.output, outcome: 'expired' }),
                },
                target: 'expired',
              },
              {
                guard: {
                  type: 'isPassportOutcome',
                  params: ({ event }) => ({ result: event.output, outcome: 'reused' }),
                },
                target: 'reused',
              },
              { target: 'notFound' },
            ],
            onError: failTo('awaiting'),
          },
        },
        notFound: {
          description: 'The passport service knows no such person: ask the person again.',
          meta: { view: 'not-found message, start again', testId: 'at39-passport-notFound' },
          tags: ['error'],
        },
        refused: {
          description: 'The person refused to share the passport data.',
          meta: { view: 'refused message, start again', testId: 'at39-passport-refused' },
          tags: ['error'],
        },
        expired: {
          description: 'The code is older than its lifetime: ask for a new confirmation.',
          meta: { view: 'expired message, start again', testId: 'at39-passport-expired' },
          tags: ['error'],
        },
        reused: {
          description: 'The code was used already (a one-time code): ask for a new confirmation.',
          meta: { view: 'reused message, start again', testId: 'at39-passport-reused' },
          tags: ['error'],
        },
        review: {
          description:
            'The person’s data as the service gave it; the staff member confirms it to create the registration.',
          meta: { view: 'person data and the create button', testId: 'at39-person' },
          on: { 'person.confirm': '#at39Registration.creating' },
        },
      },
    },

    creating: {
      description:
        'Creates the registration (POST register/create-registration) from the confirmation the code names → registrationId.',
      meta: { view: 'create button busy', testId: 'at39-person' },
      tags: ['busy'],
      invoke: {
        id: 'createRegistration',
        src: 'createRegistration',
        input: ({ context }) => ({
          token: context.token,
          workplace: context.workplace ?? { name: '', regionId: 0 },
          authCode: context.authCode,
        }),
        onDone: outputTo('kit', 'assignRegistrationId', 'id'),
        onError: failTo('createFailed'),
      },
    },
    createFailed: retryState(
      'create.retry',
      'creating',
      {
        description:
          'The registration could not be created (E129 registration time expired, or another failure).',
        meta: { view: 'error with retry and change-token buttons', testId: 'at39-create-error' },
      },
      { 'workplace.change': { target: 'workplace', actions: 'clearError' } },
    ),

    kit: {
      description:
        'The SIM kit by its marked code (GET get-client-card, then PUT update-registration): E091, E105, E121 shown here.',
      meta: { view: 'the kit step' },
      initial: 'entering',
      states: {
        entering: {
          description: 'The marked-code form (with the error of the last try, if any).',
          meta: { view: 'marked code field', testId: 'at39-kit' },
          on: {
            'kit.submit': [
              {
                guard: { type: 'isMarkedCodeValid', params: ({ event }) => ({ code: event.markedCode }) },
                target: 'checking',
                actions: 'clearError',
              },
              { actions: { type: 'assignInvalid', params: { code: 'invalid.markedCode' } } },
            ],
          },
        },
        checking: {
          description:
            'Looks the kit up (GET) and attaches it to the registration (PUT update-registration).',
          meta: { view: 'kit field busy', testId: 'at39-kit' },
          tags: ['busy'],
          invoke: {
            id: 'attachKit',
            src: 'attachKit',
            input: ({ context, event }) => ({
              registrationId: context.registrationId ?? '',
              markedCode: event.type === 'kit.submit' ? event.markedCode.trim() : '',
            }),
            onDone: outputTo('#at39Registration.account', 'assignCard', 'card'),
            onError: failTo('entering'),
          },
        },
      },
    },

    account: {
      description:
        'The account: the BAN (ban-exists, then update-registration: E052, E125), the price plan (get-price-plans) and the number (reserve-equipment: taken, E123, E025).',
      meta: { view: 'the account step' },
      initial: 'banEntering',
      states: {
        banEntering: {
          description: 'The BAN form (also where a submit whose reservation ran out comes back to).',
          meta: { view: 'BAN field', testId: 'at39-ban' },
          on: {
            'ban.submit': [
              {
                guard: { type: 'isBanValid', params: ({ event }) => ({ ban: event.ban }) },
                target: 'banChecking',
                actions: { type: 'assignBan', params: ({ event }) => ({ ban: event.ban }) },
              },
              { actions: { type: 'assignInvalid', params: { code: 'invalid.ban' } } },
            ],
          },
        },
        banChecking: {
          description:
            'Checks the BAN (GET ban-exists) and saves it on the registration (PUT update-registration).',
          meta: { view: 'BAN field busy', testId: 'at39-ban' },
          tags: ['busy'],
          invoke: {
            id: 'attachBan',
            src: 'attachBan',
            input: ({ context }) => ({
              registrationId: context.registrationId ?? '',
              ban: context.ban ?? '',
            }),
            onDone: 'loadingPlans',
            onError: failTo('banEntering'),
          },
        },
        loadingPlans: {
          description: 'Loads the price plans (POST get-price-plans).',
          meta: { view: 'plans busy', testId: 'at39-plans-busy' },
          tags: ['busy'],
          invoke: {
            id: 'fetchPricePlans',
            src: 'fetchPricePlans',
            input: ({ context }) => ({ registrationId: context.registrationId ?? '' }),
            onDone: outputTo('choosing', 'assignTariffs', 'tariffs'),
            onError: failTo('plansFailed'),
          },
        },
        plansFailed: retryState(
          'plans.retry',
          'loadingPlans',
          {
            description: 'The price plans could not be loaded; retry or change the BAN.',
            meta: { view: 'error with retry', testId: 'at39-plans-error' },
          },
          { 'ban.change': { target: 'banEntering', actions: 'clearError' } },
        ),
        choosing: {
          description:
            'Price plan and number (the kit’s own number offered); a refused reservation is shown here (number taken, E123, E025).',
          meta: { view: 'plans, number field, reserve button', testId: 'at39-reserve' },
          on: {
            'number.reserve': [
              {
                guard: {
                  type: 'isReservationValid',
                  params: ({ event }) => ({ phone: event.phoneNumber, plan: event.pricePlanId }),
                },
                target: 'reserving',
                actions: {
                  type: 'assignReservation',
                  params: ({ event }) => ({ phone: event.phoneNumber, plan: event.pricePlanId }),
                },
              },
              { actions: { type: 'assignInvalid', params: { code: 'invalid.reservation' } } },
            ],
            'ban.change': { target: 'banEntering', actions: 'clearError' },
          },
        },
        reserving: {
          description: 'Reserves the number for the registration (POST reserve-equipment).',
          meta: { view: 'reserve button busy', testId: 'at39-reserve' },
          tags: ['busy'],
          invoke: {
            id: 'reserveNumber',
            src: 'reserveNumber',
            input: ({ context }) => ({
              registrationId: context.registrationId ?? '',
              regionId: context.workplace?.regionId ?? 0,
              phoneNumber: context.phoneNumber ?? '',
              pricePlanId: context.pricePlanId ?? 0,
            }),
            onDone: { target: '#at39Registration.documents', actions: 'markDocumentsStatus' },
            onError: failTo('choosing'),
          },
        },
      },
    },

    documents: {
      description:
        'The documents the registration needs (docs/reg-docs), each uploaded with the upload chart (docs/save-doc: E118).',
      meta: { view: 'the documents step' },
      initial: 'loading',
      states: {
        loading: {
          description: 'Loads what is needed and what is uploaded (GET docs/reg-docs).',
          meta: { view: 'documents busy', testId: 'at39-docs-busy' },
          tags: ['busy'],
          invoke: {
            id: 'fetchDocs',
            src: 'fetchDocs',
            input: ({ context }) => ({ registrationId: context.registrationId ?? '' }),
            onDone: outputTo('listing', 'assignDocs', 'docs'),
            onError: failTo('loadFailed'),
          },
        },
        loadFailed: retryState('docs.retry', 'loading', {
          description: 'The list could not be loaded; retry.',
          meta: { view: 'error with retry', testId: 'at39-docs-error' },
        }),
        listing: {
          description:
            'Each needed document with its upload (the upload chart: E118 refused there); continue once all are there.',
          meta: {
            view: 'document rows with an upload widget each, and the continue button',
            testId: 'at39-docs',
          },
          on: { 'documents.continue': { target: 'checking', actions: 'clearError' } },
        },
        checking: {
          description: 'Asks the server again what is uploaded (GET docs/reg-docs) before the review.',
          meta: { view: 'continue button busy', testId: 'at39-docs' },
          tags: ['busy'],
          invoke: {
            id: 'fetchDocs',
            src: 'fetchDocs',
            input: ({ context }) => ({ registrationId: context.registrationId ?? '' }),
            onDone: [
              {
                guard: { type: 'hasAllDocs', params: ({ event }) => ({ docs: event.output }) },
                target: '#at39Registration.review',
                actions: { type: 'assignDocs', params: ({ event }) => ({ docs: event.output }) },
              },
              {
                target: 'listing',
                actions: [
                  { type: 'assignDocs', params: ({ event }) => ({ docs: event.output }) },
                  { type: 'assignInvalid', params: { code: 'invalid.documents' } },
                ],
              },
            ],
            onError: failTo('listing'),
          },
        },
      },
    },

    review: {
      description:
        'Everything of the registration at a glance; submit it, edit the person, or go back to documents.',
      meta: { view: 'the summary' },
      initial: 'ready',
      states: {
        ready: {
          description: 'The summary with the submit button.',
          meta: { view: 'summary, submit, edit and back buttons', testId: 'at39-submit' },
          on: {
            'registration.submit': 'submitting',
            'documents.back': '#at39Registration.documents',
            'person.edit': [
              { guard: 'hasEditableFields', target: 'editing' },
              // the service gave every field: nothing may be filled in (the view offers no button then)
              { actions: { type: 'assignInvalid', params: { code: 'invalid.nothingToFill' } } },
            ],
          },
        },
        editing: {
          description:
            'Fills in the address fields the passport service left empty (update-registration); the rest is read-only.',
          meta: { view: 'the person form', testId: 'at39-edit' },
          on: {
            'person.save': {
              target: 'updating',
              actions: { type: 'assignEdit', params: ({ event }) => ({ edit: event.edit }) },
            },
            'edit.cancel': { target: 'ready', actions: 'clearError' },
          },
        },
        updating: {
          description: 'Saves the person (PUT register/update-registration).',
          meta: { view: 'the person form busy', testId: 'at39-edit' },
          tags: ['busy'],
          invoke: {
            id: 'updatePerson',
            src: 'updatePerson',
            input: ({ context }) => ({
              registrationId: context.registrationId ?? '',
              address: context.edit?.address ?? (context.person as At39Person).address,
            }),
            onDone: { target: 'ready', actions: 'applyEdit' },
            onError: failTo('editing'),
          },
        },
        submitting: {
          description: 'Submits the registration (POST register/?registrationId).',
          meta: { view: 'submit button busy', testId: 'at39-submit' },
          tags: ['busy'],
          invoke: {
            id: 'submitRegistration',
            src: 'submitRegistration',
            input: ({ context }) => ({ registrationId: context.registrationId ?? '' }),
            onDone: { target: '#at39Registration.done', actions: 'markSubmitted' },
            onError: [
              {
                guard: { type: 'isReservationLost', params: errorParams },
                target: '#at39Registration.account',
                actions: 'dropReservation',
              },
              failTo('ready'),
            ],
          },
        },
      },
    },
    done: {
      type: 'final',
      description: 'Submitted: the success text and a link to the list; the chart is done.',
      meta: { view: 'success message, the summary and the link to the list', testId: 'at39-done' },
    },
    readOnly: {
      type: 'final',
      description: 'A submitted or registered registration, shown without actions; nothing more to do here.',
      meta: { view: 'summary without buttons', testId: 'at39-readonly' },
    },
  },
});

/** The AT 39 registration chart's type, for selectors, contexts and tests. */
export type At39RegistrationMachine = typeof at39RegistrationMachine;
