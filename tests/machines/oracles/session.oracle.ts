import type { ChartOracle, Ctx, OracleRow } from '../../support/oracle';
import { codeOf, done, failed, isE009 } from './oracle-helpers';

/**
 * Expected behaviour of the session: spec 2 "After login" (forced password change), spec 4 "Auth state" (logout or
 * expiry resets user, users list and selected role) and "Role choice", spec 8 "E009 closes overlays and resets
 * auth", spec 2 "Logout button with confirm", decisions S8-S15 of "Sign-in, session and role choice".
 */
const RESET = {
  user: null,
  profile: null,
  // spec 4 also names a users list: the administration search owns it (AR2), the session keeps none
  selectedRole: null,
  roleToSave: null,
  errorCode: null,
  destination: null,
};
/** Spec 4: curator and subscriber roles skip the role choice; spec 2: they are the ones forced to change. */
const SKIPS = ['R001', 'R004'];

/** S8/S10: the stored role when it is one of the user's, the only role of a curator/subscriber, else none yet. */
function roleOf(user: Ctx): string | null {
  if (user.chosenRole != null && user.roles.includes(user.chosenRole)) return user.chosenRole;
  return user.roles[0] === undefined || SKIPS.includes(user.roles[0]) ? (user.roles[0] ?? null) : null;
}

/** The start-up decision once signed in (spec 4 Role choice, spec 2 After login / forced change, S9 chosen role
 *  first): the leaf of `authenticated.main`. */
function decide(c: Ctx): string {
  const u = c.user;
  if (c.selectedRole === null) {
    const active = u.roles[0];
    if (active !== undefined && !SKIPS.includes(active)) {
      if (u.roles.length > 1) return 'choosingRole';
      if (u.chosenRole !== active) return 'savingRole';
    }
  }
  if (u.profile != null && c.profile === null) return 'loadingProfile';
  // CAP1: the backend is asked once what it offers, after the profile and before any page
  if (c.features == null) return 'loadingCapabilities';
  const first = c.selectedRole && u.roles.includes(c.selectedRole) ? c.selectedRole : u.roles[0];
  if (u.force_change_password === true && SKIPS.includes(first)) return 'forcedPasswordChange';
  return 'ready';
}

const MAIN = 'authenticated.main';
const main = (c: Ctx) => `${MAIN}.${decide(c)}`;
/** The context right after a user arrives (before the decision runs). */
const signedIn = (prev: Ctx, user: Ctx): Ctx => ({
  ...prev,
  user,
  selectedRole: roleOf(user),
  roleToSave: null,
  errorCode: null,
});
const entering = (c: Ctx) => [main(c), 'authenticated.logout.idle'];
/** S10: the only role saved without asking. */
const withSave = (c: Ctx): Ctx => (decide(c) === 'savingRole' ? { ...c, roleToSave: c.user.roles[0] } : c);

/** AR2: whenever the session's user or profile is set or reset, the session tells impersonation whom it now views
 *  (the server's back-to-head flag on the user); the flag itself is checked on a test system in the machine tests. */
const SYNC = { type: 'syncImpersonation' } as const;
const tellsImpersonation = () => [SYNC];

const expiredBy = (from: string, event: string, spec: string): OracleRow => ({
  from,
  event,
  when: (_, ev) => isE009(ev),
  to: 'signedOut.expired',
  ctx: () => RESET,
  effects: tellsImpersonation,
  spec: `spec 8 E009 closes overlays and resets auth; ${spec}; AR2`,
});

export const sessionOracle: ChartOracle = {
  id: 'session',
  // CAP1: what the backend offers is not known until asked; a sign-out or expiry keeps it (RESET leaves it alone)
  initial: { to: 'checkingSession' },
  // spec 4 Auth: nobody is signed in before the session check answers
  context: () => ({ ...RESET, features: null }),
  invokes: {
    checkingSession: { fetchSession: () => undefined },
    signedOut: { authFlow: () => undefined },
    [`${MAIN}.savingRole`]: { saveChosenRole: (c) => ({ role: c.roleToSave }) },
    [`${MAIN}.loadingProfile`]: { fetchProfile: () => undefined },
    [`${MAIN}.loadingCapabilities`]: { fetchCapabilities: () => undefined },
    [`${MAIN}.refreshing.user`]: { fetchSession: () => undefined },
    [`${MAIN}.refreshing.loadingProfile`]: { fetchProfile: () => undefined },
    'authenticated.logout.loggingOut': { logOut: () => undefined },
  },
  rows: [
    // spec 4 / S12: expiry from anywhere resets everything; the signed-out part (and its Auth flow) starts again
    {
      from: '*',
      event: 'session.expired',
      to: 'signedOut.expired',
      reenter: 'signedOut',
      ctx: () => RESET,
      effects: tellsImpersonation,
      spec: 'spec 4 session expiry (E009) resets user, users list and selected role; S12; AR2 impersonation is told',
    },

    // start: GET user/
    {
      from: 'checkingSession',
      event: done('fetchSession'),
      when: (_, ev) => ev.output !== null,
      to: (p, ev) => entering(signedIn(p, ev.output)),
      ctx: (p, ev) => withSave(signedIn(p, ev.output)),
      effects: tellsImpersonation,
      spec: 'spec 7 GET user/ (session); spec 4 Auth state true; AR2 impersonation is told whom the session views',
    },
    { from: 'checkingSession', event: done('fetchSession'), to: 'signedOut.anonymous', spec: 'spec 2 Guard' },
    {
      from: 'checkingSession',
      event: failed('fetchSession'),
      when: (_, ev) => isE009(ev),
      to: 'signedOut.anonymous',
      spec: 'spec 8 E009 session missing',
    },
    {
      from: 'checkingSession',
      event: failed('fetchSession'),
      to: 'failed',
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: 'spec 8 status other than OKOK shows an error',
    },
    {
      from: 'checkingSession',
      event: 'session.skipCheck',
      to: 'signedOut.anonymous',
      spec: 'LB16 the sign-in form sent during the check: the sign-in call says who is signed in',
    },
    {
      from: 'failed',
      event: 'session.retry',
      to: 'checkingSession',
      ctx: () => ({ errorCode: null }),
      spec: 'S15 retry',
    },

    // signed out: the Auth flow runs until a session opens
    {
      from: 'signedOut.*',
      event: done('authFlow'),
      to: (p, ev) => entering(signedIn(p, ev.output)),
      ctx: (p, ev) => ({ ...withSave(signedIn(p, ev.output)), destination: p.destination ?? 'landing' }),
      effects: tellsImpersonation,
      spec: 'spec 4 Login sets true; spec 2 After login (the remembered page, else the landing); AR2',
    },
    {
      from: 'signedOut.*',
      event: failed('authFlow'),
      to: 'failed',
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: 'S15 a broken flow is shown with a retry',
    },
    {
      from: 'signedOut.*',
      event: 'route.denied',
      to: '.',
      ctx: (_, ev) => ({ destination: ev.path }),
      spec: 'spec 2 Guard: redirect to login, the page is remembered',
    },
    {
      from: 'authenticated.*',
      event: 'route.reached',
      to: '.',
      ctx: () => ({ destination: null }),
      spec: 'spec 2 After login: the destination is reached',
    },

    // role choice (spec 4, S8-S11)
    {
      from: `${MAIN}.choosingRole`,
      event: 'role.choose',
      to: `${MAIN}.savingRole`,
      ctx: (_, ev) => ({ roleToSave: ev.role, errorCode: null }),
      spec: "spec 4 Role choice; spec 2 'Выберите роль для входа'",
    },
    {
      from: `${MAIN}.savingRole`,
      event: done('saveChosenRole'),
      to: (p) => main({ ...p, selectedRole: p.roleToSave, roleToSave: null }),
      ctx: (p) => ({ selectedRole: p.roleToSave, roleToSave: null, errorCode: null }),
      spec: 'spec 7 POST v1/adfs/save-chosen-role; S9 the chosen role decides',
    },
    expiredBy(`${MAIN}.savingRole`, failed('saveChosenRole'), 'S11'),
    {
      from: `${MAIN}.savingRole`,
      event: failed('saveChosenRole'),
      to: `${MAIN}.choosingRole`,
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: 'S10 the picker shows if the save fails; S11 E130, E133, E134 shown in the picker',
    },

    // profile (spec 7 GET profile)
    {
      from: `${MAIN}.loadingProfile`,
      event: done('fetchProfile'),
      to: (p, ev) => main({ ...p, profile: ev.output }),
      ctx: (_, ev) => ({ profile: ev.output, errorCode: null }),
      effects: tellsImpersonation,
      spec: 'spec 7 GET profile; spec 2 After login; AR2',
    },
    expiredBy(`${MAIN}.loadingProfile`, failed('fetchProfile'), 'S12'),
    {
      from: `${MAIN}.loadingProfile`,
      event: failed('fetchProfile'),
      to: `${MAIN}.profileFailed`,
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: "spec 8 'Ошибка при получении данных…' with a retry",
    },
    // what the backend offers (CAP1): asked once after the profile; a failure to ask is the profile failure
    {
      from: `${MAIN}.loadingCapabilities`,
      event: done('fetchCapabilities'),
      to: (p, ev) => main({ ...p, features: ev.output }),
      ctx: (_, ev) => ({ features: ev.output, errorCode: null }),
      spec: 'CAP1 GET capabilities: the names the backend lists (none from a backend that does not know the call)',
    },
    {
      from: `${MAIN}.loadingCapabilities`,
      event: failed('fetchCapabilities'),
      to: `${MAIN}.profileFailed`,
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: "CAP1 a failure to ask is retried like the profile; spec 8 'Ошибка при получении данных…'",
    },
    {
      from: `${MAIN}.profileFailed`,
      event: 'profile.retry',
      to: `${MAIN}.loadingProfile`,
      ctx: () => ({ errorCode: null }),
      spec: 'spec 8 E030 retry',
    },

    // forced password change and refresh (spec 2, S15)
    {
      from: `${MAIN}.forcedPasswordChange`,
      event: 'password.changed',
      to: `${MAIN}.refreshing.user`,
      ctx: () => ({ destination: 'landing' }),
      spec: 'spec 2 Forced password change: Settings, then the landing page',
    },
    {
      from: `${MAIN}.ready`,
      event: 'session.refresh',
      to: `${MAIN}.refreshing.user`,
      spec: 'S15 a refresh keeps the page',
    },
    {
      from: `${MAIN}.refreshing.user`,
      event: done('fetchSession'),
      when: (_, ev) => ev.output !== null,
      to: (p, ev) => {
        const next = { ...signedIn(p, ev.output), profile: ev.output.profile != null ? p.profile : null };
        return ev.output.profile != null ? `${MAIN}.refreshing.loadingProfile` : main(next);
      },
      ctx: (p, ev) => ({
        user: ev.output,
        selectedRole: roleOf(ev.output),
        profile: ev.output.profile != null ? p.profile : null,
        errorCode: null,
      }),
      effects: tellsImpersonation,
      spec: 'S15 the old profile stays until the new one arrives; a user without a profile drops it; AR2',
    },
    {
      from: `${MAIN}.refreshing.user`,
      event: done('fetchSession'),
      to: 'signedOut.expired',
      ctx: () => RESET,
      effects: tellsImpersonation,
      spec: 'S15 no session → expired; AR2',
    },
    expiredBy(`${MAIN}.refreshing.user`, failed('fetchSession'), 'S15'),
    {
      from: `${MAIN}.refreshing.user`,
      event: failed('fetchSession'),
      to: 'failed',
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: 'spec 8 error shown with a retry',
    },
    {
      from: `${MAIN}.refreshing.loadingProfile`,
      event: done('fetchProfile'),
      to: (p, ev) => main({ ...p, profile: ev.output }),
      ctx: (_, ev) => ({ profile: ev.output, errorCode: null }),
      effects: tellsImpersonation,
      spec: 'S15; AR2',
    },
    expiredBy(`${MAIN}.refreshing.loadingProfile`, failed('fetchProfile'), 'S15'),
    {
      from: `${MAIN}.refreshing.loadingProfile`,
      event: failed('fetchProfile'),
      to: `${MAIN}.profileFailed`,
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: 'spec 8 E030 with a retry',
    },

    // logout (spec 2 "Logout button with confirm 'Вы действительно хотите выйти?'", S14)
    {
      from: 'authenticated.logout.idle',
      event: 'logout.request',
      to: 'authenticated.logout.confirming',
      spec: "spec 2 confirm 'Вы действительно хотите выйти?'",
    },
    {
      from: 'authenticated.logout.confirming',
      event: 'logout.cancel',
      to: 'authenticated.logout.idle',
      ctx: () => ({ errorCode: null }),
      spec: 'S14 cancel keeps the session',
    },
    {
      from: 'authenticated.logout.confirming',
      event: 'logout.confirm',
      to: 'authenticated.logout.loggingOut',
      ctx: () => ({ errorCode: null }),
      spec: 'spec 7 POST user/logout',
    },
    {
      from: 'authenticated.logout.loggingOut',
      event: done('logOut'),
      to: 'signedOut.anonymous',
      ctx: () => RESET,
      effects: () => [{ type: 'forgetDrafts' }, SYNC],
      spec: 'spec 4 logout resets user, users list and selected role; S13 explicit logout drops drafts; AR2',
    },
    {
      from: 'authenticated.logout.loggingOut',
      event: failed('logOut'),
      when: (_, ev) => isE009(ev),
      to: 'signedOut.anonymous',
      ctx: () => RESET,
      effects: () => [{ type: 'forgetDrafts' }, SYNC],
      spec: 'S14 E009 from logout counts as logged out; AR2',
    },
    {
      from: 'authenticated.logout.loggingOut',
      event: failed('logOut'),
      to: 'authenticated.logout.confirming',
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: 'S14 a failed logout keeps the dialog open with the error',
    },
  ],
};
