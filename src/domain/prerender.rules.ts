import { LANGS, type Lang } from './constants';
import type { OnboardingPage } from './public-pages.rules';
import type { AuthPage } from './routes.rules';

/**
 * The pages the build renders to HTML ahead of time (docs/decisions.md LB12): the Auth pages a visit starts on whose
 * first screen depends on nothing but the language — no query (`/restore?r=…`, `/login?sso=failed`) and no earlier
 * step (`/check` follows registration). The browser paints the form from the HTML and React hydrates it.
 */
export const PRERENDERED_AUTH_PAGES = ['login', 'register', 'forgot'] as const satisfies readonly AuthPage[];
export type PrerenderedPage = (typeof PRERENDERED_AUTH_PAGES)[number];

/** Every prerendered address: `/ru/login`, `/uz/login`, … */
export const PRERENDERED_PATHS: readonly { lang: Lang; page: PrerenderedPage; path: string }[] =
  LANGS.flatMap((lang) => PRERENDERED_AUTH_PAGES.map((page) => ({ lang, page, path: `/${lang}/${page}` })));

/**
 * The prerendered page a request is answered with, by its path and its query (`search`, with or without the `?`),
 * or null. A query can change the first screen (an SSO notice, a restore token), so any query gets the plain page.
 */
export function prerenderedPageOf(
  pathname: string,
  search: string,
): { lang: Lang; page: PrerenderedPage } | null {
  if (search !== '' && search !== '?') return null;
  const hit = PRERENDERED_PATHS.find((p) => p.path === pathname);
  return hit ? { lang: hit.lang, page: hit.page } : null;
}

/** Where the build writes a prerendered page, relative to the output folder. */
export function prerenderedFile(lang: Lang, page: PrerenderedPage): string {
  return `prerendered/${lang}-${page}.html`;
}

/**
 * Where the build writes a public onboarding page's copy of the public root's page (`public.html`) in one language:
 * its `<html lang>`, title and meta description in that language (docs/decisions.md OBS8). The public root draws the
 * page itself; only the document around it differs.
 */
export function publicPageFile(lang: Lang, page: OnboardingPage): string {
  return `prerendered/${lang}-${page}.html`;
}
