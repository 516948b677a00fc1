import type { ChartOracle, Ctx, Ev, OracleRow } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of the Auth pages: spec 2 "Auth /{lang}/{type}, type is login, check, register, forgot or
 * restore; a restore link with an r query parameter keeps the query", spec 4 "Login sets true", spec 5 "Password
 * confirmation mismatch", spec 8 codes, decisions S1 (the flow ends with the user), S2 (opening the page the flow is
 * on is ignored) and S4 (errors are codes with a field; client checks before any call).
 */
const PAGES = ['login', 'register', 'check', 'forgot', 'restore'] as const;

/** S4: which field a server code belongs to. */
const FIELD: Record<string, string> = {
  E003: 'code',
  E006: 'code',
  E004: 'phone',
  E008: 'phone',
  E016: 'phone',
  E021: 'phone',
  E025: 'phone',
  E086: 'login',
  E141: 'code',
};
const REQUIRED: Record<string, string[]> = {
  'login.submit': ['login', 'password'],
  'register.submit': ['phone'],
  'check.submit': ['phone', 'code'],
  'code.resend': ['phone'],
  'forgot.submit': ['login'],
  'restore.submit': ['password', 'confirm'],
};

/**
 * S4 client checks, written out again: blank field, phone without 9-12 digits, SMS code not 4-8 digits; U21: a login
 * over 100 or a password over 200 characters (the wire's limits), a new password (restore) without 8 characters,
 * a letter and a digit; every wrong field is flagged (the first one, the others in `more`).
 */
function problem(type: string, field: string, raw: string): string | null {
  const value = raw.trim();
  if (value === '') return 'validation.required';
  const digits = value.replace(/\D/g, '').length;
  if (field === 'phone' && (digits < 9 || digits > 12 || /[^\d\s+()-]/.test(value)))
    return 'validation.phone';
  if (field === 'code' && !/^\d{4,8}$/.test(value)) return 'E003';
  if (field === 'login' && value.length > 100) return 'validation.max100';
  if (field === 'password' && raw.length > 200) return 'validation.max200';
  if (
    field === 'password' &&
    type === 'restore.submit' &&
    !(raw.length >= 8 && /\p{L}/u.test(raw) && /[0-9]/.test(raw))
  )
    return 'validation.passwordRule';
  return null;
}
function invalid(ev: Ev): { code: string; field: string; more?: { code: string; field: string }[] } | null {
  const all: { code: string; field: string }[] = [];
  for (const field of REQUIRED[ev.type] ?? []) {
    const code = problem(ev.type, field, String(ev[field] ?? ''));
    if (code !== null) all.push({ code, field });
  }
  const [first, ...more] = all;
  if (!first) return null;
  return more.length > 0 ? { ...first, more } : first;
}

/** SEC/E138: the SMS limit's reply carries the seconds to wait as its description (docs/security.md finding 6);
 *  whole seconds from 1 to a day start the countdown, anything else none. Other codes leave a running one as is. */
function waitOf(ev: Ev): number {
  const d = ev.error?.error?.description;
  return typeof d === 'string' && /^\d+$/.test(d) && Number(d) >= 1 && Number(d) <= 86_400 ? Number(d) : 0;
}
const serverError = (c: Ctx, ev: Ev) => ({
  error: { code: codeOf(ev), field: FIELD[codeOf(ev)] ?? null },
  notice: null,
  // U23: E141 (the tries used up) counts down like E138
  resendWait: codeOf(ev) === 'E138' || codeOf(ev) === 'E141' ? waitOf(ev) : c.resendWait,
});
/** Finding 24: the recovery link's E138 starts the forgot page's own countdown; the SMS one stays as it is. */
const linkError = (c: Ctx, ev: Ev) => ({
  error: { code: codeOf(ev), field: FIELD[codeOf(ev)] ?? null },
  notice: null,
  linkWait: codeOf(ev) === 'E138' ? waitOf(ev) : c.linkWait,
});
/** The countdown's tick on the check page: one second a step while seconds are left. */
const TICK = 'xstate.after.1000.authFlow.check.editing';
/** … and on the forgot page. */
const LINK_TICK = 'xstate.after.1000.authFlow.forgot.editing';
const rejected = (page: string, actor: string): OracleRow => ({
  from: `${page}.${actor === 'resendCode' ? 'resending' : 'submitting'}`,
  event: failed(actor),
  to: `${page}.editing`,
  ctx: page === 'forgot' ? linkError : serverError,
  spec:
    page === 'forgot'
      ? 'S4 errors are codes with a field; finding 24 E138 counts down on the forgot page'
      : 'S4 errors are codes with a field; spec 8 catalogue',
});
const invalidRow = (from: string, event: string, to: string): OracleRow => ({
  from,
  event,
  when: (_, ev) => invalid(ev) !== null,
  to,
  ctx: (_, ev) => ({ error: invalid(ev), notice: null }),
  spec: 'S4 client checks before any call; spec 5 generic',
});
const CLEAR = () => ({ error: null, notice: null });

export const authFlowOracle: ChartOracle = {
  id: 'authFlow',
  initial: {
    to: 'login.editing',
  },
  // spec 4 Auth: nothing typed, nothing sent, no countdown
  context: () => ({
    phone: null,
    restoreToken: null,
    error: null,
    notice: null,
    user: null,
    resendWait: 0,
    linkWait: 0,
  }),
  invokes: {
    // S4: passwords travel in the submit event to the call only
    'login.submitting': { logIn: (_, ev) => ({ login: ev.login.trim(), password: ev.password }) },
    'register.submitting': { requestCode: (c) => ({ phone: c.phone }) },
    'check.submitting': { checkCode: (c, ev) => ({ phone: c.phone, code: ev.code.trim() }) },
    'check.resending': { resendCode: (c) => ({ phone: c.phone }) },
    'forgot.submitting': { requestRestoreLink: (_, ev) => ({ login: ev.login.trim() }) },
    // spec 2: the restore link's r travels with the new password
    // RL1: the link's own r is what is asked about
    'restore.checking': { checkRestoreLink: (c) => ({ r: c.restoreToken }) },
    'restore.submitting': {
      restorePassword: (c, ev) => ({ r: c.restoreToken, password: ev.password, confirm: ev.confirm }),
    },
  },
  rows: [
    // S2: the router opens a page; the page the flow is on ignores it (no row: ignored)
    // RL1: a restore link (with its r) is asked about before its form is used
    {
      from: PAGES.filter((p) => p !== 'restore').map((p) => `${p}.*`),
      event: 'page.open',
      when: (_, ev) => ev.page === 'restore' && typeof ev.r === 'string' && ev.r !== '',
      to: 'restore.checking',
      ctx: (_, ev) => ({ error: null, notice: null, restoreToken: ev.r }),
      spec: 'spec 2 Auth /{lang}/restore (the r query is kept); RL1 the link is checked on opening',
    },
    // RL1: without r there is no link to use: E127 at once, no form
    {
      from: PAGES.filter((p) => p !== 'restore').map((p) => `${p}.*`),
      event: 'page.open',
      when: (_, ev) => ev.page === 'restore',
      to: 'restore.linkRefused',
      ctx: (_, ev) => ({ error: { code: 'E127', field: null }, notice: null, restoreToken: ev.r ?? null }),
      spec: "spec 8 E127; RL1 a restore page without the link's r says the token is invalid, with no form",
    },
    ...PAGES.filter((page) => page !== 'restore').map(
      (page): OracleRow => ({
        from: PAGES.filter((p) => p !== page).map((p) => `${p}.*`),
        event: 'page.open',
        when: (_, ev) => ev.page === page,
        to: `${page}.editing`,
        ctx: (c) => ({
          error: null,
          notice: null,
          restoreToken: c.restoreToken,
        }),
        spec: `spec 2 Auth /{lang}/${page}; S2`,
      }),
    ),

    invalidRow('login.editing', 'login.submit', '.'),
    {
      from: 'login.editing',
      event: 'login.submit',
      to: 'login.submitting',
      ctx: CLEAR,
      spec: 'spec 7 login',
    },
    {
      from: 'login.submitting',
      event: done('logIn'),
      to: 'signedIn',
      ctx: (_, ev) => ({ user: ev.output, error: null }),
      output: (_, ev) => ev.output,
      spec: 'spec 4 Login sets true; S1 the flow ends with the user',
    },
    rejected('login', 'logIn'),

    invalidRow('register.editing', 'register.submit', '.'),
    {
      from: 'register.editing',
      event: 'register.submit',
      to: 'register.submitting',
      ctx: (_, ev) => ({ phone: ev.phone.trim(), error: null, notice: null }),
      spec: 'spec 1 registration flow: an SMS code is sent to the phone',
    },
    {
      from: 'register.submitting',
      event: done('requestCode'),
      to: 'check.editing',
      ctx: () => ({ notice: 'codeSent', error: null }),
      spec: 'S2 register succeeded → check',
    },
    rejected('register', 'requestCode'),

    invalidRow('check.editing', 'check.submit', '.'),
    {
      from: 'check.editing',
      event: 'check.submit',
      to: 'check.submitting',
      ctx: (_, ev) => ({ phone: ev.phone.trim(), error: null, notice: null }),
      spec: 'spec 8 E003 wrong SMS code, E006 expired',
    },
    {
      from: 'check.editing',
      event: 'code.resend',
      when: (c) => c.resendWait > 0,
      to: '.',
      spec: 'SEC E138: no new code before the countdown ends (the button is disabled)',
    },
    {
      from: 'check.editing',
      event: TICK,
      when: (c) => c.resendWait > 0,
      to: 'check.editing',
      reenter: true,
      ctx: (c) => ({ resendWait: c.resendWait - 1 }),
      spec: 'SEC E138: the resend countdown, one second at a time',
    },
    invalidRow('check.editing', 'code.resend', '.'),
    {
      from: 'check.editing',
      event: 'code.resend',
      to: 'check.resending',
      ctx: (_, ev) => ({ phone: ev.phone.trim(), error: null, notice: null }),
      spec: 'S4 resend the code',
    },
    {
      from: 'check.submitting',
      event: done('checkCode'),
      to: 'signedIn',
      ctx: (_, ev) => ({ user: ev.output, error: null }),
      output: (_, ev) => ev.output,
      spec: 'S1 the SMS code opens the session',
    },
    rejected('check', 'checkCode'),
    {
      from: 'check.resending',
      event: done('resendCode'),
      to: 'check.editing',
      ctx: () => ({ notice: 'codeSent', error: null }),
      spec: 'S2 code sent',
    },
    rejected('check', 'resendCode'),

    {
      from: 'forgot.editing',
      event: 'forgot.submit',
      when: (c) => c.linkWait > 0,
      to: '.',
      spec: 'finding 24 E138: no new link before the countdown ends (the button is disabled)',
    },
    {
      from: 'forgot.editing',
      event: LINK_TICK,
      when: (c) => c.linkWait > 0,
      to: 'forgot.editing',
      reenter: true,
      ctx: (c) => ({ linkWait: c.linkWait - 1 }),
      spec: 'finding 24 E138: the recovery countdown, one second at a time',
    },
    invalidRow('forgot.editing', 'forgot.submit', '.'),
    {
      from: 'forgot.editing',
      event: 'forgot.submit',
      to: 'forgot.submitting',
      ctx: CLEAR,
      spec: 'spec 2 forgot',
    },
    invalidRow('forgot.sent', 'forgot.submit', 'forgot.editing'),
    {
      from: 'forgot.sent',
      event: 'forgot.submit',
      to: 'forgot.submitting',
      ctx: CLEAR,
      spec: 'spec 8 password-recovery link sent; ask again',
    },
    {
      from: 'forgot.submitting',
      event: done('requestRestoreLink'),
      to: 'forgot.sent',
      spec: 'spec 8 password-recovery link sent',
    },
    rejected('forgot', 'requestRestoreLink'),

    {
      from: 'restore.checking',
      event: done('checkRestoreLink'),
      when: (_, ev) => ev.output === 'valid',
      to: 'restore.editing',
      spec: 'RL1 a usable link shows the new-password form',
    },
    {
      from: 'restore.checking',
      event: done('checkRestoreLink'),
      to: 'restore.linkRefused',
      ctx: (_, ev) => ({
        error: {
          code: ev.output === 'used' ? 'linkUsed' : ev.output === 'expired' ? 'E024' : 'E127',
          field: null,
        },
        notice: null,
      }),
      spec: 'RL1 a used, expired or unknown link says so at once (spec 8 E024, E127), with no form',
    },
    {
      from: 'restore.checking',
      event: failed('checkRestoreLink'),
      to: 'restore.editing',
      ctx: serverError,
      spec: 'RL1 when the link cannot be asked about, the form stays usable with the reason (S4)',
    },
    invalidRow('restore.editing', 'restore.submit', '.'),
    {
      from: 'restore.editing',
      event: 'restore.submit',
      when: (_, ev) => ev.password !== ev.confirm,
      to: '.',
      ctx: () => ({ error: { code: 'validation.passwordMismatch', field: 'confirm' }, notice: null }),
      spec: "spec 5 'Пароли не совпадают'",
    },
    {
      from: 'restore.editing',
      event: 'restore.submit',
      to: 'restore.submitting',
      ctx: CLEAR,
      spec: 'spec 2 restore with the r query',
    },
    {
      from: 'restore.submitting',
      event: done('restorePassword'),
      to: 'restore.restored',
      spec: 'spec 2 restore',
    },
    rejected('restore', 'restorePassword'),
  ],
};
