// @vitest-environment jsdom
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { appApiOf } from '@/app/api';
import { createAppLogic } from '@/app/app-logic';
import { AppRoot } from '@/app/app-providers';
import { renderPage, renderPublicPage } from '@/app/prerender';
import { PublicRoot } from '@/app/public-app';
import { createPublicLogicLoaders } from '@/app/public-logic';
import { LANGS, type Lang } from '@/domain/constants';
import { PRERENDERED_PATHS, type PrerenderedPage } from '@/domain/prerender.rules';
import { ONBOARDING_PAGES } from '@/domain/public-pages.rules';
import { startWhenFree } from '@/early';
import { setLanguage } from '@/i18n/i18n';
import ru from '@/i18n/ru.json';
import uz from '@/i18n/uz.json';
import type { ApiClient } from '@/services/api/client';
import { takeSentCall } from '@/services/api/early-call';
import { createDraftStore } from '@/services/drafts/draft-store';
import { takeHeldSubmit } from '@/views/common/early-submit';
import { prerenderedDocument } from '../../scripts/lib/prerender';

/**
 * The prerendered Auth pages (docs/decisions.md LB12). The oracle is React's own hydration: the browser's first
 * render of the app must draw exactly the markup the build wrote, or React throws the markup away (a recoverable
 * error) and the visitor loses what was typed. Each page is rendered as the build does, put into a document at its
 * address, and hydrated with the app's root as src/main.tsx does.
 */
const messages = { ru, uz } as const;
/** The heading each page shows first, from the messages (spec texts), not from the renderer. */
const heading = { login: 'login', register: 'register', forgot: 'forgot' } as const;
const HEADING: Record<PrerenderedPage, (m: Pick<typeof ru, 'auth'>) => string> = {
  login: (m) => m.auth.login.title,
  register: (m) => m.auth.register.title,
  forgot: (m) => m.auth.forgot.title,
};

const never = appApiOf(() => new Promise(() => undefined));

let root: Root | undefined;
/** The window's listeners a test added (the early start's): given back after it, as the suite's workers are shared. */
let windowListeners: MockInstance<Window['addEventListener']> | undefined;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  for (const [type, listener] of windowListeners?.mock.calls ?? [])
    window.removeEventListener(type, listener);
  windowListeners?.mockRestore();
  windowListeners = undefined;
});

/**
 * Puts `markup` into `#root` at `path` and hydrates it in `lang` with `app` (the app's root unless given), as the
 * entries do; returns what React reported. `settleMs` lets chunks the page waits for arrive first.
 */
async function hydrate(
  markup: string,
  path: string,
  lang: Lang,
  app: ReactElement = <AppRoot logic={createAppLogic(never, { drafts: createDraftStore(null) })} />,
  settleMs = 0,
) {
  await setLanguage(lang);
  window.history.replaceState(null, '', path);
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = markup;
  document.body.append(container);
  const heading = container.querySelector('h1');
  const recoverable: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  await act(async () => {
    root = hydrateRoot(container, app, { onRecoverableError: (error) => recoverable.push(error) });
  });
  if (settleMs > 0)
    await act(async () => {
      await new Promise((r) => setTimeout(r, settleMs));
    });
  const errors = consoleError.mock.calls.map((c) => String(c[0]));
  consoleError.mockRestore();
  return { container, heading, recoverable, errors };
}

describe.each(PRERENDERED_PATHS)('$path', ({ path, lang, page }) => {
  it('is rendered in its language with a form that can be sent at once', async () => {
    const html = await renderPage(path, lang, page);
    expect(html.lang).toBe(lang);
    expect(html.title).toBe(`${HEADING[page](messages[lang])} — ${messages[lang].app.title}`);
    const doc = new DOMParser().parseFromString(`<div>${html.root}</div>`, 'text/html');
    expect(doc.querySelector('h1')?.textContent).toBe(HEADING[page](messages[lang]));
    expect(doc.querySelector('[data-testid="auth-page"]')?.getAttribute('data-auth')).toBe(page);
    // LB16: the form can be sent at once (held until the app runs; natively, a dialog form outside a dialog sends
    // nothing), and says what it does, not that it waits
    const submit = doc.querySelector('[data-testid="auth-submit"]');
    expect(submit?.hasAttribute('disabled')).toBe(false);
    expect(submit?.textContent).toBe(messages[lang].auth[heading[page]].submit);
    expect(doc.querySelector('form')?.getAttribute('method')).toBe('dialog');
    // the year is the visitor's, filled in after hydration, never the build's
    expect(doc.querySelector('.footer__copy')?.textContent).toBe('');
  });

  it('is taken over by the app without a mismatch, keeping its elements and what was typed', async () => {
    const html = await renderPage(path, lang, page);
    const typed = 'typed-before-the-scripts';
    const { container, heading, recoverable, errors } = await hydrate(
      html.root.replace(/(<input[^>]*name="(login|phone|email)"[^>]*?)(\/?>)/, `$1 value="${typed}"$3`),
      path,
      lang,
    );
    expect(recoverable).toEqual([]);
    expect(errors).toEqual([]);
    // hydrated, not drawn again: the very heading element of the HTML is still the one on screen
    expect(heading).not.toBeNull();
    expect(container.querySelector('h1')).toBe(heading);
    const field = container.querySelector<HTMLInputElement>(
      'input[name="login"], input[name="phone"], input',
    );
    expect(field?.value).toBe(typed);
    expect(container.querySelector('.footer__copy')?.textContent).toContain(String(new Date().getFullYear()));
  });
});

describe('the login form sent before the app runs (LB16, LB23)', () => {
  it('is held, then sent once with what was typed, without waiting for the session check', async () => {
    const calls: { name: string; args: unknown }[] = [];
    const client = {
      // every call stays unanswered: the session check above all
      call: (name: string, args: unknown) => {
        calls.push({ name, args });
        return new Promise(() => undefined);
      },
    } as unknown as ApiClient;
    const html = await renderPage('/ru/login', 'ru', 'login');
    await setLanguage('ru');
    window.history.replaceState(null, '', '/ru/login');
    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = html.root;
    document.body.append(container);
    // the page's own sign-in call (LB23) stays unanswered too
    const early = vi.fn(() => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', early);
    let started = 0;
    windowListeners = vi.spyOn(window, 'addEventListener');
    startWhenFree(window, () => {
      started += 1;
    });
    const form = container.querySelector('form') as HTMLFormElement;
    (form.elements.namedItem('login') as HTMLInputElement).value = ' curator ';
    (form.elements.namedItem('password') as HTMLInputElement).value = 'Demo-2026';
    // Enter before the app ran: the page sends the sign-in call itself (LB23), starts the app, and nothing navigates
    const native = new Event('submit', { cancelable: true, bubbles: true });
    form.dispatchEvent(native);
    expect(native.defaultPrevented).toBe(true);
    expect(started).toBe(1);
    expect(early).toHaveBeenCalledTimes(1);
    const body = JSON.stringify({ login: 'curator', password: 'Demo-2026' });
    expect(early.mock.calls[0]).toEqual([
      '/api/user/login',
      expect.objectContaining({ method: 'POST', body }),
    ]);
    vi.unstubAllGlobals();
    await act(async () => {
      root = hydrateRoot(
        container,
        <AppRoot
          logic={createAppLogic(
            appApiOf(async () => client),
            { drafts: createDraftStore(null) },
          )}
        />,
      );
    });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    const logins = calls.filter((c) => c.name === 'session.login');
    expect(logins).toEqual([
      { name: 'session.login', args: { body: { login: 'curator', password: 'Demo-2026' } } },
    ]);
    // the form shows the sign-in under way, and what was typed is still there
    expect(container.querySelector('[data-testid="auth-submit"]')?.getAttribute('aria-busy')).toBe('true');
    expect((form.elements.namedItem('password') as HTMLInputElement).value).toBe('Demo-2026');
    // the session check had gone out first and is still unanswered
    expect(calls[0]?.name).not.toBe('session.login');
    // once the app has the page, the form's own view takes a submit: nothing is held for later, nothing sent early
    await act(async () => {
      form.requestSubmit();
    });
    expect(takeHeldSubmit(form)).toBe(false);
    expect(early).toHaveBeenCalledTimes(1);
    // this client is a stand-in: the real one reads the early call's answer (tests/services/client.test.ts)
    expect(takeSentCall(`user/login${body}`)).toBeDefined();
  });
});

/** The public onboarding pages (LB17): the public root's first render once the page's chunks are in. */
const PUBLIC_PAGES = LANGS.flatMap((lang) => ONBOARDING_PAGES.map((page) => ({ lang, page })));
type PublicTexts = { newNumbers: { title: string }; newClient: { title: string } };
const PUBLIC_HEADING = {
  'new-numbers': (m: PublicTexts) => m.newNumbers.title,
  'new-client': (m: PublicTexts) => m.newClient.title,
} as const;
/** What each page shows while its first call is unanswered: the stand-in cards of the categories, the wizard's wait. */
const PUBLIC_LOADING = { 'new-numbers': 'new-numbers-loading', 'new-client': 'new-client-loading' } as const;

/** Hydrates a public page's markup with the public root, as src/public-main.tsx does, at its address; the page's
 *  view, texts and logic are chunks: the painted page waits for them, then is taken over. */
const hydratePublic = (markup: string, path: string, lang: Lang) =>
  hydrate(
    markup,
    path,
    lang,
    <PublicRoot
      logic={{ loadPublicLogic: createPublicLogicLoaders(() => new Promise(() => undefined)) }}
      leave={() => undefined}
    />,
    50,
  );

describe.each(PUBLIC_PAGES)('/$lang/$page', ({ lang, page }) => {
  it('is rendered in its language, in its first state, with no script and no overlay', async () => {
    const html = await renderPublicPage(lang, page);
    const doc = new DOMParser().parseFromString(`<div>${html.root}</div>`, 'text/html');
    expect(doc.querySelector('h1')?.textContent).toBe(PUBLIC_HEADING[page](messages[lang]));
    expect(doc.querySelector(`[data-testid="${PUBLIC_LOADING[page]}"]`)).not.toBeNull();
    expect(doc.querySelector('[data-testid="header-signed-out"]')).not.toBeNull();
    expect(doc.querySelector('[data-testid="loading-overlay"], script')).toBeNull();
    expect(doc.querySelector('.footer__copy')?.textContent).toBe('');
  });

  it('is taken over by the public root without a mismatch, keeping its elements', async () => {
    const html = await renderPublicPage(lang, page);
    const { container, heading, recoverable, errors } = await hydratePublic(
      html.root,
      `/${lang}/${page}`,
      lang,
    );
    expect(recoverable).toEqual([]);
    expect(errors).toEqual([]);
    expect(heading).not.toBeNull();
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.querySelector(`[data-testid="${PUBLIC_LOADING[page]}"]`)).not.toBeNull();
    expect(container.querySelector('.footer__copy')?.textContent).toContain(String(new Date().getFullYear()));
  });
});

describe('the oracle', () => {
  it('reports a public page drawn for another language than the one the root shows', async () => {
    const html = await renderPublicPage('ru', 'new-numbers');
    const { container, recoverable } = await hydratePublic(html.root, '/uz/new-numbers', 'uz');
    expect(recoverable.length).toBeGreaterThan(0);
    expect(container.querySelector('h1')?.textContent).toBe(uz.newNumbers.title);
  });

  it('reports a page drawn for another language than the one the app shows', async () => {
    const html = await renderPage('/ru/login', 'ru', 'login');
    const { recoverable } = await hydrate(html.root, '/uz/login', 'uz');
    expect(recoverable.length).toBeGreaterThan(0);
  });
});

describe('the prerendered document', () => {
  it('puts the markup into #root and sets the language and the title, escaped', () => {
    const template =
      '<!doctype html><html lang="ru"><head><title>Корпоративный портал</title></head><body><div id="root"></div></body></html>';
    const doc = prerenderedDocument(template, {
      lang: 'uz',
      root: '<p>x</p>',
      title: 'Kirish <&> "portal"',
    });
    expect(doc).toBe(
      '<!doctype html><html lang="uz"><head><title>Kirish &lt;&amp;&gt; &quot;portal&quot;</title></head><body><div id="root"><p>x</p></div></body></html>',
    );
    expect(() => prerenderedDocument('<body></body>', { lang: 'ru', root: '', title: '' })).toThrow();
  });
});
