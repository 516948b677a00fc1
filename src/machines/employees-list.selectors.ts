import type { SnapshotFrom } from 'xstate';
import type { EmployeesParams, EmployeesQueryProblem } from '@/domain/employees.rules';
import type { EmployeeRow, EmployeesListMachine } from './employees-list.machine';

/** What the employee list reads. */
export type EmployeesListSnapshot = SnapshotFrom<EmployeesListMachine>;
export type EmployeesListPhase = 'idle' | 'invalid' | 'loading' | 'ready' | 'empty' | 'failed';
export const selectEmployeesPhase = (s: EmployeesListSnapshot): EmployeesListPhase =>
  s.value as EmployeesListPhase;
export const selectEmployeesBusy = (s: EmployeesListSnapshot): boolean => s.hasTag('busy');
export const selectEmployeeRows = (s: EmployeesListSnapshot): readonly EmployeeRow[] => s.context.rows;
export const selectEmployeesTotal = (s: EmployeesListSnapshot): number => s.context.total;
export const selectEmployeesPages = (s: EmployeesListSnapshot): number => s.context.pages;
export const selectEmployeesParams = (s: EmployeesListSnapshot): EmployeesParams => s.context.params;
export const selectEmployeesProblem = (s: EmployeesListSnapshot): EmployeesQueryProblem | null =>
  s.context.problem;
export const selectEmployeesError = (s: EmployeesListSnapshot): string | null => s.context.errorCode;

/** What the employee list renders (decisions AR18): read by `useWorkflow` in one selector. */
export const connectEmployeesList = (s: EmployeesListSnapshot) => ({
  phase: selectEmployeesPhase(s),
  rows: selectEmployeeRows(s),
  total: selectEmployeesTotal(s),
  pages: selectEmployeesPages(s),
  shownParams: selectEmployeesParams(s),
  problem: selectEmployeesProblem(s),
  error: selectEmployeesError(s),
});
