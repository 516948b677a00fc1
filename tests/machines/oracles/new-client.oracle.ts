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

/**
 * Spec 5 'ввод должен быть исключительно латиницей' first; then what the server's pre-order body takes:
 * Latin letters, digits, `._-`, at most 100 characters; at least 3 once the step is left (`sending`).
 */
const loginCode = (login: string, sending = false): string | null => {
  if (login === '') return null;
  if (!/^[\x21-\x7E]*$/.test(login)) return 'validation.latinOnly';
  if (!/^[A-Za-z0-9._-]*$/.test(login)) return 'validation.loginChars';
  return login.length > 100 || (sending && login.length < 3) ? 'validation.loginLength' : null;
};
/** Spec 5: checked once longer than 2 characters (and valid: a refused login is not asked). */
const needsCheck = (login: string) => login.length > 2 && loginCode(login) === null;
/** Spec 5: the TIN must start with 2 or 3; none at all is 'У вас не имеется ИНН.' */
const tinCode = (tin: string | null | undefined) =>
  !tin || tin.trim() === '' ? 'validation.noTin' : /^[23]/.test(tin.trim()) ? null : 'E026';
const keyOf = (c: Ctx, serial: string) => c.keys.find((k: Ctx) => k.serialNumber === serial) ?? null;

/** 18 full years on `today` (spec 5 'Вам должно быть 18'); an unreadable or future day is 'Некорректная дата'. */
function birthCode(birthDay: string, today: string): string | null {
  if (birthDay.trim() === '') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDay.trim());
  if (!m) return 'validation.badDate';
  const born = `${m[1]}-${m[2]}-${m[3]}`;
  if (born > today) return 'validation.badDate';
  const adultFrom = `${Number(m[1]) + 18}-${m[2]}-${m[3]}`;
  return today >= adultFrom ? null : 'validation.adult';
}

/** Why step one cannot be left (spec 4/5, NC2), the first reason in form order, or null. */
function stepOneCode(c: Ctx): string | null {
  const f = c.form;
  const fill = 'validation.fillRequired';
  if (!f.user.city) return 'validation.cityFirst';
  if (!f.user.key || c.key === null || c.proved === null) return fill;
  const tin = tinCode(f.user.tin);
  if (tin) return tin;
  if (!f.user.name.trim()) return fill;
  if (!f.login) return fill;
  const login = loginCode(f.login, true);
  if (login) return login;
  const answer = c.loginCheck && c.loginCheck.login === f.login ? c.loginCheck.free : null;
  if (answer === false) return 'validation.loginTaken';
  if (answer !== true) return fill;
  const birth = birthCode(f.contactFace.birthDay, c.today);
  if (birth) return birth;
  const phone = f.contactFace.phone.trim() !== '' || f.business.phone.trim() !== '';
  if (!f.contactFace.email.trim() || !phone || !f.licence) return fill;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.contactFace.email.trim())) return 'validation.fields';
  if (f.connectType === 2 && !f.agentName.trim()) return fill;
  if (f.connectType === 3 && !f.b2bOperName.trim()) return fill;
  return null;
}

/** Where the login region rests on entering step one: a login not yet answered is checked (NC2). */
const loginOnEntry = (c: Ctx) =>
  needsCheck(c.form.login) && c.loginCheck?.login !== c.form.login
    ? 'legal.login.waiting'
    : 'legal.login.idle';

/** The create block of spec 3 from the form: empty values left out; agent or employee only for their type. */
function applicationOf(f: Ctx) {
  const drop = (o: Ctx) => Object.fromEntries(Object.entries(o).filter(([, v]) => String(v).trim() !== ''));
  const info: Ctx = { connectType: f.connectType };
  if (f.connectType === 2 && f.agentName) info.agentName = f.agentName;
  if (f.connectType === 3 && f.b2bOperName) info.b2bOperName = f.b2bOperName;
  return {
    user: drop(f.user),
    business: drop(f.business),
    bank: drop(f.bank),
    contactFace: drop(f.contactFace),
    account: { login: f.login },
    info,
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

const moduleCode = (ev: Ev) =>
  ({ connection: 'eimzo.connection', badPassword: 'eimzo.badPassword', cancelled: 'eimzo.cancelled' })[
    eimzoKind(ev) as string
  ] ?? codeOf(ev);

const cityChosen = (c: Ctx, ev: Ev) => ({
  form: { ...c.form, user: { ...c.form.user, city: ev.code, key: '', tin: '' } },
  key: null,
  proved: null,
  keyError: null,
  nextPending: false,
});

/** What the login check answered, in the context: 'Далее' waiting for it reads step one with it. */
const withAnswer = (c: Ctx, ev: Ev): Ctx => ({
  ...c,
  loginCheck: { login: ev.output.login, free: ev.output.free },
});

export const newClientOracle: ChartOracle = {
  id: 'newClient',
  initial: {
    to: 'loading',
    ctx: () => ({
      keys: [],
      key: null,
      proved: null,
      loginCheck: null,
      created: null,
      restored: false,
      resumed: false,
      nextPending: false,
    }),
  },
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
    'confirm.registering': { preRegistration: (c) => ({ application: applicationOf(c.form), key: c.key }) },
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
      ctx: (c, ev) =>
        ev.group === 'contactFace'
          ? {
              form: { ...c.form, contactFace: { ...c.form.contactFace, [ev.name]: ev.value } },
              errorCode: null,
              nextPending: false,
            }
          : { nextPending: false },
      spec: 'spec 3 registration draft: typed values are kept',
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
      spec: 'NC2: another city drops the key and what it proved',
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
