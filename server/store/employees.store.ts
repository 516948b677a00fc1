import { searchFold } from '../../src/domain/employees.rules';
import type { Db } from '../db/database';
import { containing, registerSearchFold } from './search-sql';

/**
 * The SQL of the company's employee list (docs/decisions.md EM1, EM3): one company's employees in name order, searched
 * by a part of the name or by digits of the number, paged, all in SQL.
 */
export interface EmployeeListRow {
  id: number;
  fullName: string;
  sn: string | null;
  position: string | null;
  department: string | null;
}

/** The search, as the domain's `employeesSearch` put it: nothing, digits of a number, or a part of a name. */
export interface EmployeeSearch {
  readonly kind: 'none' | 'digits' | 'name';
  readonly value: string;
}

function where(ban: string, search: EmployeeSearch): { sql: string; params: string[] } {
  if (search.kind === 'digits')
    return { sql: "ban = ? AND sn LIKE ? ESCAPE '\\'", params: [ban, containing(search.value)] };
  // LIKE alone ignores the case of Latin letters only: both sides go through the domain's fold (any script's case,
  // every apostrophe as one), registered as search_fold by the store (EM3)
  if (search.kind === 'name')
    return {
      sql: "ban = ? AND search_fold(full_name) LIKE ? ESCAPE '\\'",
      params: [ban, containing(searchFold(search.value))],
    };
  return { sql: 'ban = ?', params: [ban] };
}

export function createEmployeesStore(db: Db) {
  // the one rule a search compares names by, in SQL: the store's own function on its database (EM3)
  registerSearchFold(db);
  return {
    /** Page `page` (0-based) of `size` employees of `ban` matching `search`, with the count of all that match. */
    page(
      ban: string,
      search: EmployeeSearch,
      page: number,
      size: number,
    ): { rows: EmployeeListRow[]; total: number } {
      const w = where(ban, search);
      const { total } = db
        .prepare(`SELECT COUNT(*) AS total FROM employees WHERE ${w.sql}`)
        .get(...w.params) as {
        total: number;
      };
      const rows = db
        .prepare(
          `SELECT id, full_name AS fullName, sn, position, department FROM employees WHERE ${w.sql}
           ORDER BY full_name, id LIMIT ? OFFSET ?`,
        )
        .all(...w.params, size, page * size) as EmployeeListRow[];
      return { rows, total };
    },
  };
}
export type EmployeesStore = ReturnType<typeof createEmployeesStore>;
