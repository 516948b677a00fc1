import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { TranslationKey } from '@/i18n/keys';

/**
 * Which title a path inside a language shows (`/profile`, `/administration/edit-user/7`, …): the section's name, the
 * auth page's heading, or 'Страница не найдена' for any path the route table does not know.
 */
const TITLES: readonly (readonly [RegExp, TranslationKey])[] = [
  [/^\/?$/, 'app.title'],
  [/^\/login$/, 'auth.login.title'],
  [/^\/check$/, 'auth.check.title'],
  [/^\/register$/, 'auth.register.title'],
  [/^\/forgot$/, 'auth.forgot.title'],
  [/^\/restore$/, 'auth.restore.title'],
  [/^\/profile$/, 'sections.profile'],
  [/^\/details$/, 'sections.details'],
  [/^\/settings$/, 'sections.settings'],
  [/^\/purchase(\/order)?$/, 'sections.purchase'],
  [/^\/onlinee-sales(\/(orders|suspend-documents|services-documents)\/[^/]+)?$/, 'sections.documents'],
  [/^\/orders(\/[^/]+)?$/, 'sections.orders'],
  [/^\/new-client$/, 'sections.newClient'],
  [/^\/new-numbers$/, 'sections.newNumbers'],
  [/^\/administration(\/(search|editing|creation\/[^/]+|edit-user\/[^/]+))?$/, 'sections.administration'],
  [/^\/agreement-registration$/, 'sections.agreement'],
  [/^\/at39-registration(\/new)?$/, 'sections.at39'],
  [/^\/debt-control$/, 'sections.debt'],
  [/^\/services(\/checkout)?$/, 'sections.services'],
];

export function pageTitleKey(path: string): TranslationKey {
  return TITLES.find(([pattern]) => pattern.test(path))?.[1] ?? 'app.notFound.title';
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
