import type { Browser, Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatSum } from '@/domain/money.rules';
import { formatPhone } from '@/domain/phone.rules';
import { i18n } from '@/i18n/i18n';
import { SAMARQAND_FIXTURE } from '../../server/db/addons-seed';
import { onScreen } from '../support/phone-text';
import { expectFitsWindow, expectReadableTable, launchBrowser, signIn } from './browser';

/**
 * Services in a real browser, in both languages (docs/decisions.md "Services"): the type-16 curator connects NET 20 GB
 * for three employees, one of whom has it already (E124 for that one, the two others accepted), disconnects it again,
 * switches roaming on and off for one number; a subscriber with a budget has no Services entry and cannot open it.
 */
const base = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The portal's API calls of a page, with times, for a failure's message (a watcher per page). */
const apiCalls = new WeakMap<Page, string[]>();
function trackApi(page: Page): void {
  if (apiCalls.has(page)) return;
  const calls: string[] = [];
  const started = Date.now();
  apiCalls.set(page, calls);
  const api = (url: string) => (url.includes('/api/') ? new URL(url).pathname + new URL(url).search : null);
  page.on('request', (r: Request) => {
    const path = api(r.url());
    if (path) calls.push(`${Date.now() - started}ms → ${r.method()} ${path}`);
  });
  page.on('response', (r: Response) => {
    const path = api(r.url());
    if (path) calls.push(`${Date.now() - started}ms ← ${r.status()} ${path}`);
  });
  page.on('requestfailed', (r: Request) => {
    const path = api(r.url());
    if (path) calls.push(`${Date.now() - started}ms ✗ ${path} ${r.failure()?.errorText ?? ''}`);
  });
}

/** Waits for the list to match the URL; on a timeout says what the page shows instead (state, URL, alerts, calls). */
async function listReady(page: Page) {
  try {
    await page.waitForSelector('[data-testid="services-page"][data-ready="true"]', { timeout: 20_000 });
  } catch (e) {
    const section = page.getByTestId('services-page');
    const shown = {
      url: page.url(),
      state: (await section.count()) > 0 ? await section.getAttribute('data-state') : null,
      session: await page.getByTestId('session').getAttribute('data-state'),
      alerts: await page.getByRole('alert').allTextContents(),
      main: (await page.locator('#main').textContent())?.slice(0, 300) ?? null,
      calls: apiCalls.get(page)?.slice(-30) ?? [],
    };
    throw new Error(`the services list is not ready: ${JSON.stringify(shown, null, 1)}`, { cause: e });
  }
}

/** The sns of the rows on screen, in order. */
async function rowSns(page: Page): Promise<string[]> {
  const ids = await page
    .locator('[data-testid^="services-row-"]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.replace('services-row-', ''));
}

/** Opens the checkout of `action` for the chosen numbers, confirms, and waits for the result. */
async function checkout(page: Page, action: string, opts: { apply?: boolean } = {}) {
  await page.getByTestId(`services-action-${action}`).click();
  await page.getByTestId('checkout-review').waitFor();
  await page.getByTestId('checkout-confirm').click();
  if (opts.apply) {
    await page.getByTestId('checkout-do-apply').click();
  }
  await page.getByTestId('checkout-result').waitFor({ timeout: 20_000 });
}

describe.each(['ru', 'uz'] as const)('services in %s', (lang) => {
  const t = i18n.getFixedT(lang);

  it('curator16 connects a package for three employees (one already has it), disconnects it, and switches roaming on and off', async () => {
    const { page, errors } = await signIn(browser, base, 'curator16', { lang });
    trackApi(page);
    await page.getByTestId('nav-services').click();
    await page.waitForURL(`**/${lang}/services**`);
    await listReady(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t('services.title'));
    await expectFitsWindow(page, 'services');
    // a card per number on a phone, every column in sight; the page's box keeps its words above the cards
    await expectReadableTable(page, page.getByTestId('services-employees'), `services-${lang}`);
    await page.setViewportSize({ width: 390, height: 844 });
    const pageBox = page.locator('.services__select-page');
    expect(await pageBox.isVisible()).toBe(true);
    expect(await pageBox.innerText()).toBe(t('services.selectPage'));
    await page.setViewportSize({ width: 1366, height: 768 });

    // the package: NET 20 GB (monthly), with its volume, price and period
    await page.getByTestId('services-choose-IP_M20').click();
    await page.waitForURL((url) => url.searchParams.get('package') === 'IP_M20');
    const card = page.getByTestId('services-package-IP_M20');
    expect(await card.textContent()).toContain(formatSum(45_000, { lang }));

    // three employees: the first two have nothing, the third has NET 20 GB already
    const sns = await rowSns(page);
    const [a, b, c] = [sns[0], sns[1], sns[SAMARQAND_FIXTURE.hasSalePackage]] as string[];
    expect(await page.getByTestId(`services-packages-${c}`).textContent()).toContain('NET 20 GB');
    for (const sn of [a, b, c]) await page.getByTestId(`services-check-${sn}`).check();
    expect(await page.getByTestId('services-selected').textContent()).toBe(
      t('services.selected', { count: 3 }),
    );

    await page.getByTestId('services-action-connect').click();
    await page.getByTestId('checkout-review').waitFor();
    expect(await page.getByTestId('checkout-what').textContent()).toBe(
      t('services.checkoutPage.what.connect', { name: 'NET 20 GB' }),
    );
    // the third has it already: named, left out of the order and of the total (two numbers paid for)
    expect(await page.getByTestId('checkout-total').textContent()).toBe(formatSum(90_000, { lang }));
    expect(await page.getByTestId('checkout-numbers').textContent()).not.toContain(onScreen(formatPhone(c)));
    expect(await page.getByTestId('checkout-already').textContent()).toContain(
      t('services.checkoutPage.already.package'),
    );
    expect(await page.getByTestId(`checkout-already-${c}`).textContent()).toBe(onScreen(formatPhone(c)));
    await expectFitsWindow(page, 'checkout review');
    await page.getByTestId('checkout-confirm').click();
    await page.getByTestId('checkout-apply').waitFor();
    await page.getByTestId('checkout-do-apply').click();
    await page.getByTestId('checkout-result').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId(`checkout-outcome-${a}`).getAttribute('data-code')).toBe('accepted');
    expect(await page.getByTestId(`checkout-outcome-${b}`).getAttribute('data-code')).toBe('accepted');
    expect(await page.getByTestId(`checkout-outcome-${c}`).count()).toBe(0);
    expect(await page.getByTestId('checkout-result-summary').textContent()).toBe(
      t('services.checkoutPage.summary', { accepted: 2, failed: 0 }),
    );
    // E124 is not retried: the number has the package
    expect(await page.getByTestId('checkout-retry').count()).toBe(0);
    // the curator's menu has no Documents: the result says who can obtain the document and links nowhere
    expect(await page.getByTestId('checkout-document').textContent()).toBe(
      t('services.checkoutPage.documentElsewhere'),
    );
    expect(await page.getByTestId('checkout-documents-link').count()).toBe(0);
    await expectFitsWindow(page, 'checkout result');

    // back on the list the two lines show the package
    await page.getByTestId('checkout-back').click();
    await listReady(page);
    await page.waitForFunction(
      (sn) =>
        document.querySelector(`[data-testid="services-packages-${sn}"]`)?.textContent?.includes('NET 20 GB'),
      a,
    );

    // disconnect it from the two, from the list of what can be turned off
    await page.getByTestId('services-list-disconnect').click();
    await page.waitForURL((url) => url.searchParams.get('list') === 'disconnect');
    await listReady(page);
    await page.getByTestId('services-choose-IP_M20').click();
    await page.waitForURL((url) => url.searchParams.get('package') === 'IP_M20');
    for (const sn of [a, b]) await page.getByTestId(`services-check-${sn}`).check();
    await checkout(page, 'disconnect');
    expect(await page.getByTestId(`checkout-outcome-${a}`).getAttribute('data-code')).toBe('accepted');
    expect(await page.getByTestId(`checkout-outcome-${b}`).getAttribute('data-code')).toBe('accepted');
    await page.getByTestId('checkout-back').click();
    await listReady(page);
    expect(await page.getByTestId(`services-row-${a}`).count()).toBe(0);

    // roaming on and off for one number
    await page.getByTestId('services-list-connect').click();
    await page.waitForURL((url) => !url.searchParams.has('list'));
    await listReady(page);
    const d = sns[SAMARQAND_FIXTURE.clean[2]] as string;
    expect(await page.getByTestId(`services-roaming-${d}`).textContent()).toBe(t('services.roamingOff'));
    await page.getByTestId(`services-check-${d}`).check();
    await checkout(page, 'roamingOn');
    expect(await page.getByTestId(`checkout-outcome-${d}`).getAttribute('data-code')).toBe('accepted');
    await page.getByTestId('checkout-back').click();
    await listReady(page);
    await page.waitForFunction(
      ([sn, text]) => document.querySelector(`[data-testid="services-roaming-${sn}"]`)?.textContent === text,
      [d, t('services.roamingOn')] as const,
    );
    await checkout(page, 'roamingOff');
    expect(await page.getByTestId(`checkout-outcome-${d}`).getAttribute('data-code')).toBe('accepted');
    await page.getByTestId('checkout-back').click();
    await listReady(page);
    await page.waitForFunction(
      ([sn, text]) => document.querySelector(`[data-testid="services-roaming-${sn}"]`)?.textContent === text,
      [d, t('services.roamingOff')] as const,
    );

    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a subscriber with a budget has no Services entry and the URL does not open it', async () => {
    const { page, errors } = await signIn(browser, base, 'subscriber', { lang });
    await page.getByTestId('nav-profile').waitFor();
    expect(await page.getByTestId('nav-services').count()).toBe(0);
    await page.goto(`${base}/${lang}/services`);
    await page.waitForURL((url) => !url.pathname.includes('/services'), { timeout: 20_000 });
    expect(await page.getByTestId('services-page').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
