import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, signIn as signInAs } from './browser';

/**
 * Page geometry on every route, at a laptop and a phone width: the main content starts right under the header (or
 * under the sidebar where the sidebar stacks above it on a phone), and no page is wider than the window. An empty
 * slot once took the growing row of the shell and pushed every short page down by 300–550 px; no unit test can see
 * that, so this one measures the real layout.
 */
const base = inject('baseUrl');
const WIDTHS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const;
/**
 * The main area's padding (24 px) plus a page's own top margin (the sign-in card sits 40 px lower): anything more is
 * an empty gap. The defect this guards against was 300–550 px.
 */
const MAX_GAP_PX = 80;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Geometry {
  gap: number;
  scrollWidth: number;
  innerWidth: number;
}

async function measure(page: Page): Promise<Geometry> {
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

async function expectGeometry(page: Page, label: string): Promise<void> {
  // Every page names itself in the tab ('Профиль — Корпоративный портал'), not only the portal.
  expect(await page.title(), `${label}: page title`).toMatch(/ — (Корпоративный портал|Korporativ portal)$/);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.waitForTimeout(50);
    const g = await measure(page);
    expect(g.gap, `${label} at ${size.width}px: gap under the header`).toBeLessThanOrEqual(MAX_GAP_PX);
    expect(g.gap, `${label} at ${size.width}px: content under the header`).toBeGreaterThanOrEqual(0);
    expect(g.scrollWidth, `${label} at ${size.width}px: page width`).toBeLessThanOrEqual(g.innerWidth);
  }
}

async function signIn(login: string): Promise<{ page: Page; errors: string[] }> {
  return signInAs(browser, base, login);
}

/** Waits until the route has rendered its content (not the loading overlay) in the given language. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${base}${path}`);
  await page.waitForFunction(() => {
    const main = document.getElementById('main');
    return main?.firstElementChild && !document.querySelector('[data-testid="loading-overlay"]');
  });
  await page.waitForLoadState('networkidle');
}

describe('page geometry on every route, at 1366×768 and 390×844', () => {
  it.each(['ru', 'uz'])('public pages (%s)', async (lang) => {
    const page = await browser.newPage();
    for (const path of [
      'login',
      'register',
      'forgot',
      'check',
      'new-client',
      'new-numbers',
      'no-such-page',
    ]) {
      await visit(page, `/${lang}/${path}`);
      await expectGeometry(page, `/${lang}/${path}`);
    }
    await page.close();
  });

  it.each([
    ['curator', ['profile', 'details', 'settings', 'purchase', 'purchase/order', 'no-such-page']],
    [
      'admin',
      ['administration/search', 'administration/creation/subscriber', 'administration/editing', 'settings'],
    ],
    [
      'operator',
      ['orders', 'agreement-registration', 'at39-registration', 'at39-registration/new', 'profile'],
    ],
    ['keyowner', ['onlinee-sales', 'services', 'settings']],
    ['okk', ['debt-control', 'settings']],
  ] as const)('signed in as %s', async (login, paths) => {
    const { page, errors } = await signIn(login);
    for (const lang of ['ru', 'uz']) {
      for (const path of paths) {
        await visit(page, `/${lang}/${path}`);
        await expectGeometry(page, `${login} /${lang}/${path}`);
      }
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the site icon', () => {
  it('is served as /favicon.ico', async () => {
    const res = await fetch(`${base}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/x-icon');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  });
});
