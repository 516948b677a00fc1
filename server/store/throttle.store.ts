import type { Clock } from '../clock';
import type { Db } from '../db/database';

/**
 * Login throttling (ASVS 2.2.1; docs/security.md finding 5) and SMS send limits (finding 6), kept in the database so
 * a restart does not reset them.
 *
 * Logins: every failure counts against the account and against the client address. From `free` failures on, each
 * further failure locks the key for a delay that doubles (`baseMs`, 2×, 4× … up to `maxMs`); a key with no failure
 * for `resetMs` starts over. A locked key is answered before any password hash is computed.
 */
export interface ThrottlePolicy {
  free: number;
  baseMs: number;
  maxMs: number;
  resetMs: number;
}

export const ACCOUNT_POLICY: ThrottlePolicy = {
  free: 5,
  baseMs: 30_000,
  maxMs: 15 * 60_000,
  resetMs: 60 * 60_000,
};
export const ADDRESS_POLICY: ThrottlePolicy = {
  free: 20,
  baseMs: 30_000,
  maxMs: 15 * 60_000,
  resetMs: 60 * 60_000,
};

interface Row {
  failures: number;
  last_failure_at: number;
  locked_until: number | null;
}

export function createThrottleStore(db: Db, clock: Clock) {
  const get = db.prepare('SELECT failures, last_failure_at, locked_until FROM login_throttle WHERE key = ?');
  const put = db.prepare(`INSERT INTO login_throttle (key, failures, last_failure_at, locked_until)
    VALUES (@key, @failures, @now, @locked_until)
    ON CONFLICT(key) DO UPDATE SET failures = @failures, last_failure_at = @now, locked_until = @locked_until`);
  const clear = db.prepare('DELETE FROM login_throttle WHERE key = ?');
  const smsByPhone = db.prepare(
    'SELECT sent_at FROM sms_sends WHERE phone = ? AND sent_at > ? ORDER BY sent_at',
  );
  const smsByIp = db.prepare('SELECT COUNT(*) AS n FROM sms_sends WHERE ip = ? AND sent_at > ?');
  const addSms = db.prepare('INSERT INTO sms_sends (phone, ip, sent_at) VALUES (?, ?, ?)');
  const addSmsFailure = db.prepare('INSERT INTO sms_failures (phone, failed_at) VALUES (?, ?)');
  const smsFailures = db.prepare('SELECT COUNT(*) AS n FROM sms_failures WHERE phone = ? AND failed_at > ?');

  return {
    /** Milliseconds until `key` may try again (0: now). */
    lockedFor(key: string): number {
      const r = get.get(key) as Row | undefined;
      return r?.locked_until != null ? Math.max(0, r.locked_until - clock.now()) : 0;
    },
    /** Counts a failure; returns the lock it now carries in ms (0: none yet). */
    fail(key: string, policy: ThrottlePolicy): number {
      const now = clock.now();
      const r = get.get(key) as Row | undefined;
      const failures = r && now - r.last_failure_at < policy.resetMs ? r.failures + 1 : 1;
      const over = failures - policy.free;
      const lock = over >= 0 ? Math.min(policy.baseMs * 2 ** Math.min(over, 20), policy.maxMs) : 0;
      put.run({ key, failures, now, locked_until: lock > 0 ? now + lock : null });
      return lock;
    },
    succeed(key: string): void {
      clear.run(key);
    },

    /** Milliseconds until an SMS may go to `phone` from `ip` (0: now). */
    smsWait(
      phone: string,
      ip: string,
      limits: { resendMs: number; perWindow: number; windowMs: number },
    ): number {
      const now = clock.now();
      const since = now - limits.windowMs;
      const sent = (smsByPhone.all(phone, since) as { sent_at: number }[]).map((r) => r.sent_at);
      const last = sent.at(-1);
      let wait = last === undefined ? 0 : Math.max(0, last + limits.resendMs - now);
      if (sent.length >= limits.perWindow)
        wait = Math.max(wait, (sent[sent.length - limits.perWindow] as number) + limits.windowMs - now);
      const byIp = (smsByIp.get(ip, since) as { n: number }).n;
      if (byIp >= limits.perWindow * 4) wait = Math.max(wait, limits.resendMs);
      return wait;
    },
    smsSent(phone: string, ip: string): void {
      addSms.run(phone, ip, clock.now());
    },
    /** Wrong SMS codes for `phone` within the window, over all its codes (a new code does not reset them). */
    smsFailures(phone: string, windowMs: number): number {
      return (smsFailures.get(phone, clock.now() - windowMs) as { n: number }).n;
    },
    smsFailed(phone: string): void {
      addSmsFailure.run(phone, clock.now());
    },
  };
}

export type ThrottleStore = ReturnType<typeof createThrottleStore>;
