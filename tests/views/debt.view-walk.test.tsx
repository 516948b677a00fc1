// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type AnyMachineSnapshot, createActor, type EventObject } from 'xstate';
import { formatSum } from '@/domain/money.rules';
import { i18n } from '@/i18n/i18n';
import { type DebtContext as Ctx, type DebtEvent, debtMachine } from '@/machines/debt.machine';
import { debtSearch } from '@/views/debt/debt.url';
import { DebtControlPage } from '@/views/debt/debt-control.view';
import {
  debtInput,
  debtModelEntry,
  debtPage,
  filteredParams,
  noSession,
  notOverdue,
  offline,
  paxtaRow,
  sentNotice,
  unsentNotice,
} from '../machines/debt.payloads';
import { createDeferredActors } from '../support/fake-actors';
import { buildModelGraph, generateModelPaths, type MachinePath } from '../support/paths';
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

/** What the page must show in a state, beyond `data-state` and the meta test ids. */
function expectTexts(state: AnyMachineSnapshot, broken: boolean) {
  const ctx = state.context as Ctx;
  const page = screen.getByTestId('debt-page');
  expect(page.dataset.ready).toBe(String(state.matches({ list: 'ready' })));
  if (ctx.shown) {
    expect(screen.getByTestId('debt-total').textContent).toBe(
      t('debt.total', { count: ctx.shown.total, sum: formatSum(ctx.shown.totalDebt) }),
    );
    const header = screen.getByTestId(`debt-sort-${ctx.params.sort}`).closest('th');
    expect(header?.getAttribute('aria-sort')).toBe(ctx.params.dir === 'asc' ? 'ascending' : 'descending');
    for (const r of ctx.shown.rows) {
      const row = screen.getByTestId(`debt-row-${r.ban}`);
      expect(row.textContent).toContain(r.company);
      expect(row.textContent).toContain(r.sent ? t('debt.sentMark') : t('debt.pendingMark'));
    }
  }
  expect(screen.queryByTestId('debt-load-error') !== null).toBe(state.matches({ list: 'failed' }));
  const exporting = state.matches({ export: 'exporting' });
  const csv = screen.getByTestId('debt-export-csv') as HTMLButtonElement;
  expect(broken ? false : csv.disabled).toBe(exporting);
  expect(screen.queryByTestId('debt-export-error') !== null).toBe(state.matches({ export: 'failed' }));
  const closed = state.matches({ notice: 'closed' });
  expect(screen.queryByTestId('debt-notice') === null).toBe(closed);
  if (ctx.notice) {
    expect(screen.getByTestId('debt-notice-ru').textContent).toContain(ctx.notice.text.ru[0]);
    expect(screen.getByTestId('debt-notice-uz').textContent).toContain(ctx.notice.text.uz[0]);
    expect(screen.queryByTestId('debt-notice-sent') !== null).toBe(ctx.notice.sent !== null);
  }
  const failed = ['loadFailed', 'markFailed', 'downloadFailed'].some((s) => state.matches({ notice: s }));
  expect(screen.queryByTestId('debt-notice-error') !== null).toBe(failed);
}

function mount(options: { broken?: boolean; timeout?: number } = {}): ViewDriver {
  const deferred = createDeferredActors(debtMachine);
  const location = memoryLocation({ path: `/debt-control?${debtSearch(debtInput.params)}`, record: true });
  render(
    <I18nextProvider i18n={i18n}>
      <Router hook={location.hook}>
        <TestProviders fakes={{ debt: debtMachine.provide({ actors: deferred.actors }) }}>
          <DebtControlPage />
        </TestProviders>
      </Router>
    </I18nextProvider>,
  );
  const user = userEvent.setup();
  const noticeError = () => within(screen.getByTestId('debt-notice-error'));
  const failedRetry = () => {
    const error = screen.queryByTestId('debt-notice-error');
    return error ? within(error).queryByRole('button', { name: t('app.retry') }) : null;
  };
  const perform = performBy(
    {
      // a fact from the router: the URL itself (filter form, header click, reload, Back)
      'params.changed': (event: EventObject) => {
        const next = (event as DebtEvent & { type: 'params.changed' }).params;
        return navigateTo(location, `/debt-control?${debtSearch(next)}`, event);
      },
      'list.retry': () =>
        user.click(
          within(screen.getByTestId('debt-load-error')).getByRole('button', { name: t('app.retry') }),
        ),
      'list.refresh': () => user.click(screen.getByTestId('debt-refresh')),
      'notice.open': (event: EventObject) =>
        user.click(screen.getByTestId(`debt-open-${(event as DebtEvent & { type: 'notice.open' }).ban}`)),
      'notice.close': () => user.click(screen.getByTestId('debt-notice-close')),
      'notice.retry': () => user.click(noticeError().getByRole('button', { name: t('app.retry') })),
      // after a failed mark or download, the error's retry is what tries that call again (the button it failed from
      // is walked from the states before the failure)
      'notice.markSent': () => user.click(failedRetry() ?? screen.getByTestId('debt-mark-sent')),
      'notice.download': () => user.click(failedRetry() ?? screen.getByTestId('debt-download')),
      'export.start': (event: EventObject) =>
        user.click(
          screen.getByTestId(`debt-export-${(event as DebtEvent & { type: 'export.start' }).format}`),
        ),
      'export.dismiss': () =>
        user.click(
          within(screen.getByTestId('debt-export-error')).getByRole('button', { name: t('app.close') }),
        ),
    },
    settleInAct(deferred),
  );
  return {
    perform,
    busy: [
      {
        // a page of debtors is read: no page of the rows shown before can be asked nor the read retried; the table
        // (or the loading line) says it is busy
        tag: 'busy',
        controls: () => [
          ...screen.queryAllByTestId('debt-list-prev'),
          ...screen.queryAllByTestId('debt-list-next'),
          ...(screen.queryByTestId('debt-load-error')
            ? within(screen.getByTestId('debt-load-error')).queryAllByRole('button')
            : []),
        ],
        shown: () => expect(screen.getByTestId('debt-table').getAttribute('aria-busy')).toBe('true'),
      },
      {
        // the notice is read: its read is not retried; the panel says it loads (another account's notice may be
        // opened instead: the chart reads that one)
        tag: 'noticeBusy',
        when: (state) => state.matches({ notice: 'loading' }),
        controls: () =>
          within(screen.getByTestId('debt-notice')).queryAllByRole('button', { name: t('app.retry') }),
        shown: () =>
          expect(
            within(screen.getByTestId('debt-notice'))
              .getByText(t('debt.notice.loading'))
              .getAttribute('aria-busy'),
          ).toBe('true'),
      },
      {
        // the notice is marked as sent, or its PDF downloaded: neither can be asked again, the panel not closed and
        // no other account's notice opened (the chart ignores both meanwhile); the button says what runs
        tag: 'noticeBusy',
        when: (state) => state.matches({ notice: 'marking' }) || state.matches({ notice: 'downloading' }),
        controls: () => [
          ...within(screen.getByTestId('debt-notice')).queryAllByRole('button'),
          ...document.querySelectorAll('[data-testid^="debt-open-"]'),
        ],
        shown: () => {
          const marking = screen.getByTestId('debt-notice').dataset.phase === 'marking';
          const button = screen.getByTestId(marking ? 'debt-mark-sent' : 'debt-download');
          expect(button.getAttribute('aria-busy')).toBe('true');
          expect(button.textContent).toBe(t(marking ? 'debt.notice.marking' : 'debt.notice.downloading'));
        },
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(
        () => {
          expect(screen.getByTestId('debt-page').dataset.state).toBe(step.expected.dataState);
          expectPageHeading(t('debt.title'));
          for (const id of step.expected.testIds) expect(screen.getByTestId(id)).toBeTruthy();
          expectTexts(step.state, options.broken === true);
        },
        { timeout: options.timeout ?? 1000 },
      ),
  };
}

/** A path of the real machine for a scripted sequence of events (snapshots from an actor with idle fakes). */
function scripted(events: readonly (EventObject & Record<string, unknown>)[]): MachinePath {
  const actor = createActor(debtMachine.provide({ actors: neverSettlingActors(debtMachine) }), {
    input: debtInput,
  }).start();
  const first = actor.getSnapshot();
  const steps = [{ event: { type: 'xstate.init' }, state: first }];
  for (const event of events) {
    actor.send(event as DebtEvent);
    steps.push({ event, state: actor.getSnapshot() });
  }
  actor.stop();
  return { state: steps.at(-1)?.state ?? first, steps, weight: steps.length } as MachinePath;
}

const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

/** The operator's day, end to end, and every failure with its retry. */
const scenarios: readonly MachinePath[] = [
  scripted([
    done('fetchDebts', debtPage),
    { type: 'notice.open', ban: paxtaRow.ban },
    done('fetchNotice', unsentNotice),
    { type: 'notice.markSent' },
    fail('markNoticeSent', offline),
    { type: 'notice.markSent' },
    done('markNoticeSent', sentNotice),
    { type: 'notice.download' },
    // an expired session offers no retry: the download button again; a dropped line offers the retry
    fail('downloadNotice', noSession),
    { type: 'notice.download' },
    fail('downloadNotice', offline),
    { type: 'notice.download' },
    done('downloadNotice'),
    { type: 'notice.close' },
  ]),
  scripted([
    fail('fetchDebts', offline),
    { type: 'list.retry' },
    done('fetchDebts', debtPage),
    { type: 'notice.open', ban: paxtaRow.ban },
    fail('fetchNotice', notOverdue),
    { type: 'notice.retry' },
    done('fetchNotice', sentNotice),
    { type: 'export.start', format: 'csv' },
    fail('exportDebts', offline),
    { type: 'export.dismiss' },
    { type: 'export.start', format: 'xlsx' },
    done('exportDebts'),
    { type: 'params.changed', params: filteredParams },
    done('fetchDebts', debtPage),
    { type: 'list.refresh' },
    done('fetchDebts', debtPage),
  ]),
];

/** Whether a user can make the event happen in that state: a notice is opened from a row (only once a page is on
 *  screen) and closed from its panel (only while one is open). */
function performable(event: EventObject, before: AnyMachineSnapshot | undefined): boolean {
  if (event.type === 'notice.open') return (before?.context as Ctx | undefined)?.shown != null;
  if (event.type === 'notice.close') return before?.matches({ notice: 'closed' }) === false;
  return true;
}

/** Generated paths a user can walk. */
const generated = generateModelPaths(buildModelGraph(debtMachine, debtModelEntry)).filter((p) =>
  p.steps.every((s, i) => i === 0 || performable(s.event, p.steps[i - 1]?.state)),
);
const paths: readonly MachinePath[] = [...scenarios, ...generated];

afterEach(cleanup);

describe('debt-control view walk', () => {
  it('walks paths that together show every state of the chart', () => {
    const seen = new Set(
      paths.flatMap((p) => p.steps.flatMap((s) => [s.state.value]).map((v) => JSON.stringify(v))),
    );
    const leaves = new Set(
      [...seen].flatMap((v) => Object.entries(JSON.parse(v)).map(([r, l]) => `${r}.${l}`)),
    );
    const all = ['list', 'notice', 'export'].flatMap((r) =>
      Object.keys(debtMachine.root.states[r]?.states ?? {}).map((l) => `${r}.${l}`),
    );
    expect(all.filter((l) => !leaves.has(l))).toEqual([]);
    expect(generated.length).toBeGreaterThan(3);
  });

  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i shows each state along %s',
    async (_, __, path) => {
      const steps = await walkViewPath(debtMachine, path, mount());
      expect(steps).toBe(path.steps.length - 1);
    },
  );

  it('catches export buttons that stay enabled while a file is being built', async () => {
    const toExporting = paths.find((p) => p.steps.some((s) => s.state.matches({ export: 'exporting' })));
    expect(toExporting).toBeDefined();
    if (!toExporting) return;
    await expect(
      walkViewPath(debtMachine, toExporting, mount({ broken: true, timeout: 200 })),
    ).rejects.toThrow(/view did not show .*export\.exporting/);
  });
});
