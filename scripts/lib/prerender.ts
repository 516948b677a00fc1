/**
 * Build-time prerendering of the Auth pages (docs/decisions.md LB12). The build's `prerender` environment bundles
 * src/app/prerender.tsx for Node; after the build this plugin runs it and writes each page of `PRERENDERED_PATHS`
 * into the web output as `prerendered/<lang>-<page>.html`: the app's `index.html` with the page's markup inside
 * `#root`, its `<html lang>`, its title and its meta description. server/static.ts answers those addresses with it (a
 * query gets the plain page), and src/main.tsx hydrates the markup instead of drawing it again. The public onboarding
 * pages get a copy of the public root's page in their language the same way (`prerendered/<lang>-new-client.html`,
 * docs/decisions.md OBS8), with their markup too (LB17: src/public-main.tsx hydrates it; their first screen reads no
 * query, so any query gets it); the HTML is compressed by the server when it first sends it, not here.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';
import type { PrerenderedHtml, PrerenderedPublicHtml } from '../../src/app/prerender';
import { LANGS, type Lang } from '../../src/domain/constants';
import { type PrerenderedPage, prerenderedFile, publicPageFile } from '../../src/domain/prerender.rules';
import { ONBOARDING_PAGES, type OnboardingPage } from '../../src/domain/public-pages.rules';

/** The environment whose Node bundle renders the pages (rsbuild.config.ts), and its one entry. */
export const PRERENDER_ENVIRONMENT = 'prerender';
export const PRERENDER_ENTRY = 'prerender';

const ROOT_ELEMENT = '<div id="root"></div>';

/** `&`, `<`, `>` and `"` as entities, for a title put into HTML text. */
const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The document with its `<meta name="description">` set to `text` (added before the title, or replaced). */
export function withDescription(html: string, text: string): string {
  const tag = `<meta name="description" content="${escapeHtml(text)}">`;
  if (/<meta name="description"[^>]*>/.test(html))
    return html.replace(/<meta name="description"[^>]*>/, () => tag);
  if (!html.includes('<title>')) throw new Error('the page has no <title>');
  return html.replace('<title>', () => `${tag}<title>`);
}

/** The document in `lang`, with `title` (the portal's `<html lang>` and `<title>` replaced). */
function inLanguage(html: string, lang: string, title: string): string {
  return html
    .replace(/<html lang="[^"]*">/, () => `<html lang="${lang}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
}

/** The app's page with one prerendered page's markup, language, title and description. */
export function prerenderedDocument(
  template: string,
  page: Pick<PrerenderedHtml, 'lang' | 'title' | 'root'>,
  description?: string,
): string {
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`the page has no ${ROOT_ELEMENT}`);
  const html = inLanguage(template, page.lang, page.title).replace(
    ROOT_ELEMENT,
    () => `<div id="root">${page.root}</div>`,
  );
  return description === undefined ? html : withDescription(html, description);
}

/**
 * The document with the stylesheet of a page's chunk (`static/css/async/page-<page>.<hash>.css`, the chunk names of
 * src/app/public-routes.tsx) linked in its head, when the build made one: the page is painted from the HTML before
 * its chunk arrives (LB17), so its own styles must be there at the first paint, or its stand-ins move when they
 * come. The chunk's loader finds the link by its address and does not add it again.
 */
export function withPageStylesheet(html: string, distPath: string, page: string): string {
  const dir = join(distPath, 'static', 'css', 'async');
  if (!existsSync(dir)) return html;
  const file = readdirSync(dir).find((f) => f.startsWith(`page-${page}.`) && f.endsWith('.css'));
  if (file === undefined) return html;
  if (!html.includes('</head>')) throw new Error('the page has no </head>');
  return html.replace('</head>', () => `<link href="/static/css/async/${file}" rel="stylesheet"></head>`);
}

type Texts = Record<string, unknown>;

/** A text of src/i18n/<lang>.json by its dotted key (the build reads the messages files themselves). */
function textOf(messages: Texts, key: string): string {
  const value = key.split('.').reduce<unknown>((node, k) => (node as Texts | undefined)?.[k], messages);
  if (typeof value !== 'string') throw new Error(`no text ${key}`);
  return value;
}

/** The description key of a prerendered Auth page or a public onboarding page (`meta.description.*`). */
const DESCRIPTION_KEY: Record<PrerenderedPage | OnboardingPage, string> = {
  login: 'meta.description.login',
  register: 'meta.description.register',
  forgot: 'meta.description.forgot',
  'new-client': 'meta.description.newClient',
  'new-numbers': 'meta.description.newNumbers',
};
const PUBLIC_TITLE_KEY: Record<OnboardingPage, string> = {
  'new-client': 'sections.newClient',
  'new-numbers': 'sections.newNumbers',
};

/**
 * Writes into the web output (docs/decisions.md LB12, OBS8, LB17): the app's and the public root's pages with the
 * portal's description (their language, ru); each prerendered Auth page with its markup, language, title and
 * description; each public onboarding page as the public root's page with its markup (when `renderPublic` is given),
 * language, title and description.
 */
export async function writePages(
  distPath: string,
  messagesDir: string,
  renderAll: () => Promise<PrerenderedHtml[]>,
  renderPublic: () => Promise<PrerenderedPublicHtml[]> = async () => [],
): Promise<void> {
  const messages = Object.fromEntries(
    LANGS.map((lang) => [lang, JSON.parse(readFileSync(join(messagesDir, `${lang}.json`), 'utf8')) as Texts]),
  ) as Record<Lang, Texts>;
  const appDescription = textOf(messages.ru, 'meta.description.app');
  const write = (file: string, html: string) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
  };
  const index = join(distPath, 'index.html');
  const template = withDescription(readFileSync(index, 'utf8'), appDescription);
  write(index, template);
  for (const page of await renderAll())
    write(
      join(distPath, prerenderedFile(page.lang, page.page)),
      prerenderedDocument(template, page, textOf(messages[page.lang], DESCRIPTION_KEY[page.page])),
    );
  const publicFile = join(distPath, 'public.html');
  if (!existsSync(publicFile)) return;
  const publicPage = withDescription(readFileSync(publicFile, 'utf8'), appDescription);
  write(publicFile, publicPage);
  const rendered = await renderPublic();
  for (const lang of LANGS)
    for (const page of ONBOARDING_PAGES) {
      const title = `${textOf(messages[lang], PUBLIC_TITLE_KEY[page])} — ${textOf(messages[lang], 'app.title')}`;
      const root = rendered.find((r) => r.lang === lang && r.page === page)?.root ?? '';
      const document = prerenderedDocument(
        publicPage,
        { lang, title, root },
        textOf(messages[lang], DESCRIPTION_KEY[page]),
      );
      write(
        join(distPath, publicPageFile(lang, page)),
        root === '' ? document : withPageStylesheet(document, distPath, page),
      );
    }
}

/** rsbuild plugin: after a production build, renders the prerendered pages into the web output. */
export function pluginPrerender(): RsbuildPlugin {
  return {
    name: 'portal:prerender',
    setup(api) {
      api.onAfterBuild(async ({ environments }) => {
        const node = environments[PRERENDER_ENVIRONMENT];
        const web = environments.web;
        if (!node || !web) return;
        const bundle = join(node.distPath, `${PRERENDER_ENTRY}.js`);
        const require = createRequire(bundle);
        delete require.cache[bundle];
        const { renderAll, renderPublic } = require(bundle) as {
          renderAll: () => Promise<PrerenderedHtml[]>;
          renderPublic: () => Promise<PrerenderedPublicHtml[]>;
        };
        await writePages(web.distPath, join(api.context.rootPath, 'src', 'i18n'), renderAll, renderPublic);
      });
    },
  };
}
