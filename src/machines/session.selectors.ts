import type { SnapshotFrom, StateValue } from 'xstate';
import type { Profile, SessionMachine, SessionUser } from './session.machine';

/** A snapshot of the session machine, as `useSelector` hands it to a selector. */
export type SessionSnapshot = SnapshotFrom<SessionMachine>;

/**
 * The dotted path(s) of the active leaf states, e.g. `authenticated.ready`; parallel regions are joined by a space.
 * Views put it in `data-state` so tests can assert the state without reading text.
 */
export function statePathOf(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => {
      const inner = child === undefined ? '' : statePathOf(child);
      if (inner === '') return key;
      return inner.split(' ').map((leaf) => `${key}.${leaf}`).join(' ');
    })
    .join(' ');
}

export const selectStatePath = (s: SessionSnapshot): string => statePathOf(s.value);

/** `meta.view` of the active leaf states: what the screen shows now (see StateMeta). */
export const selectViews = (s: SessionSnapshot): string[] => {
  const meta = s.getMeta() as Record<string, { view?: string } | undefined>;
  return statePathOf(s.value)
    .split(' ')
    .map((path) => meta[`session.${path}`]?.view)
    .filter((view): view is string => view !== undefined);
};

export const selectUser = (s: SessionSnapshot): SessionUser | null => s.context.user;
export const selectProfile = (s: SessionSnapshot): Profile | null => s.context.profile;
export const selectSelectedRole = (s: SessionSnapshot): string | null => s.context.selectedRole;
export const selectErrorCode = (s: SessionSnapshot): string | null => s.context.errorCode;

/** Signed in (spec 4 "Auth state true"): the route guard lets auth routes through. */
export const selectIsAuthenticated = (s: SessionSnapshot): boolean => s.matches('authenticated');
/** Signed out, whether never signed in or after expiry: the route guard redirects to login. */
export const selectIsSignedOut = (s: SessionSnapshot): boolean => s.matches('anonymous') || s.matches('expired');
/** The session ended with E009: overlays close. */
export const selectIsExpired = (s: SessionSnapshot): boolean => s.matches('expired');
/** A call is running: the loading overlay ('Подождите') shows. */
export const selectIsBusy = (s: SessionSnapshot): boolean => s.hasTag('busy');
/** A failure with a retry is shown. */
export const selectHasError = (s: SessionSnapshot): boolean => s.hasTag('error');
/** The app may render pages (profile loaded when the user has one). */
export const selectIsReady = (s: SessionSnapshot): boolean => s.matches({ authenticated: 'ready' });
