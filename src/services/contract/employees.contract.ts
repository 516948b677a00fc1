import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { wirePage, wireSize } from './fields.contract';

/**
 * The company's employee list (spec 2 "Employees dispatcher: open the employee list"; spec 3 Profile
 * `employee_data`; docs/decisions.md EM1-EM5). The company is the one in view (the session's own BAN, or the BAN a
 * staff user views): the query names no BAN.
 */

/** GET employees/list query (EM1): search text (a part of a name, or digits of a number), 0-based page, size. */
export const employeesListQuery = z.object({
  q: z.string().max(50).optional(),
  page: wirePage.optional(),
  size: wireSize.optional(),
});
export type EmployeesListQuery = z.input<typeof employeesListQuery>;

/** One employee: full name, the number in the server's 9-digit form (null when none), position, department. */
export const employeeSchema = z.looseObject({
  id: z.number().int(),
  fullName: z.string(),
  sn: z.string().nullable(),
  position: z.string().nullable(),
  department: z.string().nullable(),
});
export type EmployeeWire = z.infer<typeof employeeSchema>;

/** A page of the employee list, with the count of the whole search. */
export const employeesListSchema = z.looseObject({
  content: z.array(employeeSchema),
  totalElements: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
});
export type EmployeesList = z.infer<typeof employeesListSchema>;

export const employeesEndpoints = {
  'employees.list': defineEndpoint({
    method: 'GET',
    path: 'employees/list',
    query: employeesListQuery,
    result: employeesListSchema,
    auth: 'session',
    summary: "the company's employees: name, number, position; searched and paged (EM1)",
  }),
} as const;
