import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { tashkentDayStart } from '@/domain/dates.rules';
import { planDayAfter } from '@/domain/plans.rules';
import { signingDocument, signingDocumentText } from '@/domain/signing-document.rules';
import { i18n } from '@/i18n/i18n';
import { formatErrorMessage } from '@/i18n/messages';
import { CSRF_HEADER, CSRF_VALUE } from '@/services/contract/csrf';
import { type DemoKeyMaterial, loadOrCreateCa, loadOrCreateDemoKeyMaterial } from '../../server/eimzo/ca';
import { createSignedData } from '../../server/eimzo/cms';
import { MAIN_KEY } from '../support/eimzo';
import {
  expectFitsWindow,
  expectReadableTable,
  expectSentAway,
  headerSearch,
  launchBrowser,
  signIn,
} from './browser';

/**
 * The company's planned blocks and restores in a real browser, in both languages (docs/decisions.md SP1-SP10). The
 * curator plans a whole-account block some weeks ahead from the status widget's dialog: "another day", the day typed,
 * the dialog saying when it takes effect, the E-IMZO simulator signing document version 2 that names the day, and the
 * dialog saying the plan is made with a link to the list. The list has the plan as scheduled with its key; the curator
 * cancels it after a confirmation naming it (the row then says cancelled, and the activity log has the cancel). A
 * plan made in another tab (through the API, signed as the simulator would sign it) and cancelled behind the page's
 * back answers E144 in the dialog, whose button loads the list again. An administrator viewing the company reaches
 * the list from the banner and reads it without a Cancel. A subscriber is sent away from the URL.
 */
const base = inject('baseUrl');
const eimzoDir = inject('eimzoDataDir');
const control = inject('eimzoControlUrl');
/** Password of the curator's key 7a3c0002 (server/eimzo/demo-keys.ts). */
const CURATOR_KEY_PASSWORD = '1111';
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

/** The simulator's JSON control API (docs/decisions.md 17): the password the module's user types. */
async function simulator(path: string, body: unknown = {}): Promise<void> {
  const res = await fetch(`${control}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
}

/** Plans a whole-account block on `day` from the status widget's dialog (SP1, SP10); the plan's id from the list. */
async function planFromDialog(
  page: Page,
  lang: 'ru' | 'uz',
  day: string,
): Promise<{ id: number; numbers: number }> {
  const t = i18n.getFixedT(lang);
  await simulator('/script', { outcome: { password: CURATOR_KEY_PASSWORD } });
  const dialog = page.getByTestId('block-restore');
  await page.getByTestId('widget-status').getByTestId('status-toggle').click();
  await dialog.and(page.locator('[data-state="confirming"]')).waitFor({ timeout: 20_000 });
  // now is today's behaviour; another day says when the block takes effect, and the button plans it
  await page.getByTestId('block-restore-when-later').check();
  await page.getByTestId('block-restore-date').fill(day);
  expect(await page.getByTestId('block-restore-when-text').textContent()).toBe(
    t('blockRestore.plan.blockAt', { date: midnight(day).slice(0, 10) }),
  );
  const confirm = page.getByTestId('block-restore-confirm-button');
  expect(await confirm.textContent()).toBe(t('blockRestore.plan.schedule'));
  await expectFitsWindow(page, `plan-dialog-${lang}`, { shotsDir: SHOTS });
  await confirm.click();
  await dialog.and(page.locator('[data-state="planned"]')).waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('block-restore-planned-text').textContent()).toBe(
    t('blockRestore.plan.plannedBlock', { when: midnight(day) }),
  );
  await simulator('/script/clear');
  const list = await call(page, 'GET', 'block-plans?status=scheduled&page=0&size=100');
  const rows = (list.result as { content: { id: number; runAt: string; numbers: number }[] }).content;
  const made = rows.find((r) => r.runAt === new Date(tashkentDayStart(day)).toISOString());
  expect(made, `a scheduled plan on ${day}`).toBeDefined();
  return { id: made?.id ?? 0, numbers: made?.numbers ?? -1 };
}

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

  it('the curator plans a block from the dialog, finds it from the status widget and cancels it; E144 reloads', async () => {
    const { page, errors } = await signIn(browser, base, 'curator', { lang });
    const day = planDayAfter(Date.now(), ahead);
    await page.getByTestId('nav-profile').click();
    await page.waitForURL(`**/${lang}/profile`);
    const { id, numbers } = await planFromDialog(page, lang, day);
    // the dialog's link leads to the list and closes the dialog
    await page.getByTestId('block-restore-plans-link').click();
    await page.waitForURL(`**/${lang}/profile/plans`);
    await ready(page);
    expect(await page.getByTestId('block-restore').count()).toBe(0);
    await page.getByTestId('plans-back').click();
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
    await expectSentAway(browser, base, login, '/profile/plans', 'page-plansList');
  });
});
