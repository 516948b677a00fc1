/**
 * `npm run bench`: the figures of the closing notes.
 *
 * 1. Initial JavaScript of the login route, gzip KB, from the build itself: `rsbuild build`, then every script that
 *    dist/index.html loads (the entry), gzipped and summed, next to React's floor (the lib-react chunk alone); plus
 *    the lazy chunks Chromium actually fetches while /ru/login opens (auth page, API client), so the route total is
 *    shown too.
 * 2. Wall time of the model suite (`npx vitest run tests/machines`).
 * 3. Tab switch time on the 12 000-number list in Chromium: the portal is started like tests/e2e/global-setup.ts
 *    (throw-away database, free ports), the demo curator signs in through the login form, opens the numbers list and
 *    switches tabs BENCH_ROUNDS × 4 times, measuring in the page from the click to the new tab's rows rendered
 *    (`data-ready` on the list). Page changes (not prefetched: a server round trip each) are measured the same way.
 *
 * BENCH_SKIP=build,models,tabs leaves parts out; BENCH_ROUNDS (default 5) sets the tab-switch rounds.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const TABS = ['blocked', 'pending', 'all', 'active'] as const;
type Tab = (typeof TABS)[number];

/** Terminal colour codes (ESC [ … m), stripped from the vitest summary. */
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gz = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

function stats(xs: readonly number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
  const mid = Math.floor(s.length / 2);
  const median = s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
  return { n: s.length, median, p90: at(0.9), min: s[0] ?? Number.NaN, max: s.at(-1) ?? Number.NaN };
}
const ms = (x: number) => `${x.toFixed(1)} ms`;

// ── 1. initial JavaScript ───────────────────────────────────────────────────────────────────────────
function entryScripts(): string[] {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  return [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1] as string);
}

function bundleReport(): { entry: string[]; lines: string[] } {
  const build = spawnSync('npx', ['rsbuild', 'build'], { cwd: ROOT, encoding: 'utf8', env: process.env });
  if (build.status !== 0) throw new Error(`rsbuild build failed:\n${build.stdout}\n${build.stderr}`);
  const entry = entryScripts();
  const sizes = entry.map((src) => ({ src, gzip: gz(join(DIST, src)) }));
  const total = sizes.reduce((a, b) => a + b.gzip, 0);
  const react = sizes.filter((s) => /lib-react/.test(s.src)).reduce((a, b) => a + b.gzip, 0);
  return {
    entry,
    lines: [
      'Initial JavaScript (scripts of dist/index.html, gzip -9):',
      ...sizes.map((s) => `  ${s.src.padEnd(44)} ${kb(s.gzip).padStart(10)}`),
      `  ${'total'.padEnd(44)} ${kb(total).padStart(10)}`,
      `  ${"React's floor (lib-react)".padEnd(44)} ${kb(react).padStart(10)}   (entry minus React: ${kb(total - react)})`,
    ],
  };
}

// ── 2. model suite ──────────────────────────────────────────────────────────────────────────────────
function modelSuite(): string[] {
  const t0 = performance.now();
  const run = spawnSync('npx', ['vitest', 'run', 'tests/machines'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: process.env,
  });
  const wall = (performance.now() - t0) / 1000;
  const summary = `${run.stdout}`
    .split('\n')
    .filter((l) => /Test Files|Tests /.test(l))
    .map((l) => l.replace(ANSI, '').trim());
  return [
    `Model suite (npx vitest run tests/machines): ${wall.toFixed(1)} s wall, exit ${run.status}`,
    ...summary.map((l) => `  ${l}`),
  ];
}

// ── 3. tab switch in Chromium ───────────────────────────────────────────────────────────────────────
async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`portal exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`portal did not answer at ${url}`);
}

/**
 * In-page timer: clicks `selector` and resolves with the ms until the list shows `status`, is ready, and (for page
 * changes) shows page `pageNo`. Kept as source text: tsx would wrap named functions in a `__name` helper that does
 * not exist inside the page.
 */
const TIME_CLICK = `({ selector, status, pageNo }) => new Promise((resolveTime, reject) => {
  const list = document.querySelector('[data-testid="numbers-list"]');
  const control = document.querySelector(selector);
  if (!list || !control) return reject(new Error(selector + ' not on screen'));
  const pageText = () => (document.querySelector('[data-testid="numbers-page"]') || {}).textContent || '';
  const done = () => list.dataset.ready === 'true' && list.dataset.status === status &&
    (pageNo === null || pageText().startsWith('Страница ' + pageNo + ' '));
  const t0 = performance.now();
  const observer = new MutationObserver(() => {
    if (!done()) return;
    observer.disconnect();
    resolveTime(performance.now() - t0);
  });
  observer.observe(list, { attributes: true, childList: true, subtree: true, characterData: true });
  control.click();
  setTimeout(() => reject(new Error(selector + ': not rendered within 10 s')), 10000);
})`;

function timeClick(page: Page, selector: string, status: Tab, pageNo: number | null = null): Promise<number> {
  return page.evaluate(`(${TIME_CLICK})(${JSON.stringify({ selector, status, pageNo })})`) as Promise<number>;
}

async function tabSwitch(): Promise<string[]> {
  const { chromium } = await import('playwright-core');
  const { DEMO_PASSWORD } = await import('../server/db/demo-accounts');
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const port = String(19080 + Math.floor(Math.random() * 900));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: port,
      HOST: '127.0.0.1',
      PORTAL_DB: join(dataDir, 'portal.db'),
      PORTAL_DATA_DIR: dataDir,
      EIMZO_PORT: String(Number(port) + 1000),
      EIMZO_CONTROL_PORT: String(Number(port) + 1001),
      EIMZO_DATA_DIR: join(dataDir, 'eimzo'),
      EIMZO_MODE: 'scripted',
      DEMO_MODE: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += String(d);
  });
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    await waitFor(`${base}/ru/login`, child, 180_000).catch((e) => {
      console.error(output.slice(-3000));
      throw e;
    });
    const page = await browser.newPage();

    // the login route's JavaScript as Chromium fetches it (entry + lazy chunks)
    await page.goto(`${base}/ru/login`);
    await page.getByTestId('auth-login').waitFor();
    await page.waitForLoadState('networkidle');
    const loginScripts = (await page.evaluate(
      "performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((p) => p.endsWith('.js'))",
    )) as string[];

    const form = page.getByTestId('auth-login');
    await form.locator('input[name="login"]').fill('curator');
    await form.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await form.locator('input[name="password"]').press('Enter');
    await page.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 30_000 });
    await page.goto(`${base}/ru/profile?status=active`);
    await page.waitForSelector('[data-testid="numbers-list"][data-ready="true"][data-status="active"]');
    await page.waitForLoadState('networkidle');

    const tabTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const tab of TABS) tabTimes.push(await timeClick(page, `[data-testid="numbers-tab-${tab}"]`, tab));
    }
    // page changes are not prefetched: each is a server round trip plus the render
    await page.getByTestId('numbers-tab-all').click();
    await page.waitForSelector('[data-testid="numbers-list"][data-ready="true"][data-status="all"]');
    const total = await page.getByTestId('numbers-total').textContent();
    const pageTimes: number[] = [];
    for (let p = 2; p <= 1 + ROUNDS * 2; p++) {
      pageTimes.push(await timeClick(page, '[data-testid="numbers-next"]', 'all', p));
    }
    await page.close();

    const tabs = stats(tabTimes);
    const pages = stats(pageTimes);
    // read back from the server (the portal may have rebuilt dist since step 1)
    const loginJs = await Promise.all(
      [...new Set(loginScripts)].map(
        async (p) =>
          gzipSync(Buffer.from(await (await fetch(`${base}${p}`)).arrayBuffer()), { level: 9 }).length,
      ),
    );
    return [
      `Login route in Chromium: ${loginJs.length} scripts fetched, ${kb(loginJs.reduce((a, b) => a + b, 0))} gzip -9 (entry + lazy auth page and API client)`,
      `Tab switch on the 12 000-number list (${total?.trim()}), Chromium headless, click → rows rendered:`,
      `  ${tabs.n} switches: median ${ms(tabs.median)}, p90 ${ms(tabs.p90)}, min ${ms(tabs.min)}, max ${ms(tabs.max)}`,
      `Page change (next page, not prefetched: server round trip + render):`,
      `  ${pages.n} changes: median ${ms(pages.median)}, p90 ${ms(pages.p90)}, max ${ms(pages.max)}`,
    ];
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const out: string[] = [];
  if (!SKIP.has('build')) out.push(...bundleReport().lines, '');
  if (!SKIP.has('models')) out.push(...modelSuite(), '');
  if (!SKIP.has('tabs')) out.push(...(await tabSwitch()));
  console.log(`\n${out.join('\n')}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
