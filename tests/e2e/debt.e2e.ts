import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { FIXED_DEBTORS } from '../../server/db/debt-seed';
import { pdfText } from '../server/pdf-text';
import {
  launchBrowser,
  SCREEN_SIZES,
  download as saveDownload,
  signIn as signInAs,
  unreadableCells,
} from './browser';

const base = inject('baseUrl');
let browser: Browser;
let downloads: string;

beforeAll(async () => {
  browser = await launchBrowser();
  downloads = mkdtempSync(join(tmpdir(), 'portal-debt-downloads-'));
});
afterAll(async () => {
  await browser?.close();
  if (downloads) rmSync(downloads, { recursive: true, force: true });
});

async function signIn(lang: 'ru' | 'uz'): Promise<{ page: Page; errors: string[] }> {
  return signInAs(browser, base, 'okk', {
    lang,
    acceptDownloads: true,
    viewport: { width: 1366, height: 900 },
  });
}

const ready = (page: Page) =>
  page.waitForSelector('[data-testid="debt-page"][data-ready="true"]', { timeout: 20_000 });

const download = (page: Page, testId: string) => saveDownload(page, testId, downloads);

// one fixed debtor per language, so the two runs never share a notice (Latin and Cyrillic company names)
const cases = [
  { lang: 'ru', debtor: FIXED_DEBTORS[0], query: 'fargona paxta' },
  { lang: 'uz', debtor: FIXED_DEBTORS[1], query: 'ташкент строй' },
] as const;

describe.each(cases)('debt control in $lang', ({ lang, debtor, query }) => {
  const t = i18n.getFixedT(lang);

  it('okk lands on the notice, filters it, marks a notice as sent, downloads it and exports the list', async () => {
    const { page, errors } = await signIn(lang);
    await page.waitForURL(`**/${lang}/debt-control`, { timeout: 20_000 });
    await ready(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t('debt.title'));
    expect(await page.locator('[data-testid^="debt-row-"]').count()).toBe(50);

    // filter by company (text, on submit) and by days overdue (select): both land in the URL
    await page.getByLabel(t('debt.q')).fill(query);
    await page.getByLabel(t('debt.q')).press('Enter');
    await page.getByLabel(t('debt.minDays')).selectOption('60');
    await page.waitForURL((url) => url.searchParams.get('minDays') === '60' && url.searchParams.has('q'));
    await ready(page);
    const row = page.getByTestId(`debt-row-${debtor.ban}`);
    expect(await row.textContent()).toContain(debtor.company);
    // sortable headers say how they sort
    await page.getByTestId('debt-sort-debt').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'debt');
    await ready(page);
    expect(await page.locator('th:has([data-testid="debt-sort-debt"])').getAttribute('aria-sort')).toBe(
      'descending',
    );

    // the notice in Russian and Uzbek, marked as sent
    await page.getByTestId(`debt-open-${debtor.ban}`).click();
    await page.getByTestId('debt-mark-sent').waitFor();
    expect(await page.getByTestId('debt-notice-ru').textContent()).toContain('Уведомление о задолженности');
    expect(await page.getByTestId('debt-notice-uz').textContent()).toContain(
      'qarzdorlik toʻgʻrisida bildirishnoma',
    );
    await page.getByTestId('debt-mark-sent').click();
    await page.getByTestId('debt-notice-sent').waitFor();
    expect(await page.getByTestId('debt-notice-sent').textContent()).toContain('okk');
    expect(await row.textContent()).toContain(t('debt.sentMark'));

    // the dated notice as a real PDF
    const pdf = await download(page, 'debt-download');
    const bytes = readFileSync(pdf.path);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(new Uint8Array(bytes));
    expect(text).toContain(debtor.company);
    expect(text).toContain('Уведомление о задолженности');
    expect(text).toContain('qarzdorlik toʻgʻrisida bildirishnoma');

    // the filtered list as CSV and XLSX, headers in the page's language
    const csv = await download(page, 'debt-export-csv');
    const csvText = readFileSync(csv.path, 'utf8');
    expect(csvText.startsWith('\uFEFF')).toBe(true);
    expect(csvText).toContain(t('debt.columns.company'));
    expect(csvText).toContain(debtor.ban);
    await page.waitForSelector('[data-testid="debt-export-xlsx"]:not([disabled])');
    const xlsx = await download(page, 'debt-export-xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(xlsx.path);
    const cells = wb.worksheets[0]?.getSheetValues().flat().map(String) ?? [];
    expect(cells).toContain(debtor.ban);
    expect(cells).toContain(t('debt.sentMark'));

    expect(errors).toEqual([]);
    await page.context().close();
  });
});

/**
 * The notice open with the list at a laptop and a phone width: the list keeps the width its columns need (the notice
 * beside it squeezed the company column to a few characters at 1366 px), and the page is never wider than the window.
 */
describe.each(['ru', 'uz'] as const)('the open notice and the list (%s)', (lang) => {
  it.each(SCREEN_SIZES)(
    'keeps every column of the list readable at $width px (cards on a phone)',
    async (size) => {
      const { page, errors } = await signInAs(browser, base, 'okk', { lang, viewport: size });
      await page.waitForURL(`**/${lang}/debt-control`, { timeout: 20_000 });
      await ready(page);
      await page.locator('[data-testid^="debt-open-"]').first().click();
      await page.getByTestId('debt-notice').waitFor();
      await page.getByTestId('debt-notice-ru').waitFor();
      const table = page.getByTestId('debt-table');
      // no word broken letter by letter, no value over its name on a phone's card, nothing wider than its cell
      expect(await unreadableCells(table)).toEqual([]);
      const g = await table.evaluate((el) => {
        const wrap = el.parentElement as HTMLElement;
        const width = (e: Element | null) => e?.getBoundingClientRect().width ?? 0;
        const em = Number.parseFloat(getComputedStyle(el).fontSize);
        return {
          page: document.documentElement.scrollWidth,
          window: window.innerWidth,
          wrap: wrap.scrollWidth,
          wrapBox: wrap.clientWidth,
          company: width(el.querySelector('tbody td:nth-child(2)')),
          narrowest: Math.min(...[...el.querySelectorAll('thead th')].map(width)),
          em,
        };
      });
      expect(g.page, 'page width').toBeLessThanOrEqual(g.window);
      // nothing scrolls sideways
      expect(g.wrap, 'table scrolled sideways').toBeLessThanOrEqual(g.wrapBox);
      if (size.width >= 1366) {
        // a table: the company column keeps at least 12 characters' width (about 6 em), no column narrower than 3.5 em
        expect(g.company, 'company column').toBeGreaterThanOrEqual(6 * g.em);
        expect(g.narrowest, 'narrowest column').toBeGreaterThanOrEqual(3.5 * g.em);
      } else {
        // a phone: one card per account, and the sort buttons stay on screen above them
        expect(g.company, 'a card as wide as the list').toBeGreaterThanOrEqual(g.wrapBox - 4);
        for (const sort of await page.locator('[data-testid^="debt-sort-"]').all()) {
          const box = await sort.boundingBox();
          expect(box && box.x >= 0 && box.x + box.width <= size.width, 'a sort button on screen').toBe(true);
        }
      }
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );
});
