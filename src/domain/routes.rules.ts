import { offers } from './capabilities.rules';
import { NAV_PATHS, type NavKey, visibleNav } from './navigation.rules';
import { ONBOARDING_PAGES } from './public-pages.rules';
import { activeRole, isBanTypeAccount, roleGroup, type UserFacts, userConfig } from './roles.rules';

/**
 * The one route-access policy of the portal: the shell's guard (a direct navigation), the redirect after sign-in (a
 * remembered page) and the reference server ask this function, so the same URL gets the same answer everywhere.
 */
export type GuardDecision = 'allow' | 'login' | 'landing';

/** The Auth route's `type` segment (spec 2). */
export const AUTH_PAGES = ['login', 'check', 'register', 'forgot', 'restore'] as const;
export type AuthPage = (typeof AUTH_PAGES)[number];
export function isAuthPage(s: string | undefined): s is AuthPage {
  return (AUTH_PAGES as readonly string[]).includes(s ?? '');
}

/** First segments of the public routes (spec 2: Auth, new-client and new-numbers). */
const PUBLIC_SEGMENTS: ReadonlySet<string> = new Set<string>([...AUTH_PAGES, ...ONBOARDING_PAGES]);

/** First segments of the routes flagged banExclude (docs/decisions.md "Which routes are banExclude"). */
const BAN_EXCLUDED_SEGMENTS: ReadonlySet<string> = new Set(['services']);

const NAV_BY_SEGMENT = new Map<string, NavKey>(
  (Object.entries(NAV_PATHS) as [NavKey, string][]).map(([key, path]) => [path, key]),
);

function firstSegment(path: string): string {
  return path.replace(/^\/+/, '').split(/[/?#]/)[0] ?? '';
}

/** The list's place under `/{lang}` (EM2). */
export const EMPLOYEE_LIST_PATH = `/${NAV_PATHS.profile}/employees`;
/** That path as `routeAccess` is asked it: with or without the leading slash, a query or a fragment. */
export const EMPLOYEE_LIST_ROUTE = /^\/*profile\/employees\/?(?:[?#]|$)/;

/**
 * Who opens the list (EM2): exactly who is shown the widget's "Открыть список сотрудников" — a signed-in user with
 * the profile page and its widgets, not a subscriber, whose profile in view is a company with employee data (the
 * dispatcher flag; a number's profile has none).
 */
export function mayOpenEmployeeList(facts: UserFacts): boolean {
  const config = userConfig(facts);
  return (
    visibleNav(facts).includes('profile') &&
    config.widgets &&
    config.dispatcher &&
    roleGroup(activeRole(facts.roles) ?? '') !== 'subscriber' &&
    offers(facts, 'employees')
  );
}

/**
 * PRC4: who changes the recovery contacts of a company's accounts — the company's key owner: active role R007, with
 * the company's profile in view and no BAN selected by staff (impersonation never). The server also asks that the
 * profile be the user's own company profile; the signature (the company's key, checked by TIN on the server) is what
 * authorises each change, the role only opens the page. Here, beside the route it opens, so the login page's
 * guard reads it without the contact rules (docs/decisions.md PRC6).
 */
export function mayChangeRecoveryContacts(f: UserFacts): boolean {
  return (
    activeRole(f.roles) === 'R007' && f.profile !== null && !f.banSelected && offers(f, 'recoveryContacts')
  );
}

/** The page of the key owner's contact changes, under `/{lang}` (PRC6). */
export const RECOVERY_CONTACTS_PATH = '/settings/users';
/** That path as `routeAccess` is asked it: with or without the leading slash, a query or a fragment. */
export const RECOVERY_CONTACTS_ROUTE = /^\/*settings\/users\/?(?:[?#]|$)/;

/**
 * Who reads a company's record offered by capability `cap` (its activity log AL6, its planned blocks and restores
 * SP4): its curator (R004) and key owner (R007) in their own account, and staff whose role has spec 6's `search` flag
 * for the company in view.
 */
export function readsCompany(f: UserFacts, cap: 'activityLog' | 'scheduledActions'): boolean {
  if (!offers(f, cap) || f.profile === null) return false;
  if (f.banSelected) return userConfig(f).search;
  const role = activeRole(f.roles);
  return role === 'R004' || role === 'R007';
}

/** The log's page under `/{lang}` (AL6). */
export const ACTIVITY_LOG_PATH = `/${NAV_PATHS.profile}/activity`;
/** That path as `routeAccess` is asked it: with or without the leading slash, a query or a fragment. */
export const ACTIVITY_LOG_ROUTE = /^\/*profile\/activity\/?(?:[?#]|$)/;

/** The company's planned blocks and restores under `/{lang}` (docs/decisions.md SP9); whom it opens: `mayReadPlans`. */
export const PLANS_PATH = `/${NAV_PATHS.profile}/plans`;
/** That path as `routeAccess` is asked it: with or without the leading slash, a query or a fragment. */
export const PLANS_ROUTE = /^\/*profile\/plans\/?(?:[?#]|$)/;

/** The staff's pre-order list as `routeAccess` is asked it (NC11), a page of the Orders section. */
const PREORDER_LIST_ROUTE = /^\/*orders\/preorders\/?(?:[?#]|$)/;

/** Whether a path under `/{lang}` (`/login`, `new-client/…`) is public (spec 2 'Guard'). */
export function isPublicPath(path: string): boolean {
  return PUBLIC_SEGMENTS.has(firstSegment(path));
}

/**
 * Who may open `path` (under `/{lang}`, e.g. `/orders/5`, `administration/search?q=x`), spec 2 'Guard' and spec 6:
 * - a public route: anyone ('allow');
 * - any other route while signed out: 'login' (redirect to login in the stored locale);
 * - signed in: the page of a navigation entry opens only when the entry is in the user's navigation (spec 6), the
 *   administration only when the config allows it, the employee list (`/profile/employees`) only for whom the
 *   profile's employees widget offers it (EM2), a banExclude route never for a ban-type account (5, 15, 40);
 *   otherwise 'landing' (the user's landing page, docs/decisions.md). A path no section owns is 'landing' (the shell shows the not-found page for an unknown URL
 *   before it asks; a remembered unknown path lands).
 */
export function routeAccess(path: string, facts: UserFacts | null): GuardDecision {
  const segment = firstSegment(path);
  if (PUBLIC_SEGMENTS.has(segment)) return 'allow';
  if (facts === null) return 'login';
  if (BAN_EXCLUDED_SEGMENTS.has(segment) && isBanTypeAccount(facts.profile?.at)) return 'landing';
  if (segment === 'administration') return userConfig(facts).administration ? 'allow' : 'landing';
  // the company's employee list opens for exactly who is shown the widget's button (docs/decisions.md EM2)
  if (EMPLOYEE_LIST_ROUTE.test(path)) return mayOpenEmployeeList(facts) ? 'allow' : 'landing';
  // the company's activity log (docs/decisions.md AL6)
  if (ACTIVITY_LOG_ROUTE.test(path)) return readsCompany(facts, 'activityLog') ? 'allow' : 'landing';
  // the company's planned blocks and restores (docs/decisions.md SP9)
  if (PLANS_ROUTE.test(path)) return readsCompany(facts, 'scheduledActions') ? 'allow' : 'landing';
  // the key owner's recovery contacts of the company's accounts (docs/decisions.md PRC6)
  if (RECOVERY_CONTACTS_ROUTE.test(path)) return mayChangeRecoveryContacts(facts) ? 'allow' : 'landing';
  // the pre-order list is the portal's own calls (CAP1): without them the rest of the Orders section stays
  if (PREORDER_LIST_ROUTE.test(path) && !offers(facts, 'preorderList')) return 'landing';
  const key = NAV_BY_SEGMENT.get(segment);
  if (key === undefined) return 'landing';
  return visibleNav(facts).includes(key) ? 'allow' : 'landing';
}

/** Answers the single sign-on hands back on the login page (`?sso=`): the flow failed, or none is configured. */
export type SsoNotice = 'failed' | 'unavailable';

/** The `?sso=` of a login address, when it is one the page explains. */
export function ssoNoticeOf(search: string): SsoNotice | null {
  const v = new URLSearchParams(search).get('sso');
  return v === 'failed' || v === 'unavailable' ? v : null;
}
