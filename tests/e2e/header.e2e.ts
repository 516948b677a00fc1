import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, signIn } from './browser';

/**
 * The new-user review: "at 1366 px the signed-in header with the search box wraps to two rows" (decision U12). Every item of the
 * header shares one row at 1366×768 in both languages, for users with and without the search box; at 390×844 the
 * search field stays usable and the page no wider than the window.
 */

const base = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The vertical extent of each direct child of the header that is shown. */
async function headerItems(page: Page) {
  return page.evaluate(() =>
    [...(document.querySelector('header')?.children ?? [])]
      .map((el) => ({ cls: el.className, box: el.getBoundingClientRect() }))
      .filter((x) => x.box.width > 0 && x.box.height > 0)
      .map((x) => ({ cls: x.cls, top: x.box.top, bottom: x.box.bottom, right: x.box.right })),
  );
}

describe('the signed-in header (U12)', () => {
  for (const login of ['admin', 'callcenter', 'curator'] as const)
    for (const lang of ['ru', 'uz'] as const)
      it(`${login}, ${lang}: one row at 1366 px; usable at 390 px`, async () => {
        const { page, errors } = await signIn(browser, base, login, { lang });
        await page.setViewportSize({ width: 1366, height: 768 });
        await page.getByTestId('header-signed-in').waitFor();
        if (login !== 'curator') await page.getByTestId('search-input').waitFor();

        const items = await headerItems(page);
        expect(items.length).toBeGreaterThanOrEqual(4);
        // one row: every item overlaps every other vertically
        const lowestTop = Math.max(...items.map((i) => i.top));
        const highestBottom = Math.min(...items.map((i) => i.bottom));
        expect(lowestTop, JSON.stringify(items)).toBeLessThan(highestBottom);
        expect(Math.max(...items.map((i) => i.right))).toBeLessThanOrEqual(1366);
        // the user's name is not cut
        const cut = await page
          .getByTestId('header-user')
          .evaluate((el) => [...el.children].some((c) => c.scrollWidth > c.clientWidth));
        expect(cut).toBe(false);

        await page.setViewportSize({ width: 390, height: 844 });
        await page.waitForTimeout(100);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        if (login !== 'curator') {
          const input = await page.getByTestId('search-input').boundingBox();
          const submit = await page.getByTestId('search-submit').boundingBox();
          expect(input?.width ?? 0).toBeGreaterThanOrEqual(200);
          expect((submit?.x ?? 0) + (submit?.width ?? 0)).toBeLessThanOrEqual(390);
        }
        expect(errors).toEqual([]);
        await page.context().close();
      });
});
