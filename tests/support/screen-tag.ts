import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { act } from '@testing-library/react';
import type { AnyMachineSnapshot } from 'xstate';
import type { Lang } from '@/domain/constants';
import { i18n } from '@/i18n/i18n';
import { statePathOf } from '@/machines/state-path';

/**
 * Screens for the statechart explorer (scripts/screens.ts): while the view walks run with `SCREENS_DOM` naming a
 * directory, the DOM a walk shows in each state of a chart is written there, in Russian and in Uzbek, to be drawn by
 * a real browser afterwards. Without it nothing is done, so the ordinary suite pays one env check per step.
 */

/** The languages a screen is written in: Russian first (the walk's own), then Uzbek. */
export const SCREEN_LANGS: readonly Lang[] = ['ru', 'uz'];

/** A snapshot's state as the screens name it: its active leaf paths below the root, sorted, joined by `+`. */
export function screenStateKey(snapshot: AnyMachineSnapshot): string {
  return statePathOf(snapshot.value).split(' ').sort().join('+');
}

/** Where the DOM of `stateKey` of `chartId` in `lang` is written under `dir`. */
export function screenDomFile(dir: string, chartId: string, stateKey: string, lang: Lang): string {
  return join(dir, chartId, `${encodeURIComponent(stateKey)}.${lang}.html`);
}

/**
 * The document as it shows now, without scripts. Form controls keep what the user typed or ticked as properties,
 * which serializing drops: on a copy they are written back as attributes, so the screen shows the filled-in form.
 */
function serializeDocument(): string {
  const page = document.documentElement;
  const copy = page.cloneNode(true) as HTMLElement;
  for (const script of copy.querySelectorAll('script')) script.remove();
  const live = page.querySelectorAll('input, textarea, select');
  const copied = copy.querySelectorAll('input, textarea, select');
  live.forEach((control, i) => {
    const target = copied[i];
    if (!target) return;
    if (control instanceof HTMLInputElement) {
      if (control.type === 'checkbox' || control.type === 'radio')
        target.toggleAttribute('checked', control.checked);
      // a file input's value cannot be set from markup (the browser ignores it)
      else if (control.type !== 'file') target.setAttribute('value', control.value);
    } else if (control instanceof HTMLTextAreaElement) target.textContent = control.value;
    else if (control instanceof HTMLSelectElement) {
      const options = target.querySelectorAll('option');
      for (const [j, option] of [...control.options].entries())
        options[j]?.toggleAttribute('selected', option.selected);
    }
  });
  return `<!doctype html>\n${copy.outerHTML}`;
}

/** Switches the shown language inside `act`, so every view has re-rendered in it before the DOM is read. */
async function showLanguage(lang: Lang): Promise<void> {
  await act(async () => {
    await i18n.changeLanguage(lang);
  });
}

/**
 * Writes the screen of the state `snapshot` is in (the first time this state of `chartId` is met: a file already
 * written, by this worker or another, is kept), in Russian as the walk shows it and in Uzbek, then gives the walk
 * back its Russian page: its assertions read Russian texts. Call it only once the view is proven to show the state.
 */
export async function tagScreen(chartId: string, snapshot: AnyMachineSnapshot): Promise<void> {
  const dir = process.env.SCREENS_DOM;
  if (!dir) return;
  const key = screenStateKey(snapshot);
  if (existsSync(screenDomFile(dir, chartId, key, 'ru'))) return;
  mkdirSync(join(dir, chartId), { recursive: true });
  const page = document.documentElement;
  // i18n's language listener writes `<html lang>` on each switch: the walk's page gets its own attributes back
  const lang = page.getAttribute('lang');
  const textDir = page.getAttribute('dir');
  const shown = i18n.language as Lang;
  try {
    for (const screenLang of SCREEN_LANGS) {
      if (i18n.language !== screenLang) await showLanguage(screenLang);
      writeFileSync(screenDomFile(dir, chartId, key, screenLang), serializeDocument());
    }
  } finally {
    if (i18n.language !== shown) await showLanguage(shown);
    for (const [name, value] of [
      ['lang', lang],
      ['dir', textDir],
    ] as const)
      if (value === null) page.removeAttribute(name);
      else page.setAttribute(name, value);
  }
}
