import { isLang, type Lang } from './constants';

/**
 * The public onboarding pages (spec 2: New client, New numbers): the pages a visitor opens from a poster's QR code or
 * the header without a session. A visit that starts on one runs the public root (docs/decisions.md NC15), so this
 * module is part of the first script of every page and imports nothing but the constants.
 */
export const ONBOARDING_PAGES = ['new-client', 'new-numbers'] as const;
export type OnboardingPage = (typeof ONBOARDING_PAGES)[number];

/**
 * The onboarding page a full address shows (`/ru/new-client`, `/uz/new-numbers?x=1`), or null: any other page, an
 * unknown language, a deeper path.
 */
export function onboardingPageOf(pathname: string): OnboardingPage | null {
  const [, lang, page, ...rest] = pathname.split(/[?#]/)[0]?.split('/') ?? [];
  if (lang === undefined || !isLang(lang) || rest.some((s) => s !== '')) return null;
  return (ONBOARDING_PAGES as readonly string[]).includes(page ?? '') ? (page as OnboardingPage) : null;
}

/** The staff single sign-on entry in the page's language (initialise-authorization takes `lang`, decisions SSO1). */
export function ssoHref(ssoUrl: string, lang: Lang): string {
  return `${ssoUrl}${ssoUrl.includes('?') ? '&' : '?'}lang=${lang}`;
}
