import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectReadableTable, fillLogin, launchBrowser, sessionUser, signIn } from './browser';

/**
 * Findings 21 and 22 in Chromium against `npm start` (docs/security.md; docs/decisions.md PRC1-PRC8): an administrator
 * creates a curator of the key owner's company without typing any address — its activation link goes to the company's
 * e-mail on record, and the form says so; the administrator sees the account's contact read-only; the company's key
 * owner opens Settings → the company accounts' recovery contacts, types the curator's own e-mail and signs exactly
 * that change with the company's E-IMZO key (simulator, password 2222); the activation link then goes to the signed
 * address only, and the curator activates the account there and signs in.
 */

const base = inject('baseUrl');
const control = inject('eimzoControlUrl');
const demoUrl = inject('demoUrl');
const NAVOIY_BAN = '100672418';
const NAVOIY_EMAIL = 'info@navoiy.uz';
/** Password of the key owner's key 7a3c0003 (server/eimzo/demo-keys.ts). */
const KEY_PASSWORD = '2222';
const LOGIN = `e2e.curator.${Date.now().toString(36)}`;
const OWN_EMAIL = `${LOGIN}@navoiy.uz`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The simulator's JSON control API (docs/decisions.md 17). */
async function simulator(path: string, body: unknown = {}): Promise<void> {
  const res = await fetch(`${control}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
}
afterEach(async () => {
  await simulator('/script/clear');
});

interface Sent {
  recipient: string;
  kind: string;
  secret: string | null;
}

/** What the demo outbox holds for a login, newest first (the demo page's JSON, never the portal's origin). */
async function outbox(login: string): Promise<Sent[]> {
  const res = (await (await fetch(`${demoUrl}/api/outbox?login=${encodeURIComponent(login)}`)).json()) as {
    result: Sent[];
  };
  return res.result;
}

async function waitState(page: Page, testId: string, state: string): Promise<void> {
  await page.locator(`[data-testid="${testId}"][data-state="${state}"]`).waitFor({ timeout: 30_000 });
}

describe('recovery contacts of client accounts (findings 21, 22)', () => {
  it('a staff-created curator is activated only through the company, and its key owner signs its own contact', async () => {
    // ── an administrator creates a curator of the company: no address to type; the link goes to the company ──
    const admin = await signIn(browser, base, 'admin');
    await admin.page.goto(`${base}/ru/administration/creation/subscriber`);
    await waitState(admin.page, 'user-admin', 'form.editing');
    expect(await admin.page.getByTestId('field-email').count()).toBe(0);
    expect(await admin.page.getByTestId('user-admin-activation-hint').textContent()).toContain(
      'а не адрес, введённый здесь',
    );
    await admin.page.getByTestId('field-user_name').fill(LOGIN);
    await admin.page.getByTestId('field-full_name').fill('Usmonov Botir');
    await admin.page.getByTestId('field-role').selectOption('R004');
    expect(await admin.page.getByTestId('field-phone').count()).toBe(0);
    await admin.page.getByTestId('field-ban').fill(NAVOIY_BAN);
    await admin.page.getByTestId('user-admin-save').click();
    await waitState(admin.page, 'user-admin', 'form.created');
    expect(await admin.page.getByTestId('user-admin-activation').textContent()).toBe(
      'Ссылка для активации отправлена на e-mail компании.',
    );
    const first = (await outbox(LOGIN)).filter((m) => m.kind === 'activation-link');
    expect(first.map((m) => m.recipient)).toEqual([NAVOIY_EMAIL]);

    // staff see the new account's contact read-only, with the reason
    await admin.page.getByTestId('user-admin-open-created').click();
    await waitState(admin.page, 'user-admin', 'form.editing');
    expect(await admin.page.getByTestId('field-email').getAttribute('readonly')).not.toBeNull();
    expect(await admin.page.getByTestId('user-admin').textContent()).toContain(
      'Контакт для восстановления доступа клиента сотрудники не меняют',
    );
    expect(admin.errors).toEqual([]);
    await admin.page.context().close();

    // ── the key owner confirms the curator's own e-mail with the company's key ──
    await simulator('/script', { outcome: { password: KEY_PASSWORD } });
    const owner = await signIn(browser, base, 'keyowner');
    await owner.page.goto(`${base}/ru/settings`);
    await owner.page.getByTestId('settings-recovery-contacts-open').click();
    await owner.page.waitForURL(`${base}/ru/settings/users`);
    await waitState(owner.page, 'page-recoveryContact', 'choosing');
    expect(await owner.page.getByTestId(`recovery-account-${LOGIN}-contact`).textContent()).toBe(
      'Своего контакта нет — на контакт компании',
    );
    // six columns: a table on a laptop, a card per account on a phone, every e-mail and login whole
    await expectReadableTable(
      owner.page,
      owner.page.getByTestId('recovery-contact-list'),
      'recovery contacts',
    );
    await owner.page.getByRole('button', { name: `Изменить контакт пользователя ${LOGIN}` }).click();
    await waitState(owner.page, 'page-recoveryContact', 'editing');
    await owner.page.getByTestId('recovery-contact-email').fill(OWN_EMAIL);
    await owner.page.getByTestId('recovery-contact-submit').click();
    await waitState(owner.page, 'page-recoveryContact', 'done');
    expect(await owner.page.getByTestId('recovery-contact-done').textContent()).toContain(
      `Контакт пользователя ${LOGIN} изменён: ссылка для восстановления пароля теперь придёт на ${OWN_EMAIL}.`,
    );
    expect(await owner.page.getByTestId('recovery-contact-activation').textContent()).toBe(
      'Учётная запись ещё не активирована: ссылка для активации отправлена на новый контакт.',
    );
    await owner.page.getByTestId('recovery-contact-close').click();
    await waitState(owner.page, 'page-recoveryContact', 'choosing');
    expect(await owner.page.getByTestId(`recovery-account-${LOGIN}-contact`).textContent()).toBe(OWN_EMAIL);
    expect(owner.errors).toEqual([]);
    await owner.page.context().close();

    // ── the link sent to the company before no longer works; the one at the signed address activates ──
    const links = (await outbox(LOGIN)).filter((m) => m.kind === 'activation-link');
    expect(links.map((m) => m.recipient)).toEqual([OWN_EMAIL, NAVOIY_EMAIL]);
    const restore = (r: string | null) =>
      fetch(`${base}/api/user/restore`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'portal' },
        body: JSON.stringify({ r, password: 'Botir-2026x', confirm: 'Botir-2026x' }),
      }).then(async (res) => ((await res.json()) as { status: string }).status);
    expect(await restore(links[1]?.secret ?? null)).not.toBe('OKOK');

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/ru/restore?r=${encodeURIComponent(links[0]?.secret ?? '')}`);
    await page.locator('input[name="password"]').fill('Botir-2026x');
    await page.locator('input[name="confirm"]').fill('Botir-2026x');
    await page.getByTestId('auth-submit').click();
    await page.getByTestId('auth-restored').waitFor({ timeout: 20_000 });
    await page.goto(`${base}/ru/login`);
    await page.locator('[data-testid="session"][data-state^="signedOut"]').waitFor({ timeout: 20_000 });
    await fillLogin(page, LOGIN, 'Botir-2026x');
    await page.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 20_000 });
    expect((await sessionUser(page)).user_name).toBe(LOGIN);
    await context.close();
  });
});
