import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { EmployeesParams } from '@/domain/employees.rules';
import { type EmployeesPage, employeesListMachine } from '@/machines/employees-list.machine';
import { connectEmployeesList } from '@/machines/employees-list.selectors';
import { ApiFailure } from '@/services/api/api-error';
import { snapshotAt } from '../support/connect-table';
import { employeeRows, employeesPage, noEmployees } from './employees-list.payloads';

const flush = () => new Promise((r) => setTimeout(r, 0));

function start(answer: (input: EmployeesParams) => EmployeesPage) {
  const asked: EmployeesParams[] = [];
  const actor = createActor(
    employeesListMachine.provide({
      actors: {
        fetchEmployees: fromPromise<EmployeesPage, EmployeesParams>(async ({ input }) => {
          asked.push(input);
          return answer(input);
        }),
      },
    }),
  ).start();
  return { actor, asked };
}

describe('the employee list (EM1-EM5)', () => {
  it('asks nothing until the URL is read, then the page the URL names', async () => {
    const { actor, asked } = start(() => employeesPage);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(asked).toEqual([]);
    actor.send({ type: 'params.changed', params: { q: 'Ali', page: 2 } });
    await flush();
    expect(asked).toEqual([{ q: 'Ali', page: 2 }]);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ total: 43, pages: 3, rows: employeesPage.rows });
  });

  it('says a refused search text and asks nothing (EM3); a good one after it asks again', async () => {
    const { actor, asked } = start(() => noEmployees);
    actor.send({ type: 'params.changed', params: { q: 'a'.repeat(51), page: 1 } });
    expect(actor.getSnapshot().value).toBe('invalid');
    expect(actor.getSnapshot().context.problem).toBe('tooLong');
    actor.send({ type: 'params.changed', params: { q: 'Ali%', page: 1 } });
    expect(actor.getSnapshot().context.problem).toBe('badChars');
    expect(asked).toEqual([]);
    actor.send({ type: 'params.changed', params: { q: '+998 90 123', page: 1 } });
    await flush();
    expect(actor.getSnapshot().value).toBe('empty');
    expect(actor.getSnapshot().context.problem).toBeNull();
    expect(asked).toEqual([{ q: '+998 90 123', page: 1 }]);
  });

  it('keeps the server code of a refused list and retries with the same parameters', async () => {
    let fail = true;
    const { actor, asked } = start(() => {
      if (fail) throw new ApiFailure({ kind: 'server', code: 'E005' });
      return employeesPage;
    });
    actor.send({ type: 'params.changed', params: { q: '', page: 1 } });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.errorCode).toBe('E005');
    fail = false;
    actor.send({ type: 'retry' });
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(asked).toEqual([
      { q: '', page: 1 },
      { q: '', page: 1 },
    ]);
  });
});

/** What the employee list renders in a state (decisions AR18): the connect function as a table. */
describe('employees-list connect', () => {
  const at = (
    value: Parameters<typeof snapshotAt<typeof employeesListMachine>>[1],
    context: Parameters<typeof snapshotAt<typeof employeesListMachine>>[2] = {},
  ) => snapshotAt(employeesListMachine, value, context);

  it.each([
    [
      'before the URL is read: nothing',
      at('idle'),
      {
        phase: 'idle',
        rows: [],
        total: 0,
        pages: 0,
        shownParams: { q: '', page: 1 },
        problem: null,
        error: null,
      },
    ],
    [
      'loading a search: the params asked',
      at('loading', { params: { q: 'Ali', page: 2 } }),
      { phase: 'loading', shownParams: { q: 'Ali', page: 2 }, error: null },
    ],
    [
      'a refused search text: its problem',
      at('invalid', { params: { q: '<script>', page: 1 }, problem: 'badChars' }),
      { phase: 'invalid', problem: 'badChars', rows: [] },
    ],
    [
      'ready: the page of rows, the count and the pages',
      at('ready', { params: { q: '', page: 1 }, rows: employeeRows, total: 43, pages: 3 }),
      { phase: 'ready', rows: employeeRows, total: 43, pages: 3, problem: null },
    ],
    ['failed: the server code', at('failed', { errorCode: 'E005' }), { phase: 'failed', error: 'E005' }],
  ] as const)('list: %s', (_, snapshot, expected) => {
    expect(connectEmployeesList(snapshot)).toMatchObject(expected);
  });
});
