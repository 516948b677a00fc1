import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { i18n } from '@/i18n/i18n';
import {
  download,
  expectFitsWindow,
  expectReadableTable,
  expectSentAway,
  headerSearch,
  launchBrowser,
  signIn,
} from './browser';

/**
 * The company's activity log in a real browser, in both languages (docs/decisions.md AL1-AL6): an
 * administrator views the curator's company, opens its log from the banner and finds the visit under their own login;
 * the curator opens the log from the status widget and finds the same visit as "operator staff (role)", without the
 * login; filters by action (the URL keeps it), is told what is wrong with a refused filter, exports the log as CSV;
 * geometry at a laptop and a phone width. A subscriber is sent away from the URL. `SHOTS_DIR` saves screenshots.
 */
const base = inject('baseUrl');
const SHOTS = process.env.SHOTS_DIR;
const CURATOR_BAN = '100234561';
let browser: Browser;
const dir = join(tmpdir(), `activity-e2e-${process.pid}`);

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(dir, { recursive: true });
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

const ready = (page: Page) =>
  page.locator('[data-testid="page-activityLog"][data-state^="list.ready"]').waitFor({ timeout: 20_000 });
const cells = (page: Page, column: string) =>
  page.locator(`[data-testid="activity-table"] td[data-testid$="-${column}"]`).allTextContents();

describe.each(['ru', 'uz'] as const)('the activity log in %s', (lang) => {
  const t = i18n.getFixedT(lang);

  it('staff find their visit of the company under their login; the curator sees "operator staff", filters and exports', async () => {
    // an administrator views the curator's company: the visit is logged
    const admin = await signIn(browser, base, 'admin', { lang });
    await admin.page.waitForURL(`**/${lang}/administration/search`);
    await headerSearch(admin.page, CURATOR_BAN);
    await admin.page
      .getByTestId('search-result')
      .getByRole('button', { name: t('search.choose') })
      .click();
    await admin.page.waitForURL(`**/${lang}/profile`);
    const open = admin.page.getByTestId('impersonation-activity');
    expect(await open.textContent()).toBe(t('impersonation.activityLog'));
    await open.click();
    await admin.page.waitForURL(
      (u) => u.pathname === `/${lang}/profile/activity` && u.searchParams.has('from'),
    );
    await ready(admin.page);
    expect(await admin.page.getByRole('heading', { level: 1 }).textContent()).toBe(t('activityLog.title'));
    const staffWho = await cells(admin.page, 'who');
    const visit = t('activityLog.who.impersonated', {
      who: t('activityLog.who.user', { login: 'admin', role: t('roles.R000') }),
    });
    expect(staffWho).toContain(visit);
    expect(await cells(admin.page, 'action')).toContain(t('activityLog.actions.impersonation.start'));
    // the way back ends the visit: logged too
    await admin.page.getByTestId('impersonation-back').click();
    await admin.page.waitForURL(`**/${lang}/administration/search`);
    expect(admin.errors).toEqual([]);
    await admin.page.context().close();

    // the curator opens the log from the status widget
    const { page, errors } = await signIn(browser, base, 'curator', { lang, acceptDownloads: true });
    await page.getByTestId('nav-profile').click();
    await page.waitForURL(`**/${lang}/profile`);
    const link = page.getByTestId('widget-activity-open');
    expect(await link.textContent()).toBe(t('widgets.activityLog'));
    await link.click();
    await page.waitForURL((u) => u.pathname === `/${lang}/profile/activity` && u.searchParams.has('from'));
    await ready(page);
    const who = await cells(page, 'who');
    // AL3: staff as "operator staff (role)", never their login
    const asStaff = t('activityLog.who.impersonated', {
      who: t('activityLog.who.staff', { role: t('roles.R000') }),
    });
    expect(who).toContain(asStaff);
    expect(who.some((w) => w.includes('admin ('))).toBe(false);
    const actions = await cells(page, 'action');
    expect(actions).toContain(t('activityLog.actions.impersonation.start'));
    expect(actions).toContain(t('activityLog.actions.impersonation.end'));
    // times in Tashkent, `dd.mm.yyyy hh:mm`
    for (const w of await cells(page, 'when')) expect(w).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/);
    await expectFitsWindow(page, `activity-${lang}`, { shotsDir: SHOTS });

    // by action: the URL keeps it, every row is that action
    await page
      .getByRole('combobox', { name: t('activityLog.type'), exact: true })
      .selectOption('impersonation.end');
    await page.getByTestId('activity-apply').click();
    await page.waitForURL((u) => u.searchParams.get('type') === 'impersonation.end');
    await ready(page);
    const only = await cells(page, 'action');
    expect(only.length).toBeGreaterThan(0);
    for (const a of only) expect(a).toBe(t('activityLog.actions.impersonation.end'));
    // a phone shows a card per entry, no word broken (on the filtered list: other browser tests leave entries naming
    // a 100-character login, which no phone shows whole)
    await expectReadableTable(page, page.getByTestId('activity-table'), `activity-${lang}`);
    // a reload shows the same filter
    await page.reload();
    await ready(page);
    expect(await page.getByRole('combobox', { name: t('activityLog.type'), exact: true }).inputValue()).toBe(
      'impersonation.end',
    );

    // the CSV is the filtered log, in the page's language
    const file = await download(page, 'activity-export-csv', dir);
    expect(file.name).toMatch(/^activity-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d-impersonationend\.csv$/);
    const csv = readFileSync(file.path, 'utf8');
    expect(csv).toContain(t('activityLog.columns.who'));
    expect(csv).toContain(t('activityLog.actions.impersonation.end'));
    expect(csv).not.toContain('admin (');

    // a refused filter is said at its field, and nothing is asked
    const user = page.getByRole('searchbox', { name: t('activityLog.user') });
    await user.fill('a b');
    await page.getByTestId('activity-apply').click();
    await page.waitForURL((u) => u.searchParams.get('user') === 'a b');
    expect(await page.getByTestId('error-user').textContent()).toBe(t('activityLog.problems.user'));
    expect(await page.getByTestId('activity-problem').textContent()).toBe(t('validation.fields'));
    expect(await page.getByTestId('activity-table').count()).toBe(0);
    // and a range over a year, typed into the address
    await page.goto(`${base}/${lang}/profile/activity?from=2024-01-01&to=2026-01-01`);
    await page.getByTestId('activity-dates-error').waitFor();
    expect(await page.getByTestId('activity-dates-error').textContent()).toBe(
      t('activityLog.problems.rangeTooLong'),
    );

    await page.getByTestId('activity-back').click();
    await page.waitForURL(`**/${lang}/profile`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('who is sent away from /profile/activity (AL6)', () => {
  it.each([
    ['subscriber', 'a single number'],
    ['okk', 'staff who may not search'],
  ])('%s (%s) lands elsewhere', async (login) => {
    await expectSentAway(browser, base, login, '/profile/activity', 'page-activityLog');
  });
});
