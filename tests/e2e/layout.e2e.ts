import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import {
  expectPageGeometry,
  launchBrowser,
  PUBLIC_LAYOUT_PATHS,
  SCREEN_SIZES,
  SIGNED_IN_LAYOUT_PATHS,
  signIn as signInAs,
  unreadableCells,
  visit as visitPath,
} from './browser';

/**
 * Page geometry on every route, at a laptop and a phone width: the main content starts right under the header (or
 * under the sidebar where the sidebar stacks above it on a phone), and no page is wider than the window. An empty
 * slot once took the growing row of the shell and pushed every short page down by 300–550 px; no unit test can see
 * that, so this one measures the real layout.
 */
const base = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Content right under the header, no horizontal overflow, the page's own title (tests/e2e/browser.ts). */
const expectGeometry = expectPageGeometry;

async function signIn(login: string): Promise<{ page: Page; errors: string[] }> {
  return signInAs(browser, base, login);
}

/** Waits until the route has rendered its content (not the loading overlay). */
const visit = (page: Page, path: string) => visitPath(page, base, path);

describe('page geometry on every route, at 1366×768 and 390×844', () => {
  it.each(['ru', 'uz'])('public pages (%s)', async (lang) => {
    const page = await browser.newPage();
    for (const path of PUBLIC_LAYOUT_PATHS) {
      await visit(page, `/${lang}/${path}`);
      await expectGeometry(page, `/${lang}/${path}`);
    }
    await page.close();
  });

  it.each(SIGNED_IN_LAYOUT_PATHS)('signed in as %s', async (login, paths) => {
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

/**
 * The services page went white on 4 of 6 direct loads ("Actor with system ID 'services' already exists":
 * a render React threw away while a chunk loaded had left the id taken). Each signed-in route, loaded directly ten
 * times, shows its content and raises no page error.
 */
describe('every signed-in route loads directly, ten times over, with no page error', () => {
  it.each([
    ['curator16', ['services', 'services/checkout', 'profile', 'details', 'settings']],
    ['keyowner', ['onlinee-sales', 'settings/users', 'purchase']],
    ['operator', ['orders', 'at39-registration', 'agreement-registration']],
    ['admin', ['administration/search', 'administration/creation/subscriber']],
    ['okk', ['debt-control']],
  ] as const)('%s', async (login, paths) => {
    const { page, errors } = await signIn(login);
    for (const path of paths) {
      for (let load = 1; load <= 10; load += 1) {
        await page.goto(`${base}/ru/${path}`);
        await page.waitForFunction(
          () => {
            const main = document.getElementById('main');
            return main?.firstElementChild && !document.querySelector('[data-testid="loading-overlay"]');
          },
          undefined,
          { timeout: 15_000 },
        );
        expect(errors, `${login} /ru/${path}, load ${load}`).toEqual([]);
      }
    }
    await page.context().close();
  });
});

describe('an address typed in capitals', () => {
  it.each([
    ['/ru/LOGIN', '/ru/login', 'auth-login'],
    ['/uz/New-Client', '/uz/new-client', 'new-client-step1'],
  ])('%s opens %s', async (typed, to, shown) => {
    const page = await browser.newPage();
    try {
      await page.goto(`${base}${typed}`);
      await page.getByTestId(shown).waitFor();
      expect(new URL(page.url()).pathname).toBe(to);
    } finally {
      await page.close();
    }
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

/**
 * The number list with its block buttons, at a laptop and a phone width: nothing scrolls sideways (on a phone each
 * number is a card, docs/decisions.md EM8), each row's block button is on screen, and no number is covered by it or
 * cut: a sideways-scrolling table once hid a number's last digits under its pinned button.
 */
describe.each(['ru', 'uz'] as const)('the number list with its block buttons (%s)', (lang) => {
  const t = i18n.getFixedT(lang);
  // the frame beside the sidebar is 366 px at 1024 and 622 px at 1280: cards there too, a table at 1366
  it.each([...SCREEN_SIZES, { width: 1280, height: 720 }, { width: 1024, height: 768 }])(
    'shows every number whole beside its block button, nothing sideways, at $width px',
    async (size) => {
      const { page, errors } = await signInAs(browser, base, 'curator', { lang, viewport: size });
      await page.goto(`${base}/${lang}/profile?status=all`);
      await page.locator('[data-testid="numbers-list"][data-ready="true"]').waitFor({ timeout: 20_000 });
      const action = page.getByTestId('numbers-row-action').first();
      await action.scrollIntoViewIfNeeded();
      const box = await action.boundingBox();
      expect(box, 'block button').not.toBeNull();
      expect(box?.x ?? -1, 'block button left edge').toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0), 'block button right edge').toBeLessThanOrEqual(size.width);
      const g = await page.getByTestId('numbers-scroll').evaluate((frame) => {
        const frameBox = frame.getBoundingClientRect();
        // every row's number (its text, not its cell) against the frame and against the row's own button
        const covered: string[] = [];
        for (const row of frame.querySelectorAll('tbody tr')) {
          const cell = row.querySelector('td');
          const text = [...(cell?.childNodes ?? [])].find((n) => n.nodeType === Node.TEXT_NODE);
          if (!text) continue;
          const range = document.createRange();
          range.selectNodeContents(text);
          const n = range.getBoundingClientRect();
          const b = row.querySelector('button')?.getBoundingClientRect();
          const overlaps =
            b !== undefined && n.right > b.left && n.left < b.right && n.bottom > b.top && n.top < b.bottom;
          if (n.left < frameBox.left - 1 || n.right > frameBox.right + 1 || overlaps)
            covered.push(text.textContent ?? '');
        }
        return {
          page: document.documentElement.scrollWidth,
          window: window.innerWidth,
          scrolls: frame.scrollWidth > frame.clientWidth,
          tabIndex: frame.tabIndex,
          rows: frame.querySelectorAll('tbody tr').length,
          covered,
        };
      });
      expect(g.page, 'page width').toBeLessThanOrEqual(g.window);
      expect(g.scrolls, 'the list scrolls sideways').toBe(false);
      expect(g.rows).toBeGreaterThan(0);
      expect(g.covered, 'numbers cut or under their button').toEqual([]);
      // a frame that never scrolls is no tab stop
      expect(g.tabIndex).toBe(-1);
      // each card reads whole: no word broken, nothing outside its cell
      expect(await unreadableCells(page.getByTestId('numbers-table')), `numbers at ${size.width}px`).toEqual(
        [],
      );
      expect(await page.getByRole('columnheader', { name: t('numbers.columns.number') }).isVisible()).toBe(
        true,
      );
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );
});
