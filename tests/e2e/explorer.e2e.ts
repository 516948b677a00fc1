import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { launchBrowser, watchErrors } from './browser';

/**
 * The statechart explorer (docs/statecharts/explorer.html) as its readers open it: from file://, no server. A
 * state of the golden-number checkout clicked on the diagram shows its panel and its screens; the coverage overlay
 * colours the arrows; the path player steps a generated path; a child chart is followed and left; search, the
 * language switch and the keyboard work; axe finds nothing serious. The screens are built by `npm run screens`
 * (CI runs it before the browser tests); when they are missing this file builds the golden checkout's.
 */
const dir = join(import.meta.dirname, '..', '..', 'docs', 'statecharts');
const manifest = join(dir, 'screens', 'manifest.js');
const url = (hash: string) => `${pathToFileURL(join(dir, 'explorer.html')).href}#${hash}`;
const titles = (id: string) =>
  JSON.parse(
    readFileSync(
      join(import.meta.dirname, '..', '..', 'src', 'machines', 'titles', `${id}.titles.json`),
      'utf8',
    ),
  );
const golden = titles('goldenCheckout');
const session = titles('session');

let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  if (!existsSync(manifest) || !readFileSync(manifest, 'utf8').includes('"goldenCheckout"')) {
    execFileSync('npm', ['run', 'screens', '--', '--charts', 'goldenCheckout'], { stdio: 'inherit' });
  }
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  errors = watchErrors(page);
  await page.addInitScript(() => localStorage.setItem('explorer-lang', 'ru'));
});
afterAll(async () => {
  await browser?.close();
});

const heading = (p: Page) => p.locator('#state-title').textContent();

describe('the statechart explorer, opened from file://', () => {
  it('shows the golden-number checkout and a clicked state with its spec line and its screens', async () => {
    await page.goto(url('goldenCheckout'));
    await expect.poll(() => page.locator('#chart-title').textContent()).toBe(golden.chart.ru);

    await page.locator('#diagram g[id="s:goldenCheckout.reviewing"]').click();

    await expect.poll(() => heading(page)).toBe(golden.states.reviewing.ru);
    expect(page.url()).toMatch(/#goldenCheckout\/reviewing$/);
    expect(await page.locator('.spec-ref').textContent()).toBe(golden.states.reviewing.spec);
    expect((await page.locator('.spec-text').textContent())?.length).toBeGreaterThan(10);
    const shots = page.locator('#screens img');
    expect(await shots.count()).toBe(2);
    for (const [i, width] of [1366, 390].entries()) {
      const shot = shots.nth(i);
      expect(await shot.getAttribute('src')).toBe(`screens/goldenCheckout/reviewing.ru.${width}.webp`);
      await expect
        .poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(width);
    }
    expect(await page.locator('#diagram g.sel').getAttribute('id')).toBe('s:goldenCheckout.reviewing');
    expect(errors).toEqual([]);
  });

  it('colours the arrows the model paths walked when coverage is on, and sums the chart up', async () => {
    await page.goto(url('goldenCheckout'));
    const arrow = page.locator('#diagram g[id="t:0:0"] > path');
    const stroke = () => arrow.evaluate((p) => getComputedStyle(p).stroke);
    const before = await stroke();

    await page.getByLabel('Покрытие тестами').check();

    expect(await page.locator('#diagram').getAttribute('class')).toContain('coverage');
    expect(await page.locator('#diagram g.walked').count()).toBeGreaterThan(40);
    expect(await page.locator('#diagram g.unwalked').count()).toBe(0);
    expect(await stroke()).toBe('rgb(19, 115, 51)');
    expect(before).not.toBe('rgb(19, 115, 51)');
    expect(await page.locator('#coverage-summary').textContent()).toMatch(/Переходы 48\/48 \(100 %\)/);
    // counts as the portal writes them: grouped with a no-break space (the golden checkout's graph has 15 606 edges)
    expect(await page.locator('#coverage-summary').textContent()).toMatch(
      /\d\u00A0\d{3}\/\d{1,3}\u00A0\d{3}/,
    );

    await page.getByLabel('Покрытие тестами').uncheck();
    expect(await stroke()).toBe(before);
  });

  it('steps a generated path: the diagram marks the state, the panel shows it, back returns', async () => {
    await page.goto(url('goldenCheckout'));
    const options = await page.locator('#player-path option').count();
    expect(options).toBeGreaterThan(10);
    await page.locator('#player-path').selectOption('0');
    expect(await page.locator('#player-status').textContent()).toMatch(/^Шаг 0 \//);

    await page.getByRole('button', { name: 'Шаг вперёд ▶' }).click();

    expect(await page.locator('#player-status').textContent()).toMatch(/^Шаг 1 \//);
    const active = await page.locator('#diagram g.active').first().getAttribute('id');
    const path = active?.replace('s:goldenCheckout.', '') ?? '';
    expect(golden.states[path]).toBeDefined();
    await expect.poll(() => heading(page)).toBe(golden.states[path].ru);
    // the focus stays on the button pressed, so stepping goes on by keyboard
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('player-next');

    await page.getByRole('button', { name: '◀ Шаг назад' }).click();
    expect(await page.locator('#player-status').textContent()).toMatch(/^Шаг 0 \//);
  });

  it('follows a child chart and comes back', async () => {
    await page.goto(url('session'));
    await page
      .getByRole('link', { name: session.states.signedOut?.ru ?? 'signedOut', exact: true })
      .first()
      .click();
    const open = page.getByRole('button', { name: /^Открыть диаграмму: / });
    await open.waitFor();

    await open.click();

    await expect.poll(() => page.locator('#chart-title').textContent()).toBe(titles('authFlow').chart.ru);
    expect(page.url()).toMatch(/#authFlow$/);
    await page.locator('#trail-back').click();
    await expect.poll(() => page.locator('#chart-title').textContent()).toBe(session.chart.ru);
    expect(page.url()).toMatch(/#session$/);
  });

  it('finds a state by its title and switches the language', async () => {
    await page.goto(url('orders'));
    await page.getByLabel('Поиск состояния или события').fill(golden.states.reviewing.ru);
    await page.locator('#search-results a', { hasText: golden.chart.ru }).first().click();
    await expect.poll(() => heading(page)).toBe(golden.states.reviewing.ru);

    await page.getByLabel('Oʻzbekcha').check();

    await expect.poll(() => heading(page)).toBe(golden.states.reviewing.uz);
    expect(await page.locator('html').getAttribute('lang')).toBe('uz');
    expect(await page.locator('#screens img').first().getAttribute('src')).toMatch(/\.uz\.1366\.webp$/);
    await page.getByLabel('Русский').check();
  });

  it('works by keyboard: pan and zoom the diagram, pick a state from the list', async () => {
    await page.goto(url('goldenCheckout'));
    await page.locator('#diagram').focus();
    const box = () => page.locator('#diagram svg').getAttribute('viewBox');
    await page.keyboard.press('0');
    const start = await box();
    await page.keyboard.press('+');
    const zoomed = await box();
    expect(zoomed).not.toBe(start);
    await page.keyboard.press('ArrowRight');
    expect(await box()).not.toBe(zoomed);
    await page.keyboard.press('0');
    expect(await box()).toBe(start);
    await page.getByRole('button', { name: 'Увеличить' }).click();
    expect(await box()).not.toBe(start);
    await page.getByRole('button', { name: 'По размеру окна' }).click();
    expect(await box()).toBe(start);

    await page.locator('#state-list a', { hasText: golden.states.checkingOut.ru }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page)).toBe(golden.states.checkingOut.ru);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('state-title');
  });

  it('passes axe (no serious or critical WCAG violation) on a chart, a state and the traceability page', async () => {
    for (const hash of ['goldenCheckout', 'goldenCheckout/reviewing', 'trace']) {
      await page.goto(url(hash));
      expect(await seriousViolations(page), hash).toEqual([]);
    }
    expect(await page.locator('#trace table tbody tr').count()).toBeGreaterThan(50);
    expect(await page.locator('#gaps li').count()).toBeGreaterThan(0);
  });

  it('works without screens and says how to build them', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'explorer-'));
    try {
      copyFileSync(join(dir, 'explorer.html'), join(bare, 'explorer.html'));
      const alone = await browser.newPage();
      const alonErrors = watchErrors(alone);
      await alone.goto(`${pathToFileURL(join(bare, 'explorer.html')).href}#goldenCheckout/reviewing`);
      expect(await alone.locator('#state-title').textContent()).toBe(golden.states.reviewing.ru);
      expect(await alone.locator('#screens').textContent()).toContain('npm run screens');
      expect(alonErrors).toEqual([]);
      await alone.close();
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
