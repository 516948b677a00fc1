import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatPhone } from '@/domain/phone.rules';
import { i18n } from '@/i18n/i18n';
import { AT39_PEOPLE, AT39_TOKENS } from '../../server/db/at39-seed';
import { TINY_PDF } from '../support/pdf-sample';
import { onScreen } from '../support/phone-text';
import { expectReadableTable, launchBrowser, signIn } from './browser';

/**
 * AT 39 end to end in a real browser, in both languages: the servicedesk registers a seeded person (workplace token,
 * the passport service's confirmation page on the demo port and its one-time code, a reload mid-way that resumes at the
 * same step, SIM kit, BAN, price plan and number, both documents through the upload widget, submit) and finds the
 * registration in the list; the statistics download is a spreadsheet that opens. Page geometry is checked at each
 * step (no horizontal overflow at 1366 and 390 px). With AT39_SHOTS=1 every step is also saved as a screenshot in
 * /tmp/shots-at39 (1366×768 and 390×844) for a person to look at.
 */

const base = inject('baseUrl');
const shots = process.env.AT39_SHOTS ? '/tmp/shots-at39' : null;
let browser: Browser;
let downloads: string;

beforeAll(async () => {
  browser = await launchBrowser();
  downloads = mkdtempSync(join(tmpdir(), 'portal-at39-downloads-'));
  if (shots) mkdirSync(shots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  if (downloads) rmSync(downloads, { recursive: true, force: true });
});

const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);
const PDF = Buffer.from(TINY_PDF, 'latin1');

/** No horizontal overflow; at the phone size too (and a screenshot of both when asked). */
async function look(page: Page, name: string) {
  for (const size of [
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    const g = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(g.scrollWidth, `${name} at ${size.width}px`).toBeLessThanOrEqual(g.innerWidth);
    if (shots) await page.screenshot({ path: join(shots, `${name}-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

const cases = [
  { lang: 'ru', kit: '8999801000040', phone: '907000040' },
  { lang: 'uz', kit: '8999801000041', phone: '907000041' },
] as const;

describe.each(cases)('AT 39 registration in $lang', ({ lang, kit, phone }) => {
  const t = i18n.getFixedT(lang);

  it('servicedesk registers a seeded person end to end and finds the registration in the list', async () => {
    const { page, errors } = await signIn(browser, base, 'servicedesk', { lang, acceptDownloads: true });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByTestId('nav-at39').click();
    await page.waitForSelector('[data-testid="at39-list-page"][data-ready="true"]', { timeout: 20_000 });
    await look(page, `${lang}-list`);

    await page.getByTestId('at39-new').click();
    await page.getByLabel(t('at39.tokenLabel')).fill(AT39_TOKENS.servicedesk);
    await look(page, `${lang}-token`);
    await page.getByLabel(t('at39.tokenLabel')).press('Enter');

    // the passport service: its confirmation page lives on the demo port, never on the portal's origin
    const link = page.getByTestId('at39-confirm-link');
    await link.waitFor({ timeout: 20_000 });
    await look(page, `${lang}-passport`);
    const href = (await link.getAttribute('href')) ?? '';
    expect(new URL(href).origin).not.toBe(new URL(base).origin);
    const person = await page.context().newPage();
    await person.goto(href);
    await person.getByLabel('ПИНФЛ или серия и номер паспорта').fill(AT39_PEOPLE.karimov.pinfl);
    if (shots) await person.screenshot({ path: join(shots, `${lang}-epdp-confirm.png`) });
    await person.getByRole('button', { name: 'Подтвердить' }).click();
    const code = (await person.getByTestId('epdp-code').textContent())?.trim() ?? '';
    if (shots) await person.screenshot({ path: join(shots, `${lang}-epdp-code.png`) });
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    await person.close();

    await page.getByLabel(t('at39.authCode')).fill(code);
    await page.getByLabel(t('at39.authCode')).press('Enter');
    await page.getByTestId('at39-person-data').waitFor();
    expect(await page.getByTestId('at39-person-data').textContent()).toContain('Karimov');
    // the person is the passport service's, said so (finding 26)
    expect(await page.getByTestId('at39-person-readonly').textContent()).toBe(t('at39.personReadOnly'));
    await look(page, `${lang}-person`);
    await page.getByTestId('at39-person-confirm').click();

    // the registration exists: its id is in the URL, and a reload resumes at the same step
    await page.waitForURL((url) => url.searchParams.has('id'), { timeout: 20_000 });
    const id = new URL(page.url()).searchParams.get('id') ?? '';
    await page.getByLabel(t('at39.markedCode')).waitFor();
    await page.reload();
    await page.getByLabel(t('at39.markedCode')).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t('at39.registrationN', { id }));
    await look(page, `${lang}-kit`);
    // a kit of another user first: E091 is said, the typed code stays
    await page.getByLabel(t('at39.markedCode')).fill('8999804000001');
    await page.getByLabel(t('at39.markedCode')).press('Enter');
    await page.getByTestId('at39-error').waitFor();
    expect(await page.getByTestId('at39-error').getAttribute('data-code')).toBe('E091');
    await look(page, `${lang}-kit-error`);
    await page.getByLabel(t('at39.markedCode')).fill(kit);
    await page.getByLabel(t('at39.markedCode')).press('Enter');

    await page.getByLabel(t('at39.ban')).fill('100234561');
    await page.getByLabel(t('at39.ban')).press('Enter');
    await page.getByTestId('at39-reserve-button').waitFor({ timeout: 20_000 });
    expect(await page.getByLabel(t('at39.phoneNumber')).inputValue()).toBe(formatPhone(phone));
    // how long the number is held (finding 25)
    expect(await page.locator('#at39-phone-hint').textContent()).toContain(
      t('at39.reservationHint', { minutes: 30 }),
    );
    await page.getByRole('radio', { name: /Biznes Pro/ }).check();
    await look(page, `${lang}-account`);
    await page.getByTestId('at39-reserve-button').click();

    // documents through the shared upload widget, one per needed document
    await page.getByTestId('at39-docs').waitFor({ timeout: 20_000 });
    await look(page, `${lang}-documents`);
    for (const [kind, name, bytes, mime] of [
      ['passport', 'passport.png', PNG, 'image/png'],
      ['application', 'ariza.pdf', PDF, 'application/pdf'],
    ] as const) {
      const widget = page.getByTestId(`at39-upload-${kind}`);
      await widget.getByTestId('upload-input').setInputFiles({ name, mimeType: mime, buffer: bytes });
      await widget.getByTestId('upload-done').waitFor({ timeout: 20_000 });
    }
    await look(page, `${lang}-documents-done`);
    await page.getByTestId('at39-docs-continue').click();

    await page.getByTestId('at39-submit-button').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('at39-review-number').textContent()).toBe(onScreen(formatPhone(phone)));
    await look(page, `${lang}-review`);
    await page.getByTestId('at39-submit-button').click();
    await page.getByTestId('at39-done').waitFor({ timeout: 20_000 });
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: t('at39.success') })
        .count(),
    ).toBe(1);
    await look(page, `${lang}-done`);

    // the list finds it
    await page.getByTestId('at39-done-list').click();
    await page.waitForSelector('[data-testid="at39-list-page"][data-ready="true"]', { timeout: 20_000 });
    await page.getByLabel(t('at39.q')).fill('Karimov');
    await page.getByLabel(t('at39.q')).press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'Karimov');
    await page.waitForSelector('[data-testid="at39-list-page"][data-ready="true"]');
    const row = page.getByTestId(`at39-row-${id}`);
    expect(await row.textContent()).toContain(t('at39.status.submitted'));
    expect(await row.textContent()).toContain(onScreen(formatPhone(phone)));
    await look(page, `${lang}-list-found`);
    await expectReadableTable(page, page.getByTestId('at39-table'), `${lang}-list-found`);

    // the statistics: a spreadsheet that opens and lists the registration
    const [file] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByTestId('at39-statistics').click(),
    ]);
    const path = join(downloads, `${lang}-${file.suggestedFilename()}`);
    await file.saveAs(path);
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(readFileSync(path).subarray(0, 2).toString('latin1')).toBe('PK');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path);
    const cells = wb.worksheets[0]?.getSheetValues().flat().map(String) ?? [];
    expect(cells).toContain(id);
    expect(cells).toContain('Karimov Jasur Akmalovich');

    // comments of a rejected registration (seeded) in a dialog
    await page.getByLabel(t('at39.statusLabel')).selectOption('rejected');
    await page.waitForURL((url) => url.searchParams.get('status') === 'rejected');
    await page.waitForSelector('[data-testid="at39-list-page"][data-ready="true"]');
    await page.getByLabel(t('at39.q')).fill('');
    await page.getByLabel(t('at39.q')).press('Enter');
    await page.waitForSelector('[data-testid="at39-list-page"][data-ready="true"]');
    await page.locator('[data-testid^="at39-comments-"]').first().click();
    // the dialog opens at once and fills when the comments arrive
    await page.getByRole('dialog').getByText('qayta yuklang', { exact: false }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('dialog').textContent()).toContain('qayta yuklang');
    await look(page, `${lang}-comments`);
    await page.keyboard.press('Escape');

    expect(errors).toEqual([]);
    await page.context().close();
  });
});
