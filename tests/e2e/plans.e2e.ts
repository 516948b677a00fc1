import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { planDayAfter } from '@/domain/plans.rules';
import { signingDocument, signingDocumentText } from '@/domain/signing-document.rules';
import { i18n } from '@/i18n/i18n';
import { formatErrorMessage } from '@/i18n/messages';
import { CSRF_HEADER, CSRF_VALUE } from '@/services/contract/csrf';
import { type DemoKeyMaterial, loadOrCreateCa, loadOrCreateDemoKeyMaterial } from '../../server/eimzo/ca';
import { createSignedData } from '../../server/eimzo/cms';
import { MAIN_KEY } from '../support/eimzo';
import { expectFitsWindow, expectReadableTable, headerSearch, launchBrowser, signIn } from './browser';

/**
 * The company's planned blocks and restores in a real browser, in both languages (issue 36 part 1; docs/decisions.md
 * SP1-SP9). The demo has no curator or key owner of a type 20 account (which plans without a signature) and the
 * plan's dialog is not built yet, so the curator's plan is made through the API from the page, signed as the E-IMZO
 * simulator would sign it (the simulator's own key of the company, document version 2 naming the day): a
 * whole-account block some weeks ahead. The curator opens the list from the status widget, finds the plan as
 * scheduled with its key, cancels it after a confirmation naming it (the row then says cancelled, and the activity
 * log has the cancel); a plan cancelled behind the page's back answers E144 in the dialog, whose button loads the list
 * again. An administrator viewing the company reaches the list from the banner and reads it without a Cancel. A
 * subscriber is sent away from the URL.
 */
const base = inject('baseUrl');
const eimzoDir = inject('eimzoDataDir');
const SHOTS = process.env.SHOTS_DIR;
const BAN = '100234561';
let browser: Browser;
let key: DemoKeyMaterial;

beforeAll(async () => {
  browser = await launchBrowser();
  // the simulator wrote its CA and keys at start: the same files, read
  key = loadOrCreateDemoKeyMaterial(loadOrCreateCa(eimzoDir), [MAIN_KEY]).get(
    MAIN_KEY.serialNumber,
  ) as DemoKeyMaterial;
});
afterAll(async () => {
  await browser?.close();
});

const call = async (page: Page, method: 'GET' | 'POST', path: string, data?: unknown) => {
  const res =
    method === 'GET'
      ? await page.request.get(`${base}/api/${path}`)
      : await page.request.post(`${base}/api/${path}`, {
          headers: { [CSRF_HEADER]: CSRF_VALUE, 'content-type': 'application/json' },
          ...(data === undefined ? {} : { data }),
        });
  return (await res.json()) as { status: string; result?: unknown; description?: string };
};

/** A whole-account block of the curator's company on `date`, signed over document version 2 (SP2); its id. */
async function planBlock(page: Page, date: string): Promise<{ id: number; numbers: number }> {
  const targets = { kind: 'ban', ban: BAN } as const;
  const when = { date, hour: 0 };
  const challenge = await call(page, 'POST', 'signing/challenge', { action: 'block', targets, when });
  expect(challenge.status).toBe('OKOK');
  const doc = signingDocument(
    'block',
    targets,
    (challenge.result as { challenge: string }).challenge,
    undefined,
    when,
  );
  const pcs7 = createSignedData(Buffer.from(signingDocumentText(doc), 'utf8'), key, {
    signingTime: new Date(),
  }).der.toString('base64');
  const verified = await call(page, 'POST', 'online-sales/documents/verify', { pcs7 });
  expect((verified.result as { code: number }).code).toBe(1);
  const made = await call(page, 'POST', 'block-plans', { action: 'block', ban: BAN, date });
  expect(made.status, made.description).toBe('OKOK');
  return made.result as { id: number; numbers: number };
}

const ready = (page: Page) =>
  page.locator('[data-testid="page-plansList"][data-state="ready"]').waitFor({ timeout: 20_000 });
const cell = (page: Page, id: number, column: string) =>
  page.getByTestId(`plan-${id}-${column}`).textContent();
/** `12.12.2026 00:00` of a Tashkent day `2026-12-12` (a block runs at its 00:00, SP1). */
const midnight = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)} 00:00`;

describe.each([
  ['ru', 20],
  ['uz', 24],
] as const)('the planned actions in %s', (lang, ahead) => {
  const t = i18n.getFixedT(lang);

  it('the curator finds the plan from the status widget and cancels it after a confirmation; E144 reloads', async () => {
    const { page, errors } = await signIn(browser, base, 'curator', { lang });
    const day = planDayAfter(Date.now(), ahead);
    const { id, numbers } = await planBlock(page, day);

    await page.getByTestId('nav-profile').click();
    await page.waitForURL(`**/${lang}/profile`);
    const link = page.getByTestId('widget-status').getByTestId('widget-plans-open');
    expect(await link.textContent()).toBe(t('widgets.plans'));
    await link.click();
    await page.waitForURL(`**/${lang}/profile/plans`);
    await ready(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t('plansList.title'));
    expect(await cell(page, id, 'what')).toBe(t('plansList.actions.block'));
    // the whole account with its numbers counted when planned, grouped as every count
    expect(await cell(page, id, 'target')).toBe(t('plansList.account', { ban: BAN, count: numbers }));
    expect(await cell(page, id, 'when')).toBe(midnight(day));
    expect(await cell(page, id, 'status')).toBe(t('plansList.statuses.scheduled'));
    expect(await cell(page, id, 'who')).toBe(`curator (${t('roles.R004')})`);
    expect(await cell(page, id, 'key')).toBe(MAIN_KEY.serialNumber);
    await expectFitsWindow(page, `plans-${lang}`, { shotsDir: SHOTS });
    await expectReadableTable(page, page.getByTestId('plans-table'), `plans-${lang}`);

    // cancel: the confirmation names the plan; the row then says cancelled and offers no Cancel
    await page.getByTestId(`plan-${id}-cancel`).click();
    const confirm = page.getByTestId('plans-cancel-confirm');
    await confirm.waitFor();
    expect(await confirm.getByRole('heading').textContent()).toBe(t('plansList.moveTitle'));
    expect(await page.getByTestId('plans-cancel-text').textContent()).toContain(midnight(day));
    await expectFitsWindow(page, `plans-cancel-${lang}`, { shotsDir: SHOTS });
    await page.getByTestId('plans-cancel-ok').click();
    await ready(page);
    expect(await cell(page, id, 'status')).toBe(t('plansList.statuses.cancelled'));
    expect(await page.getByTestId(`plan-${id}-cancel`).count()).toBe(0);
    // the cancel is recorded (SP7): one plan.cancel entry
    const log = await call(
      page,
      'GET',
      `activity/list?from=${planDayAfter(Date.now(), -1)}&to=${planDayAfter(Date.now(), 1)}&type=plan.cancel&page=0&size=100`,
    );
    expect(log.status).toBe('OKOK');
    expect((log.result as { totalElements: number }).totalElements).toBeGreaterThan(0);

    // a plan cancelled meanwhile (another tab): E144 in the dialog, whose button loads the list again
    const { id: second } = await planBlock(page, planDayAfter(Date.now(), ahead + 1));
    await page.getByTestId('plans-status').selectOption('scheduled');
    await page.waitForURL((u) => u.searchParams.get('status') === 'scheduled');
    await ready(page);
    expect(await page.getByTestId(`plan-${id}`).count()).toBe(0);
    expect((await call(page, 'POST', `block-plans/${second}/cancel`)).status).toBe('OKOK');
    await page.getByTestId(`plan-${second}-cancel`).click();
    await page.getByTestId('plans-cancel-ok').click();
    await page.getByTestId('plans-cancel-error').waitFor();
    expect(await page.getByTestId('plans-cancel-error-text').textContent()).toBe(
      formatErrorMessage(t, 'E144'),
    );
    await page.getByTestId('plans-cancel-dismiss').click();
    await page
      .locator(
        '[data-testid="page-plansList"][data-state="empty"], [data-testid="page-plansList"][data-state="ready"]',
      )
      .first()
      .waitFor();
    expect(await page.getByTestId(`plan-${second}`).count()).toBe(0);

    await page.getByTestId('plans-back').click();
    await page.waitForURL(`**/${lang}/profile`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('an administrator viewing the company reads its plans from the banner, without a Cancel', async () => {
    const { page, errors } = await signIn(browser, base, 'admin', { lang });
    await page.waitForURL(`**/${lang}/administration/search`);
    await headerSearch(page, BAN);
    await page
      .getByTestId('search-result')
      .getByRole('button', { name: t('search.choose') })
      .click();
    await page.waitForURL(`**/${lang}/profile`);
    const open = page.getByTestId('impersonation-plans');
    expect(await open.textContent()).toBe(t('impersonation.plans'));
    await open.click();
    await page.waitForURL(`**/${lang}/profile/plans`);
    await ready(page);
    expect(await page.locator('[data-testid^="plan-"][data-testid$="-cancel"]').count()).toBe(0);
    await page.getByTestId('impersonation-back').click();
    await page.waitForURL(`**/${lang}/administration/search`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('who is sent away from /profile/plans (SP4)', () => {
  it.each([
    ['subscriber', 'a single number'],
    ['okk', 'staff who may not search'],
  ])('%s (%s) lands elsewhere', async (login) => {
    const { page } = await signIn(browser, base, login, { lang: 'ru' });
    await page.waitForURL((url) => /^\/ru\/[a-z]/.test(url.pathname), { timeout: 20_000 });
    const landed = new URL(page.url()).pathname;
    await page.goto(`${base}/ru/profile/plans`);
    await page.waitForURL((url) => !url.pathname.startsWith('/ru/profile/plans'), { timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe(landed);
    expect(await page.getByTestId('page-plansList').count()).toBe(0);
    await page.context().close();
  });
});
