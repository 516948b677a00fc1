import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import ru from '../../src/i18n/ru.json';
import {
  launchBrowser,
  headerSearch as search,
  sessionUser,
  signIn as signInAs,
  unreadableCells,
} from './browser';

/**
 * Administration and impersonation in Chromium against `npm start`'s server: the header search box (MANYINVALID inline, 'Ошибка!' with E018),
 * impersonation of the curator's BAN and the way back, and the administration user search whose tab filter lives in
 * the URL (reload and Back keep it).
 */
const base = inject('baseUrl');
const CURATOR_BAN = '100234561';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Session {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/** A fresh browser profile signed in through the login form (tests/e2e/browser.ts). */
async function signIn(login: string, lang: 'ru' | 'uz' = 'ru'): Promise<Session> {
  const { page, errors } = await signInAs(browser, base, login, { lang });
  return { context: page.context(), page, errors };
}

describe('header search box and impersonation', () => {
  it('an administrator views the curator BAN as the client and comes back', async () => {
    const { context, page, errors } = await signIn('admin');
    await page.waitForURL(`${base}/ru/administration/search`);
    expect((await sessionUser(page)).backToHeadBan).toBe(false);

    await search(page, CURATOR_BAN);
    const result = page.getByTestId('search-result');
    await result.waitFor();
    expect(await result.textContent()).toContain(CURATOR_BAN);
    // every change of the address from here on, with who made it (a failure names the navigation that won)
    await page.evaluate(() => {
      const w = window as unknown as { __history: string[] };
      w.__history = [];
      for (const name of ['pushState', 'replaceState'] as const) {
        const original = history[name].bind(history);
        history[name] = (data: unknown, unused: string, url?: string | URL | null) => {
          const stack = (new Error().stack ?? '').split('\n').slice(2, 9).join(' | ');
          w.__history.push(`${name} ${String(url)} ${performance.now().toFixed(0)}ms ${stack}`);
          original(data, unused, url);
        };
      }
    });
    const calls: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/'))
        calls.push(`${r.request().method()} ${new URL(r.url()).pathname} ${r.status()}`);
    });
    await result.getByRole('button', { name: ru.search.choose }).click();

    try {
      await page.waitForURL(`${base}/ru/profile`);
    } catch (e) {
      // say what the page shows instead of only "timeout": the URL, the charts' states, the calls made, the messages
      const shown = {
        url: page.url(),
        session: await page.getByTestId('session').getAttribute('data-state', { timeout: 1000 }),
        impersonation: await page
          .getByTestId('impersonation')
          .getAttribute('data-state', { timeout: 1000 })
          .catch(() => null),
        searchBox: await page
          .getByTestId('search-box')
          .getAttribute('data-state', { timeout: 1000 })
          .catch(() => null),
        calls,
        history: await page.evaluate(() => (window as unknown as { __history: string[] }).__history),
        alerts: await page.getByRole('alert').allTextContents(),
        errors,
      };
      throw new Error(`choosing the curator's BAN did not open its profile: ${JSON.stringify(shown)}`, {
        cause: e,
      });
    }
    const banner = page.getByTestId('impersonation-banner');
    await banner.waitFor();
    const text = (await banner.textContent()) ?? '';
    expect(text).toContain(CURATOR_BAN);
    expect(text).toContain('admin');
    const viewing = await sessionUser(page);
    expect(viewing).toMatchObject({ backToHeadBan: true, ban: CURATOR_BAN, user_name: 'admin' });
    expect(await page.getByTestId('impersonation').getAttribute('data-state')).toBe('viewing');
    // on a phone the sentence takes the banner's width and the way back goes under it, not beside it in a column
    await page.setViewportSize({ width: 390, height: 844 });
    const sentence = await banner.locator('.banner__text').boundingBox();
    const back = await banner.getByTestId('impersonation-back').boundingBox();
    expect(sentence && back).toBeTruthy();
    if (sentence && back) {
      expect(back.y).toBeGreaterThanOrEqual(sentence.y + sentence.height);
      expect(sentence.width).toBeGreaterThan(300);
    }
    await page.setViewportSize({ width: 1366, height: 768 });
    const wide = await banner.locator('.banner__text').boundingBox();
    const wideBack = await banner.getByTestId('impersonation-back').boundingBox();
    // and one row on a wide screen
    if (wide && wideBack)
      expect(Math.abs(wide.y + wide.height / 2 - (wideBack.y + wideBack.height / 2))).toBeLessThan(8);

    // the banner survives a reload: the flag lives on the server's session
    await page.reload();
    await banner.waitFor();

    await banner.getByRole('button', { name: ru.impersonation.back }).click();
    await page.waitForURL(`${base}/ru/administration/search`);
    await page.getByTestId('impersonation-banner').waitFor({ state: 'detached' });
    expect(await sessionUser(page)).toMatchObject({ backToHeadBan: false, ban: null });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('11 digits show MANYINVALID inline and look nothing up', async () => {
    const { context, page, errors } = await signIn('admin');
    const lookups: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/client/')) lookups.push(r.url());
    });
    await search(page, '12345678901');
    const error = page.getByTestId('search-error');
    await error.waitFor();
    expect(await error.textContent()).toBe(ru.errors.MANYINVALID);
    expect(await page.getByTestId('search-input').getAttribute('aria-invalid')).toBe('true');
    expect(lookups).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an unknown BAN shows the 'Ошибка!' dialog with E018", async () => {
    const { context, page } = await signIn('callcenter');
    await search(page, '999999999');
    const dialog = page.getByTestId('search-failed');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe(ru.errors.dialogTitle);
    expect(await dialog.textContent()).toContain(ru.errors.E018);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('administration user search', () => {
  it('keeps query and tab filter in the URL across reload and Back', async () => {
    const { context, page, errors } = await signIn('admin');
    await page.waitForURL(`${base}/ru/administration/search`);
    const input = page.getByLabel(ru.admin.search.label);
    await input.fill('ova');
    await input.press('Enter');
    await page.waitForURL(`${base}/ru/administration/search?q=ova`);
    await page.getByTestId('user-rows').waitFor();

    await page.getByTestId('user-tab-blocked').click();
    await page.waitForURL(`${base}/ru/administration/search?q=ova&status=blocked`);
    await page.locator('[data-testid="user-search"][data-state="loaded.browsing"]').waitFor();
    const actions = await page
      .locator('[data-testid^="user-row-"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action')));
    expect(actions.length).toBeGreaterThan(0);
    expect(new Set(actions)).toEqual(new Set(['unblock']));

    await page.reload();
    await page.locator('[data-testid="user-search"][data-state="loaded.browsing"]').waitFor();
    expect(await page.getByTestId('user-tab-blocked').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByLabel(ru.admin.search.label).inputValue()).toBe('ova');

    await page.goBack();
    await page.waitForURL(`${base}/ru/administration/search?q=ova`);
    await page.locator('[data-testid="user-search"][data-state="loaded.browsing"]').waitFor();
    expect(await page.getByTestId('user-tab-all').getAttribute('aria-selected')).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an 84-character login stays inside the page at 1366 and 390 px', async () => {
    const { context, page, errors } = await signIn('admin');
    await page.waitForURL(`${base}/ru/administration/search`);
    // the longest login a tester met (84 characters), created as the administration form would
    const login = `long.${'l'.repeat(79)}`;
    expect(login).toHaveLength(84);
    const created = await page.evaluate(async (user_name) => {
      const res = await fetch('/api/user/create', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'portal' },
        body: JSON.stringify({ kind: 'subscriber', user_name, roles: ['R004'], ban: '100234561' }),
      });
      return res.status;
    }, login);
    expect(created).toBe(200);
    await page.goto(`${base}/ru/administration/search?q=long.lll`);
    const row = page.getByTestId(`user-row-${login}`);
    await row.waitFor();
    for (const size of [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await page.waitForTimeout(50);
      const g = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        window: window.innerWidth,
        main: document.getElementById('main')?.getBoundingClientRect().right ?? 0,
      }));
      expect(g.page, `page width at ${size.width}px`).toBeLessThanOrEqual(g.window);
      expect(g.main, `main's right edge at ${size.width}px`).toBeLessThanOrEqual(g.window);
      // the whole login is still readable (wrapped, not cut)
      expect(await row.textContent()).toContain(login);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('blocks and unblocks a user after confirmation', async () => {
    const { context, page } = await signIn('admin');
    await page.goto(`${base}/ru/administration/search?q=seller`);
    const row = page.getByTestId('user-row-seller');
    await row.waitFor();
    expect(await row.getAttribute('data-action')).toBe('block');
    await page.getByTestId('user-block-seller').click();
    await page.getByTestId('user-row-confirm-yes').click();
    await page.locator('[data-testid="user-row-seller"][data-action="unblock"]').waitFor();
    await page.getByTestId('user-unblock-seller').click();
    await page.getByTestId('user-row-confirm-yes').click();
    await page.locator('[data-testid="user-row-seller"][data-action="block"]').waitFor();
    await context.close();
  });

  it('helpdesk lands on user editing and can open a user to edit', async () => {
    const { context, page, errors } = await signIn('helpdesk');
    await page.waitForURL(`${base}/ru/administration/editing`);
    expect(await page.getByTestId('search-box').count()).toBe(0);
    const input = page.getByLabel(ru.admin.search.label);
    await input.fill('regional');
    await input.press('Enter');
    await page.getByTestId('user-edit-regional').click();
    await page.waitForURL(/\/ru\/administration\/edit-user\/\d+$/);
    await page.locator('[data-testid="user-admin"][data-state="form.editing"]').waitFor();
    expect(await page.getByTestId('user-place').textContent()).toBeTruthy();
    // finding 20: the role list holds only the roles helpdesk may grant, and says so
    const role = page.getByTestId('field-role');
    const values = () =>
      role.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    const offered = await values();
    expect(offered).toContain('R011');
    expect(offered).toContain('R002');
    expect(offered.filter((r) => r === 'R000' || r === 'R030')).toEqual([]);
    expect(await role.isDisabled()).toBe(false);
    expect(await page.getByText(ru.admin.form.rolesHint).count()).toBe(1);
    // an administrator's account: its role is shown as it is, read-only, with the reason
    await page.goto(`${base}/ru/administration/editing`);
    await input.fill('admin');
    await input.press('Enter');
    await page.getByTestId('user-edit-admin').click();
    await page.locator('[data-testid="user-admin"][data-state="form.editing"]').waitFor();
    expect(await role.inputValue()).toBe('R000');
    expect(await role.isDisabled()).toBe(true);
    expect(await values()).toEqual(['', 'R000']);
    expect(await page.getByText(ru.admin.form.roleFixed).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('administration user search on a laptop and a phone', () => {
  // A nine-digit login or BAN broke across lines ('90054050 / 6' at 1366 px, a digit a line at 390 px): the cells
  // broke anywhere, so the table's auto layout squeezed every column. Now a word stays whole, and a phone shows a card
  // per user (docs/decisions.md EM6): nothing scrolls sideways, the page itself no wider than the window.
  it.each([
    [1366, 768],
    [390, 844],
  ])('at %i px every login, BAN and button label stands on one line', async (width, height) => {
    const { page } = await signInAs(browser, base, 'admin', { lang: 'ru', viewport: { width, height } });
    await page.goto(`${base}/ru/administration/search?q=ova`);
    await page.getByTestId('user-rows').waitFor();
    const broken = await page.getByTestId('user-rows').evaluate((table) => {
      const oneLine = (el: Element) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return range.getClientRects().length <= 1;
      };
      const words = [...table.querySelectorAll('tbody th, tbody td:nth-child(4), tbody .btn')].filter(
        (el) => (el.textContent ?? '').trim() !== '',
      );
      return { count: words.length, broken: words.filter((el) => !oneLine(el)).map((el) => el.textContent) };
    });
    expect(broken.count).toBeGreaterThan(10);
    expect(broken.broken).toEqual([]);
    expect(await unreadableCells(page.getByTestId('user-rows'))).toEqual([]);
    const table = await page.getByTestId('user-rows').evaluate((el) => ({
      width: el.scrollWidth,
      frame: (el.parentElement as HTMLElement).clientWidth,
    }));
    expect(table.width, 'the table scrolled sideways').toBeLessThanOrEqual(table.frame);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.context().close();
  });
});
