import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDescription, writePages } from '../../scripts/lib/prerender';
import { spaRoutes } from '../../server/static';
import type { PrerenderedHtml, PrerenderedPublicHtml } from '../../src/app/prerender';
import { LANGS } from '../../src/domain/constants';
import { PRERENDERED_PATHS } from '../../src/domain/prerender.rules';
import { ONBOARDING_PAGES } from '../../src/domain/public-pages.rules';
import ru from '../../src/i18n/ru.json';
import uz from '../../src/i18n/uz.json';

/** The documents the build writes around the pages: language, title and meta description (docs/decisions.md OBS8). */
const TEMPLATE =
  '<!doctype html><html lang="ru"><head><meta charset="utf-8" /><title>Корпоративный портал</title></head><body><div id="root"></div></body></html>';
const description = (html: string) => /<meta name="description" content="([^"]*)">/.exec(html)?.[1];
const lang = (html: string) => /<html lang="([^"]*)">/.exec(html)?.[1];
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-documents-'));
  writeFileSync(join(dist, 'index.html'), TEMPLATE);
  writeFileSync(join(dist, 'public.html'), TEMPLATE.replace('<body>', '<body data-root="public">'));
  const renderAll = async (): Promise<PrerenderedHtml[]> =>
    PRERENDERED_PATHS.map(({ path, lang: l, page }) => ({
      path,
      lang: l,
      page,
      root: `<p>${page}</p>`,
      title: page,
    }));
  mkdirSync(join(dist, 'static', 'css', 'async'), { recursive: true });
  for (const f of [
    'page-new-numbers.0a1b2c.css',
    'page-new-client-step2.3d4e5f.css',
    'page-new-client.6a7b8c.css',
  ])
    writeFileSync(join(dist, 'static', 'css', 'async', f), '');
  const renderPublic = async (): Promise<PrerenderedPublicHtml[]> =>
    LANGS.flatMap((l) => ONBOARDING_PAGES.map((page) => ({ lang: l, page, root: `<p>${l} ${page}</p>` })));
  await writePages(dist, join(process.cwd(), 'src', 'i18n'), renderAll, renderPublic);
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));
const read = (file: string) => readFileSync(join(dist, file), 'utf8');

describe('the meta description of every page, in its language', () => {
  it('gives the app’s and the public root’s pages the portal’s description', () => {
    expect(description(read('index.html'))).toBe(ru.meta.description.app);
    expect(description(read('public.html'))).toBe(ru.meta.description.app);
  });

  it('gives each prerendered Auth page its own, in its language', () => {
    const key = { login: 'login', register: 'register', forgot: 'forgot' } as const;
    for (const { lang: l, page } of PRERENDERED_PATHS) {
      const html = read(`prerendered/${l}-${page}.html`);
      expect(lang(html)).toBe(l);
      expect(description(html)).toBe((l === 'ru' ? ru : uz).meta.description[key[page]]);
      expect(html).toContain(`<div id="root"><p>${page}</p></div>`);
      // one description, not two
      expect(html.match(/name="description"/g)).toHaveLength(1);
    }
  });

  it('writes each public page’s copy of the public root’s page in its language', () => {
    for (const [l, messages] of [
      ['ru', ru],
      ['uz', uz],
    ] as const) {
      const client = read(`prerendered/${l}-new-client.html`);
      expect(lang(client)).toBe(l);
      expect(title(client)).toBe(`${messages.sections.newClient} — ${messages.app.title}`);
      expect(description(client)).toBe(messages.meta.description.newClient);
      expect(client).toContain('data-root="public"');
      // with the page's own markup, in its language (LB17)
      expect(client).toContain(`<div id="root"><p>${l} new-client</p></div>`);
      const numbers = read(`prerendered/${l}-new-numbers.html`);
      expect(description(numbers)).toBe(messages.meta.description.newNumbers);
      expect(numbers).toContain(`<div id="root"><p>${l} new-numbers</p></div>`);
      // each with its own page's stylesheet, once, not step two's (LB17)
      expect(numbers.match(/<link [^>]*rel="stylesheet">/g)).toEqual([
        '<link href="/static/css/async/page-new-numbers.0a1b2c.css" rel="stylesheet">',
      ]);
      expect(client.match(/<link [^>]*rel="stylesheet">/g)).toEqual([
        '<link href="/static/css/async/page-new-client.6a7b8c.css" rel="stylesheet">',
      ]);
    }
  });

  it('is what the server answers those addresses with', async () => {
    const page = async (path: string) => (await spaRoutes(dist).request(path)).text();
    expect(description(await page('/uz/new-numbers?from=poster'))).toBe(uz.meta.description.newNumbers);
    expect(description(await page('/uz/login'))).toBe(uz.meta.description.login);
    expect(description(await page('/uz/profile'))).toBe(ru.meta.description.app);
  });

  it('escapes the text and replaces an earlier description', () => {
    const once = withDescription(TEMPLATE, 'a "b" <c> & d');
    expect(description(once)).toBe('a &quot;b&quot; &lt;c&gt; &amp; d');
    expect(withDescription(once, 'x $& y').match(/name="description"/g)).toHaveLength(1);
    expect(description(withDescription(once, 'x $& y'))).toBe('x $&amp; y');
    expect(existsSync(join(dist, 'prerendered', 'ru-login.html'))).toBe(true);
  });
});
