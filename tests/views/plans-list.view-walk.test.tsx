// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type AnyMachineSnapshot, type EventObject, getInitialSnapshot, getNextSnapshot } from 'xstate';
import { i18n } from '@/i18n/i18n';
import { formatErrorMessage } from '@/i18n/messages';
import { type PlanRow, type PlansPage, plansListMachine } from '@/machines/plans-list.machine';
import { PlansListContext } from '@/views/plans/plans.context';
import { PlansListView } from '@/views/plans/plans.view';
import { refusedStatus } from '../machines/oracles/plans-list.oracle';
import {
  ALL_PLANS,
  noPlans,
  pastPlans,
  plansListModelEntry,
  plansPage,
} from '../machines/plans-list.payloads';
import { createDeferredActors } from '../support/fake-actors';
import { buildModelGraph, generateModelPaths, type MachinePath } from '../support/paths';
import { NBSP, shownSn } from '../support/phone-text';
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
type Params = { status: string; page: number };
const INPUT = plansListModelEntry.input;

/**
 * The cells of the payloads' plans as a reader of the list expects them, written here from SP1/SP6/SP9 and
 * the portal's formats (Tashkent time `dd.mm.yyyy hh:mm`, `+998 90 123 45 67`, counts and sums grouped with no-break
 * spaces, a paid block's price with two decimals a month, role names), not from the view's code.
 */
const EXPECTED_CELLS: Record<number, Record<string, string>> = {
  41: {
    what: 'Блокировка',
    target: `${shownSn('901234501')}, ${shownSn('901234577')}`,
    when: '12.12.2026 00:00',
    status: 'Запланировано',
    who: 'kurator01 (Куратор)',
    key: '7A2F 19C3',
    price: `15${NBSP}000,00${NBSP}сум в месяц за номер`,
  },
  40: {
    what: 'Разблокировка',
    target: `Лицевой счёт 100200300 (1${NBSP}204 номера)`,
    when: '10.12.2026 09:00',
    status: 'Запланировано',
    who: 'key.owner (Владелец ключа ЭЦП)',
    key: '—',
    price: '—',
  },
  37: {
    what: 'Блокировка',
    target: `${shownSn('901234501')}, ${shownSn('901234502')}, ${shownSn('901234503')}`,
    when: '02.12.2026 00:00',
    status: `Выполнено частично; не выполнено: ${shownSn('901234503')}`,
    who: 'kurator01 (Куратор)',
    key: '7A2F 19C3',
    price: `15${NBSP}000,00${NBSP}сум в месяц за номер`,
  },
  35: {
    what: 'Блокировка',
    target: shownSn('901234588'),
    when: '01.12.2026 00:00',
    status: 'Не выполнено: изменилась стоимость блокировки',
    who: 'kurator01 (Куратор)',
    key: '7A2F 19C3',
    price: `12${NBSP}000,00${NBSP}сум в месяц за номер`,
  },
  33: {
    what: 'Разблокировка',
    target: shownSn('901234599'),
    when: '29.11.2026 14:00',
    status: `Не выполнено: ${formatErrorMessage(t, 'E005')}`,
    who: 'key.owner (Владелец ключа ЭЦП)',
    key: '0B11 44D2',
    price: '—',
  },
  30: {
    what: 'Блокировка',
    target: 'Лицевой счёт 100200300 (1 номер)',
    when: '28.11.2026 00:00',
    status: 'Отменено',
    who: 'kurator01 (Куратор)',
    key: '7A2F 19C3',
    price: `15${NBSP}000,00${NBSP}сум в месяц за номер`,
  },
};

/** The count line of the payloads' totals (ru: one / few / many). */
const COUNT_TEXT: Record<number, string> = { 26: '26 действий', 4: '4 действия' };

/** SP1: a plan waits for its day until it is cancelled; only those are cancelled (SP7), by the curator or key owner. */
const SCHEDULED = new Set([41, 40]);

const CANCEL_TEXT = (id: number) => {
  const c = EXPECTED_CELLS[id] as Record<string, string>;
  return `${c.what}: ${c.target}, ${c.when} (Ташкент). После отмены действие не будет выполнено; отмена записывается в журнал действий.`;
};

const codeOf = (error: unknown) => (error as { code?: string }).code ?? 'unknown';

interface Seen {
  answered: PlansPage | null;
  cancelled: Set<number>;
  error: unknown;
  cancelError: unknown;
}

function expectTexts(state: AnyMachineSnapshot, seen: Seen) {
  const leaf = state.value as string;
  const table = ['ready', 'confirming', 'cancelling', 'cancelFailed'].includes(leaf);
  if (table && seen.answered) {
    for (const r of seen.answered.rows) {
      const expected = { ...EXPECTED_CELLS[r.id] };
      if (seen.cancelled.has(r.id)) expected.status = 'Отменено';
      for (const [column, text] of Object.entries(expected))
        expect(screen.getByTestId(`plan-${r.id}-${column}`).textContent, `${r.id} ${column}`).toBe(text);
      const offered = INPUT.canCancel && SCHEDULED.has(r.id) && !seen.cancelled.has(r.id);
      const button = screen.queryByTestId(`plan-${r.id}-cancel`) as HTMLButtonElement | null;
      expect(button !== null, `Cancel on ${r.id}`).toBe(offered);
      if (button) {
        expect(button.textContent).toBe('Отменить');
        expect(button.disabled).toBe(leaf !== 'ready');
      }
    }
    expect(within(screen.getByTestId('plans-table')).getAllByRole('row')).toHaveLength(
      seen.answered.rows.length + 1,
    );
    expect(screen.getByTestId('plans-count').textContent).toBe(COUNT_TEXT[seen.answered.total]);
  }
  expect(screen.queryByTestId('plans-table') !== null).toBe(table);
  if (leaf === 'empty')
    expect(screen.getByTestId('plans-empty').textContent).toBe('Запланированных действий нет.');
  if (leaf === 'failed')
    expect(screen.getByTestId('plans-failed').textContent).toContain(
      formatErrorMessage(t, codeOf(seen.error)),
    );
  if (leaf === 'invalid') {
    expect(refusedStatus(state.context.params)).toBe(true);
    expect(screen.getByTestId('error-status').textContent).toBe('Такого статуса нет');
    expect(screen.getByTestId('plans-problem').textContent).toBe('Поля заполнены неверно');
  } else expect(screen.queryByTestId('error-status')).toBeNull();
  // the dialog names the plan; busy while sent; its error with the way to load the list again
  const id = state.context.cancelId as number | null;
  if (leaf === 'confirming' || leaf === 'cancelling') {
    const dialog = screen.getByTestId('plans-cancel-confirm');
    expect(within(dialog).getByTestId('plans-cancel-text').textContent).toBe(CANCEL_TEXT(id as number));
    expect(within(dialog).getByRole('heading').textContent).toBe('Отменить запланированное действие?');
    expect(screen.getByTestId('plans-cancel-ok').textContent).toBe(
      leaf === 'cancelling' ? 'Отменяем…' : 'Отменить действие',
    );
    expect(screen.getByTestId('plans-cancel-cancel').textContent).toBe('Не отменять');
  } else expect(screen.queryByTestId('plans-cancel-confirm')).toBeNull();
  if (leaf === 'cancelFailed') {
    const code = codeOf(seen.cancelError);
    expect(screen.getByTestId('plans-cancel-error-text').textContent).toBe(
      code === 'E144'
        ? 'План уже начал выполняться или отменён: отменить его нельзя.'
        : formatErrorMessage(t, code),
    );
    expect(screen.getByTestId('plans-cancel-dismiss').textContent).toBe('Обновить список');
  } else expect(screen.queryByTestId('plans-cancel-error')).toBeNull();
  expect(screen.getByTestId('plans-back').getAttribute('href')).toBe('/profile');
}

const urlOf = (p: Params) => {
  const q = new URLSearchParams();
  if (p.status !== '') q.set('status', p.status);
  if (p.page !== 1) q.set('page', String(p.page));
  const s = q.toString();
  return s === '' ? '/profile/plans' : `/profile/plans?${s}`;
};

function mount(): ViewDriver {
  const deferred = createDeferredActors(plansListMachine);
  const location = memoryLocation({ path: urlOf(ALL_PLANS), record: true });
  const seen: Seen = { answered: null, cancelled: new Set(), error: null, cancelError: null };
  render(
    <I18nextProvider i18n={i18n}>
      <Router hook={location.hook}>
        <TestProviders>
          <PlansListContext.Provider
            logic={plansListMachine.provide({ actors: deferred.actors })}
            input={INPUT}
          >
            <PlansListView />
          </PlansListContext.Provider>
        </TestProviders>
      </Router>
    </I18nextProvider>,
  );
  const user = userEvent.setup();
  const settle = settleInAct(deferred);
  const perform = performBy(
    {
      // a status as a user picks it (the select, page 1); a page, a dialog over the page or a typed status by address
      'params.changed': async (e) => {
        const p = (e as EventObject & { params: Params }).params;
        const select = screen.getByTestId('plans-status') as HTMLSelectElement;
        const dialog = screen.queryByRole('dialog');
        if (p.page === 1 && dialog === null && [...select.options].some((o) => o.value === p.status))
          return user.selectOptions(select, p.status);
        return act(() => location.navigate(urlOf(p)));
      },
      retry: () =>
        user.click(
          within(screen.getByTestId('plans-failed')).getByRole('button', { name: t('common.retry') }),
        ),
      // a plan without a Cancel (started, cancelled) cannot be asked: the page sends nothing
      'plan.cancel': async (e) => {
        const button = screen.queryByTestId(`plan-${(e as EventObject & { id: number }).id}-cancel`);
        if (button === null) return [];
        await user.click(button);
      },
      'status.confirm': () => user.click(screen.getByTestId('plans-cancel-ok')),
      'status.cancel': () => user.click(screen.getByTestId('plans-cancel-cancel')),
      'status.dismiss': () => user.click(screen.getByTestId('plans-cancel-dismiss')),
    },
    (event: EventObject) => {
      if (event.type === 'xstate.done.actor.fetchPlans') {
        seen.answered = (event as { output?: PlansPage }).output ?? null;
        seen.cancelled.clear();
      }
      if (event.type === 'xstate.error.actor.fetchPlans') seen.error = (event as { error?: unknown }).error;
      if (event.type === 'xstate.done.actor.cancelPlan')
        seen.cancelled.add(((event as { output?: PlanRow }).output as PlanRow).id);
      if (event.type === 'xstate.error.actor.cancelPlan')
        seen.cancelError = (event as { error?: unknown }).error;
      return settle(event);
    },
  );
  return {
    perform,
    busy: [
      {
        // the page of plans is read: no other page can be asked nor the read retried; the page says it loads
        tag: 'busy',
        when: (s) => s.matches('loading'),
        controls: () => [
          ...screen.queryAllByTestId('plans-prev'),
          ...screen.queryAllByTestId('plans-next'),
          ...screen.queryAllByRole('button', { name: t('common.retry') }),
        ],
        shown: () => {
          const loading = screen.getByTestId('plans-loading');
          expect(loading.getAttribute('aria-busy')).toBe('true');
          expect(loading.textContent).toBe('Загрузка запланированных действий…');
        },
      },
      {
        // the cancel is sent: neither it nor another can be sent again, nor the dialog left
        tag: 'busy',
        when: (s) => s.matches('cancelling'),
        controls: () => [
          screen.getByTestId('plans-cancel-ok'),
          screen.getByTestId('plans-cancel-cancel'),
          ...screen.queryAllByTestId(/^plan-\d+-cancel$/),
        ],
        shown: () => expect(screen.getByTestId('plans-cancel-ok').getAttribute('aria-busy')).toBe('true'),
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(() => {
        expect(screen.getByTestId('page-plansList').dataset.state).toBe(step.expected.dataState);
        expectPageHeading('Запланированные действия');
        for (const id of step.expected.testIds) expect(screen.getByTestId(id)).toBeTruthy();
        expectTexts(step.state, seen);
      }),
  };
}

const same = (a: Params, b: Params) => a.status === b.status && a.page === b.page;
const paramsOf = (e: EventObject) => (e as EventObject & { params: Params }).params;

/**
 * Generated paths as the page lives them: it reads its URL (every status, page 1) on mount, so a walk starts after
 * that first fact; and the router reports a change only, so a path that "changes" the URL to what it already says is
 * not one a user can walk.
 */
const paths: readonly MachinePath[] = generateModelPaths(
  buildModelGraph(plansListMachine, plansListModelEntry),
)
  .filter((p) => {
    const first = p.steps[1]?.event;
    if (first?.type !== 'params.changed' || !same(paramsOf(first), ALL_PLANS)) return false;
    let current = paramsOf(first);
    for (const s of p.steps.slice(2))
      if (s.event.type === 'params.changed') {
        if (same(paramsOf(s.event), current)) return false;
        current = paramsOf(s.event);
      }
    return true;
  })
  .map((p) => ({
    ...p,
    steps: [{ event: { type: 'xstate.init' }, state: p.steps[1]?.state }, ...p.steps.slice(2)],
  })) as MachinePath[];

/** A path of the real machine from the first URL on: both plans cancelled, past plans only, then a refused status. */
function scripted(events: readonly EventObject[]): MachinePath {
  const initial = getInitialSnapshot(plansListMachine, INPUT);
  let state = getNextSnapshot(plansListMachine, initial, { type: 'params.changed', params: ALL_PLANS });
  const steps = [{ event: { type: 'xstate.init' }, state }];
  for (const event of events) {
    state = getNextSnapshot(plansListMachine, state, event as never);
    steps.push({ event, state });
  }
  return { steps } as unknown as MachinePath;
}
const fetched = (output: PlansPage) => ({ type: 'xstate.done.actor.fetchPlans', output });
const changed = (params: Params) => ({ type: 'params.changed', params }) as EventObject;
const scenarios: readonly MachinePath[] = [
  scripted([
    fetched(plansPage),
    { type: 'plan.cancel', id: 40 } as EventObject,
    { type: 'status.confirm' },
    {
      type: 'xstate.done.actor.cancelPlan',
      output: { ...(plansPage.rows[1] as PlanRow), status: 'cancelled' },
    } as EventObject,
    changed({ status: 'done', page: 1 }),
    fetched(pastPlans),
    changed({ status: 'later', page: 1 }),
    changed({ status: '', page: 2 }),
    fetched(noPlans),
  ]),
];
const walked = [...paths, ...scenarios];

afterEach(cleanup);

describe('plans list view walk', () => {
  it('walks paths that together show every state the page reaches (idle passes on mount)', () => {
    const seen = new Set(walked.flatMap((p) => p.steps.map((s) => s.state.value as string)));
    const all = [
      'invalid',
      'loading',
      'ready',
      'empty',
      'failed',
      'confirming',
      'cancelling',
      'cancelFailed',
    ];
    expect(all.filter((s) => !seen.has(s))).toEqual([]);
  });

  it.each(walked.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i shows each state along %s',
    async (_, __, path) => {
      const steps = await walkViewPath(plansListMachine, path, mount());
      expect(steps).toBe(path.steps.length - 1);
    },
  );
});
