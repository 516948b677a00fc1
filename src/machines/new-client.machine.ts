import { assign, fromCallback, or, sendTo, setup, stateIn } from 'xstate';
import {
  applicationRefused,
  type ConnectTypeValue,
  emptyRegistrationForm,
  type FormGroup,
  fillFromTaxData,
  keyChoiceProblem,
  keyTinProblem,
  LOGIN_CHECK_DEBOUNCE_MS,
  loginNeedsCheck,
  loginProblem,
  type RegistrationForm,
  restoredForm,
  stepOneProblem,
  storableForm,
  type TaxCompanyData,
} from '@/domain/preorder.rules';
import { failTo, outputTo, retryState } from './call-fragment';
import { errorCodeOf, errorParams, notProvided, unprovided } from './error-code';
import type { CatalogueItem } from './new-order.machine';
import {
  type PreorderApplication,
  type PreorderCreated,
  preRegistrationMachine,
} from './pre-registration.machine';
import type { ListedKey } from './signing.machine';
import { signingErrorCode } from './signing-errors';
import type { StateMeta } from './state-meta';

/**
 * The registration wizard of a new corporate client (spec 4 "Registration wizard has 2 steps (legal data,
 * confirmation). Step two loads the services catalogue. Step one proceeds only if the licence is ticked and the
 * login is free."; spec 5 registration rules; docs/decisions.md NC1-NC7).
 *
 * Step one (`legal`, two parallel regions):
 * - `form`: the city first ('Сначала нужно выбрать город.'), then the key from the E-IMZO list; the key's TIN fills
 *   `tin` (none → 'У вас не имеется ИНН.', not 2/3 → E026); the visitor proves holding the key (a signed challenge),
 *   and only then do the tax service's company data, the BANs and the pre-order status arrive: data fills the form,
 *   an existing pre-order or client is shown instead.
 * - `login`: Latin only; 500 ms after the last keystroke, once longer than 2 characters, check-login; an answer for
 *   an older login is ignored.
 * Step two (`confirm`) loads the services catalogue and shows what the client gets; `application.sign` invokes the
 * pre-registration chart (signing + pre-order/create). The draft is kept (no passport number) and cleared on success.
 */

/** A city as the wizard offers it (spec 3 "Market code"). */
export interface CityOption {
  readonly code: string;
  readonly name: string;
}
/** An agent of connect type 2. */
export interface AgentOption {
  readonly id: string;
  readonly name: string;
}

/** What the page needs before step one: cities, agents and a kept draft (null when none or expired); `key` when
 *  that draft was left on step two: the key it was to be signed with (NC26). */
export interface WizardStart {
  readonly cities: readonly CityOption[];
  readonly agents: readonly AgentOption[];
  readonly draft: RegistrationForm | null;
  readonly key?: ListedKey | null;
}

/** What a proved key opens (NC3): the tax data, the company's BANs and its pre-order status: an open pre-order of
 *  the TIN in any city, else the latest in the chosen one (NC25), and the city it is in. */
export interface ProvedCompany {
  readonly company: TaxCompanyData | null;
  readonly bans: readonly string[];
  readonly status: string | null;
  readonly city?: string | null;
}

/** One catalogue line of step two: the same id, name and price as a line of the new order's catalogue. */
export type CatalogueLine = CatalogueItem;
export interface WizardCatalogue {
  readonly numberCategories: readonly CatalogueLine[];
  readonly pricePlans: readonly CatalogueLine[];
  readonly services: readonly CatalogueLine[];
}

export interface NewClientInput {
  /** Today, ISO `YYYY-MM-DD`: the day the birth day is checked against (spec 5 'Вам должно быть 18'). */
  readonly today: string;
}

export interface NewClientContext {
  readonly today: string;
  readonly form: RegistrationForm;
  readonly cities: readonly CityOption[];
  readonly agents: readonly AgentOption[];
  /** Keys the module listed (step one's key list). */
  readonly keys: readonly ListedKey[];
  /** The chosen key, once its TIN was accepted. */
  readonly key: ListedKey | null;
  readonly proved: ProvedCompany | null;
  /** The last check-login answer and the login it was for. */
  readonly loginCheck: { readonly login: string; readonly free: boolean } | null;
  readonly loginError: string | null;
  /** 'Далее' was pressed while the login check had not answered: step one is left (or the login named) when it does. */
  readonly nextPending: boolean;
  /** Why the key cannot be used (cityFirst, noTin, E026, module or proof errors). */
  readonly keyError: string | null;
  /** Why step one cannot be left, or a failed load. */
  readonly errorCode: string | null;
  readonly restored: boolean;
  /** A reload on step two came back there (NC26): the application is signed again, nothing else asked. */
  readonly resumed: boolean;
  readonly catalogue: WizardCatalogue | null;
  readonly created: PreorderCreated | null;
}

/**
 * Events of the wizard (actor results are xstate.done/error.actor.*):
 * - `field.change` {group, name, value}: a typed value of the draft (the login and the licence have their own).
 * - `city.choose` {code}; `connect.change` {connectType}; `licence.toggle` {accepted}; `login.change` {login}.
 * - `keys.open` (list the module's keys), `key.choose` {serial}, `keys.close`.
 * - `step.next`, `step.back`, `retry`, `application.sign`.
 */
export type NewClientEvent =
  | { type: 'field.change'; group: FormGroup | 'root'; name: string; value: string }
  | { type: 'city.choose'; code: string }
  | { type: 'connect.change'; connectType: ConnectTypeValue }
  | { type: 'licence.toggle'; accepted: boolean }
  | { type: 'login.change'; login: string }
  | { type: 'keys.open' }
  | { type: 'key.choose'; serial: string }
  | { type: 'keys.close' }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'retry' }
  | { type: 'application.sign' };

/** What the draft keeper is told. */
export type DraftKeeperEvent = { type: 'draft.save'; form: RegistrationForm };

const keyOf = (keys: readonly ListedKey[], serial: string) =>
  keys.find((k) => k.serialNumber === serial) ?? null;

const setField = (
  form: RegistrationForm,
  group: FormGroup | 'root',
  name: string,
  value: string,
): RegistrationForm => {
  if (group === 'root') {
    if (name === 'agentName' || name === 'b2bOperName') return { ...form, [name]: value };
    return form;
  }
  const current = form[group] as Record<string, string>;
  if (!(name in current)) return form;
  // the key and the TIN come from the chosen key only, never typed
  if (group === 'user' && (name === 'key' || name === 'tin' || name === 'city')) return form;
  return { ...form, [group]: { ...current, [name]: value } };
};

/** The application of spec 3's create block, from the form (NC5). */
export function applicationOf(form: RegistrationForm): PreorderApplication {
  const drop = (o: Record<string, string>) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v.trim() !== ''));
  return {
    user: drop(form.user) as { tin: string },
    business: drop(form.business),
    bank: drop(form.bank),
    contactFace: drop(form.contactFace),
    account: { login: form.login },
    info: {
      connectType: form.connectType,
      ...(form.connectType === 2 && form.agentName ? { agentName: form.agentName } : {}),
      ...(form.connectType === 3 && form.b2bOperName ? { b2bOperName: form.b2bOperName } : {}),
    },
    licenceAccepted: true,
  };
}

/** The login a `login.change` carries, as the guard's and the action's parameter. */
const typedLogin = ({ event }: { event: { login: string } }) => ({ login: event.login });

/**
 * A keystroke in the login field, the same in every state of the login check (idle, waiting, checking): a login that
 * still needs a check (re)starts the 500 ms wait, any other leaves the check idle; both keep it and save the draft.
 */
const loginChanged = [
  {
    guard: { type: 'needsLoginCheck', params: typedLogin },
    target: 'waiting',
    reenter: true,
    actions: [{ type: 'assignLogin', params: typedLogin }, 'saveDraft'],
  },
  { target: 'idle', actions: [{ type: 'assignLogin', params: typedLogin }, 'saveDraft'] },
] as const;

/** The login check's answer (which login, free or not), as the guards' and the action's parameter. */
const checkAnswer = ({ event }: { event: { output: { login: string; free: boolean } } }) => ({
  login: event.output.login,
  free: event.output.free,
});

export const newClientMachine = setup({
  types: {
    input: {} as NewClientInput,
    context: {} as NewClientContext,
    events: {} as NewClientEvent,
    meta: {} as StateMeta,
    tags: {} as 'busy' | 'error',
  },
  delays: { loginDebounce: LOGIN_CHECK_DEBOUNCE_MS },
  actors: {
    /** Cities (pre-order/market-codes), agents (online-sales/pre-order/agents) and the kept draft. */
    loadStart: unprovided<WizardStart>('loadStart'),
    /** Keeps the draft in the browser (localStorage, 24 h, no passport number) and clears it on success. */
    draftKeeper: fromCallback<DraftKeeperEvent>(() => notProvided('draftKeeper')),
    /** E-IMZO: version, API key, the list of keys. */
    listKeys: unprovided<ListedKey[]>('listKeys'),
    /** Proves holding the key (a signed challenge over the TIN), then asks the company data, BANs and status. */
    proveKey: unprovided<ProvedCompany, { key: ListedKey; tin: string; city: string }>('proveKey'),
    /** GET online-sales/pre-order/check-login {userName}; answers which login it checked. */
    checkLogin: unprovided<{ login: string; free: boolean }, { login: string }>('checkLogin'),
    /** While step two is open, marks the kept draft as left there with its key (NC26); unmarks it on leaving. */
    stepTwoKeeper: fromCallback<DraftKeeperEvent, { key: ListedKey | null }>(() =>
      notProvided('stepTwoKeeper'),
    ),
    /** Drops the kept draft (after a successful registration). */
    clearDraft: unprovided<void>('clearDraft'),
    /** GET online-sales/pre-order/services. */
    fetchCatalogue: unprovided<WizardCatalogue>('fetchCatalogue'),
    preRegistration: preRegistrationMachine,
  },
  guards: {
    hasCity: ({ context }) => keyChoiceProblem(context.form) === null,
    isKeyUsable: ({ context }, params: { serial: string }) =>
      keyTinProblem(keyOf(context.keys, params.serial)?.inn) === null,
    /** NC25: a client already, or an open pre-order of the TIN in any city (spec 8 E004, as pre-order/create). */
    isKnownCompany: (_, params: { proved: ProvedCompany }) =>
      applicationRefused(params.proved.bans, params.proved.status),
    needsLoginCheck: (_, params: { login: string }) => loginNeedsCheck(params.login),
    isCurrentLogin: ({ context }, params: { login: string }) => params.login === context.form.login,
    needsRecheck: ({ context }) =>
      loginNeedsCheck(context.form.login) && context.loginCheck?.login !== context.form.login,
    canLeaveStepOne: ({ context }) =>
      stepOneProblem(context.form, factsOf(context), new Date(`${context.today}T12:00:00`)) === null,
    /** The login check of the typed login is waiting or running: 'Далее' waits for it. */
    isLoginPending: or([
      stateIn('#newClient.legal.login.waiting'),
      stateIn('#newClient.legal.login.checking'),
    ]),
    /** The answer for the typed login came while 'Далее' waited for it. */
    isAwaitedAnswer: ({ context }, params: { login: string }) =>
      context.nextPending && params.login === context.form.login,
    /** …and step one can be left with it. */
    isAwaitedFreeAnswer: ({ context }, params: { login: string; free: boolean }) =>
      context.nextPending &&
      params.login === context.form.login &&
      stepOneProblem(
        context.form,
        factsOf({ ...context, loginCheck: { login: params.login, free: params.free } }),
        new Date(`${context.today}T12:00:00`),
      ) === null,
    /** NC26: the kept draft was left on step two, with its key. */
    isResumed: (_, params: { start: WizardStart }) => params.start.draft !== null && !!params.start.key,
    isCreated: (_, params: { output: unknown }) => params.output !== null && params.output !== undefined,
  },
  actions: {
    assignStart: assign((_, params: { start: WizardStart }) => ({
      cities: params.start.cities,
      agents: params.start.agents,
      form: params.start.draft ? restoredForm(params.start.draft) : emptyRegistrationForm(),
      restored: params.start.draft !== null,
      errorCode: null,
    })),
    /** NC26: back on step two with the kept key; what it proved then is not kept (the proof expires), the
     *  application's signature proves the key again and the server checks the TIN again (E004) when it is sent. */
    assignResumed: assign(({ context }, params: { key: ListedKey }) => ({
      key: params.key,
      proved: { company: null, bans: [], status: null },
      form: {
        ...context.form,
        user: { ...context.form.user, key: params.key.serialNumber ?? '', tin: params.key.inn ?? '' },
      },
      resumed: true,
    })),
    assignField: assign(
      ({ context }, params: { group: FormGroup | 'root'; name: string; value: string }) => ({
        form: setField(context.form, params.group, params.name, params.value),
        errorCode: null,
        // any other input cancels a 'Далее' waiting for the login check: the visitor presses it again when done
        nextPending: false,
      }),
    ),
    assignCity: assign(({ context }, params: { code: string }) => ({
      // another city: the key and what it proved belong to the old one
      form: { ...context.form, user: { ...context.form.user, city: params.code, key: '', tin: '' } },
      key: null,
      proved: null,
      keyError: null,
      errorCode: null,
      nextPending: false,
    })),
    assignConnect: assign(({ context }, params: { connectType: ConnectTypeValue }) => ({
      form: { ...context.form, connectType: params.connectType },
      nextPending: false,
    })),
    assignLicence: assign(({ context }, params: { accepted: boolean }) => ({
      form: { ...context.form, licence: params.accepted },
      errorCode: null,
      nextPending: false,
    })),
    assignLogin: assign(({ context }, params: { login: string }) => ({
      form: { ...context.form, login: params.login },
      loginError: loginProblem(params.login),
      errorCode: null,
      // typing again: 'Далее' is pressed again when the visitor is done
      nextPending: false,
    })),
    assignNextPending: assign({ nextPending: true, errorCode: null }),
    clearNextPending: assign({ nextPending: false }),
    assignLoginCheck: assign((_, params: { login: string; free: boolean }) => ({
      loginCheck: { login: params.login, free: params.free },
      loginError: params.free ? null : 'validation.loginTaken',
    })),
    assignLoginCheckError: assign((_, params: { error: unknown }) => ({
      loginError: errorCodeOf(params.error),
    })),
    assignKeys: assign((_, params: { keys: readonly ListedKey[] }) => ({
      keys: params.keys.filter((k) => !k.expired),
      keyError: null,
    })),
    assignCityFirst: assign({ keyError: 'validation.cityFirst' }),
    assignKeyTinError: assign(({ context }, params: { serial: string }) => ({
      keyError: keyTinProblem(keyOf(context.keys, params.serial)?.inn),
    })),
    assignKey: assign(({ context }, params: { serial: string }) => {
      const key = keyOf(context.keys, params.serial);
      return {
        key,
        proved: null,
        keyError: null,
        form: {
          ...context.form,
          // the company's TIN is the key's INN; a person's key (UID only) never gets here (noTin)
          user: { ...context.form.user, key: key?.serialNumber ?? '', tin: key?.inn?.trim() ?? '' },
        },
      };
    }),
    assignProved: assign(({ context }, params: { proved: ProvedCompany }) => ({
      proved: params.proved,
      form: params.proved.company ? fillFromTaxData(context.form, params.proved.company) : context.form,
    })),
    assignModuleError: assign((_, params: { error: unknown }) => ({
      keyError: signingErrorCode(params.error),
    })),
    assignStepOneError: assign(({ context }) => ({
      errorCode: stepOneProblem(context.form, factsOf(context), new Date(`${context.today}T12:00:00`)),
    })),
    assignCatalogue: assign((_, params: { catalogue: WizardCatalogue }) => ({
      catalogue: params.catalogue,
      errorCode: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCodeOf(params.error) })),
    assignCreated: assign((_, params: { created: PreorderCreated }) => ({ created: params.created })),
    clearError: assign({ errorCode: null }),
    /** The browser would not keep the draft: no longer say it was restored. */
    markDraftLost: assign({ restored: false }),
    saveDraft: sendTo('draftKeeper', ({ context }) => ({
      type: 'draft.save' as const,
      form: storableForm(context.form),
    })),
  },
}).createMachine({
  id: 'newClient',
  description:
    'Registration wizard: step one legal data (city, key → TIN, proved key → company data, login check), step two ' +
    'confirmation with the services catalogue, then pre-registration signed with E-IMZO.',
  context: ({ input }) => ({
    today: input.today,
    form: emptyRegistrationForm(),
    cities: [],
    agents: [],
    keys: [],
    key: null,
    proved: null,
    loginCheck: null,
    loginError: null,
    nextPending: false,
    keyError: null,
    errorCode: null,
    restored: false,
    resumed: false,
    catalogue: null,
    created: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description:
        'Loads the cities and agents and reads a kept draft (younger than 24 hours); a draft left on step two ' +
        'comes back on step two with its key (NC26).',
      meta: { view: 'loading overlay', testId: 'new-client-loading' },
      tags: ['busy'],
      invoke: {
        id: 'loadStart',
        src: 'loadStart',
        onDone: [
          {
            guard: { type: 'isResumed', params: ({ event }) => ({ start: event.output }) },
            target: 'confirm',
            actions: [
              { type: 'assignStart', params: ({ event }) => ({ start: event.output }) },
              { type: 'assignResumed', params: ({ event }) => ({ key: event.output.key as ListedKey }) },
            ],
          },
          {
            target: 'legal',
            actions: { type: 'assignStart', params: ({ event }) => ({ start: event.output }) },
          },
        ],
        onError: failTo('loadFailed'),
      },
    },
    loadFailed: retryState('retry', 'loading', {
      description: 'Cities or agents could not be loaded; Retry loads again.',
      meta: { view: 'the error text with Retry', testId: 'new-client-load-failed' },
    }),
    legal: {
      type: 'parallel',
      description: 'Step one, legal data: the form with the key, and the login check beside it.',
      meta: { view: 'step one of two: the legal-data form', testId: 'new-client-step1' },
      // every change of step one is kept as the draft (no passport number) while step one is open
      // storage that fails (private mode, quota) loses the draft, never the form: the keeper starts again
      invoke: {
        id: 'draftKeeper',
        src: 'draftKeeper',
        onError: { target: 'legal', reenter: true, actions: 'markDraftLost' },
      },
      on: {
        'field.change': {
          actions: [
            {
              type: 'assignField',
              params: ({ event }) => ({ group: event.group, name: event.name, value: event.value }),
            },
            'saveDraft',
          ],
        },
        'connect.change': {
          actions: [
            { type: 'assignConnect', params: ({ event }) => ({ connectType: event.connectType }) },
            'saveDraft',
          ],
        },
        'licence.toggle': {
          actions: [
            { type: 'assignLicence', params: ({ event }) => ({ accepted: event.accepted }) },
            'saveDraft',
          ],
        },
        'step.next': [
          // within half a second of typing the login the check has not answered: wait for it (busy), then go on
          // or name the login, instead of 'fill in all fields' with no field marked
          { guard: 'isLoginPending', actions: 'assignNextPending' },
          { guard: 'canLeaveStepOne', target: 'confirm' },
          { actions: 'assignStepOneError' },
        ],
      },
      states: {
        form: {
          description: 'The form with the city and the key: listing keys, choosing one, proving it.',
          meta: { view: 'the form', testId: 'new-client-form' },
          initial: 'editing',
          states: {
            editing: {
              description: 'The visitor types; the city is chosen first, then a key.',
              meta: { view: 'the form; the key field with its button', testId: 'new-client-form' },
              on: {
                'city.choose': {
                  target: 'editing',
                  actions: [
                    { type: 'assignCity', params: ({ event }) => ({ code: event.code }) },
                    'saveDraft',
                  ],
                },
                'keys.open': [
                  { guard: 'hasCity', target: 'listingKeys', actions: 'clearNextPending' },
                  { actions: ['assignCityFirst', 'clearNextPending'] },
                ],
              },
            },
            listingKeys: {
              description:
                'Asks the E-IMZO module for its keys (version first, then the API key, then the list).',
              meta: { view: 'progress: looking for E-IMZO keys', testId: 'new-client-listing-keys' },
              tags: ['busy'],
              invoke: {
                id: 'listKeys',
                src: 'listKeys',
                onDone: outputTo('choosingKey', 'assignKeys', 'keys'),
                onError: failTo('editing', 'assignModuleError'),
              },
            },
            choosingKey: {
              description: 'The list of keys; choosing one takes its TIN (none → noTin, not 2/3 → E026).',
              meta: { view: 'the key list dialog', testId: 'new-client-keys' },
              on: {
                'key.choose': [
                  {
                    guard: { type: 'isKeyUsable', params: ({ event }) => ({ serial: event.serial }) },
                    target: 'proving',
                    actions: [
                      { type: 'assignKey', params: ({ event }) => ({ serial: event.serial }) },
                      'saveDraft',
                    ],
                  },
                  {
                    target: 'editing',
                    actions: { type: 'assignKeyTinError', params: ({ event }) => ({ serial: event.serial }) },
                  },
                ],
                'keys.close': { target: 'editing' },
              },
            },
            proving: {
              description:
                'Proves holding the key: signs a one-time challenge over the TIN (the module asks the password), ' +
                'then the tax data, BANs and pre-order status of that TIN arrive.',
              meta: {
                view: "prompt 'enter the password in the E-IMZO window'",
                testId: 'new-client-proving',
              },
              tags: ['busy'],
              invoke: {
                id: 'proveKey',
                src: 'proveKey',
                input: ({ context }) => ({
                  key: context.key as ListedKey,
                  tin: context.form.user.tin,
                  city: context.form.user.city,
                }),
                onDone: [
                  {
                    guard: { type: 'isKnownCompany', params: ({ event }) => ({ proved: event.output }) },
                    target: 'known',
                    actions: { type: 'assignProved', params: ({ event }) => ({ proved: event.output }) },
                  },
                  {
                    target: 'editing',
                    actions: [
                      { type: 'assignProved', params: ({ event }) => ({ proved: event.output }) },
                      'saveDraft',
                    ],
                  },
                ],
                onError: failTo('editing', 'assignModuleError'),
              },
            },
            known: {
              description:
                'The company has an open pre-order in any city (its status and city) or is a client already (its ' +
                'BANs): no new application (E004, NC25); another city or key may be chosen.',
              meta: { view: 'the existing pre-order or BANs', testId: 'new-client-known' },
              on: {
                'city.choose': {
                  target: 'editing',
                  actions: [
                    { type: 'assignCity', params: ({ event }) => ({ code: event.code }) },
                    'saveDraft',
                  ],
                },
                'keys.open': { target: 'listingKeys', actions: 'clearNextPending' },
              },
            },
          },
        },
        login: {
          description: 'The login check beside the form: debounced, stale answers ignored.',
          meta: { view: 'the login field and its message', testId: 'new-client-login' },
          initial: 'settling',
          states: {
            settling: {
              description:
                'On entering step one (a restored draft, back from step two): a login not yet checked is checked.',
              meta: { view: 'login field', testId: 'new-client-login' },
              always: [{ guard: 'needsRecheck', target: 'waiting' }, { target: 'idle' }],
            },
            idle: {
              description: 'No check running: the last answer (if for this login) is shown.',
              meta: { view: 'login field with its message, if any', testId: 'new-client-login' },
              on: {
                'login.change': loginChanged,
              },
            },
            waiting: {
              description: 'Waits 500 ms after the last keystroke before checking.',
              meta: { view: 'login field', testId: 'new-client-login' },
              after: { loginDebounce: { target: 'checking' } },
              on: {
                'login.change': loginChanged,
              },
            },
            checking: {
              description: 'check-login runs for the login typed; an answer for an older login is ignored.',
              meta: { view: "login field with 'Проверка логина…'", testId: 'new-client-login-checking' },
              invoke: {
                id: 'checkLogin',
                src: 'checkLogin',
                input: ({ context }) => ({ login: context.form.login }),
                onDone: [
                  {
                    guard: {
                      type: 'isAwaitedFreeAnswer',
                      params: checkAnswer,
                    },
                    target: '#newClient.confirm',
                    actions: [
                      {
                        type: 'assignLoginCheck',
                        params: checkAnswer,
                      },
                      'clearNextPending',
                    ],
                  },
                  {
                    guard: {
                      type: 'isAwaitedAnswer',
                      params: ({ event }) => ({ login: event.output.login }),
                    },
                    target: 'idle',
                    actions: [
                      {
                        type: 'assignLoginCheck',
                        params: checkAnswer,
                      },
                      'clearNextPending',
                      'assignStepOneError',
                    ],
                  },
                  {
                    guard: { type: 'isCurrentLogin', params: ({ event }) => ({ login: event.output.login }) },
                    target: 'idle',
                    actions: {
                      type: 'assignLoginCheck',
                      params: checkAnswer,
                    },
                  },
                  { target: 'idle' },
                ],
                onError: {
                  target: 'idle',
                  actions: [{ type: 'assignLoginCheckError', params: errorParams }, 'clearNextPending'],
                },
              },
              on: {
                'login.change': loginChanged,
              },
            },
          },
        },
      },
    },
    confirm: {
      description:
        'Step two, confirmation: the services catalogue and the summary; signing sends the application.',
      meta: { view: 'step two of two', testId: 'new-client-step2' },
      initial: 'loadingCatalogue',
      // a reload here comes back here (NC26): the kept draft names the key while step two is open
      // the keeper swallows storage failures itself (the draft store's `attempt`): it never fails the wizard
      invoke: { id: 'stepTwoKeeper', src: 'stepTwoKeeper', input: ({ context }) => ({ key: context.key }) },
      on: { 'step.back': { target: 'legal', actions: assign({ resumed: false }) } },
      states: {
        loadingCatalogue: {
          description: 'Loads the services catalogue (number categories, price plans, services).',
          meta: { view: 'progress: loading the catalogue', testId: 'new-client-catalogue-loading' },
          tags: ['busy'],
          invoke: {
            id: 'fetchCatalogue',
            src: 'fetchCatalogue',
            onDone: outputTo('ready', 'assignCatalogue', 'catalogue'),
            onError: failTo('catalogueFailed'),
          },
        },
        catalogueFailed: retryState('retry', 'loadingCatalogue', {
          description: 'The catalogue did not load; Retry.',
          meta: { view: 'the error text with Retry and Back', testId: 'new-client-catalogue-failed' },
        }),
        ready: {
          description: 'What the client will get, the summary of step one, and the sign-and-send button.',
          meta: { view: 'catalogue, summary, Back and Sign and send', testId: 'new-client-confirm' },
          on: { 'application.sign': { target: 'registering' } },
        },
        registering: {
          // a repeated 'Hujjatlarni imzolash' (a double tap) is dropped: never a second signing nor a cancel
          description: 'The pre-registration chart signs the application and creates the pre-order.',
          meta: { view: 'the pre-registration panel (signing, sending, failures)', testId: 'prereg-panel' },
          // the sign button is busy while this runs; application.sign has no transition here, so a repeat is dropped
          tags: ['busy'],
          invoke: {
            id: 'preRegistration',
            src: 'preRegistration',
            input: ({ context }) => ({
              application: applicationOf(context.form),
              key: context.key as ListedKey,
            }),
            onDone: [
              {
                guard: { type: 'isCreated', params: ({ event }) => ({ output: event.output }) },
                target: '#newClient.registered',
                actions: {
                  type: 'assignCreated',
                  params: ({ event }) => ({ created: event.output as PreorderCreated }),
                },
              },
              { target: 'ready' },
            ],
          },
        },
      },
    },
    registered: {
      description:
        "'Регистрация прошла успешно' and what happens next: the status, how the first password arrives.",
      meta: { view: 'success text, status, next steps', testId: 'new-client-success' },
      // the draft is cleared on success
      invoke: { id: 'clearDraft', src: 'clearDraft', onDone: 'finished', onError: 'finished' },
    },
    finished: {
      type: 'final',
      description:
        'The success stays on screen; the draft is gone (or could not be removed: it expires in 24 h).',
      meta: { view: 'success text, status, next steps', testId: 'new-client-success', title: 'registered' },
    },
  },
});

/** Whether the login on the form was answered free (true), taken (false), or not yet (null); whether the key was
 *  proved in this visit. */
function factsOf(context: NewClientContext) {
  const loginFree =
    context.loginCheck && context.loginCheck.login === context.form.login ? context.loginCheck.free : null;
  return { loginFree, keyProved: context.key !== null && context.proved !== null };
}

export type NewClientMachine = typeof newClientMachine;
