import { BAN_TYPE_ACCOUNTS } from './constants';

/** Who may open a route (spec 2 'Guard'). */
export interface RouteAccess {
  /** Auth pages, new-client and new-numbers are public; every other route needs an authenticated state. */
  public: boolean;
  /** blocked for a user whose account type is ban-type (5, 15, 40) */
  banExclude?: boolean;
}

export type GuardDecision = 'allow' | 'login' | 'landing';

/**
 * The route guard of spec 2: 'every route except Auth, new-client and new-numbers needs an authenticated state,
 * otherwise redirect to login in the stored locale. A route flagged banExclude is blocked for a user whose account
 * type is ban-type (5, 15, 40).' A blocked route sends the user to their landing page (docs/decisions.md).
 */
export function guardRoute(
  route: RouteAccess,
  session: { authenticated: boolean; accountType: number | null | undefined },
): GuardDecision {
  if (route.public) return 'allow';
  if (!session.authenticated) return 'login';
  if (route.banExclude && (BAN_TYPE_ACCOUNTS as readonly number[]).includes(session.accountType ?? -1))
    return 'landing';
  return 'allow';
}

/** The Auth route's `type` segment (spec 2). */
export const AUTH_PAGES = ['login', 'check', 'register', 'forgot', 'restore'] as const;
export type AuthPage = (typeof AUTH_PAGES)[number];
export function isAuthPage(s: string | undefined): s is AuthPage {
  return (AUTH_PAGES as readonly string[]).includes(s ?? '');
}
