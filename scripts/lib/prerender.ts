/**
 * Build-time prerendering of the Auth pages (docs/decisions.md LB12). The build's `prerender` environment bundles
 * src/app/prerender.tsx for Node; after the build this plugin runs it and writes each page of `PRERENDERED_PATHS`
 * into the web output as `prerendered/<lang>-<page>.html`: the app's `index.html` with the page's markup inside
 * `#root`, its `<html lang>` and its title. server/static.ts answers those addresses with it (a query gets the plain
 * page), and src/main.tsx hydrates the markup instead of drawing it again.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';
import type { PrerenderedHtml } from '../../src/app/prerender';
import { prerenderedFile } from '../../src/domain/prerender.rules';

/** The environment whose Node bundle renders the pages (rsbuild.config.ts), and its one entry. */
export const PRERENDER_ENVIRONMENT = 'prerender';
export const PRERENDER_ENTRY = 'prerender';

const ROOT_ELEMENT = '<div id="root"></div>';

/** `&`, `<`, `>` and `"` as entities, for a title put into HTML text. */
const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The app's page with one prerendered page's markup, language and title. */
export function prerenderedDocument(template: string, page: PrerenderedHtml): string {
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${page.lang}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(ROOT_ELEMENT, `<div id="root">${page.root}</div>`);
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
        const { renderAll } = require(bundle) as { renderAll: () => Promise<PrerenderedHtml[]> };
        const template = readFileSync(join(web.distPath, 'index.html'), 'utf8');
        for (const page of await renderAll()) {
          const file = join(web.distPath, prerenderedFile(page.lang, page.page));
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, prerenderedDocument(template, page));
        }
      });
    },
  };
}
