import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { launchBrowser, sessionUser, watchErrors } from './browser';

/**
 * The staff single sign-on in Chromium against `npm start`'s server (docs/decisions.md SSO1-SSO4): 'Войти как
 * сотрудник' on the login page → the simulated corporate sign-on page on the demo port → staff-sso → signed in on
 * the helpdesk landing page, in the same tab; a tampered callback lands on the login page with the translated text.
 */
const base = inject('baseUrl');
const demoUrl = inject('demoUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A fresh browser profile on the login page, the session check answered. */
async function loginPage(lang: 'ru' | 'uz'): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${base}/${lang}/login`);
  await page.locator('[data-testid="session"][data-state^="signedOut"]').waitFor({ timeout: 20_000 });
  return { page, errors };
}

const LANDING = { ru: '/ru/administration/editing', uz: '/uz/administration/editing' } as const;

describe('staff single sign-on', () => {
  it.each(['ru', 'uz'] as const)(
    '/%s/login: the employee link → the demo sign-on page → staff-sso → the helpdesk landing page, same tab',
    async (lang) => {
      const { page, errors } = await loginPage(lang);
      const pagesBefore = page.context().pages().length;
      await page.getByTestId('employee-login').click();
      await page.waitForURL((url) => url.origin === demoUrl && url.pathname === '/sso');
      expect(page.context().pages().length).toBe(pagesBefore);
      await expect
        .poll(() => page.locator('h1').textContent())
        .toContain(lang === 'ru' ? 'Корпоративный вход (симуляция)' : 'Korporativ kirish (simulyatsiya)');
      await page.getByTestId('sso-account-staff-sso').click();
      await page.waitForURL((url) => url.origin === base && url.pathname === LANDING[lang], {
        timeout: 20_000,
      });
      const user = await sessionUser(page);
      expect([user.user_name, user.roles]).toEqual(['staff-sso', ['R002']]);
      // the one-time code and the state left no trace in the address
      expect(page.url()).not.toMatch(/code=|state=/);
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );

  it.each(['ru', 'uz'] as const)(
    '/%s: a tampered callback lands on the login page with the translated message',
    async (lang) => {
      const { page, errors } = await loginPage(lang);
      await page.getByTestId('auth-sso').click();
      await page.waitForURL((url) => url.origin === demoUrl && url.pathname === '/sso');
      // the browser is sent back with a code that the sign-on page never issued
      const state = new URL(page.url()).searchParams.get('state') ?? '';
      await page.goto(`${base}/api/v1/adfs/callback?code=${'A'.repeat(43)}&state=${state}`);
      await page.waitForURL((url) => url.pathname === `/${lang}/login`);
      const notice = page.getByTestId('sso-notice');
      await notice.waitFor();
      expect(await notice.textContent()).toBe(i18n.getFixedT(lang)('auth.ssoFailed'));
      // the notice is drawn from the address on the first render, before the session check answers: wait for its
      // answer (signed out), which a session the tampered code had opened would turn into a redirect instead
      await page.locator('[data-testid="session"][data-state^="signedOut"]').waitFor({ timeout: 20_000 });
      expect(page.url()).toMatch(new RegExp(`/${lang}/login`));
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );

  it('a replayed callback address does not sign a second browser in', async () => {
    const { page } = await loginPage('ru');
    let callback = '';
    page.on('request', (req) => {
      if (req.url().includes('/api/v1/adfs/callback')) callback = req.url();
    });
    await page.getByTestId('employee-login').click();
    await page.getByTestId('sso-account-staff-sso').click();
    await page.waitForURL((url) => url.pathname === LANDING.ru, { timeout: 20_000 });
    expect(callback).toMatch(/code=/);
    await page.context().close();

    const other = await loginPage('ru');
    await other.page.goto(callback);
    await other.page.waitForURL((url) => url.pathname === '/ru/login');
    await other.page.getByTestId('sso-notice').waitFor();
    await other.page.context().close();
  });

  it('the sign-on page is not on the portal origin', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/sso?state=${'a'.repeat(43)}`);
    expect(await page.content()).not.toContain('Корпоративный вход (симуляция)');
    const status = await page.evaluate(async () => (await fetch('/sso/issue', { method: 'POST' })).status);
    expect(status).toBe(404);
    await context.close();
  });
});

describe('the demo outbox page on its own port', () => {
  it('its controls post from the page itself (a same-origin referrer, not Origin: null)', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${demoUrl}/`);
    // a BAN no account has: the control answers without changing anything
    await page.getByLabel(/Apply waiting blocks/).fill('999999999');
    await page.getByRole('button', { name: 'Apply now' }).click();
    await page.waitForURL((url) => url.origin === demoUrl && url.searchParams.has('done'));
    expect(new URL(page.url()).searchParams.get('done')).toBe('applied 0 waiting block/restore request(s)');
    await context.close();
  });
});
