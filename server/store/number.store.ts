import type { Db } from '../db/database';

// a type alias (not an interface) so it is assignable to the contract's loose-object row
export type NumberListRow = {
  sn: string;
  status: string;
  pricePlan: string;
  name: string | null;
};

/** Numbers of a BAN, one page at a time, sorted by sn; `statuses` null = every status. */
export function createNumberStore(db: Db) {
  const where = `FROM numbers n WHERE n.ban = @ban
    AND (@statuses IS NULL OR n.status IN (SELECT value FROM json_each(@statuses)))
    AND (@like IS NULL OR n.sn LIKE @like)`;
  const count = db.prepare(`SELECT COUNT(*) AS total ${where}`);
  const page = db.prepare(
    `SELECT n.sn, n.status, n.price_plan AS pricePlan,
       (SELECT e.full_name FROM employees e WHERE e.sn = n.sn LIMIT 1) AS name
     ${where} ORDER BY n.sn LIMIT @limit OFFSET @offset`,
  );
  return {
    list(ban: string, statuses: readonly string[] | null, q: string | null, pageNo: number, size: number) {
      const args = {
        ban,
        statuses: statuses ? JSON.stringify(statuses) : null,
        like: q ? `%${q}%` : null,
      };
      const total = (count.get(args) as { total: number }).total;
      const content = page.all({ ...args, limit: size, offset: pageNo * size }) as NumberListRow[];
      return { total, content };
    },
  };
}

export type NumberStore = ReturnType<typeof createNumberStore>;
