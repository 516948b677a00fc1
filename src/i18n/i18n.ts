/**
 * The app's i18next instance. Both message files are bundled inline (they are small), so initialisation is
 * synchronous and `t()` works right after import, in the browser and under vitest (node or jsdom).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, isLang, LANGS, type Lang } from '@/domain/constants';
import { initialLang } from './locale';
import ru from './ru.json';
import uz from './uz.json';

/** The bundled resources, one `translation` namespace per language. */
export const resources = { ru: { translation: ru }, uz: { translation: uz } } as const;

/** The path's language, else the remembered one, else 'ru'; outside a browser always the remembered/default one. */
function startLang(): Lang {
  const pathname = typeof window === 'undefined' ? undefined : window.location?.pathname;
  return initialLang(pathname);
}

/** Keeps `<html lang>` in step so screen readers pronounce the page in the shown language. */
function syncDocumentLang(lang: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** The single i18next instance; react-i18next's `useTranslation()` picks it up without a provider. */
export const i18n = i18next.createInstance();

i18n.on('languageChanged', syncDocumentLang);

void i18n.use(initReactI18next).init({
  resources,
  lng: startLang(),
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGS],
  defaultNS: 'translation',
  ns: ['translation'],
  // React escapes every rendered string; escaping here too would show '&amp;' to the user.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Switches the UI language (and `<html lang>`). Remembering it is the caller's choice: see rememberLocale. */
export async function setLanguage(lang: Lang): Promise<void> {
  await i18n.changeLanguage(lang);
}

/** The language currently shown. */
export function currentLang(): Lang {
  const lang = i18n.resolvedLanguage;
  return lang !== undefined && isLang(lang) ? lang : DEFAULT_LANG;
}
