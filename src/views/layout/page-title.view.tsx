import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { NAV_PATHS } from '@/domain/navigation.rules';
import { PAGE_REDIRECTS, SIGNED_IN_PAGES } from '@/domain/page-routes.rules';
import { ONBOARDING_PAGES } from '@/domain/public-pages.rules';
import { AUTH_PAGES, isAuthPage } from '@/domain/routes.rules';
import type { TranslationKey } from '@/i18n/keys';

/** Every page pattern under a language (`:name` one segment, `*?` anything or nothing): the route table's lists. */
const PAGES = [
  '/',
  ...Object.keys(PAGE_REDIRECTS),
  ...[...AUTH_PAGES, ...ONBOARDING_PAGES].map((page) => `/${page}`),
  ...SIGNED_IN_PAGES,
].map((pattern) => new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+').replace('/*?', '(/.*)?')}/?$`, 'i'));

/** The navigation entry of each section's first segment (`onlinee-sales` → documents). */
const SECTION_OF = new Map(Object.entries(NAV_PATHS).map(([key, segment]) => [segment, key]));

/**
 * Which title a path inside a language shows (`/profile`, `/administration/edit-user/7`, …), derived from the route
 * table's page lists: the auth page's heading, the section's name (a navigation entry's, the administration's or a
 * public page's), the portal's name on the language's root, or 'Страница не найдена' for any path that is no page.
 */
export function pageTitleKey(path: string): TranslationKey {
  if (!PAGES.some((page) => page.test(path))) return 'app.notFound.title';
  const segment = path.split('/')[1]?.toLowerCase() ?? '';
  if (segment === '') return 'app.title';
  if (isAuthPage(segment)) return `auth.${segment}.title`;
  // new-client → newClient; a navigation entry by its key (agreement-registration → agreement)
  const section = SECTION_OF.get(segment) ?? segment.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
  return `sections.${section}` as TranslationKey;
}

/**
 * Keeps `document.title` on the page shown, in the language shown ('Профиль — Корпоративный портал'), so a tab, the
 * history and a screen reader's page announcement say where the user is. The sections' names come with the pages'
 * texts (the `more` messages part), after the login page's: until they are in, the portal's name alone, and the
 * title is drawn again when they arrive.
 */
export function PageTitle() {
  const { t, i18n } = useTranslation();
  // drawn again when a part of the messages arrives (the sections' names)
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    i18n.store.on('added', redraw);
    return () => i18n.store.off('added', redraw);
  }, [i18n]);
  const [path] = useLocation();
  const key = pageTitleKey(path);
  const app = t('app.title');
  const section = key === 'app.title' ? key : t(key);
  const title = section === key ? app : `${section} — ${app}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
