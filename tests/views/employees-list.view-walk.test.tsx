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
import {
  type EmployeeRow,
  type EmployeesPage,
  employeesListMachine,
} from '@/machines/employees-list.machine';
import { EmployeesListContext } from '@/views/employees/employees.context';
import { EmployeesListView } from '@/views/employees/employees.view';
import { employeesListModelEntry, employeesPage, noEmployees } from '../machines/employees-list.payloads';
import { chartOracles } from '../machines/oracles';
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
const viewTexts = chartOracles.employeesList?.viewTexts ?? {};
type Params = { q: string; page: number };

/**
 * What the list shows in each state, from the fakes' answers (not from the chart's context): one row per employee
 * with the name, the number as `+998 90 123 45 67` and the position, the count; the empty text as the oracle states
 * it; the failure's text; a refused search text's message under the field.
 */
function expectTexts(state: AnyMachineSnapshot, answered: EmployeesPage | null, error: unknown) {
  const leaf = String(state.value);
  if (leaf === 'ready' && answered) {
    for (const r of answered.rows as EmployeeRow[]) {
      const row = within(screen.getByTestId(`employee-${r.id}`));
      expect(row.getByText(r.fullName)).toBeTruthy();
      expect(screen.getByTestId(`employee-${r.id}-number`).textContent).toBe(r.sn ? shownSn(r.sn) : '—');
      if (r.position) expect(row.getByText(r.position)).toBeTruthy();
    }
    expect(within(screen.getByTestId('employees-table')).getAllByRole('row')).toHaveLength(
      answered.rows.length + 1,
    );
    expect(screen.getByTestId('employees-count').textContent).toBe(
      t('employeesList.count', { count: answered.total }),
    );
    expect(screen.getByTestId('employees-pagination')).toBeTruthy();
  }
  expect(screen.queryByTestId('employees-table') !== null).toBe(leaf === 'ready');
  if (leaf === 'empty') expect(screen.getByTestId('employees-empty').textContent).toBe(viewTexts.empty);
  if (leaf === 'failed')
    expect(screen.getByTestId('employees-failed').textContent).toContain(
      formatErrorMessage(t, (error as Error).message),
    );
  if (leaf === 'invalid')
    // spec 5's generic 'Поля заполнены неверно' under the field, whose hint says what is accepted
    expect(screen.getByTestId('error-q').textContent).toBe('Поля заполнены неверно');
  else expect(screen.queryByTestId('error-q')).toBeNull();
  // the way back is always there
  expect(screen.getByTestId('employees-back').getAttribute('href')).toBe('/profile');
}

function mount(): ViewDriver {
  const deferred = createDeferredActors(employeesListMachine);
  const location = memoryLocation({ path: '/profile/employees', record: true });
  let answered: EmployeesPage | null = null;
  let error: unknown = null;
  render(
    <I18nextProvider i18n={i18n}>
      <Router hook={location.hook}>
        <TestProviders>
          <EmployeesListContext.Provider logic={employeesListMachine.provide({ actors: deferred.actors })}>
            <EmployeesListView />
          </EmployeesListContext.Provider>
        </TestProviders>
      </Router>
    </I18nextProvider>,
  );
  const user = userEvent.setup();
  const settle = settleInAct(deferred);
  const perform = performBy(
    {
      // the router's fact: the URL changed (a search, a page, Back)
      'params.changed': (e) => {
        const p = (e as EventObject & { params: Params }).params;
        // back to the whole list from a search: the user presses the search's clear button
        const clear = screen.queryByTestId('employees-search-clear');
        if (p.q === '' && p.page === 1 && clear) return user.click(clear);
        const search = new URLSearchParams();
        if (p.q !== '') search.set('q', p.q);
        if (p.page !== 1) search.set('page', String(p.page));
        const s = search.toString();
        act(() => location.navigate(s === '' ? '/profile/employees' : `/profile/employees?${s}`));
      },
      retry: () =>
        user.click(
          within(screen.getByTestId('employees-failed')).getByRole('button', { name: t('common.retry') }),
        ),
    },
    (event: EventObject) => {
      if (event.type === 'xstate.done.actor.fetchEmployees')
        answered = (event as { output?: EmployeesPage }).output ?? null;
      if (event.type === 'xstate.error.actor.fetchEmployees') error = (event as { error?: unknown }).error;
      return settle(event);
    },
  );
  return {
    perform,
    busy: [
      {
        // the page of employees is read: no other page can be asked nor the read retried (a new search is a new
        // address and replaces it); the page says it loads
        tag: 'busy',
        controls: () => [
          ...screen.queryAllByTestId('employees-prev'),
          ...screen.queryAllByTestId('employees-next'),
          ...screen.queryAllByRole('button', { name: t('app.retry') }),
        ],
        shown: () => {
          const loading = screen.getByTestId('employees-loading');
          expect(loading.getAttribute('aria-busy')).toBe('true');
          expect(loading.textContent).toBe(t('employeesList.loading'));
        },
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(() => {
        expect(screen.getByTestId('page-employeesList').dataset.state).toBe(step.expected.dataState);
        expectPageHeading(t('employeesList.title'));
        for (const id of step.expected.testIds) expect(screen.getByTestId(id)).toBeTruthy();
        expectTexts(step.state, answered, error);
      }),
  };
}

const same = (a: Params, b: Params) => a.q === b.q && a.page === b.page;
const paramsOf = (e: EventObject) => (e as EventObject & { params: Params }).params;

/**
 * Generated paths as the page lives them: it reads its URL (`/profile/employees`, the first page) on mount, so a walk
 * starts after that first fact; and the router reports a change only, so a path that "changes" the URL to what it
 * already says is not one a user can walk.
 */
const paths: readonly MachinePath[] = generateModelPaths(
  buildModelGraph(employeesListMachine, employeesListModelEntry),
)
  .filter((p) => {
    const first = p.steps[1]?.event;
    if (first?.type !== 'params.changed' || !same(paramsOf(first), { q: '', page: 1 })) return false;
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

/** A path of the real machine from its first page on: refused search texts between searches (EM3). */
function scripted(events: readonly EventObject[]): MachinePath {
  let state = getNextSnapshot(employeesListMachine, getInitialSnapshot(employeesListMachine), {
    type: 'params.changed',
    params: { q: '', page: 1 },
  });
  const steps = [{ event: { type: 'xstate.init' }, state }];
  for (const event of events) {
    state = getNextSnapshot(employeesListMachine, state, event as never);
    steps.push({ event, state });
  }
  return { steps } as unknown as MachinePath;
}
const done = (output: EmployeesPage) => ({ type: 'xstate.done.actor.fetchEmployees', output });
const scenarios: readonly MachinePath[] = [
  scripted([
    done(employeesPage),
    { type: 'params.changed', params: { q: 'Ali%', page: 1 } } as EventObject,
    { type: 'params.changed', params: { q: 'a'.repeat(51), page: 1 } } as EventObject,
    { type: 'params.changed', params: { q: 'Ali', page: 2 } } as EventObject,
    done(noEmployees),
  ]),
];
const walked = [...paths, ...scenarios];

afterEach(cleanup);

describe('employee list view walk', () => {
  it('walks paths that together show every state the page reaches (idle passes on mount)', () => {
    const seen = new Set(walked.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect(Object.keys(employeesListMachine.root.states).filter((s) => s !== 'idle' && !seen.has(s))).toEqual(
      [],
    );
  });

  it.each(walked.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i shows each state along %s',
    async (_, __, path) => {
      const steps = await walkViewPath(employeesListMachine, path, mount());
      expect(steps).toBe(path.steps.length - 1);
    },
  );
});
