// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type AnyMachineSnapshot, type EventObject, SimulatedClock } from 'xstate';
import { i18n } from '@/i18n/i18n';
import {
  type NumbersContext as Ctx,
  NUMBERS_QUIET_MS,
  type NumbersEvent,
  type NumbersParams,
  numbersMachine,
} from '@/machines/numbers.machine';
import { numbersSearch } from '@/views/numbers/numbers.url';
import { NumbersList } from '@/views/numbers/numbers-list.view';
import { createDeferredActors } from '../support/fake-actors';
import { getModelTestEntry } from '../support/model-registry';
import { buildModelGraph, generateModelPaths } from '../support/paths';
import { TestProviders, WithFakes } from '../support/render-workflow';
import { settleInAct } from '../support/view-act';
import { recordViewSends } from '../support/view-sends';
import {
  expectPageHeading,
  navigateTo,
  performBy,
  type ViewDriver,
  type ViewStep,
  walkViewPath,
} from '../support/view-walk';

const t = i18n.getFixedT('ru');
const entry = getModelTestEntry('numbers');
const input = entry.input as { ban: string; params: NumbersParams };

/** What the list must show in a state, beyond `data-state` and the meta test ids. */
function expectTexts(state: AnyMachineSnapshot, broken: boolean, address: string | undefined) {
  const ctx = state.context as Ctx;
  // N8: busy once the answer is late (or with nothing on screen), or while the tab drawn is not the page on screen's;
  // a quick answer is drawn once: until then the list stays drawn as it was
  const slow = state.matches({ list: { loading: 'slow' } });
  const quiet = state.matches({ list: { loading: 'quiet' } });
  const drawn = ctx.drawn;
  const drawnElsewhere = ctx.shown !== null && numbersSearch(ctx.shown.params) !== numbersSearch(drawn);
  const busy = slow || (quiet && drawnElsewhere);
  const panel = screen.getByRole('tabpanel');
  expect(panel.getAttribute('aria-busy')).toBe(String(busy));
  const selected = screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true');
  expect(selected?.dataset.testid).toBe(`numbers-tab-${drawn.status}`);
  expect(panel.getAttribute('aria-labelledby')).toBe(`numbers-tab-${drawn.status}`);
  if (ctx.shown) {
    expect(screen.getByTestId('numbers-total').textContent).toBe(
      t('numbers.total', { count: ctx.shown.total }),
    );
    expect(screen.getAllByTestId('numbers-row').map((r) => r.dataset.sn)).toEqual(
      ctx.shown.rows.map((r) => r.sn),
    );
  } else {
    expect(screen.queryByTestId('numbers-total')).toBeNull();
  }
  const list = screen.getByTestId('numbers-list');
  expect(list.dataset.ready).toBe(String(state.matches({ list: 'ready' })));
  // N2, N8: the address says what the list asks for once it is drawn; while a page is quiet it may still say what is
  // drawn (a click's address follows its page)
  const at = (p: NumbersParams) => `/profile?${numbersSearch(p)}`;
  if (quiet) expect([at(drawn), at(ctx.params)]).toContain(address);
  else expect(address).toBe(at(ctx.params));
  expect(screen.queryByTestId('numbers-load-error') !== null).toBe(state.matches({ list: 'failed' }));
  const exporting = state.matches({ export: 'exporting' });
  const csv = screen.getByTestId('numbers-export-csv') as HTMLButtonElement;
  expect(broken ? false : csv.disabled).toBe(exporting);
  expect(screen.queryByText(t('numbers.exporting')) !== null).toBe(exporting);
  expect(screen.queryByTestId('numbers-export-error') !== null).toBe(state.matches({ export: 'failed' }));
}

/** The quiet load's end (N8), a delay on the actor system's clock. */
const QUIET_OVER = 'xstate.after.quietFor.numbers.list.loading.quiet';

function mount(options: { broken?: boolean; timeout?: number } = {}): ViewDriver {
  const deferred = createDeferredActors(numbersMachine);
  const location = memoryLocation({ path: `/profile?${numbersSearch(input.params)}`, record: true });
  const clock = new SimulatedClock();
  render(
    <TestProviders fakes={{ actor: { clock, inspect: recordViewSends } }}>
      <Router hook={location.hook}>
        <WithFakes fakes={{ numbers: numbersMachine.provide({ actors: deferred.actors }) }}>
          <NumbersList ban={input.ban} />
        </WithFakes>
      </Router>
    </TestProviders>,
  );
  const user = userEvent.setup();
  // what the list asks for as the walk asked it (a tab click when only the tab changes, else the address)
  let asked = input.params;
  const perform = performBy(
    {
      // a fact from the router: a tab click when only the tab changes, otherwise the URL itself (reload, Back)
      'params.changed': async (event: EventObject) => {
        const next = (event as NumbersEvent & { type: 'params.changed' }).params;
        const before = asked;
        asked = next;
        if (next.page === 1 && next.q === before.q && next.status !== before.status) {
          await user.click(screen.getByTestId(`numbers-tab-${next.status}`));
          // the click tells the chart (N8); the address follows the page drawn, and is no news for the chart
          return [event];
        }
        return navigateTo(location, `/profile?${numbersSearch(next)}`, event);
      },
      'list.retry': () =>
        user.click(
          within(screen.getByTestId('numbers-load-error')).getByRole('button', { name: t('app.retry') }),
        ),
      'list.refresh': () => user.click(screen.getByTestId('numbers-refresh')),
      // N8: a moment on the actor system's clock with the answer still out
      [QUIET_OVER]: () =>
        act(async () => {
          clock.increment(NUMBERS_QUIET_MS);
        }),
      'export.start': (event: EventObject) =>
        user.click(
          screen.getByTestId(`numbers-export-${(event as NumbersEvent & { type: 'export.start' }).format}`),
        ),
      'export.dismiss': () =>
        user.click(
          within(screen.getByTestId('numbers-export-error')).getByRole('button', { name: t('app.close') }),
        ),
    },
    settleInAct(deferred),
  );
  return {
    perform,
    busy: [
      {
        // a page of numbers is read: the read cannot be retried, and no page of the rows shown before asked; the
        // panel says it is busy (Refresh, a tab or a filter stay: the chart reads again, fresh, replacing the read)
        tag: 'busy',
        controls: () => [
          ...screen.queryAllByTestId('numbers-prev'),
          ...screen.queryAllByTestId('numbers-next'),
          ...screen.queryAllByRole('button', { name: t('app.retry') }),
        ],
        shown: () =>
          expect(
            screen.getByTestId('numbers-list').querySelector('.numbers__panel')?.getAttribute('aria-busy'),
          ).toBe('true'),
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(
        () => {
          expect(screen.getByTestId('numbers-list').dataset.state).toBe(step.expected.dataState);
          expectPageHeading(t('numbers.title'), 2);
          for (const id of step.expected.testIds) expect(screen.getByTestId(id)).toBeTruthy();
          expectTexts(step.state, options.broken === true, location.history?.at(-1));
        },
        { timeout: options.timeout ?? 1000 },
      ),
  };
}

const paths = generateModelPaths(buildModelGraph(numbersMachine, entry));

afterEach(cleanup);

describe('numbers list view walk', () => {
  it('has paths to walk', () => {
    expect(paths.length).toBeGreaterThan(3);
  });

  it.each(paths.map((p) => [p.description, p] as const))('shows each state along %s', async (_, path) => {
    const steps = await walkViewPath(numbersMachine, path, mount());
    expect(steps).toBe(path.steps.length - 1);
  });

  it('catches export buttons that stay enabled while a file is being built', async () => {
    const toExporting = paths.find((p) => p.steps.some((s) => s.state.matches({ export: 'exporting' })));
    expect(toExporting).toBeDefined();
    if (!toExporting) return;
    await expect(
      walkViewPath(numbersMachine, toExporting, mount({ broken: true, timeout: 200 })),
    ).rejects.toThrow(/view did not show .*export\.exporting/);
  });
});
