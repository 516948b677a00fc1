import type { Db } from '../db/database';

/**
 * Everything block/restore and signing keep in the database: lock prices and flags, signing challenges, verified
 * signatures, block/restore requests and their numbers, and the demo snapshots of an account's statuses.
 */

export type BlockAction = 'block' | 'restore';

export interface SignatureRow {
  id: number;
  key_serial: string;
  signer_tin: string;
  signer_name: string | null;
  pkcs7: string;
  verified_at: number;
}

export interface NumberRow {
  sn: string;
  status: string;
}

interface DueRow {
  id: number;
  action: BlockAction;
  ban: string;
  sn: string | null;
  scope: BlockScope;
}

/** What a request was made on: one number, a selection (client/batch), or the whole account (migration 012). */
export type BlockScope = 'number' | 'numbers' | 'account';

/** What a verified signature was issued for, as stored with it. */
export interface NewSignature {
  session_hash: string;
  user_id: number;
  ban: string;
  sn: string | null;
  action: string;
  targets: string;
  challenge_id: number;
  key_serial: string;
  signer_tin: string;
  signer_name: string | null;
  pkcs7: string;
  verified_at: number;
  /** a plan's day and hour (`whenKey`); null: an immediate action */
  plan_when?: string | null;
}

/** A new one-time challenge. */
export interface NewChallenge {
  challenge: string;
  session_hash: string | null;
  draft_hash: string | null;
  user_id: number | null;
  action: string;
  targets: string;
  created_at: number;
  expires_at: number;
  /** a plan's day and hour (`whenKey`); null: an immediate action */
  plan_when?: string | null;
}

/** What a challenge must match to be consumed. */
export interface ChallengeClaim {
  challenge: string;
  action: string;
  targets: string;
  session_hash: string | null;
  draft_hash: string | null;
  now: number;
  /** a plan's day and hour (`whenKey`); null or absent: an immediate action */
  plan_when?: string | null;
}

function createStatements(db: Db) {
  return {
    insertChallenge: db.prepare(`INSERT INTO signing_challenges
      (challenge, session_hash, draft_hash, user_id, action, targets, created_at, expires_at, plan_when)
      VALUES (@challenge, @session_hash, @draft_hash, @user_id, @action, @targets, @created_at, @expires_at,
        @plan_when)`),
    // One conditional UPDATE: of two parallel verifies of the same challenge exactly one changes the row.
    consumeChallenge: db.prepare(`UPDATE signing_challenges SET consumed_at = @now
      WHERE challenge = @challenge AND consumed_at IS NULL AND expires_at > @now
        AND action = @action AND targets = @targets
        AND session_hash IS @session_hash AND draft_hash IS @draft_hash AND plan_when IS @plan_when
      RETURNING id`),
    insertSignature: db.prepare(`INSERT INTO block_signatures
      (session_hash, user_id, ban, sn, action, targets, challenge_id, key_serial, signer_tin, signer_name, pkcs7,
       verified_at, plan_when)
      VALUES (@session_hash, @user_id, @ban, @sn, @action, @targets, @challenge_id, @key_serial, @signer_tin,
       @signer_name, @pkcs7, @verified_at, @plan_when)`),
    // One conditional UPDATE too: a signature authorises one request.
    useSignature: db.prepare(`UPDATE block_signatures SET used_at = @now
      WHERE id = (SELECT id FROM block_signatures
        WHERE session_hash = @session_hash AND action = @action AND targets = @targets AND used_at IS NULL
          AND verified_at >= @since AND plan_when IS @plan_when
        ORDER BY id DESC LIMIT 1)
        AND used_at IS NULL
      RETURNING id, key_serial, signer_tin, signer_name, pkcs7, verified_at`),
    lockPrice: db.prepare('SELECT price FROM lock_prices WHERE scope = ?'),
    lockFlags: db.prepare(
      'SELECT lock_privileged AS privileged, lop_ban AS lop FROM companies WHERE ban = ?',
    ),
    numbersOfBan: db.prepare('SELECT sn, status FROM numbers WHERE ban = ? ORDER BY sn'),
    number: db.prepare('SELECT sn, status FROM numbers WHERE sn = ? AND ban = ?'),
    pendingNumbers: db.prepare(`SELECT DISTINCT n.sn FROM block_request_numbers n
      JOIN block_requests r ON r.id = n.request_id
      WHERE r.ban = ? AND r.applied_at IS NULL`),
    pendingTarget: db.prepare(`SELECT r.action FROM block_requests r
      WHERE r.ban = ? AND r.applied_at IS NULL
        AND (r.scope = 'account' OR r.sn = ?
             OR EXISTS (SELECT 1 FROM block_request_numbers n WHERE n.request_id = r.id AND n.sn = ?))
      ORDER BY r.id DESC LIMIT 1`),
    pendingBan: db.prepare(`SELECT action FROM block_requests
      WHERE ban = ? AND scope = 'account' AND applied_at IS NULL ORDER BY id DESC LIMIT 1`),
    // The last account block that took effect and that no account restore has undone yet.
    lastAccountBlock: db.prepare(`SELECT r.id FROM block_requests r
      WHERE r.ban = ? AND r.scope = 'account' AND r.action = 'block' AND r.applied_at IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM block_requests u WHERE u.undoes_request_id = r.id)
      ORDER BY r.id DESC LIMIT 1`),
    numbersOfRequest: db.prepare('SELECT sn FROM block_request_numbers WHERE request_id = ?'),
    insertRequest: db.prepare(`INSERT INTO block_requests
      (action, ban, sn, scope, undoes_request_id, requested_by, signature_id, requested_at, effective_at)
      VALUES (@action, @ban, @sn, @scope, @undoes_request_id, @requested_by, @signature_id, @requested_at,
        @effective_at)`),
    insertRequestNumber: db.prepare('INSERT INTO block_request_numbers (request_id, sn) VALUES (?, ?)'),
    due: db.prepare(`SELECT id, action, ban, sn, scope FROM block_requests
      WHERE applied_at IS NULL AND effective_at <= ? ORDER BY effective_at, id`),
    blockNumbers: db.prepare(`UPDATE numbers SET status = 'S'
      WHERE status IN ('A', 'O') AND sn IN (SELECT sn FROM block_request_numbers WHERE request_id = ?)`),
    restoreNumbers: db.prepare(`UPDATE numbers SET status = 'A'
      WHERE status = 'S' AND sn IN (SELECT sn FROM block_request_numbers WHERE request_id = ?)`),
    blockCompany: db.prepare(`UPDATE companies SET status = 'S' WHERE ban = ? AND status IN ('A', 'O')`),
    restoreCompany: db.prepare(`UPDATE companies SET status = 'A' WHERE ban = ? AND status = 'S'`),
    markApplied: db.prepare('UPDATE block_requests SET applied_at = ? WHERE id = ?'),
    hurry: db.prepare(`UPDATE block_requests SET effective_at = ?
      WHERE applied_at IS NULL AND (? IS NULL OR ban = ?)`),
    statusesOfBan: db.prepare('SELECT sn, status FROM numbers WHERE ban = ?'),
    setStatus: db.prepare('UPDATE numbers SET status = ? WHERE sn = ?'),
    dropRequestNumbers: db.prepare(
      'DELETE FROM block_request_numbers WHERE sn IN (SELECT sn FROM numbers WHERE ban = ?)',
    ),
    dropRequests: db.prepare('DELETE FROM block_requests WHERE ban = ?'),
  };
}

/** The block store of a database: built once per app (server/app.ts `createServices`), its statements with it. */
export function createBlockStore(db: Db) {
  const s = createStatements(db);
  const store = {
    /** Monthly lock price in sums of one number or a whole account; null when the operator set none. */
    lockPrice(scope: 'number' | 'account'): number | null {
      return (s.lockPrice.get(scope) as { price: number } | undefined)?.price ?? null;
    },
    /** Whether the account's lock is privileged (free) and whether it is a LOP account. */
    lockFlags(ban: string): { privileged: boolean; lopBan: boolean } {
      const row = s.lockFlags.get(ban) as { privileged: number; lop: number } | undefined;
      return { privileged: row?.privileged === 1, lopBan: row?.lop === 1 };
    },

    insertChallenge(c: NewChallenge): void {
      s.insertChallenge.run({ ...c, plan_when: c.plan_when ?? null });
    },
    /** Consumes the challenge when everything matches and it is unused and unexpired; returns its id or null. */
    consumeChallenge(claim: ChallengeClaim): number | null {
      const row = s.consumeChallenge.get({ ...claim, plan_when: claim.plan_when ?? null }) as
        | { id: number }
        | undefined;
      return row?.id ?? null;
    },
    insertSignature(sig: NewSignature): number {
      return Number(s.insertSignature.run({ ...sig, plan_when: sig.plan_when ?? null }).lastInsertRowid);
    },
    /** Takes the newest unused signature of this session for exactly this action and targets (and, for a plan,
     *  exactly this day and hour; an immediate action only one without), verified since `since`; it cannot be taken
     *  twice. */
    takeSignature(q: {
      session_hash: string;
      action: string;
      targets: string;
      since: number;
      now: number;
      plan_when?: string | null;
    }): SignatureRow | undefined {
      return s.useSignature.get({ ...q, plan_when: q.plan_when ?? null }) as SignatureRow | undefined;
    },

    numbersOfBan: (ban: string) => s.numbersOfBan.all(ban) as NumberRow[],
    number: (sn: string, ban: string) => s.number.get(sn, ban) as NumberRow | undefined,
    pendingNumbers: (ban: string) =>
      new Set((s.pendingNumbers.all(ban) as { sn: string }[]).map((r) => r.sn)),

    /** The action waiting for a number (or, with `sn` null, for the account itself). */
    pendingOf(target: { ban: string; sn: string | null }): BlockAction | null {
      const row = (
        target.sn === null
          ? s.pendingBan.get(target.ban)
          : s.pendingTarget.get(target.ban, target.sn, target.sn)
      ) as { action: BlockAction } | undefined;
      return row?.action ?? null;
    },

    /**
     * The numbers the last account block (applied, not yet undone) blocked, and its id; null when the account was
     * blocked some other way (seeded, or by the operator).
     */
    lastAccountBlock(ban: string): { id: number; numbers: Set<string> } | null {
      const row = s.lastAccountBlock.get(ban) as { id: number } | undefined;
      if (!row) return null;
      const numbers = (s.numbersOfRequest.all(row.id) as { sn: string }[]).map((r) => r.sn);
      return { id: row.id, numbers: new Set(numbers) };
    },

    /** Records a request and its accepted numbers; returns its id. */
    insertRequest(
      r: {
        action: BlockAction;
        ban: string;
        sn: string | null;
        scope: BlockScope;
        undoes_request_id: number | null;
        requested_by: number;
        signature_id: number | null;
        requested_at: number;
        effective_at: number;
      },
      accepted: readonly string[],
    ): number {
      return db.transaction(() => {
        const id = Number(s.insertRequest.run(r).lastInsertRowid);
        for (const n of accepted) s.insertRequestNumber.run(id, n);
        return id;
      })();
    },

    /** Applies every request whose time has come; returns how many. Cheap when nothing is due. */
    settle(now: number): number {
      const due = s.due.all(now) as DueRow[];
      if (due.length === 0) return 0;
      db.transaction(() => {
        for (const r of due) {
          if (r.action === 'block') {
            s.blockNumbers.run(r.id);
            if (r.scope === 'account') s.blockCompany.run(r.ban);
          } else {
            s.restoreNumbers.run(r.id);
            if (r.scope === 'account') s.restoreCompany.run(r.ban);
          }
          s.markApplied.run(now, r.id);
        }
      })();
      return due.length;
    },

    /** Demo: every waiting request (of `ban`, or of every account) becomes due now; returns how many applied. */
    hurry(ban: string | null, now: number): number {
      s.hurry.run(now, ban, ban);
      return store.settle(now);
    },
    /** Demo: the statuses of an account's numbers. */
    statusesOf: (ban: string) => s.statusesOfBan.all(ban) as NumberRow[],
    /** Demo: puts statuses back and forgets the account's requests. */
    restoreStatuses(ban: string, rows: readonly NumberRow[]): void {
      db.transaction(() => {
        s.dropRequestNumbers.run(ban);
        s.dropRequests.run(ban);
        for (const row of rows) s.setStatus.run(row.status, row.sn);
      })();
    },
  };
  return store;
}

export type BlockStore = ReturnType<typeof createBlockStore>;
