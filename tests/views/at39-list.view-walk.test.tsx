// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type AnyMachineSnapshot, createActor, type EventObject } from 'xstate';
import { formatPhone } from '@/domain/phone.rules';
import { i18n } from '@/i18n/i18n';
import {
  type At39ListEvent,
  at39ListMachine,
  type At39ListContext as Ctx,
} from '@/machines/at39-list.machine';
import { at39Search } from '@/views/at39/at39.url';
import { At39ListPage } from '@/views/at39/at39-list.view';
import {
  at39ListModelEntry,
  comments,
  filteredListParams,
  listInput,
  listPage,
  offline,
} from '../machines/at39.payloads';
import { createDeferredActors } from '../support/fake-actors';
import { buildModelGraph, generateModelPaths, type MachinePath } from '../support/paths';
import { onScreen } from '../support/phone-text';
import { TestProviders } from '../support/render-workflow';
import { neverSettlingActors } from '../support/replay';
import { settleInAct } from '../support/view-act';
import {
  expectPageHeading,
  navigateTo,
  performBy,
  type ViewDriver,
  type ViewStep,
  walkViewPath,
} from '../support/view-walk';

const t = i18n.getFixedT('ru');

/** What the list page must show in a state, beyond `data-state` and the meta test ids. */
function expectTexts(state: AnyMachineSnapshot) {
  const ctx = state.context as Ctx;
  const page = screen.getByTestId('at39-list-page');
  expect(page.dataset.ready).toBe(String(state.matches({ list: 'ready' })));
  if (ctx.shown) {
    expect(screen.getByTestId('at39-total').textContent).toBe(t('at39.total', { count: ctx.shown.total }));
    for (const r of ctx.shown.rows) {
      const row = screen.getByTestId(`at39-row-${r.registrationId}`);
      expect(row.textContent).toContain(r.clientName);
      expect(row.textContent).toContain(onScreen(formatPhone(r.phoneNumber)));
      if (r.status) expect(row.textContent).toContain(t(`at39.status.${r.status}`));
    }
    // 20 a page: the pages of the total, the URL's page current
    expect(screen.getByTestId('at39-page').textContent).toBe(
      t('common.pagination.page', { page: ctx.params.page, pages: Math.ceil(ctx.shown.total / 20) }),
    );
  }
  expect(screen.queryByTestId('at39-list-error') !== null).toBe(state.matches({ list: 'failed' }));
  expect(screen.queryByRole('dialog') === null).toBe(state.matches({ comments: 'closed' }));
  if (ctx.comments)
    for (const c of ctx.comments) expect(screen.getByRole('dialog').textContent).toContain(c.text);
  expect(screen.queryByTestId('at39-comments-error') !== null).toBe(state.matches({ comments: 'failed' }));
  const stats = screen.getByTestId('at39-statistics') as HTMLButtonElement;
  expect(stats.disabled).toBe(state.matches({ statistics: 'downloading' }));
  expect(screen.queryByTestId('at39-statistics-error') !== null).toBe(
    state.matches({ statistics: 'failed' }),
  );
}

function mount(): ViewDriver {
  const deferred = createDeferredActors(at39ListMachine);
  const location = memoryLocation({
    path: `/at39-registration?${at39Search(listInput.params)}`,
    record: true,
  });
  render(
    <I18nextProvider i18n={i18n}>
      <Router hook={location.hook}>
        <TestProviders fakes={{ at39List: at39ListMachine.provide({ actors: deferred.actors }) }}>
          <At39ListPage />
        </TestProviders>
      </Router>
    </I18nextProvider>,
  );
  const user = userEvent.setup();
  const perform = performBy(
    {
      // a fact from the router: the URL itself (filters, page buttons, reload, Back)
      'params.changed': (event: EventObject) => {
        const next = (event as Extract<At39ListEvent, { type: 'params.changed' }>).params;
        return navigateTo(location, `/at39-registration?${at39Search(next)}`, event);
      },
      'list.retry': () => user.click(screen.getByTestId('at39-list-error-retry')),
      'comments.open': (event: EventObject) =>
        user.click(
          screen.getByTestId(
            `at39-comments-${(event as Extract<At39ListEvent, { type: 'comments.open' }>).registrationId}`,
          ),
        ),
      'comments.close': () =>
        user.click(within(screen.getByRole('dialog')).getByRole('button', { name: t('app.close') })),
      'comments.retry': () => user.click(screen.getByTestId('at39-comments-error-retry')),
      'statistics.download': () => user.click(screen.getByTestId('at39-statistics')),
      'statistics.dismiss': () =>
        user.click(
          within(screen.getByTestId('at39-statistics-error')).getByRole('button', { name: t('app.close') }),
        ),
    },
    settleInAct(deferred),
  );
  return {
    perform,
    busy: [
      {
        // the page of registrations is read: no other page of the rows shown before can be asked, nor the read
        // retried; the table (or the loading line) says it is busy
        tag: 'busy',
        controls: () => [
          ...screen.queryAllByTestId('at39-prev'),
          ...screen.queryAllByTestId('at39-next'),
          ...screen.queryAllByRole('button', { name: t('app.retry') }).filter((b) => !b.closest('dialog')),
        ],
        shown: () => expect(screen.getByTestId('at39-table').getAttribute('aria-busy')).toBe('true'),
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(() => {
        expect(screen.getByTestId('at39-list-page').dataset.state).toBe(step.expected.dataState);
        expectPageHeading(t('at39.title'));
        for (const id of step.expected.testIds) expect(screen.getAllByTestId(id).length).toBeGreaterThan(0);
        expectTexts(step.state);
      }),
  };
}

/** Comments open from a row (only once a page is on screen) and close from their dialog (only while open). */
function performable(event: EventObject, before: AnyMachineSnapshot | undefined): boolean {
  if (event.type === 'comments.open') return (before?.context as Ctx | undefined)?.shown != null;
  if (event.type === 'comments.close') return before?.matches({ comments: 'closed' }) === false;
  return true;
}

/** A path of the real machine for a scripted sequence of events (snapshots from an actor with idle fakes). */
function scripted(events: readonly (EventObject & Record<string, unknown>)[]): MachinePath {
  const actor = createActor(at39ListMachine.provide({ actors: neverSettlingActors(at39ListMachine) }), {
    input: listInput,
  }).start();
  const first = actor.getSnapshot();
  const steps = [{ event: { type: 'xstate.init' }, state: first }];
  for (const event of events) {
    actor.send(event as At39ListEvent);
    steps.push({ event, state: actor.getSnapshot() });
  }
  actor.stop();
  return { state: steps.at(-1)?.state ?? first, steps, weight: steps.length } as MachinePath;
}

/** The list, a registration's comments (failing once, then shown), closed; then another page. */
const scenarios: readonly MachinePath[] = [
  scripted([
    { type: 'xstate.done.actor.fetchRegistrations', output: listPage },
    { type: 'comments.open', registrationId: '501' },
    { type: 'xstate.error.actor.fetchComments', error: offline },
    { type: 'comments.retry' },
    { type: 'xstate.done.actor.fetchComments', output: comments },
    { type: 'comments.close' },
    { type: 'params.changed', params: filteredListParams },
    { type: 'xstate.done.actor.fetchRegistrations', output: listPage },
  ]),
];

const generated: readonly MachinePath[] = generateModelPaths(
  buildModelGraph(at39ListMachine, at39ListModelEntry),
).filter((p) => p.steps.every((s, i) => i === 0 || performable(s.event, p.steps[i - 1]?.state)));

const paths: readonly MachinePath[] = [...scenarios, ...generated];

afterEach(cleanup);

describe('AT 39 list view walk', () => {
  it('walks paths that together show every state of the chart', () => {
    const leaves = new Set(
      paths.flatMap((p) =>
        p.steps.flatMap((s) =>
          Object.entries(s.state.value as Record<string, string>).map(([r, l]) => `${r}.${l}`),
        ),
      ),
    );
    const all = ['list', 'comments', 'statistics'].flatMap((r) =>
      Object.keys(at39ListMachine.root.states[r]?.states ?? {}).map((l) => `${r}.${l}`),
    );
    expect(all.filter((l) => !leaves.has(l))).toEqual([]);
  });

  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i shows each state along %s',
    async (_, __, path) => {
      const steps = await walkViewPath(at39ListMachine, path, mount());
      expect(steps).toBe(path.steps.length - 1);
    },
  );
});
