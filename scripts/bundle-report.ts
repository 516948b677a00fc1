/**
 * `node --import tsx scripts/bundle-report.ts [chunk-name-part …]`: what sits in the login route's scripts.
 *
 * Builds the portal with source maps into a throw-away folder (the portal's own rsbuild.config.ts; only the output
 * folder and the source maps differ) and attributes every minified byte of the initial scripts (those the HTML page
 * names), plus any chunk whose file name contains one of the arguments, to its source module through the maps. Prints,
 * per script, its gzip -9 size and the largest sources (minified bytes), grouped by package for node_modules.
 * A source-map-explorer of our own, so the analysis needs nothing beyond what the build already uses.
 * REPORT_PAGE=/ru/new-client reports the scripts that page fetches instead (see `fetchedBy`); REPORT_ENTRY the bench's
 * floor page.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';
import { webOnlyConfig } from './lib/web-config';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TOP = Number(process.env.REPORT_TOP ?? 25);

/** node_modules/<pkg>/… → the package; src/… stays the file. */
function group(source: string): string {
  const clean = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
  const nm = clean.lastIndexOf('node_modules/');
  if (nm < 0) return clean;
  const rest = clean.slice(nm + 'node_modules/'.length).split('/');
  const pkg = rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? clean);
  // zod's own parts (classic vs mini vs core) are told apart: that is the point of the report
  if (pkg === 'zod') return `zod/${rest.slice(1, 4).join('/')}`;
  return pkg;
}

/** Minified bytes per source of one script, from its source map (a segment owns the bytes up to the next one). */
function attribute(code: string, mapText: string): Map<string, number> {
  const map = JSON.parse(mapText) as { sources: string[]; mappings: string };
  const lines = code.split('\n');
  const decoded = decode(map.mappings);
  const sizes = new Map<string, number>();
  decoded.forEach((segments, line) => {
    const text = lines[line] ?? '';
    segments.forEach((seg, i) => {
      const end = segments[i + 1]?.[0] ?? text.length;
      const source = seg.length > 1 ? group(map.sources[seg[1] as number] ?? '?') : '(generated)';
      sizes.set(source, (sizes.get(source) ?? 0) + Buffer.byteLength(text.slice(seg[0], end)));
    });
  });
  return sizes;
}

/**
 * REPORT_PAGE=/ru/new-client: the scripts Chromium fetches while that page opens (until the network is idle), served
 * from the source-mapped build by the portal itself (throw-away database, free port), instead of the HTML's scripts.
 */
async function fetchedBy(dist: string, path: string): Promise<string[]> {
  const { startPortal } = await import('../server/start');
  const { chromium } = await import('playwright-core');
  const portal = await startPortal({
    port: 0,
    dbPath: ':memory:',
    distDir: dist,
    spa: 'serve',
    config: { demoMode: false },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname.slice(1));
    });
    await page.goto(`${portal.url}${path}`);
    await page.waitForLoadState('networkidle');
    return scripts;
  } finally {
    await browser.close();
    await portal.close();
  }
}

async function main(): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'bundle-report-'));
  try {
    process.env.NODE_ENV = 'production';
    const { createRsbuild, loadConfig, mergeRsbuildConfig } = await import('@rsbuild/core');
    const { content } = await loadConfig({ cwd: ROOT });
    const config = webOnlyConfig(content, mergeRsbuildConfig, {
      output: { distPath: { root: out }, sourceMap: { js: 'source-map', css: false } },
      performance: { printFileSize: false },
    });
    // REPORT_ENTRY=./scripts/bench-floor/main.tsx reports the bench's floor page instead of the portal: its one entry
    // replaces the portal's two (merged, the public root's entry would share its first scripts)
    if (process.env.REPORT_ENTRY)
      config.source = { ...config.source, entry: { index: process.env.REPORT_ENTRY } };
    const rsbuild = await createRsbuild({ cwd: ROOT, rsbuildConfig: config });
    await rsbuild.build();
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    const initial = process.env.REPORT_PAGE
      ? await fetchedBy(out, process.env.REPORT_PAGE)
      : [...html.matchAll(/<script[^>]*src="\/([^"]+\.js)"/g)].map((m) => m[1] as string);
    const asyncDir = join(out, 'static/js/async');
    const extra = process.argv.slice(2).flatMap((part) =>
      readdirSync(asyncDir)
        .filter((f) => f.endsWith('.js') && f.includes(part))
        .map((f) => `static/js/async/${f}`),
    );
    let total = 0;
    const all = new Map<string, number>();
    for (const file of [...initial, ...extra]) {
      const code = readFileSync(join(out, file), 'utf8');
      const gz = gzipSync(code, { level: 9 }).length;
      total += gz;
      // the messages chunks come from a loader that makes no source map: the file is its one source
      const map = join(out, `${file}.map`);
      const sizes = existsSync(map)
        ? attribute(code, readFileSync(map, 'utf8'))
        : new Map([[`${file} (no source map)`, code.length]]);
      console.log(
        `\n${file}: ${(code.length / 1024).toFixed(1)} KB minified, ${(gz / 1024).toFixed(1)} KB gzip -9`,
      );
      for (const [src, n] of [...sizes].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
        console.log(`  ${(n / 1024).toFixed(1).padStart(7)} KB  ${src}`);
        all.set(src, (all.get(src) ?? 0) + n);
      }
    }
    console.log(
      `\nTotal of these scripts: ${(total / 1024).toFixed(1)} KB gzip -9 (each gzipped on its own, summed)`,
    );
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

await main();
