import { isLang } from './constants';
import { PAGE_REDIRECTS, SIGNED_IN_PAGES } from './page-routes.rules';
import { ONBOARDING_PAGES } from './public-pages.rules';
import { AUTH_PAGES } from './routes.rules';

/*
 * Which page an address shows (docs/decisions.md OBS6, OBS9), from the lists of ./page-routes.rules.ts: the server's
 * 404 and the error reports' route pattern. A module of its own, so the first script (which holds the lists for the
 * route table) does not carry the matcher.
 */

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
