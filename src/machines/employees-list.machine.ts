import { assign, setup } from 'xstate';
import {
  type EmployeesParams,
  type EmployeesQueryProblem,
  employeesQueryProblem,
} from '@/domain/employees.rules';
import { errorCodeOf, unprovided } from './error-code';
import * as list from './list-fragment';
import type { StateMeta } from './state-meta';

/**
 * The company's employee list (spec 2 "Employees dispatcher: open the employee list, or return to the organisation";
 * docs/decisions.md EM1-EM5) at `/{lang}/profile/employees`: name, number and position of the company in view,
 * searched and paged on the server. The search text and the page live in the URL and arrive as facts
 * (`params.changed`); a text the domain refuses (`employeesQueryProblem`) is said and nothing is asked.
 */

/** One employee as the list shows it; `sn` in the server's 9-digit form. */
export interface EmployeeRow {
  readonly id: number;
  readonly fullName: string;
  readonly sn: string | null;
  readonly position: string | null;
}

/** A page of the list, with the count and pages of the whole search. */
export interface EmployeesPage {
  readonly rows: readonly EmployeeRow[];
  readonly total: number;
  readonly pages: number;
}

export interface EmployeesListContext {
  /** what the URL asks for */
  readonly params: EmployeesParams;
  readonly problem: EmployeesQueryProblem | null;
  readonly rows: readonly EmployeeRow[];
  readonly total: number;
  readonly pages: number;
  readonly errorCode: string | null;
}

/**
 * Events of the employee list.
 * - `params.changed`: fact from the router: the URL's search text and page (arrival, search, paging, Back).
 * - `retry`: user intent after the list failed to load.
 */
export type EmployeesListEvent = { type: 'params.changed'; params: EmployeesParams } | { type: 'retry' };

export const employeesListMachine = setup({
  types: {
    context: {} as EmployeesListContext,
    events: {} as EmployeesListEvent,
    meta: {} as StateMeta,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** GET employees/list?q&page&size (EM1; the page 1-based here, 0-based on the wire). */
    fetchEmployees: unprovided<EmployeesPage, EmployeesParams>('fetchEmployees'),
  },
  guards: {
    isQueryInvalid: (_, params: { params: EmployeesParams }) =>
      employeesQueryProblem(params.params.q) !== null,
    hasRows: (_, params: { page: EmployeesPage }) => params.page.rows.length > 0,
  },
  actions: {
    assignInvalid: assign((_, params: { params: EmployeesParams }) => ({
      params: params.params,
      problem: employeesQueryProblem(params.params.q),
      rows: [],
      total: 0,
      pages: 0,
      errorCode: null,
    })),
    assignParams: assign((_, params: { params: EmployeesParams }) => ({
      params: params.params,
      problem: null,
      errorCode: null,
    })),
    assignPage: assign((_, params: { page: EmployeesPage }) => ({
      rows: params.page.rows,
      total: params.page.total,
      pages: params.page.pages,
      errorCode: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCodeOf(params.error) })),
  },
}).createMachine({
  id: 'employeesList',
  description:
    "The company's employees (name, number, position), searched by a part of the name or digits of the number and " +
    'paged; search text and page from the URL.',
  context: {
    params: { q: '', page: 1 },
    problem: null,
    rows: [],
    total: 0,
    pages: 0,
    errorCode: null,
  },
  initial: 'idle',
  on: {
    'params.changed': [
      {
        guard: { type: 'isQueryInvalid', params: ({ event }) => ({ params: event.params }) },
        target: '.invalid',
        actions: { type: 'assignInvalid', params: ({ event }) => ({ params: event.params }) },
      },
      {
        target: '.loading',
        actions: { type: 'assignParams', params: ({ event }) => ({ params: event.params }) },
      },
    ],
  },
  states: {
    idle: {
      description: 'Before the URL’s search text and page are read; nothing is asked.',
      meta: { view: 'the page title and the search field', testId: 'employees-idle' },
    },
    invalid: {
      description:
        'The search text is longer than 50 characters or holds a character no name or number has; the field says ' +
        'so and nothing is asked.',
      meta: { view: 'the search field with its message', testId: 'error-q' },
      tags: ['error'],
    },
    loading: {
      description: 'Asks the page of employees the URL names.',
      meta: { view: 'the list busy', testId: 'employees-loading' },
      tags: ['busy'],
      invoke: list.loadPageOrEmpty(
        'fetchEmployees',
        ({ context }: { context: EmployeesListContext }) => context.params,
        { page: 'assignPage', error: 'assignError', whenRows: 'hasRows' },
      ),
    },
    ready: {
      description:
        'The page of employees with name, number (+998 90 123 45 67) and position, the count and paging.',
      meta: { view: 'the table of employees with the pager', testId: 'employees-table' },
    },
    empty: {
      description:
        'No employee matches the search (or the page is past the last one, which the view clamps).',
      meta: { view: 'the nothing-found text', testId: 'employees-empty' },
    },
    failed: {
      description: 'The list did not load (E005 for whom it is not open, network); Retry asks again.',
      meta: { view: 'the error with Retry', testId: 'employees-failed' },
      tags: ['error'],
      on: { retry: { target: 'loading' } },
    },
  },
});

export type EmployeesListMachine = typeof employeesListMachine;
