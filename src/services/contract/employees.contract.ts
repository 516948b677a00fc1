import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { wirePage, wireSize } from './fields.contract';

/**
 * The company's employee list (spec 2 "Employees dispatcher: open the employee list"; spec 3 Profile
 * `employee_data`; docs/decisions.md EM1-EM5). The company is the one in view (the session's own BAN, or the BAN a
 * staff user views): the query names no BAN.
 */

/** GET employees/list query (EM1): search text (a part of a name, or digits of a number), 0-based page, size. */
export const employeesListQuery = z.object({
  q: z.optional(z.string().check(z.maxLength(50))),
  page: z.optional(wirePage),
  size: z.optional(wireSize),
});
export type EmployeesListQuery = z.input<typeof employeesListQuery>;

/** One employee: full name, the number in the server's 9-digit form (null when none), position, department. */
export const employeeSchema = z.looseObject({
  id: z.int(),
  fullName: z.string(),
  sn: z.nullable(z.string()),
  position: z.nullable(z.string()),
  department: z.nullable(z.string()),
});
export type EmployeeWire = z.infer<typeof employeeSchema>;

/** A page of the employee list, with the count of the whole search. */
export const employeesListSchema = z.looseObject({
  content: z.array(employeeSchema),
  totalElements: z.int().check(z.nonnegative()),
  totalPages: z.int().check(z.nonnegative()),
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
