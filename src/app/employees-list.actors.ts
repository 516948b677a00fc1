import { fromPromise } from 'xstate';
import type { EmployeesParams } from '@/domain/employees.rules';
import { EMPLOYEE_LIST_PAGE_SIZE, employeesSearch } from '@/domain/employees.rules';
import { type EmployeesPage, employeesListMachine } from '@/machines/employees-list.machine';
import type { ApiLoader, AppApi } from './api';

/**
 * Real actor of the company's employee list (docs/decisions.md EM1-EM5) on the app's one API client. `createAppLogic`
 * (src/app/app-logic.ts) builds it once with the other page workflows; tests provide fakes to the same machine.
 */
export function createEmployeesListLogic(api: ApiLoader) {
  return employeesListMachine.provide({
    actors: {
      fetchEmployees: fromPromise<EmployeesPage, EmployeesParams>(async ({ input, signal }) => {
        const search = employeesSearch(input.q);
        const r = await (await api()).call(
          'employees.list',
          {
            query: {
              ...(search.kind === 'none' ? {} : { q: input.q.trim() }),
              page: input.page - 1,
              size: EMPLOYEE_LIST_PAGE_SIZE,
            },
          },
          { signal },
        );
        return {
          total: r.totalElements,
          pages: r.totalPages,
          rows: r.content.map((e) => ({ id: e.id, fullName: e.fullName, sn: e.sn, position: e.position })),
        };
      }),
    },
  });
}

/** The page workflows this area provides (its manifest ./employees-list.workflow.ts; composed in ./page-logic.generated.ts). */
export const pageLogic = (api: AppApi) => ({ employeesList: createEmployeesListLogic(api.load) });
