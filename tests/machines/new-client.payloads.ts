import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { emptyRegistrationForm, type RegistrationForm } from '@/domain/preorder.rules';
import type {
  NewClientEvent,
  NewClientInput,
  ProvedCompany,
  WizardCatalogue,
  WizardStart,
} from '@/machines/new-client.machine';
import type { NewNumbersEvent, QrCategory } from '@/machines/new-numbers.machine';
import type {
  PreorderApplication,
  PreorderCreated,
  PreRegistrationEvent,
  PreRegistrationInput,
} from '@/machines/pre-registration.machine';
import type { PreorderListEvent, PreorderListRow } from '@/machines/preorder-list.machine';
import type { ListedKey } from '@/machines/signing.machine';
import { ApiFailure } from '@/services/api/api-error';
import { EimzoFailure } from '@/services/eimzo/eimzo-errors';
import { payloadsFor } from '../support/model-universe';

/**
 * Realistic events and actor results of the public onboarding's charts: the wizard, the pre-registration
 * and the new-numbers page. Guards see both outcomes: a key with an allowed TIN and one with E026; a company new to
 * the operator and one with a pre-order; a check-login answer for the login on the form and one for an older login;
 * a complete draft and one whose contact is under 18.
 */

export const newClientInput: NewClientInput = { today: '2026-11-24' };
/** Spec 5's age of 18 at its boundary, from the visit's day: 18 today, and 18 tomorrow. */
const EIGHTEENTH_BIRTHDAY = '2008-11-24';
const UNDER_18 = '2008-11-25';

export const prospectKey: ListedKey = {
  disk: 'C:',
  path: 'DSKEYS',
  name: 'DS3061204570009',
  alias: 'cn=rahimova dilnoza,…',
  serialNumber: '7A3C0009',
  tin: '306120457',
  inn: '306120457',
  expired: false,
  owner: 'RAHIMOVA DILNOZA',
  validTo: '2035-07-01',
};
export const refusedKey: ListedKey = {
  ...prospectKey,
  name: 'DS4062301180010',
  serialNumber: '7A3C000A',
  tin: '406230118',
  inn: '406230118',
  owner: 'ERGASHEV JASUR',
};
/** An expired key: the module lists it, the page does not offer it. */
export const expiredKey: ListedKey = {
  ...prospectKey,
  name: 'DS3061204570007',
  serialNumber: '7A3C0007',
  expired: true,
  validTo: '2024-07-01',
};
/** A person's key (the demo key 7a3c0008): a UID, no company INN (spec 5 'У вас не имеется ИНН.'). */
export const personKey: ListedKey = {
  ...prospectKey,
  name: 'DS3099999990008',
  serialNumber: '7A3C0008',
  tin: '309999999',
  inn: null,
  owner: 'KARIMOV BOBUR',
};

/** A draft with everything step one asks, as a visitor left it yesterday. */
export const completeDraft: RegistrationForm = {
  ...emptyRegistrationForm(),
  user: {
    city: 'BHK',
    key: '',
    tin: '',
    name: 'Buxoro Yangi Texnologiyalar MChJ',
    oked: '62010',
    regCode: '',
  },
  contactFace: {
    ...emptyRegistrationForm().contactFace,
    lastName: 'Rahimova',
    name: 'Dilnoza',
    // the contact turns 18 on the day of the visit (newClientInput.today): an adult, the boundary of spec 5
    birthDay: EIGHTEENTH_BIRTHDAY,
    email: 'info@buxorotech.uz',
    phone: '998901112233',
  },
  login: 'buxorotech',
  licence: true,
};

export const cities = [
  { code: 'TAS', name: 'Toshkent' },
  { code: 'BHK', name: 'Buxoro' },
];
export const startWithDraft: WizardStart = {
  cities,
  agents: [{ id: '1', name: 'Aloqa Servis' }],
  draft: completeDraft,
};
export const startFresh: WizardStart = { cities, agents: [], draft: null };
/** NC26: the draft was left on step two with the prospect's key. */
export const startOnStepTwo: WizardStart = { ...startWithDraft, key: prospectKey };

export const newcomer: ProvedCompany = {
  company: {
    CompanyName: 'Buxoro Yangi Texnologiyalar MChJ',
    Oked: '62010',
    bankName: 'Hamkorbank',
    accountNumber: '20208000905512345001',
    bankMFO: '00083',
    director: 'Rahimova Dilnoza',
  },
  bans: [],
  status: null,
};
export const withPreorder: ProvedCompany = {
  company: newcomer.company,
  bans: [],
  status: 'review',
  city: 'BHK',
};
/** NC25: the TIN's open pre-order is in another city than the chosen one; a rejected one refuses nothing. */
export const withPreorderElsewhere: ProvedCompany = { ...withPreorder, status: 'new', city: 'TAS' };
/** A client of the operator already: BANs and no pre-order (spec 8 E004). */
export const withBans: ProvedCompany = { ...newcomer, bans: ['100234561'] };
export const withRejected: ProvedCompany = { ...withPreorder, status: 'rejected', city: 'BHK' };

export const catalogue: WizardCatalogue = {
  // the one catalogue's categories as the wire names them (NC16): the page names them from the id, in its language
  numberCategories: [
    { id: '122', name: 'simple', price: 0 },
    { id: '192', name: 'bronze', price: 84_200 },
  ],
  pricePlans: [{ id: 'BIZ50', name: 'Biznes 50', price: 50_000 }],
  services: [{ id: 'roaming', name: 'Roaming', price: null }],
};
export const created: PreorderCreated = { id: '7', status: 'new', phoneReserved: false };

export const offline = new ApiFailure({ kind: 'network' });
export const proofRefused = new ApiFailure({ kind: 'server', code: 'E094' });
export const moduleAbsent = new EimzoFailure({ kind: 'connection', mobile: false });

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });

export const newClientPayloads = payloadsFor<NewClientEvent>({
  // 18 tomorrow: step one may not be left (the complete draft, 18 today, may)
  'field.change': [
    { type: 'field.change', group: 'contactFace', name: 'birthDay', value: UNDER_18 },
    { type: 'field.change', group: 'contactFace', name: 'birthDay', value: EIGHTEENTH_BIRTHDAY },
  ],
  'city.choose': [{ type: 'city.choose', code: 'BHK' }],
  'connect.change': [{ type: 'connect.change', connectType: 1 }],
  'licence.toggle': [
    { type: 'licence.toggle', accepted: false },
    { type: 'licence.toggle', accepted: true },
  ],
  'login.change': [
    { type: 'login.change', login: 'buxorotech' },
    // another login typed while the first waits or is checked: the newer one is kept and checked (NC10)
    { type: 'login.change', login: 'samarqand' },
    // two characters: nothing is asked of the server; three: it is (spec 5: longer than 2 characters)
    { type: 'login.change', login: 'bu' },
    { type: 'login.change', login: 'bux' },
  ],
  'key.choose': [
    { type: 'key.choose', serial: prospectKey.serialNumber as string },
    { type: 'key.choose', serial: refusedKey.serialNumber as string },
  ],
  'xstate.done.actor.loadStart': [
    done('loadStart', startWithDraft),
    done('loadStart', startFresh),
    done('loadStart', startOnStepTwo),
  ],
  'xstate.error.actor.loadStart': [fail('loadStart', offline)],
  // the expired key is left out of the choice: the context is the same as without it
  'xstate.done.actor.listKeys': [done('listKeys', [prospectKey, expiredKey, refusedKey])],
  'xstate.error.actor.listKeys': [fail('listKeys', moduleAbsent)],
  'xstate.done.actor.proveKey': [
    done('proveKey', newcomer),
    done('proveKey', withPreorder),
    done('proveKey', withRejected),
    done('proveKey', withBans),
  ],
  'xstate.error.actor.proveKey': [fail('proveKey', proofRefused)],
  'xstate.done.actor.checkLogin': [
    done('checkLogin', { login: 'buxorotech', free: true }),
    // the answer for an older login arrives late: ignored
    done('checkLogin', { login: 'buxoro', free: false }),
  ],
  'xstate.error.actor.checkLogin': [fail('checkLogin', offline)],
  'xstate.done.actor.fetchCatalogue': [done('fetchCatalogue', catalogue)],
  'xstate.error.actor.fetchCatalogue': [fail('fetchCatalogue', offline)],
  'xstate.done.actor.preRegistration': [done('preRegistration', created), done('preRegistration', null)],
  'xstate.error.actor.draftKeeper': [fail('draftKeeper', new Error('QuotaExceededError'))],
  // the step-two marker swallows storage failures itself (the draft store's `attempt`): it never fails
  'xstate.error.actor.stepTwoKeeper': [],
  // the pre-registration chart says its own failures and ends with null (its `done` rows); it never fails itself
  'xstate.error.actor.preRegistration': [],
  'xstate.done.actor.clearDraft': [done('clearDraft', undefined)],
  'xstate.error.actor.clearDraft': [fail('clearDraft', new Error('SecurityError'))],
});

/**
 * Stops exploring a snapshot once the visitor took one detour from a clean run: a key, login or step-one failure, the
 * short logins (two and three characters: whether it is checked shows at once, in the state it is typed into), the
 * under-18 birth day, or the licence ticked off again over a typed login. Every state, transition, guard outcome and
 * oracle row is still reached (npm run coverage:model), while the graph stays a few thousand
 * snapshots instead of twenty thousand (the random walk's "visits every state value" test runs it three times).
 * Failures of the load and the catalogue are not detours: their Retry must be explored.
 */
const exploredEnough = (s: AnyMachineSnapshot) => {
  const c = s.context as {
    form: RegistrationForm;
    keyError: unknown;
    loginError: unknown;
    errorCode: unknown;
    proved: unknown;
  };
  const detours = [
    c.keyError !== null,
    c.loginError !== null,
    c.errorCode !== null && s.matches('legal'),
    c.form.login === 'bu' || c.form.login === 'bux',
    c.form.contactFace.birthDay === UNDER_18,
    // the licence ticked off over a typed login: explored only on a proved key's form with the login settled, where
    // leaving step one is refused for it (the licence is the last check, spec 5)
    c.form.licence === false &&
      c.form.login !== '' &&
      !(c.proved !== null && s.matches({ legal: { form: 'known', login: 'idle' } })),
  ];
  return detours.some(Boolean);
};

/** The model-test entry of the wizard (tests/support/model-registry.ts). */
export const newClientModelEntry = {
  id: 'newClient',
  input: newClientInput,
  payloads: newClientPayloads,
  stopWhen: exploredEnough,
  walkSteps: 16000,
  // step two needs a loaded draft, a listed, chosen and proved key and a checked login in one run, among a dozen
  // always-enabled form events
  walkEpisode: 600,
} as const;

// ── the pre-registration ─────────────────────────────────────────────────────────────────────────────────

export const application: PreorderApplication = {
  user: { city: 'BHK', name: 'Buxoro Yangi Texnologiyalar MChJ', tin: '306120457' },
  account: { login: 'buxorotech' },
  info: { connectType: 1 },
  licenceAccepted: true,
};
export const preRegistrationInput: PreRegistrationInput = { application, key: prospectKey };
export const challenge = {
  challenge: 'c'.repeat(32),
  draftHash: 'a'.repeat(64),
  document: 'the application',
};
export const signature = { pkcs7: 'MIIB…', serial: '7a3c0009' };

export const preRegistrationPayloads = payloadsFor<PreRegistrationEvent>({
  'xstate.done.actor.fetchDraftChallenge': [done('fetchDraftChallenge', challenge)],
  'xstate.error.actor.fetchDraftChallenge': [fail('fetchDraftChallenge', offline)],
  'xstate.done.actor.signWithKey': [done('signWithKey', signature)],
  'xstate.error.actor.signWithKey': [
    fail('signWithKey', new EimzoFailure({ kind: 'badPassword' })),
    fail('signWithKey', new EimzoFailure({ kind: 'cancelled' })),
    fail('signWithKey', moduleAbsent),
  ],
  'xstate.done.actor.createPreorder': [done('createPreorder', created)],
  'xstate.error.actor.createPreorder': [
    fail('createPreorder', new ApiFailure({ kind: 'server', code: 'E004' })),
    fail('createPreorder', new ApiFailure({ kind: 'server', code: 'E026' })),
    fail('createPreorder', proofRefused),
  ],
});

export const preRegistrationModelEntry = {
  id: 'preRegistration',
  input: preRegistrationInput,
  payloads: preRegistrationPayloads,
} as const;

// ── new numbers ─────────────────────────────────────────────────────────────────────────────────────────

export const qrCategories: QrCategory[] = [
  { id: 122, price: 0, examples: ['901234581'] },
  { id: 79, price: 1_263_000, examples: ['901111111', '907777777'] },
];

export const newNumbersPayloads = payloadsFor<NewNumbersEvent>({
  'xstate.done.actor.fetchQrCategories': [
    done('fetchQrCategories', qrCategories),
    done('fetchQrCategories', []),
  ],
  'xstate.error.actor.fetchQrCategories': [fail('fetchQrCategories', offline)],
});

export const newNumbersModelEntry = { id: 'newNumbers', payloads: newNumbersPayloads } as const;

// ── the staff pre-order list ────────────────────────────────────────────────────────────────────────────────

export const preorderRows: PreorderListRow[] = [
  {
    id: 7,
    tin: '306120457',
    companyName: 'Buxoro Yangi Texnologiyalar MChJ',
    marketCode: 'BHK',
    login: 'buxorotech',
    status: 'new',
    phoneReserved: true,
    createdAt: Date.UTC(2026, 10, 24, 9, 30),
  },
  {
    id: 3,
    tin: '205118334',
    companyName: 'Samarqand Savdo MChJ',
    marketCode: 'SAM',
    login: 'samsavdo',
    status: 'review',
    phoneReserved: false,
    createdAt: Date.UTC(2026, 10, 20, 14, 5),
  },
];

export const preorderListPayloads = payloadsFor<PreorderListEvent>({
  // NC13: the URL's page as the router reports it: the one shown (nothing to do) and another
  'page.changed': [
    { type: 'page.changed', page: 1 },
    { type: 'page.changed', page: 2 },
  ],
  'xstate.done.actor.fetchPreorders': [
    done('fetchPreorders', { rows: preorderRows, total: 2 }),
    // NC13: a page of a longer list (three pages of 20)
    done('fetchPreorders', { rows: preorderRows, total: 45 }),
    done('fetchPreorders', { rows: [], total: 0 }),
  ],
  'xstate.error.actor.fetchPreorders': [
    fail('fetchPreorders', new ApiFailure({ kind: 'server', code: 'E005' })),
    fail('fetchPreorders', offline),
  ],
  // NC12: a move the row allows (7 new → review), one it forbids (7 new → registered), one of no row
  'status.choose': [
    { type: 'status.choose', id: 7, status: 'review' },
    { type: 'status.choose', id: 7, status: 'registered' },
    { type: 'status.choose', id: 99, status: 'rejected' },
  ],
  'xstate.done.actor.movePreorder': [done('movePreorder', { id: 7, status: 'review', phoneReserved: true })],
  'xstate.error.actor.movePreorder': [fail('movePreorder', new ApiFailure({ kind: 'server', code: 'E101' }))],
});

export const preorderListModelEntry = {
  id: 'preorderList',
  input: { page: 1 },
  payloads: preorderListPayloads,
} as const;
