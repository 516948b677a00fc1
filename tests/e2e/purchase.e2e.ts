import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { tashkentDay } from '@/domain/dates.rules';
import { formatPhone } from '@/domain/phone.rules';
import { i18n } from '@/i18n/i18n';
import { onScreen } from '../support/phone-text';
import { expectFitsWindow, fillLogin, launchBrowser, signIn } from './browser';

/**
 * The golden-number purchase in a real browser, in both languages: the curator searches by mask, chooses two numbers
 * on different pages, buys them and sees the order's summary; keyowner-nobuy has no purchase entry and is sent to
 * its landing page from the URL. Geometry at a laptop and a phone width; `SHOTS_DIR` saves screenshots to look at.
 */
const base = inject('baseUrl');
const SHOTS = process.env.SHOTS_DIR;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

describe.each(['ru', 'uz'] as const)('golden-number purchase in %s', (lang) => {
  const t = i18n.getFixedT(lang);

  it('the curator searches by mask, picks two numbers on two pages, buys them and sees the order', async () => {
    const { page, errors } = await signIn(browser, base, 'curator', { lang });
    await page.getByTestId('nav-purchase').click();
    await page.waitForURL(`**/${lang}/purchase`);
    await page.getByTestId('purchase-form').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t('purchase.title'));
    expect(await page.getByTestId('purchase-vat-note').textContent()).toBe(
      t('purchase.vatNotePayer', { percent: 12 }),
    );
    await expectFitsWindow(page, `purchase-form-${lang}`, { maxGap: 48, shotsDir: SHOTS });

    // a malformed mask is refused in the page's language, nothing is searched
    await page.getByTestId('purchase-category-192').click();
    await page.locator('#purchase-type').selectOption('byMask');
    const mask = page.locator('#purchase-mask');
    await mask.fill('12-3');
    await page.getByTestId('purchase-find').click();
    await page.getByText(t('purchase.errors.mask')).waitFor();

    await mask.fill('***-**-00');
    await page.getByTestId('purchase-find').click();
    await page
      .locator('[data-testid="purchase-page"][data-state="browsing.results"]')
      .waitFor({ timeout: 20_000 });
    const firstPage = page.locator('[data-testid^="purchase-number-"]');
    expect(await firstPage.count()).toBe(16);
    const a = ((await firstPage.nth(0).getAttribute('data-testid')) ?? '').replace('purchase-number-', '');
    await firstPage.nth(0).click();
    await expectFitsWindow(page, `purchase-results-${lang}`, { maxGap: 48, shotsDir: SHOTS });
    await page.getByTestId('purchase-results-next').click();
    await page.locator('[data-testid="purchase-page"][data-state="browsing.results"]').waitFor();
    expect(await page.getByTestId('purchase-results-page').textContent()).toMatch(
      lang === 'ru' ? /^Страница 2 из/ : /2-sahifa$/,
    );
    const b = ((await firstPage.nth(0).getAttribute('data-testid')) ?? '').replace('purchase-number-', '');
    expect(b).not.toBe(a);
    await firstPage.nth(0).click();
    expect(await page.getByTestId('purchase-selection').textContent()).toContain(onScreen(formatPhone(a)));
    expect(await page.getByTestId('purchase-selection').textContent()).toContain(onScreen(formatPhone(b)));

    await page.getByTestId('purchase-to-review').click();
    await page.getByTestId('purchase-review').waitFor();
    const sum = (await page.getByTestId('purchase-total').textContent()) ?? '';
    expect(sum).toBe(lang === 'ru' ? '168\u00a0400\u00a0сум' : '168\u00a0400\u00a0soʻm');
    expect(await page.getByTestId('purchase-confirm').textContent()).toBe(t('purchase.confirm', { sum }));
    await expectFitsWindow(page, `purchase-review-${lang}`, { maxGap: 48, shotsDir: SHOTS });
    await page.getByTestId('purchase-confirm').click();

    await page.getByTestId('purchase-done').waitFor({ timeout: 20_000 });
    const title = (await page.getByTestId('purchase-order-id').textContent()) ?? '';
    expect(title).toMatch(lang === 'ru' ? /^Заказ № \d+ оформлен$/ : /^\d+-son buyurtma rasmiylashtirildi$/);
    const numbers = (await page.getByTestId('purchase-done-numbers').textContent()) ?? '';
    expect(numbers).toContain(onScreen(formatPhone(a)));
    expect(numbers).toContain(onScreen(formatPhone(b)));
    expect(await page.getByTestId('purchase-done-sum').textContent()).toContain(sum);
    await expectFitsWindow(page, `purchase-done-${lang}`, { maxGap: 48, shotsDir: SHOTS });
    expect(errors).toEqual([]);
    await page.context().close();

    // the operator lands on Orders, asks for today's range and opens the order
    const orderId = /\d+/.exec(title)?.[0] ?? '';
    const staff = await signIn(browser, base, 'operator', { lang });
    const op = staff.page;
    await op.waitForURL((url) => url.pathname === `/${lang}/orders`, { timeout: 20_000 });
    // the list's days are Tashkent's (TZ1): from 19:00 UTC the day there is already the next one
    const today = tashkentDay(Date.now());
    await op.locator('#orders-from').fill(today);
    await op.locator('#orders-to').fill(today);
    await op.getByTestId('orders-apply').click();
    await op.waitForURL(
      (url) => url.searchParams.get('from') === today && url.searchParams.get('to') === today,
    );
    const row = op.getByTestId(`order-row-${orderId}`);
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain('100234561');
    expect(await row.textContent()).toContain(t('orders.status.paid'));
    await expectFitsWindow(op, `orders-list-${lang}`, { maxGap: 48, shotsDir: SHOTS });
    await op.getByTestId(`order-open-${orderId}`).click();
    await op.waitForURL(`**/${lang}/orders/${orderId}?**`);
    await op.getByTestId('order-details').waitFor({ timeout: 20_000 });
    const details = (await op.getByTestId('order-details').textContent()) ?? '';
    expect(details).toContain(onScreen(formatPhone(a)));
    expect(details).toContain(onScreen(formatPhone(b)));
    expect(await op.getByTestId('order-total').textContent()).toBe(sum);
    expect(await op.getByTestId('order-documents').locator('li').count()).toBe(3);
    await expectFitsWindow(op, `orders-order-${lang}`, { maxGap: 48, shotsDir: SHOTS });
    // GN13: the operator issues the numbers; the dialog names the order, company, sum and both statuses first
    const company = (await row.locator('td').nth(3).textContent()) ?? '';
    expect(company).toMatch(/^Toshkent Savdo Invest/);
    await op.getByTestId('order-move-issued').click();
    const confirm = op.getByTestId('order-status-confirm');
    await confirm.waitFor();
    expect(await op.getByTestId('order-status-text').textContent()).toBe(
      t('orders.moveText', {
        company,
        ban: '100234561',
        total: sum,
        from: t('orders.status.paid'),
        to: t('orders.status.issued'),
      }),
    );
    await expectFitsWindow(op, `orders-move-${lang}`, { maxGap: 48, shotsDir: SHOTS });
    // Escape keeps the status; the focus goes back to the button that opened the dialog
    await op.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    expect(await op.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'order-move-issued',
    );
    // PRM1/PRM2: a cancel would say first that the paid sum goes back to the balance and the numbers go on sale
    await op.getByTestId('order-move-cancelled').click();
    await confirm.waitFor();
    expect(await op.getByTestId('order-status-money').textContent()).toBe(
      `${t('orders.moveRefund', { sum })} ${t('orders.moveRelease')}`,
    );
    await expectFitsWindow(op, `orders-cancel-${lang}`, { maxGap: 48, shotsDir: SHOTS });
    await op.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await op.getByTestId('order-move-issued').click();
    await op.getByTestId('order-status-ok').click();
    await confirm.waitFor({ state: 'detached', timeout: 20_000 });
    expect(await op.getByTestId('order-status').textContent()).toBe(t('orders.status.issued'));
    expect(await row.textContent()).toContain(t('orders.status.issued'));
    // issued is final: no move is offered any more
    expect(await op.locator('[data-testid^="order-move-"]').count()).toBe(0);
    // an impossible range is refused with the spec's message
    await op.locator('#orders-from').fill('');
    await op.getByTestId('orders-apply').click();
    expect(await op.getByTestId('orders-range-error').textContent()).toBe(t('validation.dateRange'));
    expect(staff.errors).toEqual([]);
    await op.context().close();
  });
});

describe('who may buy', () => {
  it('keyowner-nobuy has no purchase entry and is sent to its landing page from the URL', async () => {
    const { page, errors } = await signIn(browser, base, 'keyowner-nobuy');
    await page.getByTestId('nav-profile').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('nav-purchase').count()).toBe(0);
    await page.goto(`${base}/ru/purchase`);
    await page.waitForURL('**/ru/profile', { timeout: 20_000 });
    expect(await page.getByTestId('purchase-page').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the chosen numbers survive a reload and Back (docs/decisions.md GN14)', () => {
  const t = i18n.getFixedT('ru');
  const state = (page: Page) => page.getByTestId('purchase-page').getAttribute('data-state');

  it('reload keeps the review, Back returns to the choice, Forward to the review; another user sees none', async () => {
    const { page, errors } = await signIn(browser, base, 'curator');
    await page.getByTestId('nav-purchase').click();
    await page.waitForURL('**/ru/purchase');
    await page.getByTestId('purchase-form').waitFor({ timeout: 20_000 });
    await page.getByTestId('purchase-find').click();
    await page
      .locator('[data-testid="purchase-page"][data-state="browsing.results"]')
      .waitFor({ timeout: 20_000 });
    const found = page.locator('[data-testid^="purchase-number-"]');
    const numberOf = async (i: number) =>
      ((await found.nth(i).getAttribute('data-testid')) ?? '').replace('purchase-number-', '');
    const a = await numberOf(0);
    const b = await numberOf(1);
    await found.nth(0).click();
    await found.nth(1).click();
    await page.getByTestId('purchase-to-review').click();
    await page.getByTestId('purchase-review').waitFor();
    await page.waitForURL('**/ru/purchase?step=review');

    // a reload of the review shows the same two numbers, read back from the tab
    await page.reload();
    await page.getByTestId('purchase-review').waitFor({ timeout: 20_000 });
    expect(await state(page)).toBe('reviewing');
    for (const n of [a, b])
      expect(await page.getByTestId(`purchase-review-${n}`).textContent()).toContain(
        onScreen(formatPhone(n)),
      );

    // Back: the choice, both numbers still chosen; Forward: the review again
    await page.goBack();
    await page.waitForURL('**/ru/purchase');
    await page.getByTestId('purchase-selection').waitFor();
    expect(await state(page)).toMatch(/^browsing\./);
    const chosen = (await page.getByTestId('purchase-selection').textContent()) ?? '';
    expect(chosen).toContain(onScreen(formatPhone(a)));
    expect(chosen).toContain(onScreen(formatPhone(b)));
    expect(await page.getByTestId('purchase-to-review').textContent()).toBe(
      t('purchase.toReview', { count: 2 }),
    );
    await page.goForward();
    await page.waitForURL('**/ru/purchase?step=review');
    await page.getByTestId('purchase-review').waitFor();
    expect(await page.locator('[data-testid^="purchase-review-9"]').count()).toBe(2);

    // logout forgets the choice; another buyer signing in in the same tab starts with none, even on ?step=review
    await page.getByTestId('logout').click();
    await page.getByTestId('logout-confirm-yes').click();
    await page.waitForURL('**/ru/login');
    expect(
      await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.includes('goldenChoice'))),
    ).toEqual([]);
    await page.locator('[data-testid="session"][data-state^="signedOut"]').waitFor({ timeout: 20_000 });
    await fillLogin(page, 'keyowner');
    await page.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 20_000 });
    await page.goto(`${base}/ru/purchase?step=review`);
    await page.getByTestId('purchase-form').waitFor({ timeout: 20_000 });
    expect(await state(page)).toMatch(/^browsing\./);
    await page.waitForURL('**/ru/purchase');
    expect(await page.getByTestId('purchase-selection').textContent()).toContain(t('purchase.none'));
    expect(await page.getByTestId('purchase-to-review').isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
