import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sha256 } from '../auth/passwords';
import type { Clock } from '../clock';
import type { Db } from '../db/database';

/** Lifetime of a single sign-on code (an authorization code lives seconds, not minutes). */
export const SSO_CODE_MS = 60_000;

/** Why a code did not open a session. Never logged with the code or the state themselves. */
export type SsoRefusal = 'unknown' | 'used' | 'expired' | 'state';

/** 32 random bytes, base64url: a code or a state (256 bits, well above the 128 the flow needs). */
export const ssoSecret = () => randomBytes(32).toString('base64url');

/** A state or code as the flow writes them (base64url, bounded): anything else is refused before the database. */
export const isSsoSecret = (s: string | undefined): s is string =>
  typeof s === 'string' && /^[A-Za-z0-9_-]{32,128}$/.test(s);

/** Constant-time equality of two strings (the state in the cookie and the one handed back). */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The one-time codes of the simulated corporate sign-on (docs/decisions.md SSO2): stored hashed, bound to the
 * account and the state, spent by one conditional UPDATE so two callbacks with the same code cannot both win.
 */
export function createSsoStore(db: Db, clock: Clock) {
  const ins = db.prepare(
    'INSERT INTO sso_codes (code_hash, user_id, state_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
  );
  const spend = db.prepare(
    'UPDATE sso_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL RETURNING user_id, state_hash, expires_at',
  );
  const known = db.prepare('SELECT 1 FROM sso_codes WHERE code_hash = ?');
  const purge = db.prepare('DELETE FROM sso_codes WHERE expires_at < ?');

  return {
    /** A new code for `userId`, bound to `state`; codes expired for a day are swept on the way. */
    issue(userId: number, state: string): string {
      const now = clock.now();
      purge.run(now - 24 * 60 * 60_000);
      const code = ssoSecret();
      ins.run(sha256(code), userId, sha256(state), now, now + SSO_CODE_MS);
      return code;
    },

    /** Spends `code` (whatever the outcome: a code is shown once) and says whose it was, or why not. */
    consume(code: string, state: string): { userId: number } | { refused: SsoRefusal } {
      const hash = sha256(code);
      const row = spend.get(clock.now(), hash) as
        | { user_id: number; state_hash: string; expires_at: number }
        | undefined;
      if (!row) return { refused: known.get(hash) ? 'used' : 'unknown' };
      if (clock.now() > row.expires_at) return { refused: 'expired' };
      if (!sameSecret(row.state_hash, sha256(state))) return { refused: 'state' };
      return { userId: row.user_id };
    },
  };
}

export type SsoStore = ReturnType<typeof createSsoStore>;
