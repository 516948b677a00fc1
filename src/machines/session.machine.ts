import { assign, setup } from 'xstate';
import { effectiveRoles, mustChangePassword, roleChoice } from '@/domain/roles.rules';
import type { Profile, User } from '@/services/contract/session.contract';
import { SYSTEM_IDS, tellSystem } from './actor-system';
import { authFlowMachine } from './auth-flow.machine';
import { errorCodeOf, errorParams, isNoSessionError, unprovided } from './error-code';
import { viewedClientOf } from './impersonation.selectors';
import type { StateMeta } from './state-meta';

/**
 * Session context. Small and enumerable on purpose: every value comes from an event payload (a few fixed users and
 * profiles in the model tests), so the model's state graph stays finite.
 */
export interface SessionContext {
  /** the session user as the server sent it (`GET user/`, login, SMS code) */
  readonly user: User | null;
  /** `GET profile`: the profile in view (own, or the impersonated BAN's); null for staff */
  readonly profile: Profile | null;
  /** The role the session works under; it decides for the domain rules (spec 6 "The first role … decides"). */
  readonly selectedRole: string | null;
  /** The role being saved with POST v1/adfs/save-chosen-role. */
  readonly roleToSave: string | null;
  /** Error code of the last failed call (`E009`, `E130`, `network`, `unknown` …), never translated text. */
  readonly errorCode: string | null;
  /**
   * Where to go once the session settles: `landing` (the page of spec 2 "After login"), a path under `/{lang}`
   * remembered when a signed-out visitor was sent to login (after expiry: the page the user was on), or null (stay).
   */
  readonly destination: string | null;
  /**
   * The optional features the backend offers, as it listed them (`GET capabilities`, docs/decisions.md CAP1), or null
   * until it has been asked. About the backend, not the user: sign-out keeps it.
   */
  readonly features: readonly string[] | null;
}

/**
 * Events of the session machine.
 * - `session.expired`: fact from the API client, sent through the actor system: a call answered E009 (session
 *   missing, closed or expired; the server's idle time-out answers E009 too). Accepted in every state; resets the
 *   user, the profile and the selected role (the session keeps no users list: the administration search owns it).
 * - `session.retry`: user intent after the session check failed for a reason other than E009.
 * - `session.skipCheck`: user intent: the sign-in form was sent while the session check runs. The check is dropped
 *   and the Auth flow starts at once, so the sign-in call goes out without waiting for its answer: that call says
 *   itself who is signed in (docs/decisions.md LB16).
 * - `session.refresh`: fact from another workflow, sent through the actor system: the user or the profile in view
 *   changed on the server (impersonation started or ended, contact data saved, a number blocked or restored);
 *   re-reads the user and the profile.
 * - `profile.retry`: user intent after loading the profile failed.
 * - `role.choose`: user intent in the role picker: work under this role for the session.
 * - `password.changed`: fact from the Settings chart, sent through the actor system: the password was changed (a
 *   forced change ends).
 * - `logout.request` / `logout.cancel` / `logout.confirm`: the logout button and its confirm dialog.
 * - `route.denied`: fact from the route guard: a signed-out visitor asked for `path` and was sent to login.
 * - `route.reached`: fact from the router: the destination page is shown.
 */
export type SessionEvent =
  | { type: 'session.expired' }
  | { type: 'session.retry' }
  | { type: 'session.skipCheck' }
  | { type: 'session.refresh' }
  | { type: 'profile.retry' }
  | { type: 'role.choose'; role: string }
  | { type: 'password.changed' }
  | { type: 'logout.request' }
  | { type: 'logout.cancel' }
  | { type: 'logout.confirm' }
  | { type: 'route.denied'; path: string }
  | { type: 'route.reached' };

/** Tags: `busy` while a call runs (loading overlay 'Подождите'), `error` while a failure is shown. */
export type SessionTag = 'busy' | 'error';

/** The destination meaning "the landing page of spec 2". */
export const LANDING = 'landing';

/**
 * The role a user works under straight after the server answered: the role stored for this session when it is one
 * of theirs; otherwise the first role when no choice is needed (curator, subscriber, roleless); otherwise none yet.
 */
export function initialRole(user: User): string | null {
  const stored = user.chosenRole ?? null;
  if (stored !== null && user.roles.includes(stored)) return stored;
  return roleChoice(user.roles, stored) === 'none' ? (user.roles[0] ?? null) : null;
}

const resetSession = {
  user: null,
  profile: null,
  selectedRole: null,
  roleToSave: null,
  errorCode: null,
  destination: null,
} as const satisfies Omit<SessionContext, 'features'>;

/**
 * GET profile, the same call on the first load and on a reload (`session.refresh`): the profile is kept and the
 * signed-in main region decides again; E009 signs out as expired, another failure shows the profile's error with
 * Retry. A fresh config object for each state that invokes it.
 */
const loadProfile = () =>
  ({
    id: 'fetchProfile',
    src: 'fetchProfile',
    onDone: {
      target: '#session.authenticated.main.deciding',
      actions: [
        {
          type: 'assignProfile',
          params: ({ event }: { event: { output: Profile } }) => ({ profile: event.output }),
        },
        'syncImpersonation',
      ],
    },
    onError: [
      {
        guard: { type: 'isSessionMissing', params: errorParams },
        target: '#session.signedOut.expired',
        actions: ['resetSession', 'syncImpersonation'],
      },
      {
        target: '#session.authenticated.main.profileFailed',
        actions: { type: 'assignError', params: errorParams },
      },
    ],
  }) as const;

/**
 * The session: checks the server session on start; while signed out runs the Auth flow (child chart) until a session
 * opens; then settles the role (picker or automatic save), loads the profile, keeps a forced password change on
 * Settings, and offers logout behind a confirm dialog in a parallel region. E009 from anywhere resets to `expired`.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    meta: {} as StateMeta,
    tags: {} as SessionTag,
  },
  actors: {
    /** GET user/: the current session's user, or `null` when there is none. */
    fetchSession: unprovided<User | null>('fetchSession'),
    /** GET profile. */
    fetchProfile: unprovided<Profile>('fetchProfile'),
    /** POST v1/adfs/save-chosen-role, body `updatedValue` (E130, E133, E134). */
    saveChosenRole: unprovided<void, { role: string }>('saveChosenRole'),
    /** POST user/logout. */
    logOut: unprovided<void>('logOut'),
    /** GET capabilities: the optional features' names (a backend without the call answers none, CAP1). */
    fetchCapabilities: unprovided<readonly string[]>('fetchCapabilities'),
    /** The Auth pages (child chart): ends with the user when a session opens. */
    authFlow: authFlowMachine,
  },
  guards: {
    hasUser: (_, params: { user: User | null }) => params.user !== null,
    isSessionMissing: (_, params: { error: unknown }) => isNoSessionError(params.error),
    /** several roles and none chosen for this session yet: the role picker (spec 4) */
    needsRoleChoice: ({ context }) =>
      context.user !== null &&
      context.selectedRole === null &&
      roleChoice(context.user.roles, context.user.chosenRole) === 'modal',
    /** one role, stored role missing or stale: it is saved without asking (spec 4) */
    needsRoleSave: ({ context }) =>
      context.user !== null &&
      context.selectedRole === null &&
      roleChoice(context.user.roles, context.user.chosenRole) === 'autoSave',
    /** the user has a profile that is not loaded yet */
    needsProfile: ({ context }) => context.user?.profile != null && context.profile === null,
    /** spec 2: "Forced password change (role R004 or R001 with the flag)" */
    isPasswordChangeForced: ({ context }) =>
      context.user !== null &&
      mustChangePassword({
        roles: effectiveRoles(context.user.roles, context.selectedRole),
        forceChangePassword: context.user.force_change_password === true,
      }),
    userHasProfile: (_, params: { user: User }) => params.user.profile != null,
    /** the backend has not been asked what it offers yet (once per visit, CAP1) */
    needsCapabilities: ({ context }) => context.features === null,
  },
  actions: {
    /** a user from the server: the role follows the stored choice; the profile is (re)loaded when needed */
    assignUser: assign((_, params: { user: User }) => ({
      user: params.user,
      selectedRole: initialRole(params.user),
      roleToSave: null,
      errorCode: null,
    })),
    /** a refreshed user keeps the profile on screen until the new one arrives; a user without one has none */
    assignRefreshedUser: assign(({ context }, params: { user: User }) => ({
      user: params.user,
      profile: params.user.profile != null ? context.profile : null,
      selectedRole: initialRole(params.user),
      roleToSave: null,
      errorCode: null,
    })),
    assignProfile: assign((_, params: { profile: Profile }) => ({
      profile: params.profile,
      errorCode: null,
    })),
    assignFeatures: assign((_, params: { features: readonly string[] }) => ({
      features: params.features,
      errorCode: null,
    })),
    assignRoleToSave: assign((_, params: { role: string | null }) => ({ roleToSave: params.role })),
    assignSavedRole: assign(({ context }) => ({
      selectedRole: context.roleToSave,
      roleToSave: null,
      errorCode: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCodeOf(params.error) })),
    clearError: assign({ errorCode: null }),
    /** after sign-in: the remembered page, else the landing page */
    assignSignInDestination: assign(({ context }) => ({ destination: context.destination ?? LANDING })),
    assignLandingDestination: assign({ destination: LANDING }),
    assignDeniedPath: assign((_, params: { path: string }) => ({ destination: params.path })),
    clearDestination: assign({ destination: null }),
    resetSession: assign(() => resetSession),
    /** Tells the impersonation chart whom the session now views (the server's back-to-head flag on the user). */
    syncImpersonation: tellSystem<SessionContext>(SYSTEM_IDS.impersonation, (context) => ({
      type: 'session.synced',
      client: viewedClientOf(context.user, context.profile),
    })),
    /** Drops the drafts of typed form data (explicit logout only; expiry keeps them). Filled in at the composition
     *  root with the draft store. */
    forgetDrafts: () => {},
  },
}).createMachine({
  id: 'session',
  description:
    'Who is signed in: the server session, the Auth pages, role choice, profile, forced password change, logout ' +
    'and expiry.',
  context: { ...resetSession, features: null },
  initial: 'checkingSession',
  on: {
    'session.expired': { target: '.signedOut.expired', actions: ['resetSession', 'syncImpersonation'] },
  },
  states: {
    checkingSession: {
      description: 'Asks the server whether a session exists (GET user/).',
      meta: { view: 'loading overlay', testId: 'loading-overlay' },
      tags: ['busy'],
      on: {
        // the sign-in form is sent before the check answered: the sign-in call says who is signed in (LB16)
        'session.skipCheck': { target: 'signedOut' },
      },
      invoke: {
        id: 'fetchSession',
        src: 'fetchSession',
        onDone: [
          {
            guard: { type: 'hasUser', params: ({ event }) => ({ user: event.output }) },
            target: 'authenticated',
            actions: [
              { type: 'assignUser', params: ({ event }) => ({ user: event.output as User }) },
              'syncImpersonation',
            ],
          },
          { target: 'signedOut' },
        ],
        onError: [
          {
            guard: { type: 'isSessionMissing', params: errorParams },
            target: 'signedOut',
          },
          {
            target: 'failed',
            actions: { type: 'assignError', params: errorParams },
          },
        ],
      },
    },
    failed: {
      description: 'The session check failed for a reason other than "no session"; the user may retry.',
      meta: { view: 'error message with a retry button', testId: 'session-failed' },
      tags: ['error'],
      on: {
        'session.retry': { target: 'checkingSession', actions: 'clearError' },
      },
    },
    signedOut: {
      description:
        'Nobody is signed in: public pages and the Auth pages, whose flow (child chart) runs until a session opens.',
      meta: { view: 'signed-out header; public pages and the Auth pages', testId: 'header-signed-out' },
      initial: 'anonymous',
      invoke: {
        id: 'authFlow',
        src: 'authFlow',
        onDone: {
          target: 'authenticated',
          actions: [
            { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
            'assignSignInDestination',
            'syncImpersonation',
          ],
        },
        // the flow itself broke (a programming error, not a refused login): show it with a retry, do not crash
        onError: {
          target: 'failed',
          actions: { type: 'assignError', params: errorParams },
        },
      },
      on: {
        'route.denied': {
          actions: { type: 'assignDeniedPath', params: ({ event }) => ({ path: event.path }) },
        },
      },
      states: {
        anonymous: {
          description: 'Never signed in, or logged out.',
          meta: { view: 'signed-out header; login page for auth routes', testId: 'header-signed-out' },
        },
        expired: {
          description:
            'The server reported E009: user, profile and selected role were reset and every overlay closed. ' +
            'The login page says so; typed form data is kept for after the next sign-in.',
          meta: { view: 'login page with the "session expired" notice', testId: 'session-expired' },
        },
      },
    },
    authenticated: {
      description: 'A user is signed in: the start-up steps, then the pages; logout in its own region.',
      meta: { view: 'signed-in header (user, role, logout)', testId: 'header-signed-in' },
      type: 'parallel',
      on: {
        'route.reached': { actions: 'clearDestination' },
      },
      states: {
        main: {
          description: 'Role, profile and forced password change, in this order, then the pages.',
          meta: { view: 'the main area' },
          initial: 'deciding',
          states: {
            deciding: {
              description: 'Transient: picks the next start-up step from what is known.',
              meta: { view: 'nothing (transient, never rendered)' },
              always: [
                { guard: 'needsRoleChoice', target: 'choosingRole' },
                {
                  guard: 'needsRoleSave',
                  target: 'savingRole',
                  actions: {
                    type: 'assignRoleToSave',
                    params: ({ context }) => ({ role: context.user?.roles[0] ?? null }),
                  },
                },
                { guard: 'needsProfile', target: 'loadingProfile' },
                { guard: 'needsCapabilities', target: 'loadingCapabilities' },
                { guard: 'isPasswordChangeForced', target: 'forcedPasswordChange' },
                { target: 'ready' },
              ],
            },
            choosingRole: {
              description:
                "The non-dismissable role picker 'Выберите роль для входа' lists the user's roles; the last error " +
                '(E130, E133, E134) is shown. No page is shown until a role is chosen.',
              meta: { view: 'role picker dialog, no page behind it', testId: 'role-picker' },
              on: {
                'role.choose': {
                  target: 'savingRole',
                  actions: [
                    { type: 'assignRoleToSave', params: ({ event }) => ({ role: event.role }) },
                    'clearError',
                  ],
                },
              },
            },
            savingRole: {
              description:
                'POST v1/adfs/save-chosen-role (chosen in the picker, or the only role saved by itself).',
              meta: { view: 'role picker dialog, buttons disabled (pending)', testId: 'role-picker' },
              tags: ['busy'],
              invoke: {
                id: 'saveChosenRole',
                src: 'saveChosenRole',
                input: ({ context }) => ({ role: context.roleToSave ?? '' }),
                onDone: { target: 'deciding', actions: 'assignSavedRole' },
                onError: [
                  {
                    guard: { type: 'isSessionMissing', params: errorParams },
                    target: '#session.signedOut.expired',
                    actions: ['resetSession', 'syncImpersonation'],
                  },
                  {
                    target: 'choosingRole',
                    actions: { type: 'assignError', params: errorParams },
                  },
                ],
              },
            },
            loadingProfile: {
              description: 'Loads the profile of the signed-in user (GET profile).',
              meta: { view: 'loading overlay, no page yet', testId: 'loading-overlay' },
              tags: ['busy'],
              invoke: loadProfile(),
            },
            loadingCapabilities: {
              description:
                'Asks the backend once which optional features it offers (GET capabilities, CAP1); the menu and the ' +
                'route policy hide the rest. A backend without the call offers none (the services turn its answer ' +
                'into an empty list); a call that could not be made is retried like the profile.',
              meta: { view: 'loading overlay, no page yet', testId: 'loading-overlay' },
              tags: ['busy'],
              invoke: {
                id: 'fetchCapabilities',
                src: 'fetchCapabilities',
                onDone: {
                  target: 'deciding',
                  actions: { type: 'assignFeatures', params: ({ event }) => ({ features: event.output }) },
                },
                onError: {
                  target: 'profileFailed',
                  actions: { type: 'assignError', params: errorParams },
                },
              },
            },
            profileFailed: {
              description:
                'Loading the profile (or asking the backend what it offers) failed for a reason other than E009; the ' +
                'user may retry.',
              meta: {
                view: 'error message with a retry button in the main area',
                testId: 'session-profile-failed',
              },
              tags: ['error'],
              on: {
                'profile.retry': { target: 'loadingProfile', actions: 'clearError' },
              },
            },
            forcedPasswordChange: {
              description:
                'A curator or subscriber must change the password: only Settings in the navigation, every other ' +
                'page redirects to Settings, the password tab is open.',
              meta: { view: 'Settings page only, password tab', testId: 'sidebar' },
              on: {
                'password.changed': { target: 'refreshing', actions: 'assignLandingDestination' },
              },
            },
            ready: {
              description: 'Signed in and settled: the pages render.',
              meta: { view: 'the requested page', testId: 'sidebar' },
              on: {
                'session.refresh': { target: 'refreshing' },
              },
            },
            refreshing: {
              description: 'Re-reads the user, then the profile; the page stays under the loading overlay.',
              meta: { view: 'the page under the loading overlay', testId: 'loading-overlay' },
              tags: ['busy'],
              initial: 'user',
              states: {
                user: {
                  description: 'GET user/ again.',
                  meta: { view: 'the page under the loading overlay', testId: 'loading-overlay' },
                  invoke: {
                    id: 'fetchSession',
                    src: 'fetchSession',
                    onDone: [
                      {
                        guard: { type: 'hasUser', params: ({ event }) => ({ user: event.output }) },
                        target: 'profile',
                        actions: [
                          {
                            type: 'assignRefreshedUser',
                            params: ({ event }) => ({ user: event.output as User }),
                          },
                          'syncImpersonation',
                        ],
                      },
                      {
                        target: '#session.signedOut.expired',
                        actions: ['resetSession', 'syncImpersonation'],
                      },
                    ],
                    onError: [
                      {
                        guard: { type: 'isSessionMissing', params: errorParams },
                        target: '#session.signedOut.expired',
                        actions: ['resetSession', 'syncImpersonation'],
                      },
                      {
                        target: '#session.failed',
                        actions: { type: 'assignError', params: errorParams },
                      },
                    ],
                  },
                },
                profile: {
                  description: 'Transient: GET profile again only when the user has one.',
                  meta: { view: 'nothing (transient, never rendered)' },
                  always: [
                    {
                      guard: {
                        type: 'userHasProfile',
                        params: ({ context }) => ({ user: context.user as User }),
                      },
                      target: 'loadingProfile',
                    },
                    { target: '#session.authenticated.main.deciding' },
                  ],
                },
                loadingProfile: {
                  description: 'GET profile again.',
                  meta: { view: 'the page under the loading overlay', testId: 'loading-overlay' },
                  invoke: loadProfile(),
                },
              },
            },
          },
        },
        logout: {
          description: "Logout behind the confirm 'Вы действительно хотите выйти?'.",
          meta: { view: 'the logout button' },
          initial: 'idle',
          states: {
            idle: {
              description: 'No logout asked.',
              meta: { view: 'logout button in the header', testId: 'logout' },
              on: { 'logout.request': 'confirming' },
            },
            confirming: {
              description:
                "The confirm dialog 'Вы действительно хотите выйти?' (with the last logout error, if any).",
              meta: { view: 'logout confirm dialog', testId: 'logout-confirm' },
              on: {
                'logout.cancel': { target: 'idle', actions: 'clearError' },
                'logout.confirm': { target: 'loggingOut', actions: 'clearError' },
              },
            },
            loggingOut: {
              description: 'POST user/logout runs.',
              meta: { view: 'logout confirm dialog, buttons disabled (pending)', testId: 'logout-confirm' },
              tags: ['busy'],
              invoke: {
                id: 'logOut',
                src: 'logOut',
                onDone: {
                  target: '#session.signedOut.anonymous',
                  actions: ['resetSession', 'forgetDrafts', 'syncImpersonation'],
                },
                onError: [
                  {
                    guard: { type: 'isSessionMissing', params: errorParams },
                    target: '#session.signedOut.anonymous',
                    actions: ['resetSession', 'forgetDrafts', 'syncImpersonation'],
                  },
                  {
                    target: 'confirming',
                    actions: { type: 'assignError', params: errorParams },
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
});

/** The session machine's type, for selectors and tests. */
export type SessionMachine = typeof sessionMachine;
