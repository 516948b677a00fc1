/**
 * `npm run screens [-- --charts a,b]`: the screen of every state of every chart, for the statechart explorer
 * (docs/statecharts/explorer.html), at 1366 and 390 px wide, in Russian and in Uzbek.
 * 1. Runs the view walks (tests/views/*view-walk*) with `SCREENS_DOM` set: each walk writes the DOM its view shows in
 *    each state it proves, in both languages (tests/support/screen-tag.ts, called from `walkViewPath`). So a screen is
 *    the real view in a state the walk asserted, with the walk's fake data, not a mock-up.
 * 2. Draws each DOM with the built app's CSS in Debian's chromium and writes it as WebP:
 *    docs/statecharts/screens/<chartId>/<encodeURIComponent(state)>.<lang>.<width>.webp (never committed).
 * 3. Writes docs/statecharts/screens/manifest.js, a classic script (the explorer opens from file://, where fetch and
 *    modules are blocked): `window.CHART_SCREENS = { generated, widths, charts, missing }`.
 * 4. Prints how many states of the charts have a screen, and exits 1 under COVERAGE_MIN %.
 *
 * A state counts when a screen's state is it or lies below it (a compound state is shown by its children's screens).
 * A chart "has a view walk" when its walk wrote at least one screen: a walk that shows no state fails the test run
 * before that. The states of a chart without one are listed in `missing` and counted as not shown.
 *
 * `--charts a,b` draws only those charts (their walk files alone run, found by the chart's module they import; all
 * walks run when one is not found) and leaves the other charts' screens as they are; the manifest and the figure
 * always cover every screen on disk.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { LANGS } from '../src/domain/constants';
import { machineRegistry } from '../src/machines/registry';
import { launchChromium } from './lib/chromium';

/** The share of the charts' states (every chart drawn in this run) that must have a screen. */
export const COVERAGE_MIN = 90;
/** A laptop and a phone; each screen is drawn at most two screen heights tall (the files stay small). */
const WIDTHS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const;
/**
 * How a screen is encoded, tried in turn until it is under MAX_BYTES: WebP quality, and how many screen heights of the
 * page are kept. A long table at quality 40 was still 90 KB; past 55 the text blurs, so the page is cut to one screen
 * height before the quality goes lower.
 */
const ENCODINGS = [
  { quality: 70, screens: 2 },
  { quality: 55, screens: 2 },
  { quality: 55, screens: 1 },
  { quality: 40, screens: 1 },
] as const;
const MAX_BYTES = 60_000;
/** The languages of every screen, in the order the explorer offers them (tests/support/screen-tag.ts writes both). */
const SCREEN_LANGS: readonly string[] = LANGS;

const root = resolve(import.meta.dirname, '..');
const outDir = join(root, 'docs', 'statecharts', 'screens');
const cssDir = join(root, 'dist', 'static', 'css');

function chosenCharts(argv: readonly string[]): Set<string> | undefined {
  const i = argv.indexOf('--charts');
  const list = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith('--charts='))?.slice('--charts='.length);
  if (list === undefined) return undefined;
  const ids = new Set(list.split(',').filter(Boolean));
  const known = new Set(machineRegistry.map((e) => e.id));
  const unknown = [...ids].filter((id) => !known.has(id));
  if (unknown.length > 0)
    throw new Error(`unknown chart(s): ${unknown.join(', ')} (src/machines/registry.ts)`);
  return ids;
}

/** The view-walk files to run: all of them, or those importing a chosen chart's module (all when one has none). */
function walkFiles(charts: Set<string> | undefined): string[] {
  const dir = join(root, 'tests', 'views');
  const all = readdirSync(dir)
    .filter((f) => /view-walk.*\.test\.tsx?$/.test(f))
    .map((f) => join('tests', 'views', f));
  if (!charts) return all;
  // the registry's generated list names each chart's machine and the module it comes from
  const registry = readFileSync(join(root, 'src', 'machines', 'registry.generated.ts'), 'utf8');
  const picked = new Set<string>();
  for (const id of charts) {
    const name = new RegExp(`id: '${id}',\\s*machine: (\\w+)`).exec(registry)?.[1];
    const module = name && new RegExp(`import \\{ ${name} \\} from '\\./([^']+)'`).exec(registry)?.[1];
    const files = module
      ? all.filter((f) => readFileSync(join(root, f), 'utf8').includes(`/machines/${module}'`))
      : [];
    if (files.length === 0) return all;
    for (const f of files) picked.add(f);
  }
  return [...picked];
}

/** The built app's stylesheets, built first when there are none (`dist/` is the production build's output). */
function appStylesheets(): string[] {
  const list = () =>
    existsSync(cssDir)
      ? readdirSync(cssDir, { recursive: true, encoding: 'utf8' })
          .filter((f) => f.endsWith('.css'))
          // the entries' CSS (the base rules) before the lazy pages' own
          .sort((a, b) => Number(a.includes('async')) - Number(b.includes('async')) || a.localeCompare(b))
          .map((f) => join(cssDir, f))
      : [];
  if (list().length === 0) {
    console.log('screens: no CSS in dist/, building the app (npx rsbuild build)');
    const build = spawnSync('npx', ['rsbuild', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('rsbuild build failed');
  }
  const css = list();
  if (css.length === 0) throw new Error(`no CSS in ${cssDir} after the build`);
  return css;
}

/**
 * The page every screen is drawn in, opened once per width and language from file:// (so its file:// stylesheets
 * load): the app's stylesheets, a `<base>` at the build's output (a relative address resolves as the served app's
 * would), no motion and no caret, so every shot is the settled screen. Each screen's body is put into it in turn
 * (`showScreen`): a navigation per screen parsed all the CSS again and took two thirds of the time.
 */
function shellPage(stylesheets: readonly string[]): string {
  const head = [
    `<meta charset="utf-8">`,
    `<base href="${pathToFileURL(join(root, 'dist'))}/">`,
    ...stylesheets.map((css) => `<link rel="stylesheet" href="${pathToFileURL(css)}">`),
    '<style>*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important}</style>',
  ].join('');
  return `<!doctype html><html><head>${head}</head><body></body></html>`;
}

/**
 * Runs in the page: shows a captured document there (its `<html>` attributes, `lang` first, and its body; jsdom's
 * head holds only what the walk's last page left, a title, and the stylesheets are the shell's), and returns its height
 * once fonts and images are in.
 */
async function showScreen(html: string): Promise<number> {
  const next = new DOMParser().parseFromString(html, 'text/html');
  const page = document.documentElement;
  for (const { name } of [...page.attributes]) page.removeAttribute(name);
  for (const { name, value } of [...next.documentElement.attributes]) page.setAttribute(name, value);
  document.body.replaceWith(document.adoptNode(next.body));
  window.scrollTo(0, 0);
  await document.fonts.ready;
  await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
  return page.scrollHeight;
}

interface Shot {
  chart: string;
  stateKey: string;
  lang: string;
  /** The captured document (tests/support/screen-tag.ts). */
  html: string;
}

/** Reads the walks' DOM files of the charts to draw. */
function collectShots(domDir: string, charts: Set<string> | undefined): Shot[] {
  const shots: Shot[] = [];
  if (!existsSync(domDir)) return shots;
  for (const chart of readdirSync(domDir).sort()) {
    if (charts && !charts.has(chart)) continue;
    for (const file of readdirSync(join(domDir, chart)).sort()) {
      const m = /^(.*)\.(ru|uz)\.html$/.exec(file);
      if (!m?.[1] || !m[2]) continue;
      const html = readFileSync(join(domDir, chart, file), 'utf8');
      shots.push({ chart, stateKey: decodeURIComponent(m[1]), lang: m[2], html });
    }
  }
  return shots;
}

/**
 * Draws the shots of one language at one width on one page, through the browser's own WebP encoder (CDP). A text-dense
 * screen over MAX_BYTES is encoded again at lower qualities until it fits (or the lowest is reached).
 */
async function drawAt(
  browser: Browser,
  shell: string,
  size: (typeof WIDTHS)[number],
  lang: string,
  shots: readonly Shot[],
) {
  const context = await browser.newContext({ viewport: size, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(pathToFileURL(shell).href, { waitUntil: 'load' });
  for (const shot of shots) {
    if (shot.lang !== lang) continue;
    const height = await page.evaluate(showScreen, shot.html);
    const tall = Math.min(Math.max(height, size.height), 2 * size.height);
    let image: Buffer | undefined;
    for (const { quality, screens } of ENCODINGS) {
      const clip = { x: 0, y: 0, width: size.width, height: Math.min(tall, screens * size.height), scale: 1 };
      const { data } = (await cdp.send('Page.captureScreenshot', {
        format: 'webp',
        quality,
        captureBeyondViewport: clip.height > size.height,
        clip,
      })) as { data: string };
      image = Buffer.from(data, 'base64');
      if (image.length <= MAX_BYTES) break;
    }
    const file = join(
      outDir,
      shot.chart,
      `${encodeURIComponent(shot.stateKey)}.${shot.lang}.${size.width}.webp`,
    );
    if (image) writeFileSync(file, image);
  }
  await context.close();
}

/** Every state node below the root, by its dotted path; history states are no place a user sees. */
function statesOf(machine: AnyStateMachine): Map<string, AnyStateNode> {
  const states = new Map<string, AnyStateNode>();
  const visit = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      if (child.type === 'history') continue;
      states.set(child.path.join('.'), child);
      visit(child);
    }
  };
  visit(machine.root);
  return states;
}

/** The screens on disk: chart → state → languages drawn at every width. */
function screensOnDisk(): Record<string, Record<string, string[]>> {
  const charts: Record<string, Record<string, string[]>> = {};
  if (!existsSync(outDir)) return charts;
  for (const chart of readdirSync(outDir).sort()) {
    if (!statSync(join(outDir, chart)).isDirectory()) continue;
    const states: Record<string, string[]> = {};
    const files = new Set(readdirSync(join(outDir, chart)));
    for (const file of [...files].sort()) {
      const m = /^(.*)\.(ru|uz)\.1366\.webp$/.exec(file);
      if (!m?.[1] || !m[2]) continue;
      if (!WIDTHS.every((w) => files.has(`${m[1]}.${m[2]}.${w.width}.webp`))) continue;
      const key = decodeURIComponent(m[1]);
      states[key] = [...(states[key] ?? []), m[2]];
    }
    for (const langs of Object.values(states))
      langs.sort((a, b) => SCREEN_LANGS.indexOf(a) - SCREEN_LANGS.indexOf(b));
    if (Object.keys(states).length > 0) charts[chart] = states;
  }
  return charts;
}

/** Why a state has no screen. */
function reasonFor(node: AnyStateNode): string {
  if (node.always && node.always.length > 0 && node.type === 'atomic')
    return 'transient: left at once (always)';
  // a page that tells its chart what its address says as it mounts (employeesList's idle): its walks start after that
  if (node.parent?.parent === undefined && node.parent?.initial.target.includes(node))
    return 'initial: left as the view mounts (its walks start after it)';
  return 'not reached by a view walk';
}

interface Coverage {
  covered: number;
  total: number;
  missing: Record<string, Record<string, string>>;
  unwalked: string[];
}

/** The states of the walked charts shown by a screen (in both languages), and why the others are not. */
function coverage(
  charts: Record<string, Record<string, string[]>>,
  chosen: Set<string> | undefined,
): Coverage {
  const result: Coverage = { covered: 0, total: 0, missing: {}, unwalked: [] };
  for (const { id, machine } of machineRegistry) {
    const states = statesOf(machine);
    const screens = charts[id];
    if (!screens) {
      // a chart this run did not walk may have a walk all the same
      const reason =
        !chosen || chosen.has(id)
          ? 'no view walk for this chart'
          : 'not drawn yet (npm run screens without --charts draws every chart)';
      result.unwalked.push(id);
      result.missing[id] = Object.fromEntries([...states.keys()].map((p) => [p, reason]));
      // a chart no walk shows counts against the figure; one this run was not asked to draw does not
      if (!chosen || chosen.has(id)) result.total += states.size;
      continue;
    }
    const leaves = Object.entries(screens)
      .filter(([, langs]) => SCREEN_LANGS.every((l) => langs.includes(l)))
      .flatMap(([key]) => key.split('+'));
    for (const [path, node] of states) {
      result.total++;
      if (leaves.some((leaf) => leaf === path || leaf.startsWith(`${path}.`))) result.covered++;
      else result.missing[id] = { ...result.missing[id], [path]: reasonFor(node) };
    }
  }
  return result;
}

/** JSON one entry a line, a state's languages kept on its line (`["ru","uz"]`). */
function readableJson(value: unknown): string {
  return JSON.stringify(value, null, 1).replace(
    /\[\s+("[a-z]+"(?:,\s+"[a-z]+")*)\s+\]/g,
    (_, langs: string) => `[${langs.replace(/\s+/g, '')}]`,
  );
}

async function main(): Promise<number> {
  const started = Date.now();
  const charts = chosenCharts(process.argv.slice(2));
  const css = appStylesheets();
  const work = mkdtempSync(join(tmpdir(), 'screens-'));
  try {
    const domDir = join(work, 'dom');
    const shell = join(work, 'shell.html');
    writeFileSync(shell, shellPage(css));
    const files = walkFiles(charts);
    console.log(`screens: running ${files.length} view walk file(s) to capture the views' DOM`);
    const walks = spawnSync('npx', ['vitest', 'run', ...files], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, SCREENS_DOM: domDir },
    });
    if (walks.status !== 0) throw new Error('the view walks failed: no screens drawn');

    const shots = collectShots(domDir, charts);
    // a chart drawn again loses its old screens (a state renamed or no longer reached); the others keep theirs
    for (const chart of new Set(shots.map((s) => s.chart))) {
      rmSync(join(outDir, chart), { recursive: true, force: true });
      mkdirSync(join(outDir, chart), { recursive: true });
    }
    if (!charts)
      for (const old of existsSync(outDir) ? readdirSync(outDir) : [])
        if (!shots.some((s) => s.chart === old) && old !== 'manifest.js')
          rmSync(join(outDir, old), { recursive: true, force: true });
    const drawing = Date.now();
    // two browsers side by side, one per core (a screenshot is encoded in the browser's own process, so two pages of
    // one browser took turns), each drawing one width in one language and the other width in the other: a wide
    // screen takes twice as long as a narrow one
    const jobs = WIDTHS.flatMap((size, i) =>
      SCREEN_LANGS.map((lang, j) => ({ size, lang, browser: (i + j) % 2 })),
    );
    await Promise.all(
      [0, 1].map(async (n) => {
        const browser = await launchChromium();
        try {
          for (const job of jobs.filter((j) => j.browser === n))
            await drawAt(browser, shell, job.size, job.lang, shots);
        } finally {
          await browser.close();
        }
      }),
    );
    const drawn = shots.length * WIDTHS.length;
    console.log(`screens: ${drawn} shots drawn in ${((Date.now() - drawing) / 1000).toFixed(1)} s`);

    const onDisk = screensOnDisk();
    const cover = coverage(onDisk, charts);
    const manifest = {
      generated: new Date().toISOString(),
      widths: WIDTHS.map((w) => w.width),
      charts: onDisk,
      missing: cover.missing,
    };
    mkdirSync(outDir, { recursive: true });
    writeFileSync(
      join(outDir, 'manifest.js'),
      `// Generated by \`npm run screens\` (scripts/screens.ts): the screens in this folder, for the statechart explorer.\nwindow.CHART_SCREENS = ${readableJson(manifest)};\n`,
    );

    const pct = cover.total === 0 ? 0 : Math.round((cover.covered / cover.total) * 1000) / 10;
    for (const [chart, states] of Object.entries(cover.missing)) {
      if (cover.unwalked.includes(chart)) continue;
      for (const [path, reason] of Object.entries(states)) console.log(`  ${chart}: ${path} — ${reason}`);
    }
    if (cover.unwalked.length > 0)
      console.log(`  no screens (see manifest.js's missing): ${cover.unwalked.join(', ')}`);
    console.log(
      `screens: ${cover.covered} of ${cover.total} user-facing states (${pct} %) at ${WIDTHS.map((w) => w.width).join(' and ')} px, ${SCREEN_LANGS.join(' and ')}`,
    );
    console.log(`screens: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (pct < COVERAGE_MIN) {
      console.error(`screens: under ${COVERAGE_MIN} % of the charts' states have a screen`);
      return 1;
    }
    return 0;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

process.exitCode = await main();
