import type { Page } from 'playwright-core';

/**
 * The routes every layout check visits, the two screen sizes, and the layout-shift measurement: shared by the browser
 * tests (tests/e2e/layout.e2e.ts, tests/e2e/layout-shift.e2e.ts) and `npm run bench`, which reports the figures the
 * tests hold to their goal. Imports nothing of vitest, so the bench can load it.
 */

/** The two screen sizes every screen is measured at (a laptop and a phone). */
export const SCREEN_SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const;

/** The public pages every layout check visits (under `/{lang}`), a not-found address included. */
export const PUBLIC_LAYOUT_PATHS = [
  'login',
  'register',
  'forgot',
  'check',
  'new-client',
  'new-numbers',
  'no-such-page',
] as const;

/** The signed-in pages every layout check visits, by the demo account that opens them. */
export const SIGNED_IN_LAYOUT_PATHS: readonly (readonly [string, readonly string[]])[] = [
  [
    'curator',
    [
      'profile',
      'profile/employees',
      'profile/activity',
      'profile/plans',
      'details',
      'settings',
      'purchase',
      'purchase/order',
      'no-such-page',
    ],
  ],
  [
    'admin',
    [
      'administration/search',
      // the found users: a card each on a phone
      'administration/search?q=cur',
      'administration/creation/subscriber',
      'administration/editing',
      'settings',
    ],
  ],
  [
    'operator',
    [
      'orders',
      'orders/preorders',
      'agreement-registration',
      'at39-registration',
      'at39-registration/new',
      'profile',
    ],
  ],
  ['keyowner', ['onlinee-sales', 'services', 'settings', 'settings/users']],
  ['okk', ['debt-control', 'settings']],
  // the operator's add-ons: the package cards load above the employees (the promotion's cards have no button)
  ['curator16', ['services', 'services?list=promo']],
];

/** Core Web Vitals' "good" cumulative layout shift. */
export const CLS_GOOD = 0.1;

export type Shift = { value: number; sources: string[] };

/**
 * Records every layout shift not caused by input, with the elements that moved (for a failure message): an init
 * script, run in the page before its own scripts.
 */
export function recordShifts() {
  const shifts: Shift[] = [];
  (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const e = entry as PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      };
      if (e.hadRecentInput) continue;
      shifts.push({
        value: e.value,
        sources: (e.sources ?? []).map((s) => {
          const el = s.node instanceof Element ? s.node : s.node?.parentElement;
          const name = el ? `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]}` : '?';
          return `${name} y ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)}`;
        }),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * Loads `url` cold (the cache off) on a 4× slower CPU, waits until the network is quiet, the `ready` element (when
 * given) stands and the page has settled, and returns the layout shift it caused. The page must have `recordShifts` as an init script.
 */
export async function loadShift(
  page: Page,
  url: string,
  ready?: string,
): Promise<{ cls: number; shifts: Shift[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  try {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    // a page whose last part comes after a quiet moment (a busy machine) names it, so its shift is counted too
    if (ready) await page.locator(ready).waitFor();
    await page.waitForTimeout(500);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
    return { cls: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}
