import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { expectFitsWindow, expectReadableTable, launchBrowser, signIn } from './browser';

/**
 * The company's employee list in a real browser, in both languages (docs/decisions.md EM1-EM5): the curator opens
 * Profile, presses 'Открыть список сотрудников', sees names with numbers as `+998 90 123 45 67`, searches by a part of
 * a name and by digits, pages, and goes back to the profile; geometry at a laptop and a phone width. A subscriber (a
 * single number) and staff without a profile are sent away from the URL. `SHOTS_DIR` saves screenshots to look at.
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

/** A number as the screen shows it: one word, its spaces non-breaking (docs/decisions.md EM7). */
const PHONE = /^\+998\u00a0\d{2}\u00a0\d{3}\u00a0\d{2}\u00a0\d{2}$/;
const list = (page: Page) => page.locator('[data-testid="page-employeesList"][data-state="ready"]');
const names = (page: Page) =>
  page.locator('[data-testid="employees-table"] tbody tr td:first-child').allTextContents();
const numbers = (page: Page) => page.locator('[data-testid$="-number"]').allTextContents();

async function search(page: Page, text: string, lang: string) {
  const t = i18n.getFixedT(lang);
  await page.getByLabel(t('employeesList.search.label')).fill(text);
  await page.getByTestId('employees-search-submit').click();
  await page.waitForURL((url) => url.searchParams.get('q') === text);
}

describe.each(['ru', 'uz'] as const)('the employee list in %s', (lang) => {
  const t = i18n.getFixedT(lang);

  it('the curator opens it from Profile, searches by name and digits, pages and goes back', async () => {
    const { page, errors } = await signIn(browser, base, 'curator', { lang });
    await page.getByTestId('nav-profile').click();
    await page.waitForURL(`**/${lang}/profile`);
    const open = page.getByTestId('widget-employees-open');
    expect(await open.textContent()).toBe(t('widgets.employees.open'));
    await open.click();
    await page.waitForURL(`**/${lang}/profile/employees`);
    await list(page).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t('employeesList.title'));
    const all = await numbers(page);
    expect(all.length).toBe(20);
    for (const n of all.filter((x) => x !== '—')) expect(n).toMatch(PHONE);
    await expectFitsWindow(page, `employees-${lang}`, { maxGap: 48, shotsDir: SHOTS });
    // a phone shows a card per employee: no name broken letter by letter, no number over its neighbour
    await expectReadableTable(page, page.getByTestId('employees-table'), `employees-${lang}`);

    // by a part of a name: every row found carries it
    const first = (await names(page))[0] ?? '';
    const part = first.split(' ')[0]?.slice(0, 4) ?? '';
    await search(page, part, lang);
    await list(page).waitFor();
    for (const n of await names(page)) expect(n.toLowerCase()).toContain(part.toLowerCase());

    // by digits of a number, typed the way it is shown
    const shown = all.find((n) => PHONE.test(n)) ?? '';
    const digits = shown.slice(5, 11); // '90 123'
    await search(page, digits, lang);
    await list(page).waitFor();
    const found = await numbers(page);
    expect(found.length).toBeGreaterThan(0);
    for (const n of found) expect(n.replace(/\D/g, '').slice(3)).toContain(digits.replace(/\D/g, ''));

    // a refused text is said under the field
    await search(page, 'Ali%', lang);
    expect(await page.getByTestId('error-q').textContent()).toBe(t('validation.fields'));

    // paging the whole list
    await page.getByTestId('employees-search-clear').click();
    await page.waitForURL(`**/${lang}/profile/employees`);
    await list(page).waitFor();
    const before = await names(page);
    await page.getByTestId('employees-next').click();
    await page.waitForURL(/page=2/);
    await list(page).waitFor();
    expect(await names(page)).not.toEqual(before);

    // and back to the organisation
    const back = page.getByTestId('employees-back');
    expect(await back.textContent()).toBe(t('employeesList.back'));
    await back.click();
    await page.waitForURL(`**/${lang}/profile`);
    await page.getByTestId('widget-employees-open').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('who is sent away from /profile/employees (EM2)', () => {
  it.each([
    ['subscriber', 'a single number'],
    ['operator', 'staff without a profile'],
  ])('%s (%s) lands elsewhere', async (login) => {
    const { page } = await signIn(browser, base, login, { lang: 'ru' });
    // the landing page the user is sent to after sign-in (`/ru` first redirects there)
    await page.waitForURL((url) => /^\/ru\/[a-z]/.test(url.pathname), { timeout: 20_000 });
    const landed = new URL(page.url()).pathname;
    await page.goto(`${base}/ru/profile/employees`);
    await page.waitForURL((url) => url.pathname !== '/ru/profile/employees', { timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe(landed);
    expect(await page.getByTestId('page-employeesList').count()).toBe(0);
    await page.context().close();
  });
});
