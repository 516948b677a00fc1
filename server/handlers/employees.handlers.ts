/**
 * The company's employee list on the reference backend (docs/decisions.md EM1-EM5): `employees/list?q&page&size`.
 * Who may ask is the list page's policy (`PAGE_OF`, server/permissions.ts: the page opens for whom the profile's
 * employees widget offers it, EM2). Which company: the one in view — the caller's own BAN, or the BAN a staff user
 * views; the query names no BAN, so a user of another company never reaches this one's employees (EM4).
 */
import {
  EMPLOYEE_LIST_PAGE_SIZE,
  employeePageCount,
  employeesQueryProblem,
  employeesSearch,
} from '../../src/domain/employees.rules';
import { ensure, type Handlers } from '../handler';

export const employeesHandlers: Handlers = {
  'employees.list': ({ input, session, svc }) => {
    const profile = session.viewer.profile;
    // a company's profile: a number's profile (a subscriber, a number a staff user views) has no employee list
    ensure(profile?.ban && profile.sn == null, 'E005');
    const q = input.query.q ?? '';
    ensure(employeesQueryProblem(q) === null, 'E101', 'search text');
    const size = input.query.size ?? EMPLOYEE_LIST_PAGE_SIZE;
    const page = input.query.page ?? 0;
    const { rows, total } = svc.employees.page(String(profile.ban), employeesSearch(q), page, size);
    return {
      content: rows.map((r) => ({
        id: r.id,
        fullName: r.fullName,
        sn: r.sn,
        position: r.position,
        department: r.department,
      })),
      totalElements: total,
      totalPages: employeePageCount(total, size),
    };
  },
};
