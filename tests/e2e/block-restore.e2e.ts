import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, signIn as signInAs } from './browser';

/**
 * Block/restore in Chromium against `npm start` (reference backend + E-IMZO simulator in scripted mode): the status
 * widget's toggle, the dialog, the signing panel, the simulator's control API for the password, the module's
 * version and presence.
 */

const base = inject('baseUrl');
const control = inject('eimzoControlUrl');
const demoUrl = inject('demoUrl');
const CURATOR_BAN = '100234561';
/** Password of the curator's key 7a3c0002 (server/eimzo/demo-keys.ts). */
const CURATOR_KEY_PASSWORD = '1111';
let browser: Browser;

/** Demo-only helpers of the reference backend, on the demo page's own port (not the SPA's contract). */
async function demo(path: string): Promise<void> {
  const res = await fetch(`${demoUrl}/api/${path}`, { method: 'POST' });
  expect(await res.json()).toMatchObject({ status: 'OKOK' });
}

beforeAll(async () => {
  browser = await launchBrowser();
  // The other browser tests read the curator's numbers: leave them as seeded.
  await demo(`block/snapshot?ban=${CURATOR_BAN}`);
});
afterAll(async () => {
  await browser?.close();
  await demo(`block/rollback?ban=${CURATOR_BAN}`);
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
  await simulator('/version', { version: '6.4.7' });
  await simulator('/running', { running: true });
});

async function signIn(login: string): Promise<{ page: Page; errors: string[] }> {
  const signedIn = await signInAs(browser, base, login);
  await signedIn.page.goto(`${base}/ru/profile`);
  return signedIn;
}

const toggleOf = (page: Page): Locator => page.getByTestId('widget-status').getByTestId('status-toggle');
const dialogOf = (page: Page): Locator => page.getByTestId('block-restore');
const panelOf = (page: Page): Locator => page.getByTestId('signing-state');

async function waitState(locator: Locator, state: string): Promise<void> {
  await locator.and(locator.page().locator(`[data-state="${state}"]`)).waitFor({ timeout: 20_000 });
}

/** Presses the toggle and confirms; returns at the confirmation's next step. */
async function pressAndConfirm(page: Page, label: string): Promise<void> {
  const toggle = toggleOf(page);
  await toggle.waitFor({ timeout: 20_000 });
  expect(await toggle.textContent()).toBe(label);
  await toggle.click();
  await waitState(dialogOf(page), 'confirming');
  await page.getByTestId('block-restore-confirm-button').click();
}

describe('block and restore with E-IMZO', () => {
  it('a module older than 4.40 shows the update warning', async () => {
    await simulator('/version', { version: '4.39.0' });
    const { page, errors } = await signIn('curator');

    await pressAndConfirm(page, 'Заблокировать');
    await waitState(panelOf(page), 'outdated');

    expect(await page.getByRole('alert').textContent()).toBe(
      'ВНИМАНИЕ!!! Установите новую версию приложения E-IMZO',
    );
    await page.getByTestId('signing-cancel').click();
    await waitState(dialogOf(page), 'cancelled');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a stopped module shows the connection error', async () => {
    await simulator('/running', { running: false });
    const { page } = await signIn('curator');

    await pressAndConfirm(page, 'Заблокировать');
    await waitState(panelOf(page), 'moduleUnavailable');

    expect(await page.getByRole('alert').textContent()).toMatch(/^Не удалось подключиться к модулю E-IMZO/);
    await page.keyboard.press('Escape');
    await waitState(dialogOf(page), 'cancelled');
    await page.close();
  });

  it('cancelling the confirmation shows the cancelled message and blocks nothing', async () => {
    const { page } = await signIn('curator');

    await toggleOf(page).click();
    await waitState(dialogOf(page), 'confirming');
    expect(await page.getByTestId('block-restore-price').textContent()).toMatch(
      /^Блокировка платная: .+ в месяц\.$/,
    );
    await page.getByTestId('block-restore-cancel').click();
    await waitState(dialogOf(page), 'cancelled');

    expect(await dialogOf(page).textContent()).toContain('Вы отменили действие');
    expect(await page.getByRole('heading', { name: 'Отменено' }).isVisible()).toBe(true);
    await page.getByTestId('block-restore-close').click();
    expect(await toggleOf(page).textContent()).toBe('Заблокировать');
    await page.close();
  });

  it("the module's cancel (-5000) reads 'Отменено / Вы отменили действие' at once, naming the wrong-password case (U20)", async () => {
    // a 6.x module answers a closed password window and three wrong passwords alike: -5000
    await simulator('/script', { outcome: 'cancel' });
    const { page, errors } = await signIn('curator');

    await pressAndConfirm(page, 'Заблокировать');
    await waitState(panelOf(page), 'passwordCancelled');
    const alert = (await page.getByRole('alert').textContent()) ?? '';
    expect(alert).toContain('Отменено');
    expect(alert).toContain('Вы отменили действие');
    expect(alert).toContain('Пароль неверный.');
    expect(alert).not.toContain('Ввод пароля');
    await page.keyboard.press('Escape');
    await waitState(dialogOf(page), 'cancelled');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a curator blocks the account: a wrong password once, then the key password, verified, suspended', async () => {
    // a 5.x module answers a wrong password with BadPaddingException ('Пароль неверный.')
    await simulator('/version', { version: '5.17.0' });
    await simulator('/script', { outcome: { password: '9999' } });
    const { page, errors } = await signIn('curator');

    await pressAndConfirm(page, 'Заблокировать');
    await waitState(panelOf(page), 'wrongPassword');
    expect(await page.getByRole('alert').textContent()).toBe('Пароль неверный.');
    await simulator('/script', { outcome: { password: CURATOR_KEY_PASSWORD } });
    await page.getByTestId('signing-retry').click();
    await dialogOf(page)
      .locator('[data-testid="block-restore-success"], [data-testid="block-restore-partial"]')
      .waitFor({
        timeout: 30_000,
      });

    expect(await dialogOf(page).textContent()).toContain('Активация услуги вступит в силу после 00:00');
    await page.getByTestId('block-restore-close').click();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a block in process answers that the account is already in process', async () => {
    const { page } = await signIn('curator');
    const widget = page.getByTestId('widget-status');
    await widget
      .locator('[data-testid="status-toggle"], [data-testid="status-toggle-in-process"]')
      .first()
      .waitFor({ timeout: 20_000 });
    // U9: the account's own words; the widget's note after the profile says the block waits, E022 before it
    const text = 'Лицевой счёт в процессе блокировки: она вступит в силу после 00:00.';
    const e022 = 'Номер уже находится в процессе блокировки. Дождитесь завершения.';

    // The profile may already say "in process" (the toggle's note); otherwise the server answers E022 on press.
    if ((await widget.getByTestId('status-toggle-in-process').count()) > 0) {
      expect(await widget.getByTestId('status-toggle-in-process').textContent()).toBe(text);
    } else {
      await toggleOf(page).click();
      await waitState(dialogOf(page), 'inProcess');
      expect(await page.getByRole('alert').textContent()).toBe(e022);
      await page.getByTestId('block-restore-close').click();
    }
    await page.close();
  });

  it('after midnight (demo fast-forward) the curator restores the account', async () => {
    const ff = await fetch(`${demoUrl}/api/block/fast-forward?ban=${CURATOR_BAN}`, { method: 'POST' });
    expect(ff.status).toBe(200);
    const { page } = await signIn('curator');
    await simulator('/script', { outcome: { password: CURATOR_KEY_PASSWORD } });

    await pressAndConfirm(page, 'Разблокировать');
    await dialogOf(page)
      .locator('[data-testid="block-restore-success"], [data-testid="block-restore-partial"]')
      .waitFor({
        timeout: 30_000,
      });

    expect(await dialogOf(page).textContent()).toMatch(/5–10 минут/);
    await page.close();
  });
});

describe('type 20 without a signature', () => {
  it('subscriber20 blocks the number directly: no signing panel at any moment', async () => {
    const { page, errors } = await signIn('subscriber20');
    await page.evaluate(() => {
      (window as { sawSigning?: boolean }).sawSigning = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="signing-state"]'))
          (window as { sawSigning?: boolean }).sawSigning = true;
      }).observe(document.body, { subtree: true, childList: true });
    });

    await pressAndConfirm(page, 'Заблокировать');
    await waitState(dialogOf(page), 'succeeded');

    expect(await dialogOf(page).textContent()).toContain('Активация услуги вступит в силу после 00:00');
    expect(await page.evaluate(() => (window as { sawSigning?: boolean }).sawSigning)).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });
});
