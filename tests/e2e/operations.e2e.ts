import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';

/**
 * Operations in Chromium against `npm start` (docs/operations.md): an address that is no page answers 404 with the
 * translated not-found page, and an uncaught error reaches the server as a report with the page's route pattern.
 */
const base = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('in the browser', () => {
  it('shows the not-found page with HTTP 404 for an address that is no page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const res = await page.goto(`${base}/ru/no-such-page`);
    expect(res?.status()).toBe(404);
    expect(res?.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByTestId('not-found').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Страница не найдена');
    await context.close();
  });

  it('reports an uncaught error with the page’s route pattern and no personal data', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/ru/login?sso=failed`);
    await page.getByTestId('auth-login').waitFor();
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/client-errors') && r.method() === 'POST');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/client-errors'));
    await page.evaluate(() => {
      setTimeout(() => {
        throw new TypeError('zz failed for 901234567 "Ivanov"');
      });
    });
    const body = JSON.parse((await sent).postData() ?? '{}');
    expect(body).toEqual({ kind: 'error', route: '/:lang/login', message: 'TypeError: zz failed for # "…"' });
    expect((await sent).headers()['x-requested-with']).toBe('portal');
    expect(await (await answered).json()).toEqual({ status: 'OKOK', result: { counted: true } });
    await context.close();
  });
});
