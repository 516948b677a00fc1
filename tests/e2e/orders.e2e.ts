import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { expectFitsWindow, launchBrowser, signIn } from './browser';

/**
 * One order open beside (or above) the list at 1366 px: the panel whole inside the window, and the list still shows
 * every column (type, status and sum were once scrolled out of sight with the panel open).
 */
const base = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);

describe.each(['ru', 'uz'] as const)('one order with the list (%s)', (lang) => {
  const t = i18n.getFixedT(lang);

  it('shows the whole order and every column of the list at 1366 px', async () => {
    const { page, errors } = await signIn(browser, base, 'operator', {
      lang,
      viewport: { width: 1366, height: 768 },
    });
    await page.goto(`${base}/${lang}/orders?from=${day(300)}&to=${day(0)}`);
    await page.locator('[data-testid^="order-open-"]').first().click();
    await page.getByTestId('order-details').waitFor({ timeout: 20_000 });

    const panel = await page.getByTestId('order-panel').boundingBox();
    expect(panel).not.toBeNull();
    expect((panel?.x ?? 0) + (panel?.width ?? 0)).toBeLessThanOrEqual(1366);
    // the table is not scrolled sideways: each header cell lies inside the list
    const table = page.locator('.orders__list table');
    const fits = await table.evaluate((el) => {
      const box = el.parentElement as HTMLElement;
      return box.scrollWidth <= box.clientWidth;
    });
    expect(fits).toBe(true);
    const headers = await table.locator('th').allTextContents();
    for (const key of ['orders.columns.kind', 'orders.columns.status', 'orders.columns.total'] as const)
      expect(headers).toContain(t(key));
    const listBox = await page.locator('.orders__list').boundingBox();
    for (const th of await table.locator('th').all()) {
      const b = await th.boundingBox();
      expect((b?.x ?? 0) + (b?.width ?? 0)).toBeLessThanOrEqual(
        (listBox?.x ?? 0) + (listBox?.width ?? 0) + 1,
      );
    }
    await expectFitsWindow(page, `order-open-${lang}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
