import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium';
import { SETTLED_SESSION } from '../../scripts/lib/settled-session';
import { DEMO_PASSWORD } from '../../server/db/demo-accounts';
import type { User } from '../../src/services/contract/session.contract';
import { seededDb } from '../server/harness';
import { SCREEN_SIZES } from './layout-routes';

/**
 * Page objects of the browser tests: the browser, signing in, and the screens and pieces every workflow shares (the
 * login form, the header search box, the navigation, the shared view pieces of src/views/common, downloads, page
 * geometry). A workflow's own e2e file adds only what is its own.
 */

/** Debian's chromium (never a downloaded browser), headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return launchChromium();
}

/** Fails the test on any uncaught page error or console error (a blank page usually starts with one). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text()))
      errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/**
 * A fresh browser context signed in through the real login form as `login` (every demo account's password), on the
 * page the user lands on. The browser-test page object every signed-in test starts from.
 */
export async function signIn(
  browser: Browser,
  base: string,
  login: string,
  opts: {
    lang?: 'ru' | 'uz';
    acceptDownloads?: boolean;
    viewport?: { width: number; height: number };
  } = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    acceptDownloads: opts.acceptDownloads ?? false,
    ...(opts.viewport ? { viewport: opts.viewport } : {}),
  });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${base}/${opts.lang ?? 'ru'}/login`);
  // the session check has answered (an anonymous visitor): what a test types is not racing the page's start
  await page.locator('[data-testid="session"][data-state^="signedOut"]').waitFor({ timeout: 20_000 });
  await fillLogin(page, login);
  try {
    await page.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 20_000 });
  } catch (e) {
    // say what the page shows instead of only "timeout": the form's state, the values kept, the messages
    const form = page.getByTestId('auth-login');
    const shown = {
      session: await page.getByTestId('session').getAttribute('data-state'),
      auth: await page.getByTestId('auth-page').getAttribute('data-state'),
      login: await form.locator('input[name="login"]').inputValue(),
      passwordLength: (await form.locator('input[name="password"]').inputValue()).length,
      alerts: await page.getByRole('alert').allTextContents(),
    };
    throw new Error(`${login} stayed on the login page: ${JSON.stringify(shown)}`, { cause: e });
  }
  // the address leaves /login while the session may still save the role or load the profile
  await page.locator(SETTLED_SESSION).waitFor({ timeout: 20_000 });
  return { page, errors };
}

/**
 * `login` may not open `path` (under `/ru`): typed into the address bar, it sends them back to the page they landed
 * on after signing in, and the page `pageTestId` never shows.
 */
export async function expectSentAway(
  browser: Browser,
  base: string,
  login: string,
  path: string,
  pageTestId: string,
): Promise<void> {
  const { page } = await signIn(browser, base, login, { lang: 'ru' });
  await page.waitForURL((url) => /^\/ru\/[a-z]/.test(url.pathname), { timeout: 20_000 });
  const landed = new URL(page.url()).pathname;
  await page.goto(`${base}/ru${path}`);
  await page.waitForURL((url) => !url.pathname.startsWith(`/ru${path}`), { timeout: 20_000 });
  expect(new URL(page.url()).pathname).toBe(landed);
  expect(await page.getByTestId(pageTestId).count()).toBe(0);
  await page.context().close();
}

/** The login form (any language: fields are found by name): fills it and submits it with Enter. */
export async function fillLogin(page: Page, login: string, password = DEMO_PASSWORD): Promise<void> {
  const form = page.getByTestId('auth-login');
  await form.locator('input[name="login"]').fill(login);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('input[name="password"]').press('Enter');
}

/** The session user as the page's own cookies see it (GET /api/user/). */
export async function sessionUser(page: Page): Promise<User> {
  const reply = await page.evaluate(async () => (await fetch('/api/user/')).json());
  return (reply as { result: User }).result;
}

/** The navigation entries on screen, in order (`nav-<key>` test ids of the sidebar). */
export async function navOnScreen(page: Page): Promise<string[]> {
  await page.getByTestId('sidebar').waitFor();
  const ids = await page
    .getByTestId('sidebar')
    .locator('[data-testid^="nav-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.replace(/^nav-/, ''));
}

/** Types into the header search box and presses Enter (keyboard only). */
export async function headerSearch(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('search-input');
  await input.fill('');
  await input.pressSequentially(text);
  await input.press('Enter');
}

/** Opens `path` and waits until the route shows its content (not the loading overlay) and the network is quiet. */
export async function visit(page: Page, base: string, path: string): Promise<void> {
  await page.goto(`${base}${path}`);
  try {
    await page.waitForFunction(() => {
      const main = document.getElementById('main');
      return main?.firstElementChild && !document.querySelector('[data-testid="loading-overlay"]');
    });
  } catch (error) {
    // a page that never showed its content: say what was on screen, so a rare failure in CI tells its cause
    throw new Error(`${path} did not show its content: ${await whatIsShown(page)}`, { cause: error });
  }
  await page.waitForLoadState('networkidle');
}

/** The address, the session chart's state, whether the loading overlay is up and the start of the main text. */
async function whatIsShown(page: Page): Promise<string> {
  try {
    return await page.evaluate(() =>
      JSON.stringify({
        url: location.pathname + location.search,
        session: document.querySelector('[data-testid="session"]')?.getAttribute('data-state') ?? null,
        overlay: document.querySelector('[data-testid="loading-overlay"]') !== null,
        main: (document.getElementById('main')?.textContent ?? '(no main)').slice(0, 200),
        root: (document.getElementById('root')?.innerHTML.length ?? 0) > 0,
      }),
    );
  } catch (e) {
    return `(the page could not be read: ${String(e)})`;
  }
}

/** The shared `Pagination` (src/views/common/pagination.view.tsx) with test id prefix `testId`. */
export function pagination(page: Page, testId: string) {
  return {
    nav: page.getByTestId(`${testId}-pagination`),
    /** 'Страница 2 из 5' */
    text: async () => (await page.getByTestId(`${testId}-page`).textContent()) ?? '',
    next: () => page.getByTestId(`${testId}-next`).click(),
    prev: () => page.getByTestId(`${testId}-prev`).click(),
    /** Types a page into the page field (lists with `withGoTo`) and submits it. */
    goTo: async (n: number | string) => {
      const field = page.getByTestId(`${testId}-page-input`);
      await field.fill(String(n));
      await field.press('Enter');
    },
  };
}

/** The shared `TabList` (src/views/common/tabs.view.tsx) whose tabs have test ids `<tabTestId>-<key>`. */
export function tabs(page: Page, tabTestId: string) {
  const tab = (key: string): Locator => page.getByTestId(`${tabTestId}-${key}`);
  return {
    tab,
    select: (key: string) => tab(key).click(),
    /** The key of the selected tab. */
    selected: async (): Promise<string> => {
      const id = await page
        .locator(`[role="tab"][aria-selected="true"][data-testid^="${tabTestId}-"]`)
        .getAttribute('data-testid');
      return (id ?? '').slice(tabTestId.length + 1);
    },
  };
}

/** The shared `ErrorRetry` panel with test id `testId`: its text and its Retry button. */
export function errorRetry(page: Page, testId: string) {
  const panel = page.getByTestId(testId);
  return {
    panel,
    text: async () => (await panel.textContent()) ?? '',
    retry: () => page.getByTestId(`${testId}-retry`).click(),
  };
}

/** Clicks `testId` and saves the download it starts into `dir`; the path and the file name offered. */
export async function download(
  page: Page,
  testId: string,
  dir: string,
  timeout = 60_000,
): Promise<{ path: string; name: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download', { timeout }),
    page.getByTestId(testId).click(),
  ]);
  const path = join(dir, `${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(path);
  return { path, name: file.suggestedFilename() };
}

/** The route lists and screen sizes live in ./layout-routes.ts (the bench reads them too). */
export { PUBLIC_LAYOUT_PATHS, SCREEN_SIZES, SIGNED_IN_LAYOUT_PATHS } from './layout-routes';

/**
 * The main area's padding (24 px) plus a page's own top margin (the sign-in card sits 40 px lower): anything more is
 * an empty gap under the header. The defect this guards against was 300–550 px.
 */
export const MAX_GAP_PX = 80;

/** Where the content starts below what stands above it (header, banner, a stacked sidebar), and the page width. */
export async function measureGeometry(
  page: Page,
): Promise<{ gap: number; scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => {
    const main = document.getElementById('main');
    const first = main?.firstElementChild ?? main;
    if (!main || !first) throw new Error('no main content');
    const contentTop = first.getBoundingClientRect().top;
    let above = 0;
    for (const selector of ['header', '[data-testid="impersonation-banner"]', '[data-testid="sidebar"]']) {
      const el = document.querySelector(selector);
      if (!el) continue;
      const r = el.getBoundingClientRect();
      // Only what stands above the content counts (a sidebar beside it on a laptop does not).
      if (r.height > 0 && r.bottom <= contentTop + 1) above = Math.max(above, r.bottom);
    }
    return {
      gap: contentTop - above,
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    };
  });
}

/**
 * The visible texts that hold a phone number a line could break inside: `+998 90 …` written with plain spaces. The
 * portal shows a number as one word (non-breaking spaces, `phoneWord`), in a card's cell or inside a sentence; fields
 * and labels for screen readers are not text on screen and are not read here.
 */
export async function breakablePhones(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (/\+998 \d\d|\+998\u00a0\d\d \d/.test(text) && node.parentElement?.closest('[hidden]') == null)
        found.push(text.trim().slice(0, 80));
    }
    return found;
  });
}

/**
 * The empty fields on screen whose hint (`placeholder`) is wider than the field's text box, so that it shows cut:
 * measured in the field's own font. A field that holds a value shows the value instead and is not read.
 */
export async function cutPlaceholders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    const measure = document.createElement('canvas').getContext('2d');
    if (!measure) throw new Error('no canvas');
    for (const el of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      'input[placeholder], textarea[placeholder]',
    )) {
      if (el.value !== '' || el.getClientRects().length === 0) continue;
      const style = getComputedStyle(el);
      measure.font = style.font;
      const needed = measure.measureText(el.placeholder).width;
      const room =
        el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      if (needed > room + 0.5)
        cut.push(`${el.placeholder} (${Math.round(needed)} px in ${Math.round(room)} px)`);
    }
    return cut;
  });
}

/**
 * At both `SCREEN_SIZES`, scrolled to the top: the content starts right under the header (gap 0 to `maxGap`, default
 * MAX_GAP_PX), the page is never wider than the window and no empty field's hint is cut (`cutPlaceholders`). `shotsDir` saves a full-page screenshot of each size to
 * look at; the viewport goes back to the laptop size unless `restore` is false.
 */
export async function expectFitsWindow(
  page: Page,
  label: string,
  opts: { maxGap?: number; shotsDir?: string | undefined; restore?: boolean } = {},
): Promise<void> {
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(50);
    await page.evaluate(() => window.scrollTo(0, 0));
    const g = await measureGeometry(page);
    if (opts.shotsDir) {
      mkdirSync(opts.shotsDir, { recursive: true });
      await page.screenshot({
        path: `${opts.shotsDir}/${label.replace(/\W+/g, '_')}-${size.width}.png`,
        fullPage: true,
      });
    }
    expect(g.gap, `${label} at ${size.width}px: gap under the header`).toBeLessThanOrEqual(
      opts.maxGap ?? MAX_GAP_PX,
    );
    expect(g.gap, `${label} at ${size.width}px: content under the header`).toBeGreaterThanOrEqual(0);
    expect(g.scrollWidth, `${label} at ${size.width}px: page width`).toBeLessThanOrEqual(g.innerWidth);
    expect(await cutPlaceholders(page), `${label} at ${size.width}px: a field's hint cut`).toEqual([]);
  }
  expect(await breakablePhones(page), `${label}: a phone number a line may break inside`).toEqual([]);
  if (opts.restore ?? true) await page.setViewportSize(SCREEN_SIZES[0]);
}

/**
 * The page names itself in the tab, its content starts right under the header and it is never wider than the window,
 * at both `SCREEN_SIZES` (the viewport is left at the last one).
 */
export async function expectPageGeometry(page: Page, label: string): Promise<void> {
  expect(await page.title(), `${label}: page title`).toMatch(/ — (Корпоративный портал|Korporativ portal)$/);
  await expectFitsWindow(page, label, { restore: false });
}

/**
 * Runs `wait` and, when it times out, says what the page shows instead of only "timeout": the address, the session's
 * and the Auth flow's states, the alerts and the start of the main content (a flake under load is then readable).
 */
export async function explained<T>(page: Page, what: string, wait: () => Promise<T>): Promise<T> {
  try {
    return await wait();
  } catch (e) {
    const attr = async (testId: string) => {
      const el = page.getByTestId(testId);
      return (await el.count()) > 0 ? await el.first().getAttribute('data-state') : null;
    };
    const shown = {
      url: page.url(),
      session: await attr('session'),
      auth: await attr('auth-page'),
      alerts: await page.getByRole('alert').allTextContents(),
      main: (await page.locator('#main').textContent())?.slice(0, 300) ?? null,
    };
    throw new Error(`${what}: ${JSON.stringify(shown)}`, { cause: e });
  }
}

/**
 * A number of the type-15 company nobody registered in the seed (the same deterministic seed the server used),
 * counted from the highest; `nth` picks another one for each test that registers (the tests share the running server,
 * so two tests must not register the same number; registration-success.e2e.ts takes them from the other end).
 */
export function freeNumber(nth = 0): string {
  const db = seededDb();
  try {
    const row = db
      .prepare(
        `SELECT sn FROM numbers n WHERE ban = '100457732' AND status = 'A'
         AND NOT EXISTS (SELECT 1 FROM users u WHERE u.sn = n.sn) ORDER BY sn DESC LIMIT 1 OFFSET ?`,
      )
      .get(nth) as { sn: string };
    return row.sn;
  } finally {
    db.close();
  }
}

/**
 * What makes a table's cells hard to read at the page's current width: a word the browser broke across lines (a
 * column a few characters wide breaks 'Abdullayev' letter by letter), a value wider than its cell or, in a phone's card
 * (`table-cards`), outside the card. An empty list is a readable table.
 */
export async function unreadableCells(table: Locator): Promise<string[]> {
  return table.evaluate((el) => {
    const problems: string[] = [];
    for (const td of el.querySelectorAll('td')) {
      const box = td.getBoundingClientRect();
      // text only a screen reader reads (a visually hidden number beside a button's label) is clipped to nothing
      const hidden = (el: Element | null): boolean =>
        el !== null && el !== td && (getComputedStyle(el).clip !== 'auto' || hidden(el.parentElement));
      const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (hidden(node.parentElement)) continue;
        // a word ends at a space or a hyphen: 'Meva-Sabzavot' may wrap after its hyphen, never inside 'Sabzavot'
        for (const word of (node.textContent ?? '').matchAll(/[^\s\-–—]+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          if (new Set(rects.map((r) => Math.round(r.top))).size > 1)
            problems.push(`'${word[0]}' broken across lines`);
          if (rects.some((r) => r.left < box.left - 1 || r.right > box.right + 1))
            problems.push(`'${word[0]}' outside its cell`);
        }
      }
      if (td.scrollWidth > td.clientWidth + 1) problems.push(`'${td.textContent}' wider than its cell`);
    }
    return problems;
  });
}

/** A table reads whole at both `SCREEN_SIZES` (`unreadableCells` finds nothing); the laptop size is restored. */
export async function expectReadableTable(page: Page, table: Locator, label: string): Promise<void> {
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(50);
    expect(await unreadableCells(table), `${label} at ${size.width}px`).toEqual([]);
  }
  await page.setViewportSize(SCREEN_SIZES[0]);
}
