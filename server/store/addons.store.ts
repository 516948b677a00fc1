import { employeesSearch, searchFold } from '../../src/domain/employees.rules';
import type { Db } from '../db/database';
import { containing, registerSearchFold } from './search-sql';

/**
 * The SQL of the services area (migration 010_services.sql): the package catalogue, the employees of a company with
 * what they have connected (searched and paged here, thousands of numbers), the deposit, and the changes a checkout
 * makes number by number.
 */

export interface PackageRow {
  soc: string;
  group: string;
  name: string;
  volumeMb: number | null;
  price: number;
  periodDays: number;
  isFree: boolean;
}

export interface EmployeeRow {
  sn: string;
  name: string | null;
  pricePlan: string;
}

export type EmployeeList = 'connect' | 'disconnect' | 'promo';

export interface ListFilter {
  ban: string;
  /** a subscriber sees their own number only */
  onlySn: string | null;
  list: EmployeeList;
  group: string;
  q: string;
  /** promo list: numbers still offered (true) or that took the package (false) */
  isFree?: boolean;
}

interface PackageRaw {
  soc: string;
  ip_group: string;
  name: string;
  volume_mb: number | null;
  price: number;
  period_days: number;
  is_free: number;
}

const toPackage = (r: PackageRaw): PackageRow => ({
  soc: r.soc,
  group: r.ip_group,
  name: r.name,
  volumeMb: r.volume_mb,
  price: r.price,
  periodDays: r.period_days,
  isFree: r.is_free === 1,
});

const PKG = 'SELECT soc, ip_group, name, volume_mb, price, period_days, is_free FROM ip_packages';

/** The WHERE clause and parameters of a list filter (numbers of the BAN, active, matching the search). */
function where(f: ListFilter): { sql: string; params: unknown[] } {
  const parts = ['n.ban = ?', "n.status IN ('A', 'O')"];
  const params: unknown[] = [f.ban];
  if (f.onlySn !== null) {
    parts.push('n.sn = ?');
    params.push(f.onlySn);
  }
  // the employee list's rule (EM3): a number as people type it ('+998 90 12', '90 123') is the sn's digits, any
  // other text a part of a name, compared through the domain's fold (any script's case, every apostrophe as one)
  const search = employeesSearch(f.q);
  if (search.kind === 'digits') {
    parts.push("n.sn LIKE ? ESCAPE '\\'");
    params.push(containing(search.value));
  } else if (search.kind === 'name') {
    parts.push("search_fold(e.full_name) LIKE ? ESCAPE '\\'");
    params.push(containing(searchFold(search.value)));
  }
  if (f.list === 'disconnect') {
    parts.push(
      'EXISTS (SELECT 1 FROM ip_connections c JOIN ip_packages p ON p.soc = c.soc WHERE c.sn = n.sn AND p.ip_group = ?)',
    );
    params.push(f.group);
  }
  if (f.list === 'promo') {
    parts.push(
      `EXISTS (SELECT 1 FROM ip_promotions pr WHERE pr.sn = n.sn AND pr.taken_at IS ${f.isFree === false ? 'NOT NULL' : 'NULL'})`,
    );
  }
  return { sql: parts.join(' AND '), params };
}

// one employee per number: the first by id, when several share it
const FROM = `FROM numbers n LEFT JOIN employees e ON e.id = (SELECT MIN(id) FROM employees WHERE sn = n.sn)`;

export function createAddonsStore(db: Db) {
  registerSearchFold(db);
  const packageOf = db.prepare(`${PKG} WHERE soc = ?`);
  const packagesOfGroup = db.prepare(`${PKG} WHERE ip_group = ? ORDER BY sort`);
  const packagesForBan = db.prepare(`${PKG} WHERE soc IN (SELECT DISTINCT pp.soc FROM ip_package_plans pp
    WHERE pp.price_plan IN (SELECT DISTINCT price_plan FROM numbers WHERE ban = ?)) ORDER BY sort`);
  const packagesForPlan =
    db.prepare(`${PKG} WHERE soc IN (SELECT soc FROM ip_package_plans WHERE price_plan = ?)
    ORDER BY sort`);
  const connectedOf = db.prepare(`SELECT c.soc, p.name, p.ip_group AS grp FROM ip_connections c
    JOIN ip_packages p ON p.soc = c.soc WHERE c.sn = ? ORDER BY p.sort`);
  const numberRow = db.prepare('SELECT sn, ban, status, price_plan AS pricePlan FROM numbers WHERE sn = ?');
  const deposit = db.prepare('SELECT balance FROM ip_deposits WHERE ban = ?');
  const setDeposit = db.prepare('UPDATE ip_deposits SET balance = ? WHERE ban = ?');
  const countOfLine = db.prepare('SELECT COUNT(*) AS n FROM ip_connections WHERE sn = ?');
  const hasConn = db.prepare('SELECT 1 FROM ip_connections WHERE sn = ? AND soc = ?');
  const insConn = db.prepare(
    'INSERT INTO ip_connections (sn, soc, connected_at, connected_by) VALUES (?, ?, ?, ?)',
  );
  const delConn = db.prepare('DELETE FROM ip_connections WHERE sn = ? AND soc = ?');
  const delAllConn = db.prepare('DELETE FROM ip_connections WHERE sn = ?');
  const roamingOf = db.prepare('SELECT 1 FROM ip_roaming WHERE sn = ?');
  const insRoaming = db.prepare('INSERT INTO ip_roaming (sn, since, by_user) VALUES (?, ?, ?)');
  const delRoaming = db.prepare('DELETE FROM ip_roaming WHERE sn = ?');
  const promoOf = db.prepare('SELECT soc, taken_at AS takenAt FROM ip_promotions WHERE sn = ?');
  const takePromo = db.prepare('UPDATE ip_promotions SET taken_at = ? WHERE sn = ?');
  const companyName = db.prepare('SELECT name FROM companies WHERE ban = ?');
  const insOperation =
    db.prepare(`INSERT INTO ip_operations (ban, action, soc, accepted, failed, amount, created_at,
    created_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);

  return {
    companyName: (ban: string): string => (companyName.get(ban) as { name: string } | undefined)?.name ?? ban,
    package: (soc: string): PackageRow | null => {
      const r = packageOf.get(soc) as PackageRaw | undefined;
      return r ? toPackage(r) : null;
    },
    packagesOfGroup: (group: string): PackageRow[] =>
      (packagesOfGroup.all(group) as PackageRaw[]).map(toPackage),
    packagesForBan: (ban: string): PackageRow[] => (packagesForBan.all(ban) as PackageRaw[]).map(toPackage),
    packagesForPlan: (plan: string): PackageRow[] =>
      (packagesForPlan.all(plan) as PackageRaw[]).map(toPackage),
    connected: (sn: string): { soc: string; name: string; grp: string }[] =>
      connectedOf.all(sn) as { soc: string; name: string; grp: string }[],
    number: (sn: string): { sn: string; ban: string; status: string; pricePlan: string } | null =>
      (numberRow.get(sn) as { sn: string; ban: string; status: string; pricePlan: string } | undefined) ??
      null,
    /** A page of the list, with the total count of the filter. */
    page(f: ListFilter, page: number, size: number): { rows: EmployeeRow[]; total: number } {
      const w = where(f);
      const { total } = db.prepare(`SELECT COUNT(*) AS total ${FROM} WHERE ${w.sql}`).get(...w.params) as {
        total: number;
      };
      const rows = db
        .prepare(
          `SELECT n.sn, e.full_name AS name, n.price_plan AS pricePlan ${FROM} WHERE ${w.sql} ORDER BY n.sn LIMIT ? OFFSET ?`,
        )
        .all(...w.params, size, page * size) as EmployeeRow[];
      return { rows, total };
    },
    /** Every number of the filter (select all filtered), at most `limit`. */
    numbers(f: ListFilter, limit: number): { sns: string[]; total: number } {
      const w = where(f);
      const sns = (
        db.prepare(`SELECT n.sn ${FROM} WHERE ${w.sql} ORDER BY n.sn LIMIT ?`).all(...w.params, limit) as {
          sn: string;
        }[]
      ).map((r) => r.sn);
      const { total } = db.prepare(`SELECT COUNT(*) AS total ${FROM} WHERE ${w.sql}`).get(...w.params) as {
        total: number;
      };
      return { sns, total };
    },
    deposit: (ban: string): number | null =>
      (deposit.get(ban) as { balance: number } | undefined)?.balance ?? null,
    setDeposit: (ban: string, balance: number) => setDeposit.run(balance, ban),
    lineCount: (sn: string): number => (countOfLine.get(sn) as { n: number }).n,
    has: (sn: string, soc: string): boolean => hasConn.get(sn, soc) !== undefined,
    connect: (sn: string, soc: string, at: number, by: number) => insConn.run(sn, soc, at, by),
    disconnect: (sn: string, soc: string): boolean => delConn.run(sn, soc).changes > 0,
    disconnectAll: (sn: string): number => delAllConn.run(sn).changes,
    roaming: (sn: string): boolean => roamingOf.get(sn) !== undefined,
    roamingOn: (sn: string, at: number, by: number) => insRoaming.run(sn, at, by),
    roamingOff: (sn: string): boolean => delRoaming.run(sn).changes > 0,
    promotion: (sn: string): { soc: string; takenAt: number | null } | null =>
      (promoOf.get(sn) as { soc: string; takenAt: number | null } | undefined) ?? null,
    takePromotion: (sn: string, at: number) => takePromo.run(at, sn),
    recordOperation(o: {
      ban: string;
      action: string;
      soc: string | null;
      accepted: number;
      failed: number;
      amount: number;
      at: number;
      by: number;
    }): number {
      return Number(
        insOperation.run(o.ban, o.action, o.soc, o.accepted, o.failed, o.amount, o.at, o.by).lastInsertRowid,
      );
    },
  };
}

export type AddonsStore = ReturnType<typeof createAddonsStore>;
