import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { templateSections } from '../../server/agreement/contract-text';
import { validForm } from '../machines/agreement.payloads';
import { pdfText } from '../server/pdf-text';
import { a11yContext, seriousViolations, settle, signIn as signInA11y } from './axe';
import { expectFitsWindow, launchBrowser, signIn } from './browser';

/**
 * Contract registration in a real browser, in both languages (the contract-registration requirements): a seller fills the form hitting each
 * validation message of spec 5 once, registers, downloads the agreement, and finds it again in the list of the
 * agreements they registered after a reload; a curator has no such entry and is sent to the landing page.
 */
const base = inject('baseUrl');
let browser: Browser;
let downloads: string;

beforeAll(async () => {
  browser = await launchBrowser();
  downloads = mkdtempSync(join(tmpdir(), 'portal-agreement-downloads-'));
});
afterAll(async () => {
  await browser?.close();
  if (downloads) rmSync(downloads, { recursive: true, force: true });
});

const field = (page: Page, name: string) => page.getByTestId(`agreement-field-${name}`);
const message = (page: Page, name: string) => page.getByTestId(`agreement-error-${name}`);

async function downloadPdf(page: Page, click: () => Promise<void>): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), click()]);
  const path = join(downloads, `${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(path);
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdfText(new Uint8Array(bytes));
}

describe.each(['ru', 'uz'] as const)('contract registration in %s', (lang) => {
  const t = i18n.getFixedT(lang);
  const login = `e2e.${lang}.${Date.now().toString(36)}`;

  it('a seller registers a contract hitting each message once, downloads it and finds it again', async () => {
    const { page, errors } = await signIn(browser, base, 'seller', { lang, acceptDownloads: true });
    await page.getByTestId('nav-agreement').click();
    await page.waitForURL(`**/${lang}/agreement-registration`);
    await page.getByTestId('agreement-form').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t('agreement.title'));
    await expectFitsWindow(page, 'agreement');

    // the whole form, with five wrong values: Cyrillic login, tax id of the wrong type, a short MFO, a passport
    // issued in the future and a director under 18
    const wrong: Record<string, string> = {
      login: 'навои',
      tin: '105771234',
      mfo: '123',
      passportIssuedDate: '2099-01-01',
      birthDate: new Date(Date.now() - 10 * 365 * 86_400_000).toISOString().slice(0, 10),
    };
    for (const [name, value] of Object.entries(validForm)) {
      if (typeof value !== 'string') continue;
      await field(page, name).fill(wrong[name] ?? value);
    }
    await page.getByTestId('agreement-contact-add').click();
    await page.getByTestId('agreement-contact-0-fullName').fill('Tursunov Bekzod');
    await page
      .getByTestId('agreement-contact-0-position')
      .fill(lang === 'ru' ? 'Главный бухгалтер' : 'Bosh hisobchi');
    await page.getByTestId('agreement-contact-0-phone').fill('+998 90 555 12 34');
    await page.getByTestId('agreement-contact-0-access').check();
    await page.getByTestId('agreement-submit').click();

    expect(await page.getByTestId('agreement-invalid').textContent()).toBe(t('validation.fieldsCorrect'));
    expect(await message(page, 'login').textContent()).toBe(t('validation.latinOnly'));
    expect(await message(page, 'tin').textContent()).toBe(t('errors.E026'));
    expect(await message(page, 'mfo').textContent()).toBe(t('validation.fields'));
    expect(await message(page, 'passportIssuedDate').textContent()).toBe(t('validation.badDate'));
    expect(await message(page, 'birthDate').textContent()).toBe(t('validation.adult'));
    expect(await page.locator('[data-testid^="agreement-error-"]').count()).toBe(5);
    // nothing typed is lost
    expect(await field(page, 'name').inputValue()).toBe(validForm.name);

    // fixed, but with a login someone already has: 'Данный логин занят, выберите другой'
    await field(page, 'login').fill('curator');
    await field(page, 'tin').fill(validForm.tin);
    await field(page, 'mfo').fill(validForm.mfo);
    await field(page, 'passportIssuedDate').fill(validForm.passportIssuedDate);
    await field(page, 'birthDate').fill(validForm.birthDate);
    await page.getByTestId('agreement-submit').click();
    await message(page, 'login').waitFor();
    expect(await message(page, 'login').textContent()).toBe(t('validation.loginTaken'));

    await field(page, 'login').fill(login);
    await page.getByTestId('agreement-submit').click();
    await page.getByTestId('agreement-done').waitFor({ timeout: 20_000 });
    const number =
      (await page.getByTestId('agreement-number').textContent())?.match(/B2B-\d{8}-\d{5}/)?.[0] ?? '';
    expect(number).not.toBe('');
    expect(await page.getByTestId('agreement-done').getByRole('heading', { level: 2 }).textContent()).toBe(
      t('agreement.done'),
    );
    await expectFitsWindow(page, 'agreement');

    // the agreement in the page's language, right after registering
    const title = lang === 'ru' ? `Договор № ${number}` : `${number}-son shartnoma`;
    const text = await downloadPdf(page, () =>
      page
        .getByTestId('agreement-done')
        .getByRole('button', { name: t('agreement.downloadNamed', { title }), exact: true })
        .click(),
    );
    for (const section of templateSections('agreement', lang)) expect(text).toContain(section);
    for (const value of [
      number,
      login,
      validForm.name,
      validForm.tin,
      validForm.bankAccount,
      validForm.director,
    ])
      expect(text).toContain(value);
    // the additional agreement exists: a contact person was given access
    const accessTitle =
      lang === 'ru'
        ? `Дополнительное соглашение № 1 к Договору № ${number}`
        : `${number}-son shartnomaga 1-son qoʻshimcha kelishuv`;
    expect(
      await page
        .getByTestId('agreement-done')
        .getByRole('button', { name: t('agreement.downloadNamed', { title: accessTitle }), exact: true })
        .count(),
    ).toBe(1);

    // found again after a reload, in the list of the agreements this seller registered
    await page.reload();
    const row = page.locator('[data-testid^="agreement-row-"]', { hasText: number });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain(validForm.name);
    const again = await downloadPdf(page, () =>
      row
        .getByRole('button', { name: t('agreement.downloadNamed', { title: accessTitle }), exact: true })
        .click(),
    );
    for (const section of templateSections('contact-access', lang)) expect(again).toContain(section);
    expect(again).toContain('Tursunov Bekzod');
    await expectFitsWindow(page, 'agreement');

    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('has no serious WCAG 2.2 A/AA violation on the form with its messages', async () => {
    const context = await a11yContext(browser);
    const page = await context.newPage();
    await signInA11y(page, base, 'seller');
    await page.goto(`${base}/${lang}/agreement-registration`);
    await page.getByTestId('agreement-form').waitFor();
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('agreement-contact-add').click();
    await page.getByTestId('agreement-submit').click();
    await page.getByTestId('agreement-invalid').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('a curator has no contract-registration entry and is sent to the landing page', async () => {
    const { page, errors } = await signIn(browser, base, 'curator', { lang });
    await page.waitForURL(`**/${lang}/profile`);
    expect(await page.getByTestId('nav-agreement').count()).toBe(0);
    await page.goto(`${base}/${lang}/agreement-registration`);
    await page.waitForURL(`**/${lang}/profile`, { timeout: 20_000 });
    expect(await page.getByTestId('agreement-page').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
