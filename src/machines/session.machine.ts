import { assign, fromPromise, setup } from 'xstate';

/**
 * The signed-in user as the session machine needs it (spec 3 "User"). Minimal local shape for the skeleton: the
 * sign-in issue replaces it with the contract's user type.
 */
export interface SessionUser {
  readonly userName: string;
  /** Role codes (R000…R034); the first is the active one (spec 3). */
  readonly roles: readonly string[];
  /** Whether the user has a subscriber profile to load (GET profile). */
  readonly hasProfile: boolean;
}

/** The profile of the BAN or number the user works with (spec 3 "Profile"), minimal for the skeleton. */
export interface Profile {
  readonly ban: string;
  readonly sn: string;
  /** Account type code, e.g. 5, 15, 16, 20, 40. */
  readonly at: number;
  /** A and O active, S blocked, N terminated, T tentative. */
  readonly status: string;
}

/**
 * Session context. Small and enumerable on purpose: every value comes from an event payload, so the model's
 * state graph stays finite.
 */
export interface SessionContext {
  readonly user: SessionUser | null;
  readonly profile: Profile | null;
  /** Users listed for this session (administration search / managed accounts); filled by later workflows. */
  readonly users: readonly SessionUser[];
  /** The role the session works under; `null` until known. */
  readonly selectedRole: string | null;
  /** Error code of the last failed call (catalogue code such as `E009`, or `unknown`), never translated text. */
  readonly errorCode: string | null;
}

/**
 * Events of the session machine.
 * - `session.expired`: fact from the API client: a call answered E009 (session missing, closed or expired).
 *   Accepted in every state; resets user, users list and selected role (spec 4).
 * - `session.retry`: user intent after the session check failed for a reason other than E009.
 * - `profile.retry`: user intent after loading the profile failed.
 * - `user.loggedIn`: fact from the sign-in workflow: the server accepted the credentials and returned the user.
 * - `user.logout`: user intent to end the session (the confirm dialog and the logout call arrive with sign-in).
 */
export type SessionEvent =
  | { type: 'session.expired' }
  | { type: 'session.retry' }
  | { type: 'profile.retry' }
  | { type: 'user.loggedIn'; user: SessionUser }
  | { type: 'user.logout' };

/**
 * What every state carries for testers and views: `view` says what the screen shows in that state (asserted by view
 * path tests), `testId` is the `data-testid` of the element that shows it, when there is one.
 */
export interface StateMeta {
  readonly view: string;
  readonly testId?: string;
}

/** Tags: `busy` while a call runs, `error` while a failure is shown. */
export type SessionTag = 'busy' | 'error';

/** The catalogue code meaning "no session" (spec 8). */
export const NO_SESSION_CODE = 'E009';

/** Reads the catalogue code of a rejected call; anything without a string `code` is `unknown`. */
export function errorCodeOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return 'unknown';
}

function notProvided(name: string): never {
  throw new Error(`actor ${name} is filled in at the composition root with machine.provide({ actors })`);
}

const resetSession = {
  user: null,
  profile: null,
  users: [],
  selectedRole: null,
  errorCode: null,
} as const satisfies SessionContext;

/**
 * Session skeleton: checks the server session on start, then rests signed out (`anonymous`, `expired`) or signed
 * in (`authenticated`, loading the profile first when the user has one).
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
    fetchSession: fromPromise<SessionUser | null>(async () => notProvided('fetchSession')),
    /** GET profile. */
    fetchProfile: fromPromise<Profile>(async () => notProvided('fetchProfile')),
  },
  guards: {
    hasUser: (_, params: { user: SessionUser | null }) => params.user !== null,
    isSessionMissing: (_, params: { error: unknown }) => errorCodeOf(params.error) === NO_SESSION_CODE,
    hasProfile: ({ context }) => context.user?.hasProfile === true,
  },
  actions: {
    assignUser: assign((_, params: { user: SessionUser | null }) => ({
      user: params.user,
      selectedRole: params.user?.roles[0] ?? null,
      errorCode: null,
    })),
    assignProfile: assign((_, params: { profile: Profile }) => ({ profile: params.profile, errorCode: null })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCodeOf(params.error) })),
    clearError: assign({ errorCode: null }),
    resetSession: assign(() => resetSession),
  },
}).createMachine({
  id: 'session',
  description: 'Who is signed in: the server session, the user and the profile the portal works with.',
  context: resetSession,
  initial: 'checkingSession',
  on: {
    'session.expired': { target: '.expired', actions: 'resetSession' },
  },
  states: {
    checkingSession: {
      description: 'Asks the server whether a session exists (GET user/).',
      meta: { view: 'loading overlay', testId: 'session-checking' },
      tags: ['busy'],
      invoke: {
        id: 'fetchSession',
        src: 'fetchSession',
        onDone: [
          {
            guard: { type: 'hasUser', params: ({ event }) => ({ user: event.output }) },
            target: 'authenticated',
            actions: { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
          },
          { target: 'anonymous' },
        ],
        onError: [
          {
            guard: { type: 'isSessionMissing', params: ({ event }) => ({ error: event.error }) },
            target: 'anonymous',
          },
          {
            target: 'failed',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
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
    anonymous: {
      description: 'Nobody is signed in: public pages and the sign-in forms.',
      meta: { view: 'public pages (login, new-client, new-numbers)', testId: 'session-anonymous' },
      on: {
        'user.loggedIn': {
          target: 'authenticated',
          actions: { type: 'assignUser', params: ({ event }) => ({ user: event.user }) },
        },
      },
    },
    expired: {
      description:
        'The server reported E009: user, users list and selected role were reset. Signed out like anonymous; the ' +
        'shell closes overlays and the route guard sends the user to login.',
      meta: { view: 'login page, overlays closed', testId: 'session-expired' },
      on: {
        'user.loggedIn': {
          target: 'authenticated',
          actions: { type: 'assignUser', params: ({ event }) => ({ user: event.user }) },
        },
      },
    },
    authenticated: {
      description: 'A user is signed in.',
      meta: { view: 'portal layout (header, sidebar, main area)', testId: 'session-authenticated' },
      initial: 'starting',
      on: {
        'user.logout': { target: 'anonymous', actions: 'resetSession' },
      },
      states: {
        starting: {
          description: 'Transient: loads the profile first when the user has one.',
          meta: { view: 'nothing (transient, never rendered)' },
          always: [{ guard: 'hasProfile', target: 'loadingProfile' }, { target: 'ready' }],
        },
        loadingProfile: {
          description: 'Loads the profile of the signed-in user (GET profile).',
          meta: { view: 'loading overlay over the layout', testId: 'session-loading-profile' },
          tags: ['busy'],
          invoke: {
            id: 'fetchProfile',
            src: 'fetchProfile',
            onDone: {
              target: 'ready',
              actions: { type: 'assignProfile', params: ({ event }) => ({ profile: event.output }) },
            },
            onError: [
              {
                guard: { type: 'isSessionMissing', params: ({ event }) => ({ error: event.error }) },
                target: '#session.expired',
                actions: 'resetSession',
              },
              {
                target: 'profileFailed',
                actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        profileFailed: {
          description: 'Loading the profile failed for a reason other than E009; the user may retry.',
          meta: { view: 'error message with a retry button in the main area', testId: 'session-profile-failed' },
          tags: ['error'],
          on: {
            'profile.retry': { target: 'loadingProfile', actions: 'clearError' },
          },
        },
        ready: {
          description: 'Signed in, profile loaded when there is one: the pages render.',
          meta: { view: 'the requested page', testId: 'session-ready' },
        },
      },
    },
  },
});

/** The session machine's type, for selectors and tests. */
export type SessionMachine = typeof sessionMachine;
