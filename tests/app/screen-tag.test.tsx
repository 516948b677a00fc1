// @vitest-environment jsdom
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { i18n } from '@/i18n/i18n';
import { screenDomFile, screenStateKey, tagScreen } from '../support/screen-tag';

const demo = createMachine({
  id: 'demo',
  initial: 'browsing',
  states: {
    browsing: { initial: 'results', states: { results: {} } },
    both: { type: 'parallel', states: { left: { initial: 'x', states: { x: {} } }, key: {} } },
  },
});

const snapshotIn = (state: 'browsing' | 'both') =>
  demo.resolveState({ value: state === 'both' ? { both: { left: 'x', key: {} } } : { browsing: 'results' } });

function Retry() {
  const { t } = useTranslation();
  return <button type="button">{t('common.retry')}</button>;
}

const ru = i18n.getFixedT('ru')('common.retry');
const uz = i18n.getFixedT('uz')('common.retry');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'screens-'));
});
afterEach(() => {
  cleanup();
  // the workers keep the environment from one test file to the next: no other file may write screens
  delete process.env.SCREENS_DOM;
  rmSync(dir, { recursive: true, force: true });
});

describe('tagScreen: the DOM of a state for the statechart explorer', () => {
  it('names a state by its sorted leaf paths, parallel ones joined by +', () => {
    expect(screenStateKey(snapshotIn('browsing'))).toBe('browsing.results');
    expect(screenStateKey(snapshotIn('both'))).toBe('both.key+both.left.x');
  });

  it('writes the page in Russian and in Uzbek, and gives the walk its Russian page back', async () => {
    expect(ru).not.toBe(uz);
    process.env.SCREENS_DOM = dir;
    render(<Retry />);
    await tagScreen('demo', snapshotIn('browsing'));

    const ruFile = screenDomFile(dir, 'demo', 'browsing.results', 'ru');
    const uzFile = screenDomFile(dir, 'demo', 'browsing.results', 'uz');
    const ruHtml = readFileSync(ruFile, 'utf8');
    const uzHtml = readFileSync(uzFile, 'utf8');
    expect(ruHtml).toContain(ru);
    expect(ruHtml).not.toContain(uz);
    expect(ruHtml).toContain('<html lang="ru"');
    expect(uzHtml).toContain(uz);
    expect(uzHtml).not.toContain(ru);
    expect(uzHtml).toContain('<html lang="uz"');
    expect(ruHtml).not.toContain('<script');
    expect(i18n.language).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    expect(screen.getByRole('button').textContent).toBe(ru);
  });

  it('keeps the first screen of a state: a second call does not write again', async () => {
    process.env.SCREENS_DOM = dir;
    render(<Retry />);
    const file = screenDomFile(dir, 'demo', 'browsing.results', 'ru');
    await tagScreen('demo', snapshotIn('browsing'));
    writeFileSync(file, 'first');
    const written = statSync(file).mtimeMs;
    await tagScreen('demo', snapshotIn('browsing'));
    expect(readFileSync(file, 'utf8')).toBe('first');
    expect(statSync(file).mtimeMs).toBe(written);
  });

  it('writes nothing without SCREENS_DOM', async () => {
    delete process.env.SCREENS_DOM;
    render(<Retry />);
    await tagScreen('demo', snapshotIn('browsing'));
    expect(readdirSync(dir)).toEqual([]);
  });
});
