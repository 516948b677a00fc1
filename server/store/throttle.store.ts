import { createHash } from 'node:crypto';
import type { Clock } from '../clock';
import type { Db } from '../db/database';

/**
 * Login throttling (ASVS 2.2.1; docs/security.md findings 5, 23 and 31, docs/decisions.md PRH2-PRH3), SMS send
 * limits (finding 6) and the recovery-link limit (finding 24), kept in the database so a restart does not reset them.
 *
 * Logins: every attempt is counted BEFORE its password is checked, against three keys at once — the account from
 * this address (strict), the address (a much higher ceiling: many people may share one), and the account from
 * everywhere (a distributed guess). From `free` failures on, each further failure locks the key for a delay that
 * doubles (`baseMs`, 2×, 4× … up to `maxMs`); a key with no failure for `resetMs` starts over. A key with a
 * `quietMs` (the account) is not counted or locked again for that long after a lock began, so nobody can keep a
 * known login locked from other addresses for more than one lock. A locked key is answered before any password
 * hash is computed; a right password takes its attempt back.
 */
export interface ThrottlePolicy {
  free: number;
  baseMs: number;
  maxMs: number;
  resetMs: number;
  /** after a lock began, the key is neither counted nor locked again for this long (from the lock's start) */
  quietMs?: number;
}

const MINUTE = 60_000;

/** One account from one address: 5 failures, then 30 s, 1 min, 2 min … up to 15 min. */
export const PAIR_POLICY: ThrottlePolicy = {
  free: 5,
  baseMs: 30_000,
  maxMs: 15 * MINUTE,
  resetMs: 60 * MINUTE,
};
/** One address, whatever the accounts (an office, a mobile carrier's NAT): 100 failures an hour. */
export const ADDRESS_POLICY: ThrottlePolicy = {
  free: 100,
  baseMs: 30_000,
  maxMs: 15 * MINUTE,
  resetMs: 60 * MINUTE,
};
/** One account from every address: 20 failures an hour lock it for 15 minutes, then not again within the hour. */
export const ACCOUNT_POLICY: ThrottlePolicy = {
  free: 20,
  baseMs: 15 * MINUTE,
  maxMs: 15 * MINUTE,
  resetMs: 60 * MINUTE,
  quietMs: 60 * MINUTE,
};

/** The three throttle keys of one login attempt (the login as typed, trimmed, in lower case). */
export function loginKeys(login: string, address: string): { key: string; policy: ThrottlePolicy }[] {
  const account = login.trim().toLowerCase();
  return [
    { key: `pair:${account}|${address}`, policy: PAIR_POLICY },
    { key: `address:${address}`, policy: ADDRESS_POLICY },
    { key: `account:${account}`, policy: ACCOUNT_POLICY },
  ];
}

/** An attempt that was let through: the keys it was counted on and the lock it set on each (to take it back). */
export interface LoginTicket {
  pairKey: string;
  counted: { key: string; lockSet: number | null }[];
}

/** A limit on messages: at most `perWindow` per `windowMs`, and (optionally) one per `spacingMs`. */
export interface RateLimit {
  key: string;
  perWindow: number;
  windowMs: number;
  spacingMs?: number;
}

/** A recipient (e-mail address, phone) as a rate key: hashed, so the table holds no contact data. */
export const recipientKey = (prefix: string, recipient: string) =>
  `${prefix}:${createHash('sha256').update(recipient.trim().toLowerCase()).digest('hex')}`;

interface Row {
  failures: number;
  last_failure_at: number;
  locked_until: number | null;
  quiet_until: number | null;
}

/** The row after one more failure under `policy` at `now` (null: the key is quiet and not counted). */
function counted(r: Row | undefined, policy: ThrottlePolicy, now: number): Row | null {
  if (r?.quiet_until != null && r.quiet_until > now) return null;
  const failures = r && now - r.last_failure_at < policy.resetMs ? r.failures + 1 : 1;
  const over = failures - policy.free;
  const lock = over >= 0 ? Math.min(policy.baseMs * 2 ** Math.min(over, 20), policy.maxMs) : 0;
  const lockedUntil = lock > 0 ? now + lock : null;
  const quietUntil = lock > 0 && policy.quietMs ? now + policy.quietMs : null;
  return { failures, last_failure_at: now, locked_until: lockedUntil, quiet_until: quietUntil };
}

export function createThrottleStore(db: Db, clock: Clock) {
  const get = db.prepare(
    'SELECT failures, last_failure_at, locked_until, quiet_until FROM login_throttle WHERE key = ?',
  );
  const put =
    db.prepare(`INSERT INTO login_throttle (key, failures, last_failure_at, locked_until, quiet_until)
    VALUES (@key, @failures, @last_failure_at, @locked_until, @quiet_until)
    ON CONFLICT(key) DO UPDATE SET failures = @failures, last_failure_at = @last_failure_at,
      locked_until = @locked_until, quiet_until = @quiet_until`);
  // a right password takes its attempt back; a lock that this very attempt set is lifted with it
  const refund = db.prepare(`UPDATE login_throttle SET failures = MAX(failures - 1, 0),
      locked_until = CASE WHEN locked_until = @lockSet THEN NULL ELSE locked_until END,
      quiet_until = CASE WHEN locked_until = @lockSet THEN NULL ELSE quiet_until END
    WHERE key = @key`);
  const clear = db.prepare('DELETE FROM login_throttle WHERE key = ?');
  const purge = db.prepare(`DELETE FROM login_throttle WHERE last_failure_at < @before
    AND (locked_until IS NULL OR locked_until < @now) AND (quiet_until IS NULL OR quiet_until < @now)`);
  const smsByPhone = db.prepare(
    'SELECT sent_at FROM sms_sends WHERE phone = ? AND sent_at > ? ORDER BY sent_at',
  );
  const smsByIp = db.prepare('SELECT COUNT(*) AS n FROM sms_sends WHERE ip = ? AND sent_at > ?');
  const addSms = db.prepare('INSERT INTO sms_sends (phone, ip, sent_at) VALUES (?, ?, ?)');
  const addSmsFailure = db.prepare('INSERT INTO sms_failures (phone, failed_at) VALUES (?, ?)');
  const smsFailures = db.prepare('SELECT COUNT(*) AS n FROM sms_failures WHERE phone = ? AND failed_at > ?');
  const eventsOf = db.prepare('SELECT at FROM rate_events WHERE key = ? AND at > ? ORDER BY at');
  const addEvent = db.prepare('INSERT INTO rate_events (key, at) VALUES (?, ?)');
  const dropEvents = db.prepare('DELETE FROM rate_events WHERE key = ? AND at <= ?');

  // rows older than every policy's reset and quiet time count for nothing any more
  const stale = Math.max(
    ...[PAIR_POLICY, ADDRESS_POLICY, ACCOUNT_POLICY].map((p) => Math.max(p.resetMs, p.quietMs ?? 0)),
  );

  /**
   * One login attempt, counted before its password is checked, in one immediate transaction (SQLite runs one
   * writer at a time, so of any number of simultaneous attempts — even from two processes on one file — each sees
   * the count the one before it left): when a key is locked, the milliseconds to wait and nothing is counted;
   * otherwise every key counts the attempt as a failure, and a key that reaches its limit is locked at once.
   */
  const reserve = db.transaction((login: string, address: string): LoginTicket | { waitMs: number } => {
    const keys = loginKeys(login, address);
    const now = clock.now();
    purge.run({ before: now - stale, now });
    const rows = keys.map((k) => get.get(k.key) as Row | undefined);
    const waitMs = Math.max(0, ...rows.map((r) => (r?.locked_until != null ? r.locked_until - now : 0)));
    if (waitMs > 0) return { waitMs };
    const ticket: LoginTicket = { pairKey: (keys[0] as { key: string }).key, counted: [] };
    keys.forEach(({ key, policy }, i) => {
      const next = counted(rows[i], policy, now);
      if (!next) return;
      put.run({ key, ...next });
      ticket.counted.push({ key, lockSet: next.locked_until });
    });
    return ticket;
  });

  /** Milliseconds until one more message fits every limit, counting it when it does (0: counted, send it). */
  const take = db.transaction((limits: readonly RateLimit[]): number => {
    const now = clock.now();
    let wait = 0;
    for (const l of limits) {
      dropEvents.run(l.key, now - l.windowMs);
      const at = (eventsOf.all(l.key, now - l.windowMs) as { at: number }[]).map((r) => r.at);
      const last = at.at(-1);
      if (l.spacingMs && last !== undefined) wait = Math.max(wait, last + l.spacingMs - now);
      if (at.length >= l.perWindow)
        wait = Math.max(wait, (at[at.length - l.perWindow] as number) + l.windowMs - now);
    }
    if (wait > 0) return wait;
    for (const l of limits) addEvent.run(l.key, now);
    return 0;
  });

  return {
    /**
     * Counts a login attempt for `login` from `address` on its keys (`loginKeys`) before the password is checked:
     * `{ waitMs }` when one of them is locked (answer E137, compute no hash), otherwise a ticket — the attempt
     * already counts as a failure.
     */
    reserveLogin(login: string, address: string): LoginTicket | { waitMs: number } {
      return reserve.immediate(login, address);
    },
    /** The password was right: this account's count from this address starts over; the other keys get the attempt
     *  back (a success does not wipe what others tried against the account or from the address). */
    loginSucceeded(ticket: LoginTicket): void {
      db.transaction(() => {
        for (const c of ticket.counted) if (c.key !== ticket.pairKey) refund.run(c);
        clear.run(ticket.pairKey);
      }).immediate();
    },
    /** The attempt was no guess (a single-sign-on account, answered without a password check): taken back. */
    loginReleased(ticket: LoginTicket): void {
      db.transaction(() => {
        for (const c of ticket.counted) refund.run(c);
      }).immediate();
    },
    /** Milliseconds until one more message fits every limit (0: it was counted and may go now). */
    takeMessage(limits: readonly RateLimit[]): number {
      return take.immediate(limits);
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
