import type { AnyEventObject } from 'xstate';
import type { EmployeeRow, EmployeesListEvent, EmployeesPage } from '@/machines/employees-list.machine';
import { ApiFailure } from '@/services/api/api-error';
import { payloadsFor } from '../support/model-universe';

/**
 * Realistic events and actor results of the company's employee list (docs/decisions.md EM1-EM5): the URL's search text
 * and page as the router reports them — the first page, a name part on page 2, digits of a number, a text with a
 * character no name has and one over 50 characters (the guard's both outcomes); a page of employees, an empty search,
 * a refusal (E005) and a network failure.
 */

export const employeeRows: EmployeeRow[] = [
  { id: 41, fullName: 'Alimova Dilnoza', sn: '901234501', position: 'Бухгалтер' },
  { id: 7, fullName: 'Karimov Jasur', sn: '901234577', position: 'Sotuv menejeri' },
  { id: 93, fullName: 'Toshmatov Bekzod', sn: null, position: null },
];

export const employeesPage: EmployeesPage = { rows: employeeRows, total: 43, pages: 3 };
export const noEmployees: EmployeesPage = { rows: [], total: 0, pages: 0 };
/** A search that finds one employee: a list of one, not "nothing found". */
export const oneEmployee: EmployeesPage = { rows: employeeRows.slice(0, 1), total: 1, pages: 1 };

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });

export const employeesListPayloads = payloadsFor<EmployeesListEvent>({
  'params.changed': [
    { type: 'params.changed', params: { q: '', page: 1 } },
    { type: 'params.changed', params: { q: 'Ali', page: 2 } },
    { type: 'params.changed', params: { q: '90 123', page: 1 } },
    { type: 'params.changed', params: { q: '<script>', page: 1 } },
    // EM3: at most 50 characters after trimming: one over, and exactly 50 with spaces around
    { type: 'params.changed', params: { q: 'a'.repeat(51), page: 1 } },
    { type: 'params.changed', params: { q: ` ${'a'.repeat(50)} `, page: 1 } },
  ],
  'xstate.done.actor.fetchEmployees': [
    done('fetchEmployees', employeesPage),
    done('fetchEmployees', noEmployees),
    done('fetchEmployees', oneEmployee),
  ],
  'xstate.error.actor.fetchEmployees': [
    fail('fetchEmployees', new ApiFailure({ kind: 'server', code: 'E005' })),
    fail('fetchEmployees', new ApiFailure({ kind: 'network' })),
  ],
});

export const employeesListModelEntry = { id: 'employeesList', payloads: employeesListPayloads } as const;
