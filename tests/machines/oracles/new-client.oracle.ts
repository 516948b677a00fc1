import type { ChartOracle, Ctx, Ev } from '../../support/oracle';
import { codeOf, done, eimzoKind, failed } from './oracle-helpers';

/**
 * Expected behaviour of the registration wizard, written from the onboarding requirements and the spec, not from the chart: spec 4
 * "Registration wizard has 2 steps (legal data, confirmation). Step two loads the services catalogue. Step one
 * proceeds only if the licence is ticked and the login is free."; spec 5 (login Latin only, checked 500 ms after the
 * last keystroke once longer than 2 characters, must be free; email and a phone plus the licence; city before the
 * key; TIN 2/3 else E026, none 'У вас не имеется ИНН.'; 'Некорректная дата', 'Вам должно быть 18'); the onboarding requirements (the
 * proved key before the company data, BANs and status; the draft 24 h without the passport number, cleared on
 * success; an older login check never overwrites a newer one); decisions NC1-NC7.
 */

const DEBOUNCE = 'xstate.after.loginDebounce.newClient.legal.login.waiting';
const E = 'legal.form.editing';

/** Spec 5: a login is checked once longer than 2 characters; NC10: at most 100 (the portal's login limit). */
const LOGIN_CHECKED_FROM = 3;
const LOGIN_MAX = 100;
/** Spec 5 'Вам должно быть 18'. */
const ADULT_YEARS = 18;

/**
 * What is wrong with a login as typed (spec 5 'ввод должен быть исключительно латиницей'; NC10: Latin letters,
 * digits and `. _ -`, 3 to 100 characters): any non-Latin sign is the spec's message; a Latin sign the login may
 * not hold is its own; a login that is too long is said at once, one that is too short only when the step is left.
 */
const loginCode = (login: string, leaving = false): string | null => {
  if (login === '') return null;
  if (/[^\x21-\x7E]/.test(login)) return 'validation.latinOnly';
  if (/[^A-Za-z0-9._-]/.test(login)) return 'validation.loginChars';
  const tooShort = leaving && login.length < LOGIN_CHECKED_FROM;
  return login.length > LOGIN_MAX || tooShort ? 'validation.loginLength' : null;
};
/** Spec 5: the server is asked once the login is longer than 2 characters, and only about one the rule accepts. */
const needsCheck = (login: string) => login.length >= LOGIN_CHECKED_FROM && loginCode(login) === null;
/** Spec 5: the TIN must start with 2 or 3; none at all is 'У вас не имеется ИНН.' */
const tinCode = (tin: string | null | undefined) =>
  !tin || tin.trim() === '' ? 'validation.noTin' : /^[23]/.test(tin.trim()) ? null : 'E026';
const keyOf = (c: Ctx, serial: string) => c.keys.find((k: Ctx) => k.serialNumber === serial) ?? null;

const given = (v: unknown) => typeof v === 'string' && v.trim() !== '';
/** Spec 4: the login must be free — the check answered for this very login (an older answer says nothing). */
const loginFree = (c: Ctx): boolean | null =>
  c.loginCheck?.login === c.form.login ? (c.loginCheck.free as boolean) : null;
/** The contact person's birthday as a calendar day on the page's day: readable, not in the future, 18 years ago. */
const bornOn = (c: Ctx) => /^(\d{4})-(\d{2})-(\d{2})$/.exec(c.form.contactFace.birthDay.trim());
const birthdayReadable = (c: Ctx) => {
  const m = bornOn(c);
  if (m === null) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  const real = day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
  return real && m[0] <= c.today;
};
const adult = (c: Ctx) => {
  const m = bornOn(c) as RegExpExecArray;
  return `${Number(m[1]) + ADULT_YEARS}-${m[2]}-${m[3]}` <= c.today;
};
const noBirthday = (c: Ctx) => c.form.contactFace.birthDay.trim() === '';

const FILL = 'validation.fillRequired';
/**
 * What the application must hold before step one is left: spec 7 POST pre-order/create sends the create block of
 * spec 3 (the user with its city, key, TIN and name; the account's login; the contact person; info with the connect
 * type and, for an agent or a B2B sales employee, the name), signed with a key proved in this visit (NC3); spec 4
 * "proceeds only if the licence is ticked and the login is free"; spec 5's messages. Listed as the page asks for them,
 * top to bottom; the first one the form does not meet is what step one says ('Сначала заполните все необходимые
 * поля.' for anything simply missing).
 */
const STEP_ONE: readonly { readonly code: string; readonly met: (c: Ctx) => boolean }[] = [
  // spec 5 'Сначала нужно выбрать город.'
  { code: 'validation.cityFirst', met: (c) => given(c.form.user.city) },
  // NC3: a key chosen and proved in this visit (a restored draft proves it again)
  { code: FILL, met: (c) => given(c.form.user.key) && c.key !== null && c.proved !== null },
  // spec 5: the company's TIN
  { code: 'validation.noTin', met: (c) => given(c.form.user.tin) },
  { code: 'E026', met: (c) => /^[23]/.test(c.form.user.tin.trim()) },
  // spec 3 user.name
  { code: FILL, met: (c) => given(c.form.user.name) },
  // spec 3 account.login, spec 5 Latin only, NC10 its length
  { code: FILL, met: (c) => c.form.login !== '' },
  { code: 'validation.latinOnly', met: (c) => loginCode(c.form.login, true) !== 'validation.latinOnly' },
  { code: 'validation.loginChars', met: (c) => loginCode(c.form.login, true) !== 'validation.loginChars' },
  { code: 'validation.loginLength', met: (c) => loginCode(c.form.login, true) !== 'validation.loginLength' },
  // spec 5 'Данный логин занят, выберите другой'; spec 4: free, as answered (no answer yet: not known to be free)
  { code: 'validation.loginTaken', met: (c) => loginFree(c) !== false },
  { code: FILL, met: (c) => loginFree(c) === true },
  // spec 5 'Некорректная дата', 'Вам должно быть 18' (no birthday is allowed)
  { code: 'validation.badDate', met: (c) => noBirthday(c) || birthdayReadable(c) },
  { code: 'validation.adult', met: (c) => noBirthday(c) || adult(c) },
  // spec 5: email and a phone (contact or business) plus the licence
  {
    code: FILL,
    met: (c) =>
      given(c.form.contactFace.email) &&
      (given(c.form.contactFace.phone) || given(c.form.business.phone)) &&
      c.form.licence === true,
  },
  // spec 5 'Поля заполнены неверно': an e-mail the first password can be sent to (NC6)
  {
    code: 'validation.fields',
    met: (c) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(c.form.contactFace.email.trim()),
  },
  // spec 3 connect types: 2 an agent, 3 a B2B sales employee, named
  { code: FILL, met: (c) => c.form.connectType !== 2 || given(c.form.agentName) },
  { code: FILL, met: (c) => c.form.connectType !== 3 || given(c.form.b2bOperName) },
];
const stepOneCode = (c: Ctx): string | null => STEP_ONE.find((r) => !r.met(c))?.code ?? null;

/** Where the login region rests on entering step one: a login not yet answered is checked (NC2). */
const loginOnEntry = (c: Ctx) =>
  needsCheck(c.form.login) && c.loginCheck?.login !== c.form.login
    ? 'legal.login.waiting'
    : 'legal.login.idle';

/** Spec 3 "Client registration draft": the fields of each group of the create block. */
const GROUPS = {
  user: ['city', 'key', 'name', 'tin', 'oked', 'regCode'],
  business: ['index', 'country', 'oblast', 'gorod', 'rayon', 'address', 'dom', 'kvartira', 'phone'],
  bank: ['bankName', 'bankAccount', 'mfo'],
  contactFace: ['lastName', 'name', 'firstName', 'doljnost', 'birthDay', 'passport', 'email', 'phone'],
} as const;

/**
 * The application spec 7 POST pre-order/create sends (spec 3 create block: user, business address, bank, contactFace,
 * account, info with connectType and agentName): each group with the fields the visitor gave (nothing empty is
 * sent), the login as the account, the connect type with the agent's name for type 2 or the B2B sales employee's for
 * type 3, and the licence, which was ticked to get here (spec 4).
 */
function application(f: Ctx): Ctx {
  const group = (name: keyof typeof GROUPS) =>
    Object.fromEntries(GROUPS[name].filter((k) => given(f[name][k])).map((k) => [k, f[name][k]]));
  const named =
    f.connectType === 2 && given(f.agentName)
      ? { agentName: f.agentName }
      : f.connectType === 3 && given(f.b2bOperName)
        ? { b2bOperName: f.b2bOperName }
        : {};
  return {
    user: group('user'),
    business: group('business'),
    bank: group('bank'),
    contactFace: group('contactFace'),
    account: { login: f.login },
    info: { connectType: f.connectType, ...named },
    licenceAccepted: true,
  };
}

/** NC4: the tax data fills name, OKED, address, bank and the director as contact; typed values stay when it says
 *  nothing. */
function filled(c: Ctx, company: Ctx | null): Ctx {
  if (!company) return c.form;
  const f = c.form;
  const [lastName = '', name = ''] = String(company.director ?? '')
    .trim()
    .split(/\s+/);
  const or = (typed: string, given: unknown) =>
    typeof given === 'string' && given.trim() ? given.trim() : typed;
  return {
    ...f,
    user: { ...f.user, name: or(f.user.name, company.CompanyName), oked: or(f.user.oked, company.Oked) },
    business: { ...f.business, address: or(f.business.address, company.CompanyAddress) },
    bank: {
      bankName: or(f.bank.bankName, company.bankName),
      bankAccount: or(f.bank.bankAccount, company.accountNumber),
      mfo: or(f.bank.mfo, company.bankMFO),
    },
    contactFace: {
      ...f.contactFace,
      lastName: or(f.contactFace.lastName, lastName),
      name: or(f.contactFace.name, name),
    },
  };
}

/** Spec 3 "Client registration draft" with the login and the licence (spec 4): nothing typed, connect type 1 (self),
 *  the licence not ticked; the business address is in Uzbekistan (the operator's country, numbers +998). */
const EMPTY_FORM = {
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

/**
 * Spec 3 "Client registration draft": a typed value lands in its field; the city is chosen from the list and the key
 * and its TIN come from the chosen key (spec 5, the onboarding requirements), so they are never typed; the agent's
 * and the B2B sales employee's names (spec 3 agentName, b2bOperName) are the form's own. Anything else changes nothing.
 */
function typed(f: Ctx, ev: Ev): Ctx {
  if (ev.group === 'root')
    return ev.name === 'agentName' || ev.name === 'b2bOperName' ? { ...f, [ev.name]: ev.value } : f;
  const fields: readonly string[] = GROUPS[ev.group as keyof typeof GROUPS] ?? [];
  const chosen = ev.group === 'user' && ['city', 'key', 'tin'].includes(ev.name);
  return fields.includes(ev.name) && !chosen
    ? { ...f, [ev.group]: { ...f[ev.group], [ev.name]: ev.value } }
    : f;
}

const moduleCode = (ev: Ev) =>
  ({ connection: 'eimzo.connection', badPassword: 'eimzo.badPassword', cancelled: 'eimzo.cancelled' })[
    eimzoKind(ev) as string
  ] ?? codeOf(ev);

const cityChosen = (c: Ctx, ev: Ev) => ({
  form: { ...c.form, user: { ...c.form.user, city: ev.code, key: '', tin: '' } },
  key: null,
  proved: null,
  keyError: null,
  errorCode: null,
  nextPending: false,
});

/** What the login check answered, in the context: 'Далее' waiting for it reads step one with it. */
const withAnswer = (c: Ctx, ev: Ev): Ctx => ({
  ...c,
  loginCheck: { login: ev.output.login, free: ev.output.free },
});

export const newClientOracle: ChartOracle = {
  id: 'newClient',
  initial: { to: 'loading' },
  context: (input) => ({
    // spec 5 'Вам должно быть 18' is judged on the page's day
    today: (input as Ctx).today,
    form: EMPTY_FORM,
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
  // spec 5 / spec 9: the login is checked 500 ms after the last keystroke
  delays: { loginDebounce: 500 },
  invokes: {
    // spec 7 GET pre-order/market-codes and online-sales/pre-order/agents; the kept draft
    loading: { loadStart: () => undefined },
    // the onboarding requirements: the draft is kept while step one is open
    legal: { draftKeeper: () => undefined },
    // the E-IMZO key list (the signing chart's client)
    'legal.form.listingKeys': { listKeys: () => undefined },
    // NC3: a signed challenge over the key's TIN, then tax data, banList and status for that TIN and city
    'legal.form.proving': {
      proveKey: (c) => ({ key: c.key, tin: c.form.user.tin, city: c.form.user.city }),
    },
    // spec 7 GET online-sales/pre-order/check-login (userName)
    'legal.login.checking': { checkLogin: (c) => ({ login: c.form.login }) },
    // spec 4: step two loads the services catalogue
    'confirm.loadingCatalogue': { fetchCatalogue: () => undefined },
    // NC26: while step two is open the kept draft names its key, so a reload comes back there
    confirm: { stepTwoKeeper: (c) => ({ key: c.key }) },
    // the onboarding requirements: pre-registration with the application of spec 3 and the key of step one
    'confirm.registering': { preRegistration: (c) => ({ application: application(c.form), key: c.key }) },
    // the onboarding requirements: the draft is cleared on success
    registered: { clearDraft: () => undefined },
  },
  rows: [
    // ── start ──────────────────────────────────────────────────────────────────────────────────────────
    {
      from: 'loading',
      event: done('loadStart'),
      when: (_, ev) => ev.output.draft !== null && Boolean(ev.output.key),
      to: 'confirm.loadingCatalogue',
      ctx: (_, ev) => ({
        cities: ev.output.cities,
        agents: ev.output.agents,
        restored: true,
        resumed: true,
        // only the application's signature is asked again: the key comes back, the proof it gave is not kept
        key: ev.output.key,
        proved: { company: null, bans: [], status: null },
        form: {
          ...ev.output.draft,
          user: { ...ev.output.draft.user, key: ev.output.key.serialNumber, tin: ev.output.key.inn },
          contactFace: { ...ev.output.draft.contactFace, passport: '' },
        },
      }),
      spec: "the users' report: a reload on step two comes back on step two, asking only for the signature; NC26",
    },
    {
      from: 'loading',
      event: done('loadStart'),
      to: (_, ev) => [
        E,
        ev.output.draft && needsCheck(ev.output.draft.login) ? 'legal.login.waiting' : 'legal.login.idle',
      ],
      ctx: (_, ev) => ({
        cities: ev.output.cities,
        agents: ev.output.agents,
        restored: ev.output.draft !== null,
        // NC2: a restored draft comes back without the key and its TIN (proved again in each visit)
        ...(ev.output.draft
          ? {
              form: {
                ...ev.output.draft,
                user: { ...ev.output.draft.user, key: '', tin: '' },
                contactFace: { ...ev.output.draft.contactFace, passport: '' },
              },
            }
          : {}),
      }),
      spec: 'the onboarding requirements: the draft survives a reload (24 h, no passport number); NC2',
    },
    {
      from: 'loading',
      event: failed('loadStart'),
      to: 'loadFailed',
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: 'spec 8: a failed call shows its error',
    },
    {
      from: 'loadFailed',
      event: 'retry',
      to: 'loading',
      ctx: () => ({ errorCode: null }),
      spec: 'spec 8: retry',
    },

    {
      from: 'legal.*',
      event: failed('draftKeeper'),
      to: (c) => [E, loginOnEntry(c)],
      reenter: 'legal',
      ctx: () => ({ restored: false }),
      spec: 'NC2: storage that fails loses the draft, never what is on the form',
    },
    {
      from: 'registered',
      event: done('clearDraft'),
      to: 'finished',
      spec: 'the onboarding requirements: the draft is cleared on success',
    },
    {
      from: 'registered',
      event: failed('clearDraft'),
      to: 'finished',
      spec: 'NC2: a draft that cannot be removed expires in 24 h; the success stays shown',
    },
    // ── step one, anywhere in it ─────────────────────────────────────────────────────────────────────────
    {
      from: 'legal.*',
      event: 'field.change',
      to: '.',
      ctx: (c, ev) => ({ form: typed(c.form, ev), errorCode: null, nextPending: false }),
      spec: "spec 3 registration draft: typed values are kept; step one's message goes with the next input",
    },
    {
      from: 'legal.*',
      event: 'connect.change',
      to: '.',
      ctx: (c, ev) => ({ form: { ...c.form, connectType: ev.connectType }, nextPending: false }),
      spec: 'spec 3 connect types',
    },
    {
      from: 'legal.*',
      event: 'licence.toggle',
      to: '.',
      ctx: (c, ev) => ({ form: { ...c.form, licence: ev.accepted }, errorCode: null, nextPending: false }),
      spec: 'spec 4 the licence',
    },
    {
      from: ['legal.login.waiting', 'legal.login.checking'],
      event: 'step.next',
      to: '.',
      ctx: () => ({ nextPending: true, errorCode: null }),
      spec: "the wizard's 'Далее' within half a second of typing the login waits for the check (busy), not 'fill in all fields'",
    },
    {
      from: 'legal.*',
      event: 'step.next',
      when: (c) => stepOneCode(c) === null,
      to: 'confirm.loadingCatalogue',
      spec: 'spec 4: step one proceeds only if the licence is ticked and the login is free; spec 5',
    },
    {
      from: 'legal.*',
      event: 'step.next',
      to: '.',
      ctx: (c) => ({ errorCode: stepOneCode(c) }),
      spec: "spec 5 'Сначала заполните все необходимые поля.', 'Некорректная дата', 'Вам должно быть 18'",
    },

    // ── the login ──────────────────────────────────────────────────────────────────────────────────────
    {
      from: 'legal.login.*',
      event: 'login.change',
      when: (_, ev) => needsCheck(ev.login),
      to: 'legal.login.waiting',
      reenter: true,
      ctx: (c, ev) => ({
        form: { ...c.form, login: ev.login },
        loginError: loginCode(ev.login),
        errorCode: null,
        nextPending: false,
      }),
      spec: 'spec 5: checked 500 ms after the last keystroke once longer than 2 characters',
    },
    {
      from: 'legal.login.*',
      event: 'login.change',
      to: 'legal.login.idle',
      ctx: (c, ev) => ({
        form: { ...c.form, login: ev.login },
        loginError: loginCode(ev.login),
        errorCode: null,
        nextPending: false,
      }),
      spec: "spec 5 'ввод должен быть исключительно латиницей'; 2 characters are not checked",
    },
    { from: 'legal.login.waiting', event: DEBOUNCE, to: 'legal.login.checking', spec: 'spec 5: 500 ms' },
    {
      from: 'legal.login.checking',
      event: done('checkLogin'),
      when: (c, ev) =>
        c.nextPending && ev.output.login === c.form.login && stepOneCode(withAnswer(c, ev)) === null,
      to: 'confirm.loadingCatalogue',
      ctx: (_, ev) => ({
        loginCheck: { login: ev.output.login, free: ev.output.free },
        loginError: null,
        nextPending: false,
      }),
      spec: "the wizard's 'Далее' pressed while the check ran: a free login and a complete step one go on",
    },
    {
      from: 'legal.login.checking',
      event: done('checkLogin'),
      when: (c, ev) => c.nextPending && ev.output.login === c.form.login,
      to: 'legal.login.idle',
      ctx: (c, ev) => ({
        loginCheck: { login: ev.output.login, free: ev.output.free },
        loginError: ev.output.free ? null : 'validation.loginTaken',
        nextPending: false,
        errorCode: stepOneCode(withAnswer(c, ev)),
      }),
      spec: "the wizard's 'Далее' pressed while the check ran: else it says why, the login named when taken",
    },
    {
      from: 'legal.login.checking',
      event: done('checkLogin'),
      when: (c, ev) => ev.output.login === c.form.login,
      to: 'legal.login.idle',
      ctx: (_, ev) => ({
        loginCheck: { login: ev.output.login, free: ev.output.free },
        loginError: ev.output.free ? null : 'validation.loginTaken',
      }),
      spec: "spec 5 'Данный логин занят, выберите другой'",
    },
    {
      from: 'legal.login.checking',
      event: done('checkLogin'),
      to: 'legal.login.idle',
      spec: 'the onboarding requirements: an older check never overwrites a newer one',
    },
    {
      from: 'legal.login.checking',
      event: failed('checkLogin'),
      to: 'legal.login.idle',
      ctx: (_, ev) => ({ loginError: codeOf(ev), nextPending: false }),
      spec: 'spec 8',
    },

    // ── the city and the key ─────────────────────────────────────────────────────────────────────────────
    {
      from: [E, 'legal.form.known'],
      event: 'city.choose',
      to: E,
      ctx: cityChosen,
      spec: "NC2: another city drops the key and what it proved; step one's message goes with the next input",
    },
    {
      from: E,
      event: 'keys.open',
      when: (c) => Boolean(c.form.user.city),
      to: 'legal.form.listingKeys',
      ctx: () => ({ nextPending: false }),
      spec: 'spec 5: the city first',
    },
    {
      from: E,
      event: 'keys.open',
      to: '.',
      ctx: () => ({ keyError: 'validation.cityFirst', nextPending: false }),
      spec: "spec 5 'Сначала нужно выбрать город.'",
    },
    {
      from: 'legal.form.known',
      event: 'keys.open',
      to: 'legal.form.listingKeys',
      ctx: () => ({ nextPending: false }),
      spec: 'NC2: another key',
    },
    {
      from: 'legal.form.listingKeys',
      event: done('listKeys'),
      to: 'legal.form.choosingKey',
      ctx: (_, ev) => ({ keys: ev.output.filter((k: Ctx) => !k.expired), keyError: null }),
      spec: 'spec 4: expired keys are skipped',
    },
    {
      from: 'legal.form.listingKeys',
      event: failed('listKeys'),
      to: E,
      ctx: (_, ev) => ({ keyError: moduleCode(ev) }),
      spec: 'spec 8 module messages',
    },
    {
      from: 'legal.form.choosingKey',
      event: 'key.choose',
      // the company's TIN is the key's INN: a person's key (a UID only) has none
      when: (c, ev) => tinCode(keyOf(c, ev.serial)?.inn) === null,
      to: 'legal.form.proving',
      ctx: (c, ev) => ({
        key: keyOf(c, ev.serial),
        proved: null,
        keyError: null,
        form: { ...c.form, user: { ...c.form.user, key: ev.serial, tin: keyOf(c, ev.serial).inn } },
      }),
      spec: "the onboarding requirements: the key's TIN fills tin",
    },
    {
      from: 'legal.form.choosingKey',
      event: 'key.choose',
      to: E,
      ctx: (c, ev) => ({ keyError: tinCode(keyOf(c, ev.serial)?.inn) }),
      spec: "spec 5: E026, 'У вас не имеется ИНН.'",
    },
    { from: 'legal.form.choosingKey', event: 'keys.close', to: E, spec: 'the list dialog closes' },
    {
      from: 'legal.form.proving',
      event: done('proveKey'),
      // spec 8 E004, as pre-order/create refuses it: a client (BANs) or a pre-order not rejected, in any city
      when: (_, ev) =>
        ev.output.bans.length > 0 || (ev.output.status != null && ev.output.status !== 'rejected'),
      to: 'legal.form.known',
      ctx: (c, ev) => ({ proved: ev.output, form: filled(c, ev.output.company) }),
      spec: 'the onboarding requirements: the user continues or sees the existing one; NC25 one application per TIN',
    },
    {
      from: 'legal.form.proving',
      event: done('proveKey'),
      to: E,
      ctx: (c, ev) => ({ proved: ev.output, form: filled(c, ev.output.company) }),
      spec: 'the onboarding requirements: the company data fills the form (mySoliqData)',
    },
    {
      from: 'legal.form.proving',
      event: failed('proveKey'),
      to: E,
      ctx: (_, ev) => ({ keyError: moduleCode(ev) }),
      spec: 'NC3: a refused proof (E094) or a module failure is said at the key',
    },

    // ── step two ─────────────────────────────────────────────────────────────────────────────────────────
    {
      from: 'confirm.*',
      event: 'step.back',
      to: (c) => [E, loginOnEntry(c)],
      ctx: () => ({ resumed: false }),
      spec: 'spec 4: back to legal data, nothing typed lost',
    },
    {
      from: 'confirm.loadingCatalogue',
      event: done('fetchCatalogue'),
      to: 'confirm.ready',
      ctx: (_, ev) => ({ catalogue: ev.output, errorCode: null }),
      spec: 'spec 4: step two loads the services catalogue',
    },
    {
      from: 'confirm.loadingCatalogue',
      event: failed('fetchCatalogue'),
      to: 'confirm.catalogueFailed',
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: 'spec 8',
    },
    {
      from: 'confirm.catalogueFailed',
      event: 'retry',
      to: 'confirm.loadingCatalogue',
      ctx: () => ({ errorCode: null }),
      spec: 'spec 8: retry',
    },
    {
      from: 'confirm.ready',
      event: 'application.sign',
      to: 'confirm.registering',
      spec: 'the onboarding requirements',
    },
    {
      from: 'confirm.registering',
      event: done('preRegistration'),
      when: (_, ev) => ev.output !== null && ev.output !== undefined,
      to: 'registered',
      ctx: (_, ev) => ({ created: ev.output }),
      spec: "the onboarding requirements 'Регистрация прошла успешно'; the draft is cleared",
    },
    {
      from: 'confirm.registering',
      event: done('preRegistration'),
      to: 'confirm.ready',
      spec: 'NC5: a cancelled signing leaves step two as it was',
    },
  ],
  viewTexts: {
    registered: 'Регистрация прошла успешно',
    finished: 'Регистрация прошла успешно',
  },
};
