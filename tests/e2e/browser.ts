import { type Browser, chromium, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/db/demo-accounts';

/** Debian's chromium (never a downloaded browser), headless, with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Fails the test on any uncaught page error or console error (a blank page usually starts with one). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text()))
      errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/**
 * A fresh browser context signed in through the real login form as `login` (every demo account's password), on the
 * page the user lands on. The browser-test page object every signed-in test starts from.
 */
export async function signIn(
  browser: Browser,
  base: string,
  login: string,
  opts: { lang?: 'ru' | 'uz'; acceptDownloads?: boolean } = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ acceptDownloads: opts.acceptDownloads ?? false });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${base}/${opts.lang ?? 'ru'}/login`);
  const form = page.getByTestId('auth-login');
  await form.locator('input[name="login"]').fill(login);
  await form.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await form.locator('input[name="password"]').press('Enter');
  await page.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 20_000 });
  return { page, errors };
}
