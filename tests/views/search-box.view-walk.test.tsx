// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { i18n } from '@/i18n/i18n';
import { type SearchBoxContext as Ctx, searchBoxMachine } from '@/machines/search-box.machine';
import { SearchBoxContext } from '@/views/search/search-box.context';
import { SearchBox } from '@/views/search/search-box.view';
import { createDeferredActors } from '../support/fake-actors';
import { getModelTestEntry } from '../support/model-registry';
import { buildModelGraph, generateModelPaths } from '../support/paths';
import { onScreen } from '../support/phone-text';
import { TestProviders } from '../support/render-workflow';
import { settleInAct } from '../support/view-act';
import { performBy, type ViewDriver, type ViewStep, walkViewPath } from '../support/view-walk';

const t = i18n.getFixedT('ru');

/** What the box must say in a state, from the snapshot the path expects. */
function expectTexts(state: AnyMachineSnapshot) {
  const context = state.context as Ctx;
  const box = screen.getByTestId('search-box');
  expect(box.dataset.mode).toBe(context.mode);
  expect((screen.getByTestId('search-input') as HTMLInputElement).value).toBe(context.input);
  const error = screen.queryByTestId('search-error');
  if (state.value === 'invalid') {
    expect(error?.textContent).toBe(t(`errors.${context.inputError}` as 'errors.MANYINVALID'));
    expect(screen.getByTestId('search-input').getAttribute('aria-invalid')).toBe('true');
  } else {
    expect(error).toBeNull();
  }
  expect((screen.getByTestId('search-submit') as HTMLButtonElement).disabled).toBe(
    state.value === 'lookingUp',
  );
  if (state.value === 'found') {
    const result = screen.getByTestId('search-result');
    expect(result.textContent).toContain(context.found?.ban ?? '');
    expect(within(result).getByRole('button', { name: t('search.choose') })).toBeTruthy();
  } else {
    expect(screen.queryByTestId('search-result')).toBeNull();
  }
  if (state.value === 'failed' || state.value === 'offeringNumber') {
    const dialog = screen.getByTestId('search-failed');
    expect(within(dialog).getByRole('heading').textContent).toBe('Ошибка!');
    expect(dialog.textContent).toContain(t('errors.E018'));
  } else {
    expect(screen.queryByTestId('search-failed')).toBeNull();
  }
  if (state.value === 'offeringNumber') {
    // The offer names the number in the portal's format, not the BAN digits typed.
    expect(screen.getByTestId('search-as-number').textContent).toBe(
      onScreen('Искать номер +998 90 123 45 67'),
    );
  } else {
    expect(screen.queryByTestId('search-as-number')).toBeNull();
  }
}

/** Renders the real box with deferred fakes; events happen the way a keyboard user makes them. */
function mount(options: { timeout?: number; broken?: boolean } = {}): ViewDriver {
  const deferred = createDeferredActors(searchBoxMachine);
  render(
    <TestProviders>
      <SearchBoxContext.Provider logic={searchBoxMachine.provide({ actors: deferred.actors })}>
        <SearchBox />
      </SearchBoxContext.Provider>
    </TestProviders>,
  );
  const user = userEvent.setup();
  const input = () => screen.getByTestId('search-input') as HTMLInputElement;
  const perform = performBy(
    {
      'input.change': async (event) => {
        const { value } = event as EventObject & { value: string };
        const before = input().value;
        await user.clear(input());
        if (value !== '') await user.type(input(), value);
        // the same text again still counts as a change: type and erase one character
        else if (before === '') await user.type(input(), 'x{Backspace}');
      },
      'mode.select': async (event) => {
        const { mode } = event as EventObject & { mode: 'choose' | 'editing' };
        const radio = screen.getByTestId(`search-mode-${mode}`) as HTMLInputElement;
        if (radio.checked) {
          await user.click(screen.getByTestId(`search-mode-${mode === 'choose' ? 'editing' : 'choose'}`));
        }
        await user.click(radio);
      },
      'search.submit': async () => {
        input().focus();
        await user.keyboard('{Enter}');
      },
      'result.choose': () => user.click(screen.getByTestId('search-choose')),
      'result.dismiss': () => user.click(screen.getByTestId('search-dismiss')),
      'search.asNumber': () => user.click(screen.getByTestId('search-as-number')),
      'error.dismiss': () =>
        user.click(within(screen.getByTestId('search-failed')).getByRole('button', { name: t('app.ok') })),
    },
    settleInAct(deferred),
  );
  return {
    perform,
    busy: [
      {
        // the subscriber is looked up: it cannot be asked again, nor a result of before chosen; the Find button is
        // busy and the status line says it loads
        tag: 'busy',
        controls: () => [screen.getByTestId('search-submit'), ...screen.queryAllByTestId('search-choose')],
        shown: () => {
          expect(screen.getByTestId('search-submit').getAttribute('aria-busy')).toBe('true');
          expect(screen.getByTestId('search-busy').textContent).toBe(t('app.loading'));
        },
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(
        () => {
          const box = screen.getByTestId('search-box');
          const shown = options.broken && step.expected.dataState === 'invalid' ? 'idle' : box.dataset.state;
          expect(shown).toBe(step.expected.dataState);
          for (const id of step.expected.testIds) expect(screen.getByTestId(id)).toBeTruthy();
          expectTexts(step.state);
        },
        { timeout: options.timeout ?? 1000 },
      ),
  };
}

const paths = generateModelPaths(buildModelGraph(searchBoxMachine, getModelTestEntry('searchBox')));

afterEach(cleanup);

describe('search box view walk', () => {
  it.each(paths.map((p) => [p.description, p] as const))('shows each state along %s', async (_, path) => {
    const steps = await walkViewPath(searchBoxMachine, path, mount());
    expect(steps).toBe(path.steps.length - 1);
  });

  it('catches a view that hides the inline error', async () => {
    const toInvalid = paths.find((p) => p.steps.some((s) => s.state.value === 'invalid'));
    expect(toInvalid).toBeDefined();
    if (!toInvalid) return;
    await expect(
      walkViewPath(searchBoxMachine, toInvalid, mount({ broken: true, timeout: 200 })),
    ).rejects.toThrow(/view did not show invalid/);
  });

  it('is operable by keyboard only: 11 digits and Enter show MANYINVALID', async () => {
    mount();
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByTestId('search-mode-choose'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByTestId('search-input'));
    await user.keyboard('12345678901{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(t('errors.MANYINVALID'));
  });

  it('speaks Uzbek', async () => {
    await act(async () => {
      await i18n.changeLanguage('uz');
    });
    try {
      mount();
      expect(screen.getByTestId('search-submit').textContent).toBe(
        i18n.getFixedT('uz')('header.search.submit'),
      );
      expect(screen.getByTestId('search-box').getAttribute('aria-label')).toBe('Qidiruv');
      expect(screen.getByLabelText('Qidiruv', { selector: 'input' })).toBe(
        screen.getByTestId('search-input'),
      );
    } finally {
      await act(async () => {
        await i18n.changeLanguage('ru');
      });
    }
  });
});
