import { randomBytes, randomInt } from 'node:crypto';
import { sha256 } from '../auth/passwords';
import type { Clock } from '../clock';
import type { Db } from '../db/database';

export interface OutboxMessage {
  id: number;
  recipient: string;
  login: string | null;
  channel: 'sms' | 'email';
  kind: string;
  text: string;
  /** the code or token the message carries (demo outbox only) */
  secret: string | null;
  createdAt: number;
}

/** Result of checking an SMS code. */
/** `exhausted`: that wrong answer used the last try (U23). */
export type CodeCheck = 'ok' | 'wrong' | 'exhausted' | 'expired';

/**
 * One-time secrets of the public flows, stored hashed: SMS codes (random 6 digits), recovery tokens (random 32
 * bytes), plus the demo outbox where "sent" messages are kept in demo mode. (The impersonations' record is the
 * activity log's: server/store/activity.store.ts.)
 */
/** What a recovery or activation link's token is now (RL1). */
export type TokenStatus = 'valid' | 'used' | 'expired' | 'unknown';

export function createAuthStore(db: Db, clock: Clock) {
  const insCode = db.prepare('INSERT INTO sms_codes (phone, code_hash, created_at) VALUES (?, ?, ?)');
  const burnCodes = db.prepare('UPDATE sms_codes SET used_at = ? WHERE phone = ? AND used_at IS NULL');
  const lastCode = db.prepare(
    'SELECT id, code_hash, created_at, used_at FROM sms_codes WHERE phone = ? ORDER BY id DESC LIMIT 1',
  );
  const useCode = db.prepare('UPDATE sms_codes SET used_at = ? WHERE id = ?');
  const wrongTry = db.prepare('UPDATE sms_codes SET tries = tries + 1 WHERE id = ? RETURNING tries');
  const insToken = db.prepare(
    'INSERT INTO restore_tokens (token_hash, user_id, created_at) VALUES (?, ?, ?)',
  );
  const getToken = db.prepare('SELECT user_id, created_at, used_at FROM restore_tokens WHERE token_hash = ?');
  const tokenRow = (token: string) =>
    getToken.get(sha256(token)) as
      | { user_id: number; created_at: number; used_at: number | null }
      | undefined;
  const tokenStatusOf = (row: ReturnType<typeof tokenRow>, lifeMs: number): TokenStatus => {
    if (!row) return 'unknown';
    if (row.used_at != null) return 'used';
    return clock.now() - row.created_at > lifeMs ? 'expired' : 'valid';
  };
  const useTokens = db.prepare('UPDATE restore_tokens SET used_at = ? WHERE user_id = ? AND used_at IS NULL');
  const insOutbox =
    db.prepare(`INSERT INTO demo_outbox (recipient, login, channel, kind, text, secret, created_at)
    VALUES (@recipient, @login, @channel, @kind, @text, @secret, @createdAt)`);
  const readOutbox =
    db.prepare(`SELECT id, recipient, login, channel, kind, text, secret, created_at AS createdAt
    FROM demo_outbox WHERE (@recipient IS NOT NULL AND recipient = @recipient) OR (@login IS NOT NULL AND login = @login)
    ORDER BY id DESC LIMIT 50`);
  const recentOutbox =
    db.prepare(`SELECT id, recipient, login, channel, kind, text, secret, created_at AS createdAt
    FROM demo_outbox ORDER BY id DESC LIMIT ?`);

  return {
    /** New random 6-digit code for `phone`; earlier unused codes of the phone stop working. */
    issueCode(phone: string): string {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      db.transaction(() => {
        burnCodes.run(clock.now(), phone);
        insCode.run(phone, sha256(`${phone}:${code}`), clock.now());
      })();
      return code;
    },
    /** Checks the latest code of `phone`. Expired after `lifeMs`; burnt after `maxTries` wrong answers. */
    checkCode(phone: string, code: string, lifeMs: number, maxTries: number): CodeCheck {
      const row = lastCode.get(phone) as
        | { id: number; code_hash: string; created_at: number; used_at: number | null }
        | undefined;
      if (!row) return 'wrong';
      if (row.used_at != null || clock.now() - row.created_at > lifeMs) return 'expired';
      if (row.code_hash !== sha256(`${phone}:${code}`)) {
        const { tries } = wrongTry.get(row.id) as { tries: number };
        if (tries >= maxTries) {
          useCode.run(clock.now(), row.id);
          return 'exhausted';
        }
        return 'wrong';
      }
      useCode.run(clock.now(), row.id);
      return 'ok';
    },

    /** New recovery token for a user (32 random bytes, base64url). */
    issueToken(userId: number): string {
      const token = randomBytes(32).toString('base64url');
      insToken.run(sha256(token), userId, clock.now());
      return token;
    },
    /** The user of a token, or why it cannot be used (a used one is as unknown as one never issued). */
    readToken(token: string, lifeMs: number): { userId: number } | 'unknown' | 'expired' {
      const row = tokenRow(token);
      const status = tokenStatusOf(row, lifeMs);
      if (row && status === 'valid') return { userId: row.user_id };
      return status === 'expired' ? 'expired' : 'unknown';
    },
    /** What a link's token is now, without using it up (RL1): 'used' also covers a link revoked or replaced. */
    tokenStatus(token: string, lifeMs: number): TokenStatus {
      return tokenStatusOf(tokenRow(token), lifeMs);
    },
    /** Every open token of the user stops working (after a successful restore). */
    /** Revokes every pending recovery / activation link of a user (same as `useTokens`, named for callers that
     *  revoke rather than consume). */
    revokeTokens(userId: number): void {
      useTokens.run(clock.now(), userId);
    },
    useTokens(userId: number): void {
      useTokens.run(clock.now(), userId);
    },

    addOutbox(m: Omit<OutboxMessage, 'id' | 'createdAt'>): void {
      insOutbox.run({ ...m, createdAt: clock.now() });
    },
    /** Latest messages (newest first) sent to a phone / address, or concerning a login. */
    outbox(q: { recipient?: string; login?: string }): OutboxMessage[] {
      return readOutbox.all({ recipient: q.recipient ?? null, login: q.login ?? null }) as OutboxMessage[];
    },

    /** The newest messages of the demo outbox, whoever they went to (the demo page). */
    recentOutbox(limit = 50): OutboxMessage[] {
      return recentOutbox.all(limit) as OutboxMessage[];
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;
