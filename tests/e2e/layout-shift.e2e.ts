import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { categoryIdOf } from '@/domain/golden-categories.rules';
import { CSRF_HEADER, CSRF_VALUE } from '@/services/contract/csrf';
import { launchBrowser, signIn } from './browser';
import {
  CLS_GOOD,
  loadShift,
  PUBLIC_LAYOUT_PATHS,
  recordShifts,
  SCREEN_SIZES,
  SIGNED_IN_LAYOUT_PATHS,
} from './layout-routes';

/**
 * Layout shift while a page loads (Core Web Vitals "good" is a CLS of at most 0.1), on every route the layout test
 * visits, at a laptop and a phone size, in both languages: a cold load (the browser's cache off) on a CPU slowed
 * four times, summed from the browser's own layout-shift entries until the network is quiet and the page has settled.
 * What once moved: the phone's stacked menu stood 330 px tall while a page loaded and shrank when the content came
 * (0.72 on the profile), the header grew when the session and the search box arrived, the footer stood in the first
 * view and was pushed off it, and the public numbers page inserted its cards above the text under them.
 */
const base = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Loads `path` cold and fails with the shifts and the elements that moved when its layout shift is over the goal. */
async function expectSteady(
  page: Page,
  path: string,
  size: { width: number },
  ready?: string,
): Promise<void> {
  const { cls, shifts } = await loadShift(page, `${base}${path}`, ready);
  expect(
    cls,
    `${path} at ${size.width}px: layout shift ${cls.toFixed(3)} from ${JSON.stringify(shifts)}`,
  ).toBeLessThanOrEqual(CLS_GOOD);
}

describe('layout shift while loading, on every route, at 1366×768 and 390×844', () => {
  it.each(SCREEN_SIZES)('public pages at $width px', async (size) => {
    const page = await browser.newPage({ viewport: size });
    await page.addInitScript(recordShifts);
    for (const lang of ['ru', 'uz'])
      for (const path of PUBLIC_LAYOUT_PATHS) await expectSteady(page, `/${lang}/${path}`, size);
    await page.close();
  });

  it.each(
    SIGNED_IN_LAYOUT_PATHS.flatMap(([login, paths]) =>
      SCREEN_SIZES.map((size) => ({ login, paths, size, width: size.width })),
    ),
  )('signed in as $login at $width px', async ({ login, paths, size }) => {
    const { page, errors } = await signIn(browser, base, login, { viewport: size });
    await page.addInitScript(recordShifts);
    for (const lang of ['ru', 'uz'])
      for (const path of paths) await expectSteady(page, `/${lang}/${path}`, size);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

/** Where a box stands: its top and height, and the top of what follows it on the page. */
async function standing(
  page: Page,
  box: string,
  next: string,
): Promise<{ top: number; height: number; next: number }> {
  return page.evaluate(
    ([boxSel, nextSel]) => {
      const rect = (sel: string) => {
        const el = document.querySelector(sel);
        if (!el) throw new Error(`${sel} is not on the page`);
        return el.getBoundingClientRect();
      };
      const b = rect(boxSel);
      return { top: b.top, height: b.height, next: rect(nextSel).top };
    },
    [box, next] as const,
  );
}

/**
 * The skeletons stand where their content will: the call they wait for is held, the skeleton measured, the call let
 * through, and the content measured in the same place (at most 8 px apart), with what follows it unmoved.
 */
describe('a skeleton stands within 8 px of the content it waits for', () => {
  const SKELETONS = [
    {
      login: null,
      path: 'new-numbers',
      call: /golden-number\/categories\/qr/,
      skeleton: '[data-testid="new-numbers-loading"]',
      content: '[data-testid="new-numbers-categories"]',
      next: '.nn-become',
    },
    ...['services', 'services?list=promo'].map((path) => ({
      login: 'curator16',
      path,
      call: /internet-package-services\/for-con-pp/,
      skeleton: '[data-testid="services-catalogue-loading"]',
      content: '[data-testid="services-packages"]',
      next: '.services__employees',
    })),
  ];

  it.each(
    SKELETONS.flatMap((s) =>
      SCREEN_SIZES.flatMap((size) => ['ru', 'uz'].map((lang) => ({ ...s, size, lang }))),
    ),
  )('/$lang/$path at $size.width px', async ({ login, path, call, skeleton, content, next, size, lang }) => {
    const page = login
      ? (await signIn(browser, base, login, { viewport: size })).page
      : await (await browser.newContext({ viewport: size })).newPage();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(call, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${base}/${lang}/${path}`);
    await page.locator(skeleton).waitFor();
    const before = await standing(page, skeleton, next);
    release();
    await page.locator(content).waitFor();
    const after = await standing(page, content, next);
    expect(Math.abs(after.top - before.top), 'top').toBeLessThanOrEqual(8);
    expect(
      Math.abs(after.height - before.height),
      `height ${before.height} → ${after.height}`,
    ).toBeLessThanOrEqual(8);
    expect(Math.abs(after.next - before.next), `${next} ${before.next} → ${after.next}`).toBeLessThanOrEqual(
      8,
    );
    await page.context().close();
  });

  it.each(SCREEN_SIZES)(
    "the key owner's order page with its cancel at $width px (the button and the status come with the order)",
    async (size) => {
      const { page, errors } = await signIn(browser, base, 'keyowner', { viewport: size });
      await page.addInitScript(recordShifts);
      // a created order of the company, so the page offers its cancel (GN15)
      const made = await page.request.post(`${base}/api/orders/`, {
        headers: { [CSRF_HEADER]: CSRF_VALUE, 'content-type': 'application/json' },
        data: { rows: [{ kolvo: 1, category: String(categoryIdOf('bronze')), tariff: '1', services: [] }] },
      });
      const id = String((await made.json()).result.id);
      for (const lang of ['ru', 'uz']) {
        await expectSteady(page, `/${lang}/onlinee-sales/orders/${id}`, size, '[data-testid="order-cancel"]');
        expect(await page.getByTestId('order-cancel').count()).toBe(1);
      }
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );
});
