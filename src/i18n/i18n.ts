/**
 * The app's i18next instance. Each language's messages are their own chunk, loaded on demand: a page load fetches
 * only the language it shows (its download starts as soon as this module runs, before the rest of the app is
 * evaluated), and the other one arrives when the user switches. Initialisation itself is synchronous; `t()` returns
 * texts once `messagesReady` (or `setLanguage`) has resolved. Tests load both languages up front
 * (tests/support/i18n.setup.ts).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, isLang, LANGS, type Lang } from '@/domain/constants';
import { formatCount } from '@/domain/count-format.rules';
import { type MessageTree, registerMessageKeys } from './keys';
import { initialLang } from './locale';
/** One language's messages (the same keys in both: tests/i18n/parity.test.ts; plural suffixes differ by language). */
export type Messages = MessageTree;

/** A part of a language's messages (scripts/lib/i18n-parts.cjs). */
export type MessagesPart = 'start' | 'shell' | 'more' | 'public' | 'pages';
/** The part a root starts with: the app's `start`, or the public root's `shell`. */
export type StartPart = 'start' | 'shell';

/**
 * Where each language's messages come from, in four parts per language (scripts/lib/i18n-parts.cjs): `start` — what
 * the login page shows: its form, the shell, the errors its calls can return — fetched on first use; `more` — what
 * the pages beyond it share (the session's layout, the other Auth forms, the pages' common words, checks and errors:
 * more-keys.json) — fetched with the first of them; `public` — the public onboarding pages' texts and the signing
 * module's (the top-level keys of public-keys.json) — fetched with the first public or signed-in page; `pages` — the texts of the signed-in code-split pages (page-keys.json) — fetched with the first
 * such page. The login page downloads no workflow's texts, a visitor of /new-client none of the signed-in pages'.
 */
const partLoaders: Record<MessagesPart, Record<Lang, () => Promise<Messages>>> = {
  // named chunks (`messages-<lang>-start.<hash>.js`): the server names the page's language's one in a preload `Link`
  // header of the page itself, so it downloads with the first scripts instead of after them (server/static.ts)
  start: {
    ru: () =>
      import(/* webpackChunkName: "messages-ru-start" */ './ru.json?part=start').then(
        (m) => m.default as Messages,
      ),
    uz: () =>
      import(/* webpackChunkName: "messages-uz-start" */ './uz.json?part=start').then(
        (m) => m.default as Messages,
      ),
  },
  // the public root's start (docs/decisions.md NC15): the layout's texts and the errors, named for the preload too
  shell: {
    ru: () =>
      import(/* webpackChunkName: "messages-ru-shell" */ './ru.json?part=shell').then(
        (m) => m.default as Messages,
      ),
    uz: () =>
      import(/* webpackChunkName: "messages-uz-shell" */ './uz.json?part=shell').then(
        (m) => m.default as Messages,
      ),
  },
  more: {
    ru: () => import('./ru.json?part=more').then((m) => m.default as Messages),
    uz: () => import('./uz.json?part=more').then((m) => m.default as Messages),
  },
  public: {
    ru: () => import('./ru.json?part=public').then((m) => m.default as Messages),
    uz: () => import('./uz.json?part=public').then((m) => m.default as Messages),
  },
  pages: {
    ru: () => import('./ru.json?part=pages').then((m) => m.default as Messages),
    uz: () => import('./uz.json?part=pages').then((m) => m.default as Messages),
  },
};
/** The start part's loader per language. */
export const messageLoaders = partLoaders.start;

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
  resources: {},
  partialBundledLanguages: true,
  lng: startLang(),
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGS],
  // the one namespace is i18next's default ('translation'), and t() never returns null (its default since v23)
  // React escapes every rendered string; escaping here too would show '&amp;' to the user.
  interpolation: { escapeValue: false },
  initAsync: false,
});

// Spec 9: every count reads `9 553` (groups of three with a no-break space), in texts too: a count's placeholder is
// written `{{count, number}}` (tests/i18n/i18n.test.ts holds every count-named one to it), and an id, a year or a sum
// the caller formatted is written as given. The browser's own locale data is not used: Chromium without Uzbek data
// wrote `1,202`, and ru-RU leaves four digits ungrouped.
i18n.services.formatter?.add('number', (value) =>
  typeof value === 'number' ? formatCount(value) : String(value),
);

const loading = new Map<string, Promise<void>>();

/** Loads one part of one language's messages into the instance (once). A failed load may be tried again. */
function loadPart(lang: Lang, part: MessagesPart): Promise<void> {
  const key = `${lang}:${part}`;
  let done = loading.get(key);
  if (done === undefined) {
    done = partLoaders[part][lang]().then((messages) => {
      registerMessageKeys(part, messages);
      i18n.addResourceBundle(lang, 'translation', messages, true, true);
    });
    done.catch(() => loading.delete(key));
    loading.set(key, done);
  }
  return done;
}

/** The parts the root started with and the pages have asked for: a language switch loads them in the new language
 *  too. */
const wanted = new Set<MessagesPart>(['start']);

/** Loads one language's messages into the instance (once): the start part, and every part a page has asked for. */
export function loadMessages(lang: Lang): Promise<void> {
  return Promise.all([...wanted].map((part) => loadPart(lang, part))).then(() => undefined);
}

/** Loads parts of the messages in one language, and in the next language the user switches to as well. */
function loadParts(lang: Lang, parts: readonly MessagesPart[]): Promise<void> {
  for (const part of parts) wanted.add(part);
  return Promise.all(parts.map((part) => loadPart(lang, part))).then(() => undefined);
}

/** The texts the pages beyond the login page share (the session's layout, the other Auth forms, the pages' words,
 *  checks and errors) in the shown language. */
export function loadMoreMessages(lang: Lang = currentLang()): Promise<void> {
  return loadParts(lang, ['more']);
}

/** A chunk of a part of the app beyond the login page, with the texts it shows (`more`): both downloading side by
 *  side, the chunk's module once both are in. */
export function withMoreMessages<T>(chunk: Promise<T>): Promise<T> {
  return Promise.all([chunk, loadMoreMessages()]).then(([module]) => module);
}

/** The part the page's root started with: the app's, or the public root's (whose `shell` holds what `more` adds). */
let rootPart: StartPart = 'start';

/** The texts of the public onboarding pages in the shown language (their lazy routes wait for them); under the app's
 *  root the pages' shared texts too (`more`: the public root's start part has them). */
export function loadPublicMessages(lang: Lang = currentLang()): Promise<void> {
  return loadParts(lang, rootPart === 'start' ? ['more', 'public'] : ['public']);
}

/** The texts of the signed-in code-split pages in the shown language (a lazy route waits for them with its chunk);
 *  the public part comes too (the signing module's texts are the block/restore dialog's as well), and the shared
 *  `more`. */
export function loadPageMessages(lang: Lang = currentLang()): Promise<void> {
  return loadParts(lang, ['more', 'public', 'pages']);
}

let started: Promise<void> | undefined;

/**
 * The start language's messages for the page's root, requested once: the app's `start` part (src/i18n/start.ts) or
 * the public root's `shell` (src/i18n/start-public.ts); the root renders when they are in. Each entry imports its
 * start module first, so the request goes out before the rest of the root is evaluated.
 */
export function startMessages(part: StartPart): Promise<void> {
  started ??= (async () => {
    rootPart = part;
    wanted.clear();
    wanted.add(part);
    const lang = isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
    await loadMessages(lang);
    await i18n.changeLanguage(lang);
  })();
  return started;
}

/** Switches the UI language (and `<html lang>`), loading its messages first. Remembering it is the caller's choice:
 *  see rememberLocale. */
export async function setLanguage(lang: Lang): Promise<void> {
  await loadMessages(lang);
  // the language shown already is not changed again: i18next would still tell every view, and a page the build
  // rendered ahead that is not yet hydrated would be drawn anew instead of taken over (docs/decisions.md LB17)
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

/** The language currently shown. */
export function currentLang(): Lang {
  const lang = i18n.resolvedLanguage;
  return lang !== undefined && isLang(lang) ? lang : DEFAULT_LANG;
}
