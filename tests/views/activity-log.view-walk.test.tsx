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
import { type ActivityPage, activityLogMachine } from '@/machines/activity-log.machine';
import { ActivityLogContext } from '@/views/activity/activity.context';
import { ActivityLogView } from '@/views/activity/activity.view';
import { activityLogModelEntry, activityPage, NOVEMBER, noActivity } from '../machines/activity-log.payloads';
import { refusedFilter } from '../machines/oracles/activity-log.oracle';
import { createDeferredActors } from '../support/fake-actors';
import { buildModelGraph, generateModelPaths, type MachinePath } from '../support/paths';
import { shownSn } from '../support/phone-text';
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
type Params = { from: string; to: string; type: string; user: string; page: number };

/**
 * The cells of the payloads' entries as a reader of the log expects them, written here from AL2/AL3 and the portal's
 * formats (Tashkent time `dd.mm.yyyy hh:mm`, `+998 90 123 45 67`, role names), not from the view's code.
 */
const EXPECTED_CELLS: Record<number, Record<string, string>> = {
  310: {
    when: '28.11.2026 00:30',
    who: 'kurator01 (Куратор)',
    action: 'Блокировка',
    targets: `${shownSn('901234501')}, ${shownSn('901234577')}`,
    result: `Выполнено частично; не выполнено: ${shownSn('901234577')}`,
    key: '7A2F 19C3',
    request: 'req-8f1c2a',
  },
  305: {
    when: '20.11.2026 11:05',
    who: 'Сотрудник оператора (Служба поддержки), в кабинете компании',
    action: 'Сотрудник вошёл в кабинет компании',
    targets: 'Лицевой счёт 100200300',
    result: 'Выполнено',
    key: '—',
    request: 'req-77aa01',
  },
  300: {
    when: '20.11.2026 00:00',
    who: 'Система (по расписанию)',
    action: 'Выполнено запланированное действие',
    targets: 'План № 12',
    result: 'Не выполнено',
    key: '—',
    request: '',
  },
};

/** What each refused filter says at its field (AL4), in the spec's words where it has them. */
const PROBLEM_TEXT: Record<string, [testId: string, text: string]> = {
  badDate: ['activity-dates-error', 'Некорректная дата'],
  rangeTooLong: ['activity-dates-error', 'Период не может быть длиннее года'],
  type: ['error-type', 'Такого действия в журнале нет'],
  user: ['error-user', 'Логин может содержать только латинские буквы, цифры и символы . _ - @'],
};

function expectTexts(
  state: AnyMachineSnapshot,
  answered: ActivityPage | null,
  error: unknown,
  exportError: unknown,
) {
  const leaf = (state.value as { list: string }).list;
  if (leaf === 'ready' && answered) {
    for (const r of answered.rows) {
      const expected = EXPECTED_CELLS[r.id];
      for (const [column, text] of Object.entries(expected ?? {}))
        expect(screen.getByTestId(`activity-${r.id}-${column}`).textContent).toBe(text);
    }
    expect(within(screen.getByTestId('activity-table')).getAllByRole('row')).toHaveLength(
      answered.rows.length + 1,
    );
    expect(screen.getByTestId('activity-count').textContent).toBe(
      t('activityLog.count', { count: answered.total }),
    );
  }
  expect(screen.queryByTestId('activity-table') !== null).toBe(leaf === 'ready');
  if (leaf === 'empty')
    expect(screen.getByTestId('activity-empty').textContent).toBe('За выбранный период действий не найдено.');
  if (leaf === 'failed')
    expect(screen.getByTestId('activity-failed').textContent).toContain(
      formatErrorMessage(t, (error as Error).message),
    );
  const problem = leaf === 'invalid' ? refusedFilter(state.context.params) : null;
  for (const [key, [testId, text]] of Object.entries(PROBLEM_TEXT)) {
    if (key === problem) expect(screen.getByTestId(testId).textContent).toBe(text);
    else if (testId !== PROBLEM_TEXT[problem ?? '']?.[0]) expect(screen.queryByTestId(testId)).toBeNull();
  }
  if (leaf === 'invalid')
    expect(screen.getByTestId('activity-problem').textContent).toBe('Поля заполнены неверно');
  // the export is offered for a valid filter that found entries, and never while a file is prepared
  const exportState = (state.value as { export: string }).export;
  const offered = leaf === 'ready' && exportState !== 'exporting';
  for (const f of ['csv', 'xlsx'])
    expect((screen.getByTestId(`activity-export-${f}`) as HTMLButtonElement).disabled).toBe(!offered);
  if (exportState === 'failed')
    expect(screen.getByTestId('activity-export-error').textContent).toContain(
      formatErrorMessage(t, (exportError as Error).message),
    );
  else expect(screen.queryByTestId('activity-export-error')).toBeNull();
  expect(screen.getByTestId('activity-back').getAttribute('href')).toBe('/profile');
}

const urlOf = (p: Params) => {
  const q = new URLSearchParams({ from: p.from, to: p.to });
  if (p.type !== '') q.set('type', p.type);
  if (p.user !== '') q.set('user', p.user);
  if (p.page !== 1) q.set('page', String(p.page));
  return `/profile/activity?${q.toString()}`;
};

function mount(): ViewDriver {
  const deferred = createDeferredActors(activityLogMachine);
  const location = memoryLocation({ path: urlOf(NOVEMBER), record: true });
  let answered: ActivityPage | null = null;
  let error: unknown = null;
  let exportError: unknown = null;
  render(
    <I18nextProvider i18n={i18n}>
      <Router hook={location.hook}>
        <TestProviders>
          <ActivityLogContext.Provider logic={activityLogMachine.provide({ actors: deferred.actors })}>
            <ActivityLogView />
          </ActivityLogContext.Provider>
        </TestProviders>
      </Router>
    </I18nextProvider>,
  );
  const user = userEvent.setup();
  const settle = settleInAct(deferred);
  const perform = performBy(
    {
      // the filters as a user sets them: typed into the form and shown ('Показать'); the page by the pager
      'params.changed': async (e) => {
        const p = (e as EventObject & { params: Params }).params;
        const pager = p.page !== 1 ? null : screen.queryByTestId('activity-filter');
        if (pager === null) return act(() => location.navigate(urlOf(p)));
        const form = within(screen.getByTestId('activity-filter'));
        const setDate = (id: string, v: string) => {
          const input = screen.getByTestId(id) as HTMLInputElement;
          // a date input holds only real days: a typed-in impossible one comes from an address
          if (!/^\d{4}-\d\d-\d\d$/.test(v) || Number.isNaN(Date.parse(v))) return false;
          act(() => {
            input.value = v;
          });
          return input.value === v;
        };
        if (!setDate('activity-dates-from', p.from) || !setDate('activity-dates-to', p.to))
          return act(() => location.navigate(urlOf(p)));
        const select = form.getByLabelText(t('activityLog.type')) as HTMLSelectElement;
        if (p.type !== '' && ![...select.options].some((o) => o.value === p.type))
          return act(() => location.navigate(urlOf(p)));
        await user.selectOptions(select, p.type);
        const login = form.getByLabelText(t('activityLog.user')) as HTMLInputElement;
        await user.clear(login);
        if (p.user !== '') await user.type(login, p.user);
        await user.click(screen.getByTestId('activity-apply'));
      },
      retry: () =>
        user.click(
          within(screen.getByTestId('activity-failed')).getByRole('button', { name: t('common.retry') }),
        ),
      'export.start': (e) =>
        user.click(screen.getByTestId(`activity-export-${(e as EventObject & { format: string }).format}`)),
      'export.dismiss': () =>
        user.click(
          within(screen.getByTestId('activity-export-error')).getByRole('button', { name: t('app.close') }),
        ),
    },
    (event: EventObject) => {
      if (event.type === 'xstate.done.actor.fetchActivity')
        answered = (event as { output?: ActivityPage }).output ?? null;
      if (event.type === 'xstate.error.actor.fetchActivity') error = (event as { error?: unknown }).error;
      if (event.type === 'xstate.error.actor.exportActivity')
        exportError = (event as { error?: unknown }).error;
      return settle(event);
    },
  );
  return {
    perform,
    busy: [
      {
        // the page of entries is read: no other page can be asked nor the read retried; the page says it loads
        tag: 'busy',
        controls: () => [
          ...screen.queryAllByTestId('activity-prev'),
          ...screen.queryAllByTestId('activity-next'),
          ...screen.queryAllByRole('button', { name: t('common.retry') }),
        ],
        shown: () => {
          const loading = screen.getByTestId('activity-loading');
          expect(loading.getAttribute('aria-busy')).toBe('true');
          expect(loading.textContent).toBe(t('activityLog.loading'));
        },
      },
      {
        // a file is prepared: no second export starts; the status line says so
        tag: 'exporting',
        controls: () => [
          screen.getByTestId('activity-export-csv'),
          screen.getByTestId('activity-export-xlsx'),
        ],
        shown: () =>
          expect(screen.getByText(t('activityLog.exporting')).getAttribute('aria-live')).toBe('polite'),
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(() => {
        expect(screen.getByTestId('page-activityLog').dataset.state).toBe(step.expected.dataState);
        expectPageHeading(t('activityLog.title'));
        for (const id of step.expected.testIds) expect(screen.getByTestId(id)).toBeTruthy();
        expectTexts(step.state, answered, error, exportError);
      }),
  };
}

const same = (a: Params, b: Params) =>
  a.from === b.from && a.to === b.to && a.type === b.type && a.user === b.user && a.page === b.page;
const paramsOf = (e: EventObject) => (e as EventObject & { params: Params }).params;

/**
 * Generated paths as the page lives them: it reads its URL (November) on mount, so a walk starts after that first
 * fact; and the router reports a change only, so a path that "changes" the URL to what it already says is not one a
 * user can walk.
 */
const paths: readonly MachinePath[] = generateModelPaths(
  buildModelGraph(activityLogMachine, activityLogModelEntry),
)
  .filter((p) => {
    const first = p.steps[1]?.event;
    if (first?.type !== 'params.changed' || !same(paramsOf(first), NOVEMBER)) return false;
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

/** A path of the real machine from November on: refused filters between searches, then back to a good one. */
function scripted(events: readonly EventObject[]): MachinePath {
  let state = getNextSnapshot(activityLogMachine, getInitialSnapshot(activityLogMachine), {
    type: 'params.changed',
    params: NOVEMBER,
  });
  const steps = [{ event: { type: 'xstate.init' }, state }];
  for (const event of events) {
    state = getNextSnapshot(activityLogMachine, state, event as never);
    steps.push({ event, state });
  }
  return { steps } as unknown as MachinePath;
}
const done = (output: ActivityPage) => ({ type: 'xstate.done.actor.fetchActivity', output });
const changed = (params: Params) => ({ type: 'params.changed', params }) as EventObject;
const scenarios: readonly MachinePath[] = [
  scripted([
    done(activityPage),
    changed({ ...NOVEMBER, type: 'drop' }),
    changed({ ...NOVEMBER, user: 'a b' }),
    changed({ ...NOVEMBER, from: '2025-11-29' }),
    changed({ ...NOVEMBER, from: '2026-12-01' }),
    changed({ ...NOVEMBER, type: 'block', user: 'kurator01' }),
    done(noActivity),
  ]),
];
const walked = [...paths, ...scenarios];

afterEach(cleanup);

describe('activity log view walk', () => {
  it('walks paths that together show every state the page reaches (idle passes on mount)', () => {
    const seen = new Set(
      walked.flatMap((p) =>
        p.steps.flatMap((s) => Object.entries(s.state.value as object).map(([r, v]) => `${r}.${v}`)),
      ),
    );
    const all = [
      'list.invalid',
      'list.loading',
      'list.ready',
      'list.empty',
      'list.failed',
      'export.idle',
      'export.exporting',
      'export.failed',
    ];
    expect(all.filter((s) => !seen.has(s))).toEqual([]);
  });

  it.each(walked.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i shows each state along %s',
    async (_, __, path) => {
      const steps = await walkViewPath(activityLogMachine, path, mount());
      expect(steps).toBe(path.steps.length - 1);
    },
  );
});
