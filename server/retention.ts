/**
 * Retention of personal data in the reference backend's database (docs/decisions.md RET1, README "Data of the
 * reference backend"): what is erased, when. `applyRetention` runs every hour inside the portal and once by hand with
 * `npm run db:retention`; each run says what it erased as counts, never whose.
 */
import { parseArgs } from 'node:util';
import { ACTIVITY_RETENTION_DAYS } from '../src/domain/activity.rules';
import type { Clock } from './clock';
import { systemClock } from './clock';
import { type Db, defaultDbPath, migrate, openDatabase } from './db/database';
import { wholeSetting } from './env-settings';
import { createLogger, type Logger } from './logger';
import { ACTIVITY_CUTOFF_KEY } from './store/activity.store';

const DAY = 24 * 3600 * 1000;

export interface RetentionPolicy {
  /** RETENTION_SCAN_DAYS (default 90): a decided (registered or rejected) AT 39 registration's passport and
   *  application scans are erased this long after the decision */
  scanDays: number;
  /** RETENTION_DRAFT_DAYS (default 30): an AT 39 registration never sent (draft, documents) and untouched this long is
   *  deleted with its person data, scans, comments and number reservation */
  draftDays: number;
  /** RETENTION_ACTIVITY_DAYS (default ACTIVITY_RETENTION_DAYS, 1095: three years): an activity log entry older than
   *  this is erased (docs/decisions.md AL5) */
  activityDays: number;
}

export const DEFAULT_RETENTION: RetentionPolicy = {
  scanDays: 90,
  draftDays: 30,
  activityDays: ACTIVITY_RETENTION_DAYS,
};

/** Reads the policy; a value that is set but not a whole number of days in range refuses with a one-line reason. */
export function retentionFromEnv(env: NodeJS.ProcessEnv = process.env): RetentionPolicy {
  const days = (name: string, v: string | undefined, dflt: number) => wholeSetting(name, v, 1, 3650) ?? dflt;
  return {
    scanDays: days('RETENTION_SCAN_DAYS', env.RETENTION_SCAN_DAYS, DEFAULT_RETENTION.scanDays),
    draftDays: days('RETENTION_DRAFT_DAYS', env.RETENTION_DRAFT_DAYS, DEFAULT_RETENTION.draftDays),
    activityDays: days(
      'RETENTION_ACTIVITY_DAYS',
      env.RETENTION_ACTIVITY_DAYS,
      DEFAULT_RETENTION.activityDays,
    ),
  };
}

/** What one run erased, per rule. */
export interface RetentionCounts {
  scansErased: number;
  draftsDeleted: number;
  identityChecksDeleted: number;
  smsCodesDeleted: number;
  linkTokensDeleted: number;
  activityErased: number;
}

/**
 * Erases what the policy no longer allows to keep, in one transaction:
 * - scans (passport, application) of registrations decided more than `scanDays` ago: bytes erased, row kept;
 * - registrations never sent and untouched for `draftDays`: deleted with scans and comments, the number reserved
 *   for it freed;
 * - identity checks (the passport service's confirmation sessions, with the PINFL and the person's data) older than
 *   a day: they matter for minutes;
 * - SMS code hashes older than a day, recovery and activation link hashes used or older than their lifetime's week;
 * - activity log entries older than `activityDays`: the cutoff is written first, the one thing the log's delete
 *   trigger lets go (migration 023, AL5).
 */
export function applyRetention(db: Db, now: number, policy: RetentionPolicy): RetentionCounts {
  return db.transaction(() => {
    const scansErased = db
      .prepare(
        `UPDATE at39_scans SET file_bytes = X'', purged_at = @now WHERE purged_at IS NULL AND registration_id IN
           (SELECT id FROM at39_registrations WHERE status IN ('registered', 'rejected') AND status_at < @before)`,
      )
      .run({ now, before: now - policy.scanDays * DAY }).changes;
    const stale = (
      db
        .prepare(
          `SELECT id FROM at39_registrations WHERE status IN ('draft', 'documents') AND updated_at < ?`,
        )
        .all(now - policy.draftDays * DAY) as { id: number }[]
    ).map((r) => r.id);
    let draftsDeleted = 0;
    for (const id of stale) {
      // its reserved number goes back on sale (the reservation's counter-move); a number it holds otherwise keeps it
      db.prepare(
        `UPDATE number_inventory SET state = 'free', registration_id = NULL, reserved_until = NULL, ban = NULL
           WHERE registration_id = ? AND state = 'reserved'`,
      ).run(id);
      if (db.prepare('SELECT 1 FROM number_inventory WHERE registration_id = ?').get(id)) continue;
      for (const table of ['at39_scans', 'at39_comments', 'at39_epdp_sessions'])
        db.prepare(`DELETE FROM ${table} WHERE registration_id = ?`).run(id);
      db.prepare('DELETE FROM at39_registrations WHERE id = ?').run(id);
      draftsDeleted++;
    }
    const identityChecksDeleted = db
      .prepare('DELETE FROM at39_epdp_sessions WHERE created_at < ?')
      .run(now - DAY).changes;
    const smsCodesDeleted = db.prepare('DELETE FROM sms_codes WHERE created_at < ?').run(now - DAY).changes;
    const linkTokensDeleted = db
      .prepare('DELETE FROM restore_tokens WHERE created_at < ? OR (used_at IS NOT NULL AND used_at < ?)')
      .run(now - 7 * DAY, now - DAY).changes;
    const cutoff = now - policy.activityDays * DAY;
    db.prepare(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    ).run(ACTIVITY_CUTOFF_KEY, String(cutoff));
    const activityErased = db.prepare('DELETE FROM activity_log WHERE at < ?').run(cutoff).changes;
    return {
      scansErased,
      draftsDeleted,
      identityChecksDeleted,
      smsCodesDeleted,
      linkTokensDeleted,
      activityErased,
    };
  })();
}

/** Runs `applyRetention` now and then every `everyMs` (default an hour) until stopped; logs a run that erased any. */
export function scheduleRetention(
  db: Db,
  logger: Logger,
  policy: RetentionPolicy,
  clock: Clock = systemClock,
  everyMs = 3600 * 1000,
): () => void {
  const run = () => {
    try {
      const counts = applyRetention(db, clock.now(), policy);
      if (Object.values(counts).some((n) => n > 0)) logger.info('retention.applied', { ...counts });
    } catch (e) {
      logger.error('retention.failed', { error: e instanceof Error ? e.message : String(e) });
    }
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** `npm run db:retention`: one run on `PORTAL_DB`, its counts as one JSON line on stdout. */
export async function main(args: readonly string[] = process.argv.slice(2)): Promise<number> {
  parseArgs({ args: [...args], options: {}, strict: true });
  const env = process.env;
  if (env.API_TARGET) {
    process.stderr.write(
      'db:retention: API_TARGET is set: the operator’s backend keeps the data, not this one.\n',
    );
    return 1;
  }
  const policy = retentionFromEnv(env);
  const db = openDatabase(defaultDbPath(env));
  try {
    // the same schema the portal runs on (a newer one is refused: OPS3)
    migrate(db);
    const counts = applyRetention(db, systemClock.now(), policy);
    createLogger((line) => process.stderr.write(`${line}\n`)).info('retention.applied', { ...counts });
    process.stdout.write(`${JSON.stringify({ ...policy, ...counts })}\n`);
    return 0;
  } finally {
    db.close();
  }
}
