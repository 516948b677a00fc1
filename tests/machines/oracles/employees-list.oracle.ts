import type { ChartOracle, Ctx } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of the company's employee list, written from spec 2 ("Employees dispatcher: open the employee
 * list, or return to the organisation"), spec 8 (a failed call shows its error; retry) and decisions EM1 (the list:
 * name, number, position, `employees/list?q&page&size`), EM3 (search text and page in the URL; letters, digits, space,
 * hyphen, apostrophe, at most 50 characters, else the field says so and nothing is asked), not from the chart.
 */

/** EM3: at most 50 characters, and only letters (any script), digits, spaces and ' ʻ ʼ ’ . + ( ) -. */
const refused = (p: Ctx): string | null => {
  const q = String(p.q);
  if (q.trim().length > 50) return 'tooLong';
  if (!/^[\p{L}\p{M}\d\s'ʻʼ’.+()-]*$/u.test(q)) return 'badChars';
  return null;
};

export const employeesListOracle: ChartOracle = {
  id: 'employeesList',
  initial: { to: 'idle' },
  // EM3: before the URL is read, no search text and the first page; nothing is listed or wrong yet
  context: () => ({
    params: { q: '', page: 1 },
    problem: null,
    rows: [],
    total: 0,
    pages: 0,
    errorCode: null,
  }),
  invokes: { loading: { fetchEmployees: (c) => c.params } },
  rows: [
    {
      from: '*',
      event: 'params.changed',
      when: (_, ev) => refused(ev.params) !== null,
      to: 'invalid',
      // the list and a failure of an earlier load are gone: only the field's message is on screen
      ctx: (_, ev) => ({
        params: ev.params,
        problem: refused(ev.params),
        rows: [],
        total: 0,
        pages: 0,
        errorCode: null,
      }),
      spec: 'EM3: a search text with a refused character or over 50 characters is said; nothing is asked',
    },
    {
      from: '*',
      event: 'params.changed',
      to: 'loading',
      reenter: true,
      ctx: (_, ev) => ({ params: ev.params, problem: null, errorCode: null }),
      spec: 'EM1/EM3: the page of employees the URL names is asked (employees/list?q&page&size)',
    },
    {
      from: 'loading',
      event: done('fetchEmployees'),
      when: (_, ev) => ev.output.rows.length > 0,
      to: 'ready',
      ctx: (_, ev) => ({
        rows: ev.output.rows,
        total: ev.output.total,
        pages: ev.output.pages,
        errorCode: null,
      }),
      spec: "spec 2 'open the employee list': name, number, position, with the count and the pager (EM1)",
    },
    {
      from: 'loading',
      event: done('fetchEmployees'),
      to: 'empty',
      // the reply replaces the list: no rows, with the count and pages it states
      ctx: (_, ev) => ({ rows: [], total: ev.output.total, pages: ev.output.pages, errorCode: null }),
      spec: "EM3: nothing matches the search: 'Сотрудники не найдены.'",
    },
    {
      from: 'loading',
      event: failed('fetchEmployees'),
      to: 'failed',
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: 'spec 8: a failed call shows its error (E005 for whom the list is not open); retry',
    },
    { from: 'failed', event: 'retry', to: 'loading', spec: 'spec 8: Retry asks again' },
  ],
  viewTexts: { empty: 'Сотрудники не найдены.' },
};
