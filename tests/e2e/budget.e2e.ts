import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';

/**
 * The login route's JavaScript budget, in bytes (not time, so it does not flake on a busy machine): every script
 * Chromium fetches while /{lang}/login opens, each gzipped at level 9 and summed, must stay within LOGIN_JS_BUDGET.
 * The figure is the size measured when the budget was set (docs/benchmarks.md) plus a small margin; raising it is a
 * decision to record there, with the bench's ratio to the floor.
 */
// 168 KiB until the session slice moved to zod/mini; 156 KiB since (docs/decisions.md LB5-LB7: /ru/login measured
// 157.9 kB = 154.2 KiB); 153 KiB since the header search box loads once signed in (LB9: 155.2 kB = 151.6 KiB); 152 KiB
// since the charts' descriptions stay out of the bundle (LB11: 154.5 kB = 150.9 KiB); 146 KiB since every contract is on
// zod/mini and the signed-in dialogs are a chunk (LB13: /ru/login 143.8 KiB, /ru/new-client 145.1 KiB)
const LOGIN_JS_BUDGET = 146 * 1024;
/**
 * The speed goal's figure for the login page itself (docs/benchmarks.md): at most 1.10× the bench's floor page, which
 * measured 125.5 KiB (gzip -9), so 138 KiB. The budget above is the ceiling the public pages share with it; this one
 * keeps the login page at its goal (docs/decisions.md LB15: /ru/login 137.4 KiB, /uz/login 136.9 KiB when set).
 */
const LOGIN_GOAL_JS = 138 * 1024;
/**
 * The public onboarding pages' scripts (gzip -9 summed, like the login route's) stay within the login page's budget
 * too (issue: "the public pages' JS stays within the login page's budget"). They did not while they ran in the app's
 * root (208 KiB, then 175 and 162 KiB after NC14); the public root (docs/decisions.md NC15) carries neither the
 * session and sign-in charts nor the signed-in layout.
 */

const base = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Fetched {
  path: string;
  encoding: string | null;
  vary: string | null;
  body: Buffer;
}

/** Opens `path` in a fresh context and returns every script the page fetched (as the server sent them, decoded). */
async function scriptsOf(path: string, shown = 'auth-login'): Promise<Fetched[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const scripts: Promise<Fetched>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      scripts.push(
        (async () => ({
          path: new URL(res.url()).pathname,
          encoding: (await res.allHeaders())['content-encoding'] ?? null,
          vary: (await res.allHeaders()).vary ?? null,
          body: await res.body(),
        }))(),
      );
    });
    await page.goto(`${base}${path}`);
    await page.getByTestId(shown).waitFor();
    await page.waitForLoadState('networkidle');
    return await Promise.all(scripts);
  } finally {
    await context.close();
  }
}

/** Invoke ids of the session chart (role choice) and the sign-in chart (recovery link): strings the minifier keeps. */
const SESSION_MARK = '"saveChosenRole"';
const SIGN_IN_MARK = '"requestRestoreLink"';

const gzipBytes = (scripts: Fetched[]) =>
  scripts.reduce((sum, s) => sum + gzipSync(s.body, { level: 9 }).length, 0);

describe('the login route loads little, compressed', () => {
  it.each(['/ru/login', '/uz/login'])('%s stays within its JavaScript budget', async (path) => {
    const scripts = await scriptsOf(path);
    expect(scripts.length).toBeGreaterThan(0);
    // the figure for docs/benchmarks.md, in every run's log
    console.log(
      `${path}: ${scripts.length} scripts, ${gzipBytes(scripts)} B gzip -9 (goal ${LOGIN_GOAL_JS} B)\n${scripts
        .map((s) => `  ${s.path}: ${gzipBytes([s])} B`)
        .join('\n')}`,
    );
    expect(gzipBytes(scripts)).toBeLessThanOrEqual(LOGIN_JS_BUDGET);
    expect(gzipBytes(scripts)).toBeLessThanOrEqual(LOGIN_GOAL_JS);
    // the marks the public pages are checked against are real: the login page runs both charts
    const text = scripts.map((s) => s.body.toString('utf8')).join('\n');
    expect(text).toContain(SESSION_MARK);
    expect(text).toContain(SIGN_IN_MARK);
  });

  // the public pages a visitor opens from a poster or the header, on a phone and without a session: their charts
  // come as their own chunk (NC1), never with the signed-in pages' workflows
  it.each([
    ['/ru/new-client', 'new-client-step1', 'new-client'],
    ['/ru/new-numbers', 'new-numbers-categories', 'new-numbers'],
    ['/uz/new-client', 'new-client-step1', 'new-client'],
    ['/uz/new-numbers', 'new-numbers-categories', 'new-numbers'],
  ] as const)('%s stays within the login page’s budget', async (path, shown, page) => {
    const scripts = await scriptsOf(path, shown);
    expect(scripts.length).toBeGreaterThan(0);
    const over = gzipBytes(scripts) - LOGIN_JS_BUDGET;
    console.log(
      `${path}: ${scripts.length} scripts, ${(gzipBytes(scripts) / 1000).toFixed(1)} KB gzip -9, ${(Math.abs(over) / 1000).toFixed(1)} KB ${over > 0 ? 'over' : 'under'} the login budget`,
      // per script, for docs/benchmarks.md
      scripts.map((s) => `\n  ${s.path}: ${(gzipBytes([s]) / 1000).toFixed(1)} KB`).join(''),
    );
    const text = scripts.map((s) => s.body.toString('utf8')).join('\n');
    expect(gzipBytes(scripts)).toBeLessThanOrEqual(LOGIN_JS_BUDGET);
    // the public root's: neither the session chart nor the sign-in chart (their invoke ids; the login page's
    // scripts have both, see above)
    expect(text).not.toContain(SESSION_MARK);
    expect(text).not.toContain(SIGN_IN_MARK);
    // the signed-in pages' workflows (the debt list's chart: an invoke id of it) are not among them
    expect(text).not.toContain('"markNoticeSent"');
    // nor the whole endpoint table (a staff-only call's summary) and classic zod, which only it uses: the public
    // calls are their own slice on zod/mini (docs/decisions.md NC14)
    expect(text).not.toContain('created pre-orders with their status, for B2B staff');
    expect(text).not.toContain('"ZodString"');
    expect(text).toContain('"ZodMiniString"');
    // nor the signed-in pages' texts: only the public part of the messages (the services page's subtitle is not)
    expect(text).not.toContain('Интернет-пакеты и роуминг для сотрудников компании');
    expect(text).not.toContain('Kompaniya xodimlari uchun internet-paketlar va rouming');
    // each page its own workflow: the poster's page loads neither the wizard's chart nor the signing module's
    const wizard = '"draftKeeper"';
    if (page === 'new-numbers') expect(text).not.toContain(wizard);
    else expect(text).toContain(wizard);
    // and the wizard's step two (its catalogue and the success) comes when the visitor starts on step one (NC27)
    expect(text).not.toContain('"new-client-catalogue"');
  });

  it('sends scripts precompressed with brotli, varying by Accept-Encoding', async () => {
    const scripts = await scriptsOf('/ru/login');
    for (const s of scripts) {
      expect(s.encoding, s.path).toBe('br');
      expect(s.vary, s.path).toBe('Accept-Encoding');
    }
  });

  it('fetches only the shown language’s messages', async () => {
    const text = (scripts: Fetched[]) => scripts.map((s) => s.body.toString('utf8')).join('\n');
    const ru = text(await scriptsOf('/ru/login'));
    const uz = text(await scriptsOf('/uz/login'));
    // the login form's heading in each language: present in its own page's scripts only
    expect(ru).toContain('Вход в личный кабинет');
    expect(ru).not.toContain('Shaxsiy kabinetga kirish');
    expect(uz).toContain('Shaxsiy kabinetga kirish');
    expect(uz).not.toContain('Вход в личный кабинет');
    // and no text the login page does not show: the menu's Settings entry comes with the session's layout
    expect(ru).not.toContain('Настройки');
    expect(uz).not.toContain('Sozlamalar');
  });

  it.each(['ru', 'uz'])(
    '/%s/login names its language’s messages in its own answer, and the browser fetches them once',
    async (lang) => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const fetched: string[] = [];
        page.on('request', (req) => {
          if (req.url().includes('/static/js/')) fetched.push(new URL(req.url()).pathname);
        });
        const res = await page.goto(`${base}/${lang}/login`);
        const link = (await res?.allHeaders())?.link ?? '';
        const href = /^<([^>]+)>; rel=preload; as=script$/.exec(link)?.[1] ?? '';
        expect(href).toMatch(new RegExp(`^/static/js/async/messages-${lang}-start\\.[0-9a-f]+\\.js$`));
        await page.getByTestId('auth-login').waitFor();
        await page.waitForLoadState('networkidle');
        // the preload is the very download the app uses: one request, no second copy
        expect(fetched.filter((p) => p === href)).toHaveLength(1);
      } finally {
        await context.close();
      }
    },
  );

  it('has no chain of lazy chunks and does not wait for the session check to paint the form', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      // hold the session check: the form must be there while it is unanswered
      let release: () => void = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      await page.route('**/api/user/', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${base}/ru/login`);
      await page.getByTestId('auth-login').waitFor({ timeout: 10_000 });
      expect(await page.getByTestId('loading-overlay').count()).toBe(0);
      release();
      // once the answer (nobody signed in) arrives the form works as usual
      await expect
        .poll(async () => page.getByTestId('auth-submit').isEnabled(), { timeout: 10_000 })
        .toBe(true);
    } finally {
      await context.close();
    }
  });
});
