import type { Db } from '../db/database';

/**
 * The SQL of the planned blocks and restores (docs/decisions.md SP1-SP8, migration 024): a plan and the days it holds
 * are written together; the runner claims a plan with one conditional UPDATE and finishes it with another; a claim
 * older than the lease is given back (its transaction never committed).
 */

export type PlanStatus = 'scheduled' | 'applying' | 'done' | 'partial' | 'failed' | 'cancelled';

export interface PlanResult {
  accepted: string[];
  failed: string[];
  skipped: { sn: string; reason: string }[];
}

/** A plan as stored, with its creator's login and active role (for the list). */
export interface PlanRow {
  id: number;
  ban: string;
  sns: string[] | null;
  numbers: number;
  action: 'block' | 'restore';
  date: string;
  hour: number;
  runAt: number;
  status: PlanStatus;
  createdBy: number;
  creatorLogin: string | null;
  creatorRole: string | null;
  createdAt: number;
  signatureId: number | null;
  keySerial: string | null;
  price: number | null;
  claimedAt: number | null;
  claimedBy: string | null;
  finishedAt: number | null;
  result: PlanResult | null;
  reason: string | null;
  cancelledAt: number | null;
  cancelledBy: number | null;
}

interface Raw {
  id: number;
  ban: string;
  sns: string | null;
  numbers: number;
  action: 'block' | 'restore';
  date: string;
  hour: number;
  run_at: number;
  status: PlanStatus;
  created_by: number;
  creator_login: string | null;
  creator_role: string | null;
  created_at: number;
  signature_id: number | null;
  key_serial: string | null;
  price: number | null;
  claimed_at: number | null;
  claimed_by: string | null;
  finished_at: number | null;
  result: string | null;
  reason: string | null;
  cancelled_at: number | null;
  cancelled_by: number | null;
}

const toRow = (r: Raw): PlanRow => ({
  id: r.id,
  ban: r.ban,
  sns: r.sns === null ? null : (JSON.parse(r.sns) as string[]),
  numbers: r.numbers,
  action: r.action,
  date: r.date,
  hour: r.hour,
  runAt: r.run_at,
  status: r.status,
  createdBy: r.created_by,
  creatorLogin: r.creator_login,
  creatorRole: r.creator_role,
  createdAt: r.created_at,
  signatureId: r.signature_id,
  keySerial: r.key_serial,
  price: r.price,
  claimedAt: r.claimed_at,
  claimedBy: r.claimed_by,
  finishedAt: r.finished_at,
  result: r.result === null ? null : (JSON.parse(r.result) as PlanResult),
  reason: r.reason,
  cancelledAt: r.cancelled_at,
  cancelledBy: r.cancelled_by,
});

export interface NewPlan {
  ban: string;
  sns: readonly string[] | null;
  numbers: number;
  action: 'block' | 'restore';
  date: string;
  hour: number;
  runAt: number;
  createdBy: number;
  createdAt: number;
  signatureId: number | null;
  keySerial: string | null;
  price: number | null;
}

/** The day row of a whole account's plan (SP3). */
export const accountDayKey = (ban: string) => `*${ban}`;

const SELECT = `SELECT p.*, u.login AS creator_login,
    (SELECT role FROM user_roles r WHERE r.user_id = p.created_by ORDER BY position LIMIT 1) AS creator_role
  FROM block_plans p LEFT JOIN users u ON u.id = p.created_by`;

export function createPlansStore(db: Db) {
  const s = {
    insert: db.prepare(`INSERT INTO block_plans
      (ban, sns, numbers, action, date, hour, run_at, status, created_by, created_at, signature_id, key_serial, price)
      VALUES (@ban, @sns, @numbers, @action, @date, @hour, @runAt, 'scheduled', @createdBy, @createdAt, @signatureId,
        @keySerial, @price)`),
    insertDay: db.prepare('INSERT INTO block_plan_days (plan_id, ban, sn, day) VALUES (?, ?, ?, ?)'),
    // a number plan meets an account plan of its account that day, an account plan any plan of its account that day
    heldBy: db.prepare('SELECT sn FROM block_plan_days WHERE sn = ? AND day = ?'),
    anyOfBan: db.prepare('SELECT sn FROM block_plan_days WHERE ban = ? AND day = ? LIMIT 1'),
    releaseDays: db.prepare('DELETE FROM block_plan_days WHERE plan_id = ?'),
    byId: db.prepare(`${SELECT} WHERE p.id = ?`),
    count: db.prepare(
      'SELECT COUNT(*) AS n FROM block_plans WHERE ban = @ban AND (@status IS NULL OR status = @status)',
    ),
    page: db.prepare(`${SELECT} WHERE p.ban = @ban AND (@status IS NULL OR p.status = @status)
      ORDER BY p.run_at DESC, p.id DESC LIMIT @limit OFFSET @offset`),
    cancel:
      db.prepare(`UPDATE block_plans SET status = 'cancelled', cancelled_at = @now, cancelled_by = @userId
      WHERE id = @id AND status = 'scheduled'`),
    due: db.prepare(`SELECT id FROM block_plans WHERE status = 'scheduled' AND (@all = 1 OR run_at <= @now)
      ORDER BY run_at, id`),
    // ONE conditional UPDATE claims a plan: of two workers exactly one changes the row (SP5)
    claim: db.prepare(`UPDATE block_plans SET status = 'applying', claimed_at = @now, claimed_by = @worker
      WHERE id = @id AND status = 'scheduled'`),
    finish:
      db.prepare(`UPDATE block_plans SET status = @status, finished_at = @now, result = @result, reason = @reason
      WHERE id = @id AND status = 'applying' AND claimed_by = @worker`),
    // a claim older than the lease whose transaction never committed: the plan is scheduled again (SP5)
    recover: db.prepare(`UPDATE block_plans SET status = 'scheduled', claimed_at = NULL, claimed_by = NULL
      WHERE status = 'applying' AND claimed_at < @before`),
  };

  return {
    /**
     * Writes a plan and the days it holds in one transaction, or names the number (or `*<ban>`) already held by a
     * pending plan that day (SP3): `{ conflict }`.
     */
    create(p: NewPlan): { id: number } | { conflict: string } {
      return db.transaction((): { id: number } | { conflict: string } => {
        const keys = p.sns === null ? [accountDayKey(p.ban)] : [...new Set(p.sns)];
        if (p.sns === null) {
          const other = s.anyOfBan.get(p.ban, p.date) as { sn: string } | undefined;
          if (other) return { conflict: other.sn };
        } else if (s.heldBy.get(accountDayKey(p.ban), p.date)) return { conflict: accountDayKey(p.ban) };
        for (const k of keys) if (s.heldBy.get(k, p.date)) return { conflict: k };
        const id = Number(
          s.insert.run({ ...p, sns: p.sns === null ? null : JSON.stringify([...new Set(p.sns)].sort()) })
            .lastInsertRowid,
        );
        for (const k of keys) s.insertDay.run(id, p.ban, k, p.date);
        return { id };
      })();
    },
    get(id: number): PlanRow | undefined {
      const r = s.byId.get(id) as Raw | undefined;
      return r && toRow(r);
    },
    /** Page `pageNo` of `ban`'s plans, newest run first, with the count of all that match. */
    page(ban: string, status: PlanStatus | null, pageNo: number, size: number) {
      const { n } = s.count.get({ ban, status }) as { n: number };
      const rows = (s.page.all({ ban, status, limit: size, offset: pageNo * size }) as Raw[]).map(toRow);
      return { rows, total: n };
    },
    /** Cancels a plan still scheduled (one conditional UPDATE) and frees its days; false when it was not. */
    cancel(id: number, userId: number, now: number): boolean {
      const changed = s.cancel.run({ id, userId, now }).changes === 1;
      if (changed) s.releaseDays.run(id);
      return changed;
    },
    /** The ids of the scheduled plans due at `now` (every scheduled one with `all`: the demo's fast-forward). */
    due(now: number, all = false): number[] {
      return (s.due.all({ now, all: all ? 1 : 0 }) as { id: number }[]).map((r) => r.id);
    },
    /** Claims a scheduled plan for `worker`; true for exactly one caller. */
    claim(id: number, worker: string, now: number): boolean {
      return s.claim.run({ id, worker, now }).changes === 1;
    },
    /** Ends a claimed plan (inside the run's transaction) and frees its days; false when the claim is not `worker`'s. */
    finish(
      id: number,
      worker: string,
      f: {
        status: 'done' | 'partial' | 'failed';
        result: PlanResult | null;
        reason: string | null;
        now: number;
      },
    ): boolean {
      const changed =
        s.finish.run({
          id,
          worker,
          status: f.status,
          now: f.now,
          result: f.result === null ? null : JSON.stringify(f.result),
          reason: f.reason,
        }).changes === 1;
      if (changed) s.releaseDays.run(id);
      return changed;
    },
    /** Gives back claims older than `before`; returns how many. */
    recover(before: number): number {
      return s.recover.run({ before }).changes;
    },
  };
}

export type PlansStore = ReturnType<typeof createPlansStore>;
