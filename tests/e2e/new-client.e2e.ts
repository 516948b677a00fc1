import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatPhone } from '@/domain/phone.rules';
import ru from '@/i18n/ru.json';
import uz from '@/i18n/uz.json';
import { onScreen } from '../support/phone-text';
import { a11yContext, seriousViolations, settle } from './axe';
import { fillLogin, launchBrowser, signIn, unreadableCells, watchErrors } from './browser';

/**
 * The public onboarding in Chromium against `npm start` (the onboarding requirements): a visitor fills step one with the simulator's key
 * of a company that is not a client yet (7a3c0009, password 7777), sees the company data filled in, meets the
 * validation messages, a taken login, reloads mid-form and finds the draft, confirms step two, signs on the
 * simulator's control API and sees 'Регистрация прошла успешно'; the new-numbers page loads without a session.
 * Screenshots of each screen go to /tmp/shots-newclient (not committed).
 */
const base = inject('baseUrl');
const control = inject('eimzoControlUrl');
const PROSPECT_PASSWORD = '7777';
const SHOTS = '/tmp/shots-newclient';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

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

const texts = { ru, uz } as const;

async function noHorizontalOverflow(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

describe.each(['ru', 'uz'] as const)('new numbers (%s)', (lang) => {
  it('loads without a session, with prices and example numbers, fits a phone, no serious axe findings', async () => {
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ]) {
      const context = await a11yContext(browser);
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      const errors = watchErrors(page);
      await page.goto(`${base}/${lang}/new-numbers`);
      await page.getByTestId('new-numbers-categories').waitFor();
      // the examples are free numbers of the server's one inventory (PRI4): the page shows the ones it is sent
      const qr = (await (await fetch(`${base}/api/golden-number/categories/qr`)).json()) as {
        result: { categories: { id: number; examples: string[] }[] };
      };
      const example = qr.result.categories.find((c) => c.id === 79)?.examples[0] ?? '';
      expect(example).toMatch(/^9\d{8}$/);
      await expect
        .poll(() => page.getByTestId('category-79').textContent())
        .toContain(onScreen(formatPhone(example)));
      await expect
        .poll(() => page.getByTestId('new-numbers-become').textContent())
        .toBe(texts[lang].newNumbers.becomeLink);
      await noHorizontalOverflow(page);
      await page.screenshot({ path: `${SHOTS}/new-numbers-${lang}-${viewport.width}.png`, fullPage: true });
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('switches language in place and leads to the wizard: each page loads its own texts and chart', async () => {
    const other = lang === 'ru' ? 'uz' : 'ru';
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${base}/${lang}/new-numbers`);
    await page.getByTestId('new-numbers-categories').waitFor();
    // the other language's public texts arrive with the switch (the public messages part, NC14)
    await page.getByTestId(`lang-${other}`).click();
    await expect
      .poll(() => page.getByTestId('new-numbers-become').textContent())
      .toBe(texts[other].newNumbers.becomeLink);
    // the wizard's chart was not loaded with the poster's page; following the link loads it
    await page.getByTestId('new-numbers-become').click();
    await page.getByTestId('new-client-step1').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${other}/new-client`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(texts[other].newClient.title);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each(['ru', 'uz'] as const)('the public root and the app’s (%s, docs/decisions.md NC15)', (lang) => {
  it('opens the poster’s page in the public root, crosses to the sign-in page and back', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    const sessionChecks: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/user/') sessionChecks.push(req.url());
    });
    const res = await page.goto(`${base}/${lang}/new-numbers`);
    // the page names the public root's first messages (the shell part) for preloading
    expect((await res?.allHeaders())?.link).toMatch(
      new RegExp(`^</static/js/async/messages-${lang}-shell\\.[0-9a-f]+\\.js>; rel=preload; as=script$`),
    );
    await page.getByTestId('new-numbers-categories').waitFor();
    expect(await page.getByTestId('public-shell').count()).toBe(1);
    await expect
      .poll(() => page.getByTestId('become-client').textContent())
      .toBe(texts[lang].header.becomeClient);
    // a public page asks for no session
    await page.waitForLoadState('networkidle');
    expect(sessionChecks).toEqual([]);
    // the logo leads to the portal: the app's root takes over with a full load and shows the sign-in page
    await page.getByRole('link', { name: texts[lang].header.logo }).click();
    await page.getByTestId('auth-login').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${lang}/login`);
    expect(await page.getByTestId('public-shell').count()).toBe(0);
    expect(sessionChecks.length).toBeGreaterThan(0);
    // and Back returns to the poster's page
    await page.goBack();
    await page.getByTestId('new-numbers-categories').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${lang}/new-numbers`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The company each language's run registers (server/eimzo/demo-keys.ts): the Russian run the first prospect, the
 *  Uzbek run — after it meets the first one's pre-order — the second. */
const COMPANIES = {
  ru: { key: '7a3c0009', tin: '306120457', name: 'Buxoro Yangi Texnologiyalar MChJ' },
  uz: { key: '7a3c000b', tin: '307350622', name: 'Samarqand Meva Eksport MChJ' },
} as const;

describe.each(['ru', 'uz'] as const)('the registration wizard (%s)', (lang) => {
  const t = texts[lang];
  const company = COMPANIES[lang];
  it('step one: city first, the proved key fills the company, validation, a taken login, the draft survives a reload; step two; signed; success', async () => {
    const context = await a11yContext(browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    const errors = watchErrors(page);
    await page.goto(`${base}/${lang}/new-client`);
    await page.getByTestId('new-client-step1').waitFor();
    await page.screenshot({ path: `${SHOTS}/new-client-${lang}-1366-step1.png`, fullPage: true });

    // the key before the city
    await page.getByTestId('new-client-choose-key').click();
    await expect
      .poll(() => page.getByTestId('new-client-key-error').textContent())
      .toBe(t.validation.cityFirst);

    // the refused key (TIN 4…): E026
    await page.locator('#nc-city').selectOption('BHK');
    // cities are named in the page's language (NC18), not by the server's Uzbek name
    expect(await page.locator('#nc-city option[value="BHK"]').textContent()).toBe(t.newClient.cities.BHK);
    await page.getByTestId('new-client-choose-key').click();
    await page.getByTestId('key-7a3c000a').click();
    await expect.poll(() => page.getByTestId('new-client-key-error').textContent()).toBe(t.errors.E026);

    // the prospect's key: a signed challenge proves it, the company data arrives
    await simulator('/script', { outcome: { password: PROSPECT_PASSWORD } });
    await page.getByTestId('new-client-choose-key').click();
    await page.getByTestId('key-7a3c0009').click();
    if (lang === 'uz') {
      // the Russian run registered this company a moment ago: its pre-order is shown instead of a new one
      await page.getByTestId('new-client-known').waitFor({ timeout: 20_000 });
      await expect
        .poll(() => page.getByTestId('new-client-known').textContent())
        .toContain(t.newClient.status.new);
      // the second prospect's key goes on through the whole wizard in Uzbek
      await simulator('/script', { outcome: { password: PROSPECT_PASSWORD } });
      await page.getByTestId('new-client-choose-key').click();
      await page.getByTestId(`key-${company.key}`).click();
    }
    await page.getByTestId('new-client-proved').waitFor({ timeout: 20_000 });
    expect(await page.locator('input[name="user.name"]').inputValue()).toBe(company.name);
    expect(await page.locator('input[name="user.tin"]').inputValue()).toBe(company.tin);

    // Cyrillic login, then a taken one, then a free one
    const login = page.locator('input[name="login"]');
    await login.fill('логин');
    await expect.poll(() => page.getByTestId('error-login').textContent()).toBe(t.validation.latinOnly);
    await login.fill('curator');
    await expect.poll(() => page.getByTestId('error-login').textContent()).toBe(t.validation.loginTaken);
    await login.fill(`buxoro${lang}`);
    await expect.poll(() => page.getByTestId('new-client-login').getAttribute('data-status')).toBe('free');

    // required fields, then the birth day
    await page.getByTestId('new-client-next').click();
    await expect.poll(() => page.getByTestId('form-error').textContent()).toBe(t.validation.fillRequired);
    await page.locator('input[name="contactFace.birthDay"]').fill('2015-01-01');
    await page.locator('input[name="contactFace.email"]').fill('info@buxorotech.uz');
    await page.locator('input[name="contactFace.phone"]').fill('998901112233');
    await page.locator('input[name="licence"]').check();
    await page.getByTestId('new-client-next').click();
    await expect
      .poll(() => page.getByTestId('error-contactFace.birthDay').textContent())
      .toBe(t.validation.adult);
    await page.locator('input[name="contactFace.birthDay"]').fill('1985-04-12');
    await page.locator('input[name="contactFace.passport"]').fill('AB1234567');

    // a reload keeps the draft, without the passport number; the key is proved again
    await page.reload();
    await page.getByTestId('new-client-restored').waitFor();
    expect(await page.locator('input[name="contactFace.email"]').inputValue()).toBe('info@buxorotech.uz');
    expect(await page.locator('input[name="contactFace.passport"]').inputValue()).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('newClient:draft'))).not.toContain('AB1234567');
    await simulator('/script', { outcome: { password: PROSPECT_PASSWORD } });
    await page.getByTestId('new-client-choose-key').click();
    await page.getByTestId(`key-${company.key}`).click();
    await page.getByTestId('new-client-proved').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('new-client-login').getAttribute('data-status')).toBe('free');

    // step two: the catalogue; signing sends the application
    await page.getByTestId('new-client-next').click();
    await page.getByTestId('new-client-catalogue').waitFor();
    await noHorizontalOverflow(page);
    await page.screenshot({ path: `${SHOTS}/new-client-${lang}-1366-step2.png`, fullPage: true });
    // a reload on step two comes back on step two with the key, asking only for the signature (NC26)
    await page.reload();
    await page.getByTestId('new-client-resumed').waitFor();
    // the key as the module lists it (its serial in capitals)
    expect((await page.getByTestId('new-client-resumed').textContent())?.toLowerCase()).toBe(
      t.newClient.resumed.replace('{{key}}', company.key).toLowerCase(),
    );
    await page.getByTestId('new-client-catalogue').waitFor();
    expect(await page.getByTestId('new-client-step1').count()).toBe(0);
    expect(await page.getByTestId('new-client-step2').textContent()).toContain(t.newClient.cities.BHK);
    await simulator('/script', { outcome: { password: PROSPECT_PASSWORD } });
    await page.getByTestId('new-client-sign').click();
    await page.getByTestId('new-client-success').waitFor({ timeout: 20_000 });
    await expect
      .poll(() => page.getByTestId('new-client-success').textContent())
      .toContain(t.newClient.success);
    expect(await page.evaluate(() => localStorage.getItem('newClient:draft'))).toBeNull();
    await page.screenshot({ path: `${SHOTS}/new-client-${lang}-1366-success.png`, fullPage: true });
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('fits a phone (390×844) without horizontal overflow, no serious axe findings', async () => {
    const context = await a11yContext(browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/${lang}/new-client`);
    await page.getByTestId('new-client-step1').waitFor();
    await noHorizontalOverflow(page);
    await page.screenshot({ path: `${SHOTS}/new-client-${lang}-390-step1.png`, fullPage: true });
    await settle(page);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

// after the wizard above created the Russian run's pre-order: staff of the Orders section see it with its status
describe.each(['ru', 'uz'] as const)('staff see the pre-orders (%s)', (lang) => {
  const t = texts[lang];
  it('an operator (R008) opens the list from the Orders section and finds the new pre-order with its status', async () => {
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ]) {
      // a context axe can run in (the portal's CSP forbids the injected script otherwise)
      const context = await a11yContext(browser);
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      const errors = watchErrors(page);
      await page.goto(`${base}/${lang}/login`);
      await fillLogin(page, 'operator');
      await page.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 20_000 });
      await page.goto(`${base}/${lang}/orders/preorders`);
      await page.getByTestId('preorders-table').waitFor({ timeout: 20_000 });
      const row = page.getByRole('row').filter({ hasText: 'buxororu' });
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.textContent()).toContain('306120457');
      expect(await row.textContent()).toContain(t.newClient.status.new);
      // the city by its name in the page's language (NC18), never its market code
      expect(await row.textContent()).toContain(t.newClient.cities.BHK);
      expect(await row.textContent()).not.toContain('BHK');
      // nothing scrolls sideways, the page nor the list, and the row's first move is on screen
      const widths = await page.getByTestId('preorders-table').evaluate((table) => {
        const box = table.parentElement as HTMLElement;
        return {
          page: document.documentElement.scrollWidth,
          window: window.innerWidth,
          list: box.scrollWidth,
          listBox: box.clientWidth,
        };
      });
      expect(widths.page, `page at ${viewport.width}`).toBeLessThanOrEqual(widths.window);
      expect(widths.list, `list at ${viewport.width}`).toBeLessThanOrEqual(widths.listBox);
      expect(await unreadableCells(page.getByTestId('preorders-table')), `list at ${viewport.width}`).toEqual(
        [],
      );
      const move = await row.locator('button').first().boundingBox();
      expect((move?.x ?? -1) >= 0 && (move?.x ?? 0) + (move?.width ?? 0) <= viewport.width).toBe(true);
      await page.screenshot({ path: `${SHOTS}/preorders-${lang}-${viewport.width}.png`, fullPage: true });
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 120_000);

  it('a client curator without the Orders section is sent to its landing page, and the server refuses the call', async () => {
    const { page } = await signIn(browser, base, 'curator', { lang });
    await page.goto(`${base}/${lang}/orders/preorders`);
    await page.waitForURL((url) => !url.pathname.endsWith('/orders/preorders'), { timeout: 20_000 });
    expect(await page.getByTestId('preorders-table').count()).toBe(0);
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/pre-order/list?page=1', { credentials: 'include' });
      return ((await res.json()) as { status: string }).status;
    });
    expect(status).toBe('E005');
    await page.context().close();
  });
});

// after both languages saw it new: staff take the pre-order for review, then register it (NC12); its reserved
// numbers are released on registration (spec 4 "Phone reservation flag … false after successful registration")
describe('staff move a pre-order', () => {
  it('the operator reviews, then registers the new pre-order after confirmations that name it', async () => {
    const { page, errors } = await signIn(browser, base, 'operator');
    await page.goto(`${base}/ru/orders/preorders`);
    await page.getByTestId('preorders-table').waitFor({ timeout: 20_000 });
    const row = page.getByRole('row').filter({ hasText: 'buxororu' });
    await expect.poll(() => row.count()).toBe(1);
    const id = ((await row.getAttribute('data-testid')) ?? '').replace('preorder-', '');
    const dialog = page.getByTestId('preorder-status-confirm');

    await page.getByTestId(`preorder-${id}-move-review`).click();
    await dialog.waitFor();
    const text = (await page.getByTestId('preorder-status-text').textContent()) ?? '';
    expect(text).toContain('306120457');
    expect(text).toContain('buxororu');
    expect(text).toContain(`«${ru.newClient.status.new}» станет «${ru.newClient.status.review}»`);
    await page.getByTestId('preorder-status-ok').click();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    expect(await page.getByTestId(`preorder-${id}-status`).textContent()).toBe(ru.newClient.status.review);

    await page.getByTestId(`preorder-${id}-move-registered`).click();
    await dialog.waitFor();
    await page.getByTestId('preorder-status-ok').click();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    expect(await page.getByTestId(`preorder-${id}-status`).textContent()).toBe(
      ru.newClient.status.registered,
    );
    expect(await row.textContent()).toContain(ru.newClient.no);
    // registered is final: no move is offered any more
    expect(await page.locator(`[data-testid^="preorder-${id}-move-"]`).count()).toBe(0);

    // NC13: an old link to a page past the last goes to the last (here the only one), replacing the entry
    await page.goto(`${base}/ru/orders/preorders?page=9`);
    await page.waitForURL((url) => url.pathname === '/ru/orders/preorders' && url.search === '', {
      timeout: 20_000,
    });
    await page.getByTestId('preorders-table').waitFor({ timeout: 20_000 });
    await expect.poll(() => row.count()).toBe(1);
    expect(await page.getByTestId('preorders-pagination').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
