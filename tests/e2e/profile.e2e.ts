import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type NumberTab, numberInTab } from '@/domain/constants';
import { formatSum } from '@/domain/money.rules';
import type { UserFacts } from '@/domain/roles.rules';
import { widgetFlags } from '@/domain/widgets.rules';
import type { Profile } from '@/services/contract/session.contract';
import { DEMO_COMPANIES } from '../../server/db/demo-accounts';
import { onScreen } from '../support/phone-text';
import { launchBrowser, pagination, signIn as signInAs, tabs } from './browser';

const base = inject('baseUrl');
let browser: Browser;
let downloads: string;

beforeAll(async () => {
  browser = await launchBrowser();
  downloads = mkdtempSync(join(tmpdir(), 'portal-downloads-'));
});
afterAll(async () => {
  await browser?.close();
  if (downloads) rmSync(downloads, { recursive: true, force: true });
});

/** A fresh browser context signed in through the login form as `login` (password Demo-2026). */
async function signIn(login: string): Promise<{ page: Page; errors: string[] }> {
  return signInAs(browser, base, login, { acceptDownloads: true });
}

/** The API's own view of the signed-in user and profile, read with the page's cookies. */
async function apiState(page: Page): Promise<{ roles: string[]; banSelected: boolean; profile: Profile }> {
  return page.evaluate(async () => {
    const read = async (path: string) => {
      const res = await fetch(path, { credentials: 'same-origin' });
      return ((await res.json()) as { result: unknown }).result;
    };
    const user = (await read('/api/user/')) as { roles: string[]; backToHeadBan?: boolean | null };
    const profile = (await read('/api/profile')) as Profile;
    return { roles: user.roles, banSelected: user.backToHeadBan === true, profile };
  });
}

function factsOf(state: { roles: string[]; banSelected: boolean; profile: Profile }): UserFacts {
  const p = state.profile;
  return {
    roles: state.roles,
    forceChangePassword: false,
    profile: {
      at: p.at,
      canBuyNumber: p.can_buy_number === true,
      hasEmployeeData: p.employee_data != null,
      budget: p.fin_data?.budget == null ? null : Number(p.fin_data.budget),
      status: p.status ?? null,
    },
    banSelected: state.banSelected,
  };
}

async function widgetsOn(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="widgets"] > [data-testid^="widget-"]')
    .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.testid?.replace('widget-', '') ?? ''));
}

/** Clicks a status tab and measures, in the page, the time until that tab's rows are rendered. */
async function switchTab(page: Page, tab: NumberTab): Promise<number> {
  return page.evaluate(
    (target) =>
      new Promise<number>((resolve, reject) => {
        const list = document.querySelector<HTMLElement>('[data-testid="numbers-list"]');
        const button = document.querySelector<HTMLElement>(`[data-testid="numbers-tab-${target}"]`);
        if (!list || !button) return reject(new Error('numbers list not on screen'));
        const done = () => list.dataset.ready === 'true' && list.dataset.status === target;
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (!done()) return;
          observer.disconnect();
          resolve(performance.now() - started);
        });
        observer.observe(list, { attributes: true, childList: true, subtree: true });
        button.click();
        setTimeout(() => reject(new Error(`tab ${target} not rendered within 5 s`)), 5000);
      }),
    tab,
  );
}

/** The whole page of rows is drawn: the first rows come with the switch, the rest once it is painted (the table is
 *  `aria-busy` until then). */
const tableComplete = (page: Page) =>
  page.waitForSelector('[data-testid="numbers-table"]:not([aria-busy="true"])', { state: 'attached' });

const listReady = (page: Page, status: NumberTab) =>
  page.waitForSelector(`[data-testid="numbers-list"][data-ready="true"][data-status="${status}"]`);

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

describe('each role sees the widgets the spec gives it (Chromium, real server)', () => {
  it.each([
    ['curator', '/ru/profile'],
    ['curator16', '/ru/details'],
    ['subscriber', '/ru/profile'],
    ['subscriber20', '/ru/details'],
    ['keyowner-nobuy', '/ru/profile'],
  ])('%s on %s', async (login, path) => {
    const { page, errors } = await signIn(login);
    await page.goto(`${base}${path}`);
    await page.getByTestId('widgets').waitFor();

    const state = await apiState(page);
    const flags = widgetFlags(factsOf(state), new Date());

    expect(await widgetsOn(page)).toEqual(flags.visible);
    const balance = Number(state.profile.fin_data?.balance);
    // a debt is also said in words for screen readers
    expect(await page.getByTestId('widget-balance-amount').textContent()).toBe(
      balance < 0 ? `${formatSum(balance)} (задолженность)` : formatSum(balance),
    );
    expect(await page.getByTestId('widget-balance-unbilled').count()).toBe(flags.unbilled ? 1 : 0);
    expect(await page.getByTestId('widget-balance-topup').count()).toBe(flags.topUp ? 1 : 0);
    if (flags.visible.includes('budget')) {
      expect(await page.getByTestId('widget-budget-amount').textContent()).toBe(
        formatSum(Number(state.profile.fin_data?.budget)),
      );
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a key owner typing /ru/details (not in their navigation, spec 6) lands on their landing page, Documents', async () => {
    const { page, errors } = await signIn('keyowner');
    await page.goto(`${base}/ru/details`);
    await page.waitForURL(`${base}/ru/onlinee-sales`);
    expect(await page.getByTestId('widgets').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('spot check: curator16 (type 16) sees the unbilled amount in the widget and on Details, and no block toggle', async () => {
    const c16 = DEMO_COMPANIES.find((c) => c.key === 'samarqand');
    const { page } = await signIn('curator16');
    await page.goto(`${base}/ru/details`);

    expect(await page.getByTestId('widget-balance-unbilled').textContent()).toContain(
      formatSum(c16?.unbilled ?? 0),
    );
    expect(await page.getByTestId('widget-employees').count()).toBe(1);
    expect(await page.getByTestId('status-toggle').count()).toBe(0);
    expect(await page.getByTestId('details-unbilled').textContent()).toContain(formatSum(c16?.unbilled ?? 0));
    await page.context().close();
  });

  it('spot check: a subscriber sees the budget, no employees widget and no number list', async () => {
    const { page } = await signIn('subscriber');
    await page.goto(`${base}/ru/profile`);
    await page.getByTestId('widgets').waitFor();

    expect(await page.getByTestId('widget-budget-amount').textContent()).toBe(formatSum(150_000));
    expect(await page.getByTestId('widget-employees').count()).toBe(0);
    expect(await page.getByTestId('numbers-list').count()).toBe(0);
    expect(await page.getByTestId('profile-sn').locator('dd').textContent()).toBe(
      onScreen('+998 90 123 45 67'),
    );
    await page.context().close();
  });

  it('an administrator viewing a BAN sees its profile but no widgets (widgets are for non-administration users)', async () => {
    const { page } = await signIn('admin');
    const ok = await page.evaluate(async () => {
      const res = await fetch('/api/user/impersonate', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'portal' },
        body: JSON.stringify({ ban: '100234561' }),
      });
      return ((await res.json()) as { status: string }).status;
    });
    expect(ok).toBe('OKOK');
    await page.goto(`${base}/ru/profile`);
    try {
      await page.getByTestId('profile').waitFor();
    } catch (e) {
      // say where the page went instead (a refusal lands on the administration search)
      const shown = {
        url: page.url(),
        session: await page.getByTestId('session').getAttribute('data-state'),
        profile: await page.evaluate(async () => (await (await fetch('/api/profile')).text()).slice(0, 300)),
        main: (await page.locator('#main').textContent())?.slice(0, 300) ?? null,
      };
      throw new Error(`the viewed BAN's profile did not open: ${JSON.stringify(shown)}`, { cause: e });
    }

    expect(await page.getByTestId('profile-ban').locator('dd').textContent()).toBe('100234561');
    expect(await page.getByTestId('widgets').count()).toBe(0);
    await page.context().close();
  });
});

describe('the 12 000-number company (curator)', () => {
  it('lists numbers by status, switches tabs fast, and keeps tab, page and filter in the URL', async () => {
    const { page, errors } = await signIn('curator');
    await page.goto(`${base}/ru/profile`);
    await listReady(page, 'active');
    await page.waitForLoadState('networkidle');

    const times: number[] = [];
    const order: NumberTab[] = ['blocked', 'pending', 'all', 'active'];
    for (let round = 0; round < 3; round++) {
      for (const tab of order) {
        times.push(await switchTab(page, tab));
        await tableComplete(page);
        const codes = await page
          .getByTestId('numbers-row')
          .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.statusCode ?? ''));
        expect(codes.length).toBe(100);
        expect(codes.every((code) => numberInTab(tab, code))).toBe(true);
      }
    }
    const all = times;
    console.info(
      `tab switch on 12 000 numbers: median ${median(all).toFixed(1)} ms, max ${Math.max(...all).toFixed(1)} ms`,
    );
    expect(median(all)).toBeLessThan(100);
    // the address follows the page drawn, once it is painted (decisions N8)
    await page.waitForURL((url) => url.searchParams.get('status') === 'active');

    // page and filter in the URL; reload keeps them; Back returns to the previous state
    const statusTabs = tabs(page, 'numbers-tab');
    const pages = pagination(page, 'numbers');
    await statusTabs.select('blocked');
    await listReady(page, 'blocked');
    expect(await statusTabs.selected()).toBe('blocked');
    await pages.next();
    await page.waitForURL(/status=blocked&page=2/);
    await listReady(page, 'blocked');
    const total = await page.getByTestId('numbers-total').textContent();
    await page.reload();
    await listReady(page, 'blocked');
    expect(await pages.text()).toMatch(/^Страница 2 из /);
    expect(await page.getByTestId('numbers-total').textContent()).toBe(total);
    await page.goBack();
    await page.waitForURL(/status=blocked$/);
    await listReady(page, 'blocked');
    expect(await pages.text()).toMatch(/^Страница 1 из /);
    // the page field clamps: a page beyond the last goes to the last one
    await pages.goTo(9999);
    await page.waitForURL(/status=blocked&page=\d+/);
    await listReady(page, 'blocked');
    const last = /из (\d+)/.exec(await pages.text())?.[1];
    expect(new URL(page.url()).searchParams.get('page')).toBe(last);
    await page.goBack();
    await page.waitForURL(/status=blocked$/);
    await listReady(page, 'blocked');

    await page.getByLabel('Фильтр по номеру').fill('90 1234');
    await page.getByRole('button', { name: 'Применить фильтр' }).click();
    await page.waitForURL(/q=901234/);
    await listReady(page, 'blocked');
    const sns = await page
      .getByTestId('numbers-row')
      .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.sn ?? ''));
    expect(sns.every((sn) => sn.includes('901234'))).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('exports the whole filtered list as CSV and XLSX files that open, Cyrillic and oʻ gʻ intact', async () => {
    const { page, errors } = await signIn('curator');
    await page.goto(`${base}/ru/profile?status=all`);
    await listReady(page, 'all');
    const totalText = (await page.getByTestId('numbers-total').textContent()) ?? '';
    const total = Number(totalText.replace(/\D/g, ''));
    expect(total).toBe(12_000);

    const [csvDownload] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByTestId('numbers-export-csv').click(),
    ]);
    const csvPath = join(downloads, csvDownload.suggestedFilename());
    await csvDownload.saveAs(csvPath);
    expect(csvDownload.suggestedFilename()).toBe('numbers-100234561-all.csv');
    const bytes = readFileSync(csvPath);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Номер;Статус;Тариф;Сотрудник');
    expect(lines).toHaveLength(total + 1);
    expect(lines.some((l) => /[ʻ]/.test(l))).toBe(true);
    // Numbers in the format the user sees everywhere, as the CSV's text formula (never run, no literal apostrophe).
    expect(lines.slice(1).every((l) => /^"=""\+998 \d{2} \d{3} \d{2} \d{2}""";/.test(l))).toBe(true);

    await page.getByTestId('numbers-export-xlsx').waitFor({ state: 'visible' });
    await page.waitForSelector('[data-testid="numbers-export-xlsx"]:not([disabled])');
    const [xlsxDownload] = await Promise.all([
      page.waitForEvent('download', { timeout: 90_000 }),
      page.getByTestId('numbers-export-xlsx').click(),
    ]);
    const xlsxPath = join(downloads, xlsxDownload.suggestedFilename());
    await xlsxDownload.saveAs(xlsxPath);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(xlsxPath);
    const sheet = wb.worksheets[0];
    if (!sheet) throw new Error('the XLSX has no sheet');
    expect(sheet.name).toBe('Номера');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Номер', 'Статус', 'Тариф', 'Сотрудник']);
    expect(sheet.rowCount).toBe(total + 1);
    const statuses = new Set<string>();
    const badNumbers: string[] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      statuses.add(String(row.getCell(2).value));
      const number = String(row.getCell(1).value);
      if (!/^\+998 \d{2} \d{3} \d{2} \d{2}$/.test(number)) badNumbers.push(number);
    });
    expect(badNumbers.slice(0, 5)).toEqual([]);
    expect([...statuses].sort()).toEqual(['Активен', 'Заблокирован', 'Предварительный', 'Расторгнут']);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
