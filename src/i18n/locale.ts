/**
 * Pure helpers around the language segment of a path and the remembered locale (spec 2: "All paths start with a
 * language segment, ru or uz"; "redirect to login in the stored locale"; spec 9: default ru).
 */
import { DEFAULT_LANG, isLang, type Lang } from '@/domain/constants';

/** localStorage key of the remembered language. */
export const LOCALE_STORAGE_KEY = 'locale';

/** BCP 47 tags for `Intl` and `<html lang>`; Uzbek is written in Latin script. */
const INTL_LOCALES: Record<Lang, string> = { ru: 'ru-RU', uz: 'uz-Latn-UZ' };

/** The `Intl` locale of a portal language ('ru-RU', 'uz-Latn-UZ'). Money stays in ru-RU regardless (spec 9). */
export function intlLocale(lang: Lang): string {
  return INTL_LOCALES[lang];
}

/** Splits '/ru/a?x#y' into the path and the '?x#y' tail, so only the path is rewritten. */
function splitTail(pathname: string): [path: string, tail: string] {
  const cut = pathname.search(/[?#]/);
  return cut < 0 ? [pathname, ''] : [pathname.slice(0, cut), pathname.slice(cut)];
}

/** The language of a path: its first segment when that is exactly 'ru' or 'uz' (case-sensitive), else null. */
export function langFromPath(pathname: string): Lang | null {
  const [path] = splitTail(pathname);
  const first = path.replace(/^\//, '').split('/', 1)[0] ?? '';
  return isLang(first) ? first : null;
}

/** localStorage, or null where there is none or touching it throws (privacy modes, Node). */
function defaultStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * The remembered language; 'ru' when nothing valid is stored or the storage is missing or throws. Without an
 * argument it reads localStorage; pass `null` to mean "no storage".
 */
export function storedLocale(storage: Pick<Storage, 'getItem'> | null = defaultStorage()): Lang {
  try {
    const value = storage?.getItem(LOCALE_STORAGE_KEY);
    return typeof value === 'string' && isLang(value) ? value : DEFAULT_LANG;
  } catch {
    return DEFAULT_LANG;
  }
}

/** Remembers the language in localStorage (or `storage`); a missing or throwing storage is ignored. */
export function rememberLocale(
  lang: Lang,
  storage: Pick<Storage, 'setItem'> | null = defaultStorage(),
): void {
  try {
    storage?.setItem(LOCALE_STORAGE_KEY, lang);
  } catch {
    // Not remembering the language is harmless: the next visit falls back to the path or 'ru'.
  }
}

/**
 * The same path in another language: '/ru/orders/7' → '/uz/orders/7'. A path without a language segment gets one
 * ('/' → '/uz', '/orders' → '/uz/orders'). A '?query' or '#hash' tail, if passed, is kept unchanged, and so is a
 * trailing slash.
 */
export function swapLang(pathname: string, lang: Lang): string {
  const [path, tail] = splitTail(pathname);
  const segments = path.replace(/^\/+/, '').split('/');
  if (segments[0] !== undefined && isLang(segments[0])) segments[0] = lang;
  else if (segments.length === 1 && segments[0] === '') segments[0] = lang;
  else segments.unshift(lang);
  return `/${segments.join('/')}${tail}`;
}

/** The language to start with: the path's segment wins, then the remembered locale, then 'ru'. */
export function initialLang(pathname: string | undefined, storage?: Pick<Storage, 'getItem'> | null): Lang {
  return (pathname === undefined ? null : langFromPath(pathname)) ?? storedLocale(storage);
}
