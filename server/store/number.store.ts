import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database';

// a type alias (not an interface) so it is assignable to the contract's loose-object row
export type NumberListRow = {
  sn: string;
  status: string;
  pricePlan: string;
  name: string | null;
};

/** Numbers of a BAN, one page at a time, sorted by sn; `statuses` null = every status. Statements are prepared
 *  once per shape (status count × digits filter) so SQLite can use the (ban, status, sn) index directly. */
export function createNumberStore(db: Db) {
  const cache = new Map<string, { count: Statement; page: Statement }>();
  const statementsFor = (statusCount: number, filtered: boolean) => {
    const key = `${statusCount}:${filtered}`;
    let s = cache.get(key);
    if (!s) {
      const where = [
        'n.ban = ?',
        statusCount > 0 ? `n.status IN (${Array(statusCount).fill('?').join(', ')})` : '',
        filtered ? 'n.sn LIKE ?' : '',
      ]
        .filter(Boolean)
        .join(' AND ');
      s = {
        count: db.prepare(`SELECT COUNT(*) AS total FROM numbers n WHERE ${where}`),
        page: db.prepare(
          `SELECT n.sn, n.status, n.price_plan AS pricePlan,
             (SELECT e.full_name FROM employees e WHERE e.sn = n.sn LIMIT 1) AS name
           FROM numbers n WHERE ${where} ORDER BY n.sn LIMIT ? OFFSET ?`,
        ),
      };
      cache.set(key, s);
    }
    return s;
  };
  return {
    list(
      ban: string,
      statuses: readonly string[] | null,
      digits: string | null,
      pageNo: number,
      size: number,
    ) {
      const s = statementsFor(statuses?.length ?? 0, digits != null);
      const args = [ban, ...(statuses ?? []), ...(digits != null ? [`%${digits}%`] : [])];
      const total = (s.count.get(...args) as { total: number }).total;
      const content = s.page.all(...args, size, pageNo * size) as NumberListRow[];
      return { total, content };
    },
  };
}

export type NumberStore = ReturnType<typeof createNumberStore>;
