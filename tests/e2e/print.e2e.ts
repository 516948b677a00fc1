import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, signIn } from './browser';

/**
 * Printing a page prints its content alone, in the page's language (app.css `@media print`): no header, menu,
 * footer, filters, paging or buttons; an open panel (an order, a debt notice) without the list beside it.
 */
const base = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Whether the element of each selector is drawn (display not none up its ancestors, a box of its own). */
async function drawn(page: Page, selectors: readonly string[]): Promise<Record<string, boolean>> {
  return page.evaluate(
    (all) =>
      Object.fromEntries(
        all.map((s) => {
          const el = document.querySelector(s) as HTMLElement | null;
          return [s, el !== null && el.getClientRects().length > 0];
        }),
      ),
    selectors,
  );
}

const CHROME = ['.header', '.sidebar', '.footer'] as const;

describe('printing', () => {
  it.each(['ru', 'uz'] as const)('a debt notice prints alone, in the page’s language (%s)', async (lang) => {
    const { page, errors } = await signIn(browser, base, 'okk', {
      lang,
      viewport: { width: 1366, height: 900 },
    });
    await page.waitForSelector('[data-testid="debt-page"][data-ready="true"]', { timeout: 20_000 });
    await page.locator('[data-testid^="debt-open-"]').first().click();
    await page.getByTestId('debt-notice-ru').waitFor();
    const other = lang === 'ru' ? 'uz' : 'ru';
    const selectors = [
      ...CHROME,
      '[data-testid="debt-filter"]',
      '.debt__list',
      '[data-testid="debt-notice"]',
      `[data-testid="debt-notice-${lang}"]`,
      `[data-testid="debt-notice-${other}"]`,
      '[data-testid="debt-mark-sent"]',
    ];
    // on screen everything is there, both languages of the notice side by side
    expect(Object.values(await drawn(page, selectors)).every(Boolean)).toBe(true);
    await page.emulateMedia({ media: 'print' });
    expect(await drawn(page, selectors)).toEqual({
      '.header': false,
      '.sidebar': false,
      '.footer': false,
      '[data-testid="debt-filter"]': false,
      '.debt__list': false,
      '[data-testid="debt-notice"]': true,
      [`[data-testid="debt-notice-${lang}"]`]: true,
      [`[data-testid="debt-notice-${other}"]`]: false,
      '[data-testid="debt-mark-sent"]': false,
    });
    // the notice takes the page's width, not the panel's column
    const width = await page.getByTestId('debt-notice').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(800);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('an order prints its panel alone, the list and its filters left out', async () => {
    const { page, errors } = await signIn(browser, base, 'operator', {
      viewport: { width: 1366, height: 900 },
    });
    // the seeded orders of the key owner's company lie within the last months
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    await page.goto(`${base}/ru/orders?from=${day(300)}&to=${day(0)}`);
    await page.locator('[data-testid^="order-open-"]').first().click();
    await page.getByTestId('order-details').waitFor({ timeout: 20_000 });
    const selectors = [...CHROME, '.orders__filter', '.orders__list', '[data-testid="order-panel"]'];
    expect(Object.values(await drawn(page, selectors)).every(Boolean)).toBe(true);
    await page.emulateMedia({ media: 'print' });
    expect(await drawn(page, selectors)).toEqual({
      '.header': false,
      '.sidebar': false,
      '.footer': false,
      '.orders__filter': false,
      '.orders__list': false,
      '[data-testid="order-panel"]': true,
    });
    expect(await page.locator('.btn:visible').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
