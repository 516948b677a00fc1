import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { expectPageGeometry, launchBrowser, SCREEN_SIZES, signIn } from './browser';

/**
 * The new-number order (`/{lang}/purchase/order`, chart newOrder; spec 5 "Order repeater cannot go below one row;
 * deletion requires confirmation"; decisions GN12) in a real browser, in both languages: the curator's first submit
 * names what the row misses, rows are added and deleted with a confirmation (never below one), a half-filled order
 * survives a reload, the sent order is created and, while created, cancelled by the curator after a confirmation
 * (GN15); the page fits 1366 and 390 px.
 */
const base = inject('baseUrl');
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Title, content under the header and no sideways scroll at 1366 and 390 px; back to the laptop size after. */
async function expectFits(page: Page, label: string): Promise<void> {
  await expectPageGeometry(page, label);
  await page.setViewportSize(SCREEN_SIZES[0]);
}

/** The first real option of a select (the empty 'Выберите' comes first). */
async function chooseFirst(page: Page, name: string): Promise<void> {
  const select = page.locator(`select[name="${name}"]`);
  const value = await select.locator('option').nth(1).getAttribute('value');
  await select.selectOption(value ?? '');
}

describe.each(['ru', 'uz'] as const)('new-number order in %s', (lang) => {
  const t = i18n.getFixedT(lang);

  it('the curator fills rows, deletes one after a confirmation, reloads, and sends the order', async () => {
    const { page, errors } = await signIn(browser, base, 'curator', { lang });
    await page.goto(`${base}/${lang}/purchase/order`);
    await page.getByTestId('new-order-balance').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t('newOrder.title'));

    // spec 5, PRM3, PRM4: nothing is sent while a row is wrong (a count over 1 000, a fractional nominal, no
    // category yet): each field says what is wrong
    await page.locator('input[name="row1-kolvo"]').fill('1001');
    await page.locator('input[name="row1-nominal"]').fill('1.5');
    await page.getByTestId('new-order-submit').click();
    await page.getByText(t('validation.orderCategory')).waitFor();
    expect(await page.getByTestId('error-row1-kolvo').textContent()).toBe(t('validation.orderKolvo'));
    expect(await page.getByTestId('error-row1-nominal').textContent()).toBe(t('validation.orderNominal'));
    await page.locator('input[name="row1-nominal"]').fill('');

    await page.locator('input[name="row1-kolvo"]').fill('3');
    await chooseFirst(page, 'row1-category');
    await chooseFirst(page, 'row1-tariff');
    // one row cannot be deleted
    expect(await page.getByTestId('new-order-remove-1').isDisabled()).toBe(true);
    await page.getByTestId('new-order-add').click();
    await page.getByTestId('new-order-row-2').waitFor();
    await expectFits(page, `new-order-${lang}`);

    // deleting asks first, naming the row
    await page.getByTestId('new-order-remove-2').click();
    const dialog = page.getByTestId('new-order-remove-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe(t('newOrder.removeTitle', { n: 2 }));
    await page.getByTestId('new-order-remove-confirm').click();
    await page.getByTestId('new-order-row-2').waitFor({ state: 'detached' });

    // a half-filled order survives a reload
    await page.reload();
    await page.getByTestId('new-order-balance').waitFor({ timeout: 20_000 });
    expect(await page.locator('input[name="row1-kolvo"]').inputValue()).toBe('3');

    await page.getByTestId('new-order-submit').click();
    await page.getByTestId('new-order-done').waitFor({ timeout: 20_000 });
    const title = (await page.getByTestId('new-order-id').textContent()) ?? '';
    const id = title.match(/\d+/)?.[0] ?? '';
    expect(title).toBe(t('newOrder.doneTitle', { id }));
    if (lang === 'ru') expect(title).toMatch(/^Заказ № \d+ создан$/);
    await expectFits(page, `new-order-done-${lang}`);
    expect(await page.getByTestId('new-order-status').textContent()).toBe(
      t('newOrder.doneStatus', { status: t('orders.status.created') }),
    );

    // GN15: the curator who placed it takes it back while it is created, after a confirmation naming it; Escape
    // closes the confirmation and gives the focus back to the button
    const cancelButton = page.getByTestId('order-cancel');
    await cancelButton.click();
    const confirm = page.getByTestId('order-cancel-confirm');
    await confirm.waitFor();
    expect(await confirm.getByRole('heading').textContent()).toBe(t('orders.cancel.title', { id }));
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    expect(await cancelButton.evaluate((b) => b === document.activeElement)).toBe(true);
    await cancelButton.click();
    await confirm.waitFor();
    await page.getByTestId('order-cancel-ok').click();
    await page.getByTestId('order-cancel-done').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('order-cancel-done').textContent()).toBe(t('orders.cancel.done', { id }));
    // the button that had the focus is gone: the focus is on what replaced it, not lost to the page
    expect(await page.getByTestId('order-cancel-done').evaluate((p) => p === document.activeElement)).toBe(
      true,
    );
    expect(await page.getByTestId('new-order-status').textContent()).toBe(
      t('newOrder.doneStatus', { status: t('orders.status.cancelled') }),
    );
    expect(await page.getByTestId('order-cancel').count()).toBe(0);
    await expectFits(page, `new-order-cancelled-${lang}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
