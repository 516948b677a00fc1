// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import { GOLDEN_KINDS } from '@/domain/golden-categories.rules';
import { formatSum } from '@/domain/money.rules';
import { formatPhone } from '@/domain/phone.rules';
import { i18n } from '@/i18n/i18n';
import { formatErrorMessage } from '@/i18n/messages';
import { newNumbersMachine } from '@/machines/new-numbers.machine';
import { NewNumbersContext } from '@/views/new-numbers/new-numbers.context';
import { NewNumbersView } from '@/views/new-numbers/new-numbers.page.view';
import { newNumbersModelEntry, offline, qrCategories } from '../machines/new-client.payloads';
import { createDeferredActors } from '../support/fake-actors';
import { buildModelGraph, generateModelPaths, type MachinePath } from '../support/paths';
import { TestProviders } from '../support/render-workflow';
import { settleInAct } from '../support/view-act';
import {
  expectPageHeading,
  performBy,
  type ViewDriver,
  type ViewStep,
  walkViewPath,
} from '../support/view-walk';

const t = i18n.getFixedT('ru');

/** How the Russian page writes the payloads' categories (NC16): the purchase page's names, the spec's prices with the
 *  portal's money formatter, the free category 122 as the purchase page writes it. */
const RU_CARDS: Record<number, [string, string]> = {
  122: ['Простой', 'бесплатно (без НДС)'],
  79: ['Платиновый', formatSum(1_263_000, { lang: 'ru' })],
};

/**
 * What the public new-numbers page shows in each state, from the payloads the fakes answered with (not from the
 * chart's context): each category's name, price (or 'free') and up to three example numbers; the way to become a
 * client in every state (NC9, spec 2 `/new-numbers` public).
 */
function expectTexts(state: AnyMachineSnapshot, shownCategories: typeof qrCategories | null) {
  expect(screen.getByTestId('new-numbers-become').textContent).toBe(t('newNumbers.becomeLink'));
  expect(screen.getByTestId('new-numbers-become').getAttribute('href')).toContain('/new-client');
  if (state.matches('shown') && shownCategories) {
    for (const c of shownCategories) {
      const card = within(screen.getByTestId(`category-${c.id}`));
      const [name, price] = RU_CARDS[c.id] ?? ['', ''];
      expect(card.getByRole('heading', { level: 2 }).textContent).toBe(name);
      expect(screen.getByTestId(`category-${c.id}`).querySelector('.nn-price')?.textContent).toBe(price);
      for (const n of c.examples.slice(0, 3)) expect(card.getByText(formatPhone(n))).toBeTruthy();
    }
  }
  expect(screen.queryByTestId('new-numbers-categories') !== null).toBe(state.matches('shown'));
  // while loading, one stand-in card of the real structure per category of the domain's catalogue (no layout shift)
  if (state.matches('loading')) {
    const skeleton = screen.getByTestId('new-numbers-loading');
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(skeleton.getAttribute('aria-label')).toBe(t('app.loading'));
    expect(skeleton.querySelectorAll(':scope > li.nn-card').length).toBe(GOLDEN_KINDS.length);
    expect(skeleton.querySelectorAll(':scope > li .nn-examples > li').length).toBe(3 * GOLDEN_KINDS.length);
  } else expect(screen.queryByTestId('new-numbers-loading')).toBeNull();
  if (state.matches('empty'))
    expect(screen.getByTestId('new-numbers-empty').textContent).toBe(t('newNumbers.empty'));
  if (state.matches('failed'))
    expect(screen.getByTestId('new-numbers-failed').textContent).toContain(
      formatErrorMessage(t, offline.message),
    );
}

function mount(): ViewDriver {
  const deferred = createDeferredActors(newNumbersMachine);
  const location = memoryLocation({ path: '/new-numbers' });
  let shown: typeof qrCategories | null = null;
  let actor: AnyActorRef | null = null;
  function Grab({ children }: { children: ReactNode }) {
    actor = NewNumbersContext.useActorRef();
    return <>{children}</>;
  }
  render(
    <I18nextProvider i18n={i18n}>
      <Router hook={location.hook}>
        <TestProviders>
          <NewNumbersContext.Provider logic={newNumbersMachine.provide({ actors: deferred.actors })}>
            <Grab>
              <NewNumbersView />
            </Grab>
          </NewNumbersContext.Provider>
        </TestProviders>
      </Router>
    </I18nextProvider>,
  );
  const user = userEvent.setup();
  const settle = settleInAct(deferred);
  const perform = performBy(
    {
      retry: () =>
        user.click(
          within(screen.getByTestId('new-numbers-failed')).getByRole('button', {
            name: t('newNumbers.retry'),
          }),
        ),
    },
    (event) => {
      const out = (event as { output?: unknown }).output;
      if (event.type === 'xstate.done.actor.fetchQrCategories') shown = out as typeof qrCategories;
      return settle(event);
    },
  );
  return {
    perform,
    busy: [
      {
        // the categories are read: no retry of a read that runs; the cards' skeleton says the page loads
        tag: 'busy',
        controls: () => screen.queryAllByRole('button', { name: t('newNumbers.retry') }),
        shown: () => {
          const skeleton = screen.getByTestId('new-numbers-loading');
          expect(skeleton.getAttribute('aria-busy')).toBe('true');
          expect(skeleton.getAttribute('aria-label')).toBe(t('app.loading'));
        },
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(() => {
        expect(actor).not.toBeNull();
        expect(screen.getByTestId('page-newNumbers').dataset.state).toBe(step.expected.dataState);
        expectPageHeading(t('newNumbers.title'));
        for (const id of step.expected.testIds) expect(screen.getByTestId(id)).toBeTruthy();
        expectTexts(step.state, shown);
      }),
  };
}

const paths: readonly MachinePath[] = generateModelPaths(
  buildModelGraph(newNumbersMachine, newNumbersModelEntry),
);

afterEach(cleanup);

describe('new numbers view walk', () => {
  it('walks paths that together show every state of the chart', () => {
    const seen = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect(Object.keys(newNumbersMachine.root.states).filter((s) => !seen.has(s))).toEqual([]);
  });

  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i shows each state along %s',
    async (_, __, path) => {
      const steps = await walkViewPath(newNumbersMachine, path, mount());
      expect(steps).toBe(path.steps.length - 1);
    },
  );

  it('catches a page that shows no example numbers', async () => {
    const toShown = paths.find((p) => p.steps.some((s) => s.state.matches('shown')));
    expect(toShown).toBeDefined();
    if (!toShown) return;
    const broken = toShown.steps.map((s) =>
      s.event.type === 'xstate.done.actor.fetchQrCategories'
        ? { ...s, event: { ...s.event, output: qrCategories.map((c) => ({ ...c, examples: [] })) } }
        : s,
    );
    // the chart reaches `shown` with the broken answer, the expectations still read the payload's examples
    const driver = mount();
    const expectState = driver.expectState;
    await expect(
      walkViewPath(
        newNumbersMachine,
        { ...toShown, steps: broken },
        {
          perform: driver.perform,
          expectState: (step) =>
            waitFor(
              () => {
                expectState(step);
                if (step.state.matches('shown'))
                  for (const c of qrCategories)
                    for (const n of c.examples.slice(0, 3))
                      expect(screen.getByText(formatPhone(n))).toBeTruthy();
              },
              { timeout: 200 },
            ),
        },
      ),
    ).rejects.toThrow(/view did not show shown/);
  });
});
