import { isLang } from './constants';
import { ONBOARDING_PAGES } from './public-pages.rules';
import { AUTH_PAGES } from './routes.rules';

/**
 * The pages of spec 2 as route patterns under `/{lang}` (wouter's: `:name` one segment, `*?` anything or nothing
 * after the slash). One list for the SPA and the server: src/app/routes.tsx gives each signed-in pattern its view
 * (its table is typed by this list, so a page cannot exist in one and not the other), and server/static.ts answers
 * a path that is none of them with the not-found page and HTTP 404 (docs/decisions.md OBS6). Order matters where two
 * patterns overlap (`/orders/preorders` before `/orders/:id`), as in the route table.
 */
export const SIGNED_IN_PAGES = [
  '/profile',
  // the company's employee list, opened from the profile's employees widget (docs/decisions.md EM2)
  '/profile/employees',
  '/details',
  '/settings',
  '/purchase',
  '/purchase/order',
  '/onlinee-sales',
  '/onlinee-sales/orders/:id',
  '/onlinee-sales/suspend-documents/:id',
  '/onlinee-sales/services-documents/:id',
  '/orders',
  // the staff list of pre-orders (NC11), before `/orders/:id` so it is not read as an order id
  '/orders/preorders',
  '/orders/:id',
  '/administration/search',
  '/administration/creation/:type',
  '/administration/editing',
  '/administration/edit-user/:id',
  '/agreement-registration',
  '/at39-registration',
  '/at39-registration/new',
  '/debt-control',
  // one route for the list and its checkout, so the numbers chosen on the list stay chosen (docs/decisions.md SV6)
  '/services/*?',
] as const;
export type SignedInPage = (typeof SIGNED_IN_PAGES)[number];

/** Addresses the shell sends on at once (`/{lang}/administration` → its search page). */
export const PAGE_REDIRECTS = { '/administration': '/administration/search' } as const;

/** Every pattern under `/{lang}` the SPA answers with a page: the language's own root (landing or login), the
 *  redirects, the Auth and public onboarding pages, the signed-in pages. */
function pagePatterns(): readonly string[] {
  return [
    '/',
    ...Object.keys(PAGE_REDIRECTS),
    ...AUTH_PAGES.map((p) => `/${p}`),
    ...ONBOARDING_PAGES.map((p) => `/${p}`),
    ...SIGNED_IN_PAGES,
  ];
}

/**
 * A route pattern as the router matches it (wouter's regexparam, `loose` off): case-insensitive, an optional
 * trailing slash, `:name` one non-empty segment, `*?` the rest of the path or nothing.
 */
function patternRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .filter((s) => s !== '')
    .map((s) => {
      if (s === '*?') return '(?:/(.*))?';
      if (s === '*') return '/(.*)';
      if (s.startsWith(':')) return '/([^/]+?)';
      return `/${s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${body}/?$`, 'i');
}

let compiled: readonly (readonly [string, RegExp])[] | undefined;

/**
 * The page pattern a browser address shows (`/ru/orders/12` → `/:lang/orders/:id`), or null when the SPA shows its
 * not-found page there: no language segment, an unknown one (spec 2: every path starts with ru or uz), or no route
 * under it. A query or fragment is ignored.
 */
export function pagePatternOf(pathname: string): string | null {
  const path = pathname.split(/[?#]/)[0] ?? '';
  const match = /^\/([^/]*)(\/.*)?$/.exec(path);
  if (!match || !isLang(match[1] ?? '')) return null;
  const rest = match[2] ?? '/';
  compiled ??= pagePatterns().map((p) => [p, patternRegExp(p)] as const);
  const hit = compiled.find(([, re]) => re.test(rest));
  return hit ? `/:lang${hit[0] === '/' ? '' : hit[0]}` : null;
}

/** Whether the SPA shows a page (not its not-found page) at this address; `/` itself redirects to `/ru` (spec 2). */
export function isPagePath(pathname: string): boolean {
  return pathname === '/' || pagePatternOf(pathname) !== null;
}
