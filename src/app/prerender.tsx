/**
 * The build's prerender entry (docs/decisions.md LB12), bundled for Node by the `prerender` environment of
 * rsbuild.config.ts and run once after the build by scripts/lib/prerender.ts: each page of `PRERENDERED_PATHS`
 * rendered to HTML exactly as the browser's first render draws it — the app's own root, providers and charts, in the
 * first state of a visit (the session check under way, so the Auth form is shown with its submit held back). The
 * browser paints that HTML before any script runs, and `src/main.tsx` hydrates it instead of drawing it again.
 */
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { LANGS, type Lang } from '@/domain/constants';
import { PRERENDERED_PATHS, type PrerenderedPage } from '@/domain/prerender.rules';
import { ONBOARDING_PAGES, type OnboardingPage } from '@/domain/public-pages.rules';
import { i18n, setLanguage, startMessages } from '@/i18n/i18n';
import { createDraftStore } from '@/services/drafts/draft-store';
import { loadMoreForms } from '@/views/auth/auth-page.view';
import { pageTitleKey } from '@/views/layout/page-title.view';
import { appApiOf } from './api';
import { createAppLogic } from './app-logic';
import { AppRoot } from './app-providers';
import { PublicRoot } from './public-app';
import { createPublicLogicLoaders } from './public-logic';

/** One prerendered page: the markup of `#root`, the document's title and language. */
export interface PrerenderedHtml {
  readonly path: string;
  readonly lang: Lang;
  readonly page: PrerenderedPage;
  readonly root: string;
  readonly title: string;
}

/** A session check that never answers: the page is drawn as every visit's first render sees it (and no drafts:
 *  a draft store without storage keeps nothing). */
const pending = appApiOf(() => new Promise(() => undefined));
/** No timers in the build's process: a delayed transition would keep it alive. */
const noClock = { setTimeout: () => 0, clearTimeout: () => undefined };

/** Renders one address of `PRERENDERED_PATHS` in its language. */
export async function renderPage(path: string, lang: Lang, page: PrerenderedPage): Promise<PrerenderedHtml> {
  await startMessages('start');
  await setLanguage(lang);
  const logic = { ...createAppLogic(pending, { drafts: createDraftStore(null) }), actor: { clock: noClock } };
  // the other Auth pages' forms are a chunk (decisions LB14): loaded first, they render at once
  await loadMoreForms();
  const root = renderToString(<AppRoot logic={logic} ssrPath={path} />);
  const key = pageTitleKey(path.slice(`/${lang}`.length));
  const title = `${i18n.t(key)} — ${i18n.t('app.title')}`;
  return { path, lang, page, root, title };
}

/** Every prerendered page, one after the other (the i18n instance shows one language at a time). */
export async function renderAll(): Promise<PrerenderedHtml[]> {
  const out: PrerenderedHtml[] = [];
  for (const p of PRERENDERED_PATHS) out.push(await renderPage(p.path, p.lang, p.page));
  return out;
}

/** One public onboarding page's markup of `#root` in its language (the document around it is the public root's). */
export interface PrerenderedPublicHtml {
  readonly lang: Lang;
  readonly page: OnboardingPage;
  readonly root: string;
}

/** A page whose chunks (lazy views, `use`d logic) have all arrived, as HTML: rendered until nothing suspends. The
 *  first passes ask for the chunks and draw their boundaries' fallbacks (`<!--$!-->`); once a chunk is in, React
 *  reads it at once. Not React's asynchronous `prerender`: run in one window with the client renderer (the tests), it
 *  leaves its context values behind for the client's first render. */
async function renderSettled(element: () => ReactElement): Promise<string> {
  for (let pass = 0; pass < 100; pass++) {
    const html = renderToString(element());
    if (!html.includes('<!--$!-->')) return html;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('a chunk of the page did not arrive');
}

/**
 * Renders a public onboarding page (docs/decisions.md LB17) as the public root's first render draws it once the
 * page's chunks are in: the header, the page in its first state (its first call asked and unanswered, so the
 * stand-ins of the real size are drawn) and the footer, instead of the loading overlay.
 */
export async function renderPublicPage(lang: Lang, page: OnboardingPage): Promise<PrerenderedPublicHtml> {
  await startMessages('start');
  await setLanguage(lang);
  const logic = {
    loadPublicLogic: createPublicLogicLoaders(() => new Promise(() => undefined)),
    actor: { clock: noClock },
  };
  const root = await renderSettled(() => (
    <PublicRoot logic={logic} ssrPath={`/${lang}/${page}`} leave={() => undefined} />
  ));
  return { lang, page, root };
}

/** Every public onboarding page in both languages. */
export async function renderPublic(): Promise<PrerenderedPublicHtml[]> {
  const out: PrerenderedPublicHtml[] = [];
  for (const lang of LANGS) for (const page of ONBOARDING_PAGES) out.push(await renderPublicPage(lang, page));
  return out;
}
