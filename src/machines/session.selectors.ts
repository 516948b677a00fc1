import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { LANDING_PATHS, landingRoute } from '@/domain/landing.rules';
import type { UserFacts } from '@/domain/roles.rules';
import { effectiveRoles } from '@/domain/roles.rules';
import { routeAccess } from '@/domain/routes.rules';
import type { Profile, User } from '@/services/contract/session.contract';
import type { AuthFlowMachine } from './auth-flow.machine';
import { LANDING, type SessionContext, type SessionMachine } from './session.machine';
import { statePathOf, viewsOf } from './state-path';

/** A snapshot of the session machine, as `useSelector` hands it to a selector. */
export type SessionSnapshot = SnapshotFrom<SessionMachine>;

/** Dotted path(s) of the active leaves, e.g. `authenticated.main.ready authenticated.logout.idle` (`data-state`). */
export const selectStatePath = (s: SessionSnapshot): string => statePathOf(s.value);

/** `meta.view` of the active leaf states: what the screen shows now (see StateMeta). */
export const selectViews = (s: SessionSnapshot): string[] => viewsOf(s, 'session');

/** The session user (contract `User`), or null when signed out. */
export const selectUser = (s: SessionSnapshot): User | null => s.context.user;
/** The profile in view (contract `Profile`): the user's own or the impersonated one; null for staff. */
export const selectProfile = (s: SessionSnapshot): Profile | null => s.context.profile;
/** The role the session works under (null until known or chosen). */
export const selectSelectedRole = (s: SessionSnapshot): string | null => s.context.selectedRole;
export const selectErrorCode = (s: SessionSnapshot): string | null => s.context.errorCode;

/** Signed in (spec 4 "Auth state true"): the route guard lets auth routes through. */
/** The saved session is being checked (first load): the shell and the Auth page wait. */
export const selectIsCheckingSession = (s: SessionSnapshot): boolean => s.matches('checkingSession');
export const selectIsAuthenticated = (s: SessionSnapshot): boolean => s.matches('authenticated');
/** Signed out, whether never signed in, logged out or after expiry: the route guard redirects to login. */
export const selectIsSignedOut = (s: SessionSnapshot): boolean => s.matches('signedOut');
/** The session ended with E009: overlays are closed, the login page says so. */
export const selectIsExpired = (s: SessionSnapshot): boolean => s.matches({ signedOut: 'expired' });
/** A call is running: the loading overlay ('Подождите') shows. */
export const selectIsBusy = (s: SessionSnapshot): boolean => s.hasTag('busy');
/** A failure with a retry is shown. */
export const selectHasError = (s: SessionSnapshot): boolean => s.hasTag('error');
/** The session check failed (not E009): an error with a retry button replaces the page. */
export const selectIsSessionFailed = (s: SessionSnapshot): boolean => s.matches('failed');
/** Loading the profile failed: an error with a retry button replaces the page. */
export const selectIsProfileFailed = (s: SessionSnapshot): boolean =>
  s.matches({ authenticated: { main: 'profileFailed' } });
/** Signed in and settled, with nothing to do first. */
export const selectIsReady = (s: SessionSnapshot): boolean => s.matches({ authenticated: { main: 'ready' } });
/** The role picker is open (choosing, or saving the choice). */
export const selectIsChoosingRole = (s: SessionSnapshot): boolean =>
  s.matches({ authenticated: { main: 'choosingRole' } }) ||
  s.matches({ authenticated: { main: 'savingRole' } });
/** The role is being saved (picker buttons disabled). */
export const selectIsSavingRole = (s: SessionSnapshot): boolean =>
  s.matches({ authenticated: { main: 'savingRole' } });
/** A curator or subscriber must change the password: every page but Settings redirects to Settings. */
export const selectIsPasswordChangeForced = (s: SessionSnapshot): boolean =>
  s.matches({ authenticated: { main: 'forcedPasswordChange' } });
/** The session is settled (role and profile known): protected pages may render. */
export const selectIsSettled = (s: SessionSnapshot): boolean =>
  s.matches({ authenticated: { main: 'ready' } }) ||
  s.matches({ authenticated: { main: 'forcedPasswordChange' } }) ||
  s.matches({ authenticated: { main: 'refreshing' } });
/** The user (and profile) are being read again: what is known of the user may be about to change. */
export const selectIsRefreshing = (s: SessionSnapshot): boolean =>
  s.matches({ authenticated: { main: 'refreshing' } });
/** The logout confirm dialog is open (asking, or logging out). */
export const selectIsConfirmingLogout = (s: SessionSnapshot): boolean =>
  s.matches({ authenticated: { logout: 'confirming' } }) ||
  s.matches({ authenticated: { logout: 'loggingOut' } });
/** POST user/logout runs. */
export const selectIsLoggingOut = (s: SessionSnapshot): boolean =>
  s.matches({ authenticated: { logout: 'loggingOut' } });
/** The user's roles, for the role picker (server order). */
export const selectRoles = (s: SessionSnapshot): readonly string[] => s.context.user?.roles ?? [];

/** The Auth flow (child chart) while signed out, for the Auth pages; undefined otherwise. */
export const selectAuthFlow = (s: SessionSnapshot): ActorRefFrom<AuthFlowMachine> | undefined =>
  s.children.authFlow as ActorRefFrom<AuthFlowMachine> | undefined;

const factsCache = new WeakMap<SessionContext, UserFacts>();

/**
 * The facts the domain rules read, from the contract User and Profile (once per context object, so `useSelector`
 * sees a stable reference):
 * - roles: the user's roles with the session's selected role first (spec 6 "The first role in the list decides");
 * - forceChangePassword: `force_change_password`;
 * - profile: `at`, `can_buy_number`, `employee_data` present, `fin_data.budget`, `status`;
 * - banSelected: `backToHeadBan` (an administrator is viewing a subscriber's BAN, with the way back).
 * Null while nobody is signed in.
 */
export function selectUserFacts(s: SessionSnapshot): UserFacts | null {
  const { user, profile } = s.context;
  if (!user || !s.matches('authenticated')) return null;
  const hit = factsCache.get(s.context);
  if (hit) return hit;
  const facts: UserFacts = {
    roles: effectiveRoles(user.roles, s.context.selectedRole),
    forceChangePassword: user.force_change_password === true,
    profile: profile
      ? {
          at: profile.at,
          canBuyNumber: profile.can_buy_number === true,
          hasEmployeeData: profile.employee_data != null,
          budget: profile.fin_data?.budget ?? null,
          status: profile.status ?? null,
        }
      : null,
    banSelected: user.backToHeadBan === true,
    ...(s.context.features === null ? {} : { features: new Set(s.context.features) }),
  };
  factsCache.set(s.context, facts);
  return facts;
}

/** The landing page path under `/{lang}/` (spec 2 "After login"), e.g. `orders`; null while signed out. */
export function selectLandingPath(s: SessionSnapshot): string | null {
  const facts = selectUserFacts(s);
  return facts ? LANDING_PATHS[landingRoute(facts)] : null;
}

/**
 * Whether a remembered path (e.g. `/settings`, `/orders/5`) is open to the user, by the one route-access policy
 * (`routeAccess`); anything else sends to the landing page.
 */
export function isPathOpenTo(facts: UserFacts, path: string): boolean {
  return routeAccess(path, facts) === 'allow';
}

/**
 * Where the router must go now, as a path under `/{lang}/` without the leading slash (e.g. `settings`,
 * `orders/5?x=1`), or null to stay. Only once the session is settled: a forced password change goes to Settings;
 * `landing` (after sign-in) to the landing page of spec 2; a remembered path to itself when it is open to the user,
 * else to the landing page.
 */
export function selectDestinationPath(s: SessionSnapshot): string | null {
  const destination = s.context.destination;
  if (destination === null) return null;
  const forced = selectIsPasswordChangeForced(s);
  if (!forced && !selectIsReady(s)) return null;
  const facts = selectUserFacts(s);
  if (!facts) return null;
  if (forced) return LANDING_PATHS.settings;
  if (destination !== LANDING && isPathOpenTo(facts, destination)) return destination.replace(/^\/+/, '');
  return LANDING_PATHS[landingRoute(facts)];
}
