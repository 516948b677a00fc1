import axe from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/db/demo-accounts';

/** WCAG 2.2 A/AA rules (axe-core tags), the level the portal is held to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

/** A violation summarised for a failure message: rule, impact and the first few elements. */
export interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * A browser context for accessibility runs. The page's CSP forbids inline script; bypassing it lets the axe-core
 * engine be injected as a script tag (the portal's own scripts run the same either way).
 */
export function a11yContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ bypassCSP: true });
}

/** Waits until the page has settled: no request in flight, no loading overlay. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.getByTestId('loading-overlay').waitFor({ state: 'detached', timeout: 15_000 });
}

/** Runs axe-core on the page as it is and returns its serious and critical WCAG violations. */
export async function seriousViolations(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source });
  const results = (await page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    [...WCAG_TAGS],
  )) as axe.AxeResults;
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}

/** Open dialogs (native `<dialog open>` or ARIA dialogs) that have no accessible name. */
export async function unnamedDialogs(page: Page): Promise<number> {
  const dialogs = await page.getByRole('dialog').count();
  const alerts = await page.getByRole('alertdialog').count();
  const named =
    (await page.getByRole('dialog', { name: /\S/ }).count()) +
    (await page.getByRole('alertdialog', { name: /\S/ }).count());
  return dialogs + alerts - named;
}

/** Signs in through the login form on `/{lang}/login` and waits for the landing page (or the role picker). */
export async function signIn(page: Page, base: string, login: string): Promise<void> {
  await page.goto(`${base}/ru/login`);
  const form = page.getByTestId('auth-login');
  await form.locator('input[name="login"]').fill(login);
  await form.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await form.getByTestId('auth-submit').click();
  await page
    .waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 30_000 })
    .catch(async () => {
      // the role picker keeps the user on the login address until a role is chosen
      await page.getByTestId('role-picker').waitFor({ timeout: 5_000 });
    });
  await settle(page);
}

/** The addresses of the navigation entries on screen (signed-in layout). */
export async function navHrefs(page: Page): Promise<string[]> {
  const sidebar = page.getByTestId('sidebar');
  if ((await sidebar.count()) === 0) return [];
  return sidebar
    .locator('a[data-testid^="nav-"]')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

/** The same address in the other language. */
export const inLang = (path: string, lang: 'ru' | 'uz') => path.replace(/^\/(ru|uz)(?=\/|$)/, `/${lang}`);
