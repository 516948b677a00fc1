/**
 * Block / restore and the server side of signing (spec 4 "Block flow", "Signing flow", "Block takes effect after
 * 00:00. Restore updates status in 5-10 minutes."; spec 7 "Block/restore"; docs/decisions.md).
 *
 * - `client/tax-id`: the signer's TIN = the session user's own company TIN; refused (E005) while impersonating.
 * - `online-sales/documents/verify`: verifies the CMS against the test CA (same data dir as the simulator), the
 *   signer's TIN against the user's company, timestamps it, and — when the signed text is the `{sn, ban}` of a
 *   block/restore — keeps the verified signature paired with the session.
 * - `client/isPrivilegedLock`: price per month (0 and privileged for privileged BANs) and lopBan; E022 while the
 *   number or account is already in process.
 * - `client/suspend`, `client/restore`: only the account's own client users; a fresh verified signature of this
 *   session for this sn/ban is consumed unless the account type is 20; numbers go "in process" now and change
 *   status at the next local midnight (block) or in 5-10 minutes (restore), both on the server clock.
 */
import type { MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { blockNeedsSignature } from '../../src/domain/block.rules';
import { MINUTE } from '../clock';
import type { Db } from '../db/database';
import { defaultDataDir, loadOrCreateCa, type TestCa } from '../eimzo/ca';
import { verifyPkcs7 } from '../eimzo/verify';
import {
  ApiError,
  ensure,
  type HandlerContext,
  type Handlers,
  type RequestSession,
  type Services,
} from '../handler';
import { CLIENT_ROLES } from '../permissions';

/** Accounts whose lock is privileged (free): the key owner's demo company. */
export const PRIVILEGED_BANS: ReadonlySet<string> = new Set(['100672418']);
/** LOP accounts (spec 3 `lopBan`, echoed as `isLopBan`): the demo company that must change its password. */
export const LOP_BANS: ReadonlySet<string> = new Set(['100894127']);
/** Monthly price of a paid lock of one number, in sums. */
export const NUMBER_LOCK_PRICE = 9_900;
/** Monthly price of a paid lock of a whole account, in sums. */
export const ACCOUNT_LOCK_PRICE = 49_500.5;
/** A verified signature authorises one suspend/restore of this session within this time. */
export const SIGNATURE_TTL_MS = 10 * MINUTE;
/** A restore takes effect after 5 to 10 minutes (spec 4). */
export const RESTORE_MIN_MS = 5 * MINUTE;
export const RESTORE_MAX_MS = 10 * MINUTE;

type Action = 'block' | 'restore';

/** The next local midnight (00:00 of the following day, server time zone) after `now`. */
export function nextLocalMidnight(now: number): number {
  const d = new Date(now);
  d.setHours(24, 0, 0, 0);
  return d.getTime();
}

/** Reads the `{sn, ban}` the portal signs for a block/restore; anything else is not a block authorisation. */
export function parseBlockTarget(text: string): { ban: string; sn: string | null } | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { ban, sn } = value as { ban?: unknown; sn?: unknown };
  if (typeof ban !== 'string' || !/^\d{1,20}$/.test(ban)) return null;
  if (sn !== null && sn !== undefined && (typeof sn !== 'string' || !/^\d{1,20}$/.test(sn))) return null;
  return { ban, sn: typeof sn === 'string' ? sn : null };
}

interface SignatureRow {
  id: number;
  key_serial: string;
  signer_tin: string;
  signer_name: string | null;
  pkcs7: string;
  verified_at: number;
}

interface NumberRow {
  sn: string;
  status: string;
}

interface DueRow {
  id: number;
  action: Action;
  ban: string;
  sn: string | null;
}

function createStatements(db: Db) {
  return {
    insertSignature: db.prepare(`INSERT INTO block_signatures
      (session_hash, user_id, ban, sn, key_serial, signer_tin, signer_name, pkcs7, verified_at)
      VALUES (@session_hash, @user_id, @ban, @sn, @key_serial, @signer_tin, @signer_name, @pkcs7, @verified_at)`),
    freshSignature: db.prepare(`SELECT id, key_serial, signer_tin, signer_name, pkcs7, verified_at
      FROM block_signatures
      WHERE session_hash = ? AND ban = ? AND sn IS ? AND used_at IS NULL AND verified_at >= ?
      ORDER BY id DESC LIMIT 1`),
    useSignature: db.prepare('UPDATE block_signatures SET used_at = ? WHERE id = ?'),
    numbersOfBan: db.prepare('SELECT sn, status FROM numbers WHERE ban = ? ORDER BY sn'),
    number: db.prepare('SELECT sn, status FROM numbers WHERE sn = ? AND ban = ?'),
    pendingNumbers: db.prepare(`SELECT DISTINCT n.sn FROM block_request_numbers n
      JOIN block_requests r ON r.id = n.request_id
      WHERE r.ban = ? AND r.applied_at IS NULL`),
    pendingTarget: db.prepare(`SELECT r.action FROM block_requests r
      WHERE r.ban = ? AND r.applied_at IS NULL
        AND (r.sn IS NULL OR r.sn = ?
             OR EXISTS (SELECT 1 FROM block_request_numbers n WHERE n.request_id = r.id AND n.sn = ?))
      ORDER BY r.id DESC LIMIT 1`),
    pendingBan: db.prepare(`SELECT action FROM block_requests
      WHERE ban = ? AND sn IS NULL AND applied_at IS NULL ORDER BY id DESC LIMIT 1`),
    insertRequest: db.prepare(`INSERT INTO block_requests
      (action, ban, sn, requested_by, signature_id, requested_at, effective_at)
      VALUES (@action, @ban, @sn, @requested_by, @signature_id, @requested_at, @effective_at)`),
    insertRequestNumber: db.prepare('INSERT INTO block_request_numbers (request_id, sn) VALUES (?, ?)'),
    due: db.prepare(`SELECT id, action, ban, sn FROM block_requests
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
  };
}

type Statements = ReturnType<typeof createStatements>;
const statementsByDb = new WeakMap<Db, Statements>();
function statements(db: Db): Statements {
  let s = statementsByDb.get(db);
  if (!s) {
    s = createStatements(db);
    statementsByDb.set(db, s);
  }
  return s;
}

/**
 * Applies every request whose time has come (block → S, restore → A; a whole-account request changes the
 * company's status too). Returns how many were applied. Cheap when nothing is due (one indexed query).
 */
export function settleBlockRequests(db: Db, now: number): number {
  const s = statements(db);
  const due = s.due.all(now) as DueRow[];
  if (due.length === 0) return 0;
  db.transaction(() => {
    for (const r of due) {
      if (r.action === 'block') {
        s.blockNumbers.run(r.id);
        if (r.sn === null) s.blockCompany.run(r.ban);
      } else {
        s.restoreNumbers.run(r.id);
        if (r.sn === null) s.restoreCompany.run(r.ban);
      }
      s.markApplied.run(now, r.id);
    }
  })();
  return due.length;
}

/**
 * The action waiting for a number (or, with `sn` null, for the account itself): what the status widget shows as
 * "in process". The profile reply may carry it (see docs/decisions.md).
 */
export function pendingBlockOf(db: Db, target: { ban: string; sn: string | null }): Action | null {
  const s = statements(db);
  const row = (
    target.sn === null ? s.pendingBan.get(target.ban) : s.pendingTarget.get(target.ban, target.sn, target.sn)
  ) as { action: Action } | undefined;
  return row?.action ?? null;
}

/** Settles due requests before every API call, so every reply (profile, numbers) shows the current statuses. */
export function settleBlocksMiddleware(svc: Pick<Services, 'db' | 'clock'>): MiddlewareHandler {
  return async (_c, next) => {
    settleBlockRequests(svc.db, svc.clock.now());
    await next();
  };
}

/**
 * Demo mode only (`/api/demo/block/fast-forward?ban=`): every waiting block/restore (of that account) takes effect
 * now, so a tester need not wait for midnight. Not part of the SPA's contract.
 */
export function blockDemoRoutes(svc: Pick<Services, 'db' | 'clock'>): Hono {
  const r = new Hono();
  r.post('/block/fast-forward', (c) => {
    const ban = c.req.query('ban') || null;
    const now = svc.clock.now();
    statements(svc.db).hurry.run(now, ban, ban);
    return c.json({ status: 'OKOK', result: { applied: settleBlockRequests(svc.db, now) } });
  });
  // Browser tests share one demo database: a test that blocks an account snapshots its numbers first and puts them
  // back afterwards (`/block/snapshot?ban=`, `/block/rollback?ban=`), so later tests see the seeded statuses.
  const snapshots = new Map<string, { sn: string; status: string }[]>();
  r.post('/block/snapshot', (c) => {
    const ban = c.req.query('ban');
    if (!ban) return c.json({ status: 'E101', description: 'ban required' });
    const rows = svc.db.prepare('SELECT sn, status FROM numbers WHERE ban = ?').all(ban) as {
      sn: string;
      status: string;
    }[];
    snapshots.set(ban, rows);
    return c.json({ status: 'OKOK', result: { numbers: rows.length } });
  });
  r.post('/block/rollback', (c) => {
    const ban = c.req.query('ban');
    const rows = ban ? snapshots.get(ban) : undefined;
    if (!ban || !rows) return c.json({ status: 'E101', description: 'no snapshot of that ban' });
    const setStatus = svc.db.prepare('UPDATE numbers SET status = ? WHERE sn = ?');
    svc.db.transaction(() => {
      svc.db
        .prepare('DELETE FROM block_request_numbers WHERE sn IN (SELECT sn FROM numbers WHERE ban = ?)')
        .run(ban);
      svc.db.prepare('DELETE FROM block_requests WHERE ban = ?').run(ban);
      for (const row of rows) setStatus.run(row.status, row.sn);
    })();
    snapshots.delete(ban);
    return c.json({ status: 'OKOK', result: { numbers: rows.length } });
  });
  return r;
}

/** The session user's own company profile, for signing; staff and impersonation are refused (E005). */
function signerCompany(session: RequestSession) {
  ensure(!session.viewer.impersonating, 'E005', 'signing is refused while impersonating a client');
  const own = session.viewer.ownProfile;
  ensure(own && typeof own.tin === 'string' && own.tin !== '', 'E005', 'no company to sign for');
  return own;
}

/** Whether the viewer may look at the lock of `ban` (its own profile, or the one it impersonates). */
function seesBan(session: RequestSession, ban: string): boolean {
  return session.viewer.profile?.ban === ban || session.viewer.ownProfile?.ban === ban;
}

/** Only the account's own client users act on its numbers; a subscriber only on their own number. */
function ensureOwner(session: RequestSession, ban: string, sn: string | null): void {
  const v = session.viewer;
  ensure(!v.impersonating, 'E005', 'staff acting as a client cannot block or restore');
  ensure(CLIENT_ROLES.has(v.roles[0] ?? ''), 'E005');
  const own = v.ownProfile;
  ensure(own && own.ban === ban, 'E005');
  if (own.sn != null) ensure(sn === own.sn, 'E005', 'a subscriber blocks only their own number');
}

export interface BlockHandlerOptions {
  /** where the test CA lives (default: $EIMZO_DATA_DIR, else the simulator's default data dir) */
  readonly caDir?: string;
  /** source of randomness for the 5-10 minutes of a restore (default Math.random) */
  readonly random?: () => number;
}

/** The handlers, with the CA directory and randomness injectable for tests. */
export function createBlockHandlers(opts: BlockHandlerOptions = {}): Handlers {
  const cas = new Map<string, TestCa>();
  const caFor = (): TestCa => {
    const dir = opts.caDir ?? (process.env.EIMZO_DATA_DIR || defaultDataDir());
    let ca = cas.get(dir);
    if (!ca) {
      ca = loadOrCreateCa(dir);
      cas.set(dir, ca);
    }
    return ca;
  };
  const random = opts.random ?? Math.random;

  function apply(action: Action, ctx: HandlerContext<'block.suspend'> | HandlerContext<'block.restore'>) {
    const { input, session, svc } = ctx;
    const { ban, isLopBan } = input.query;
    const sn = input.query.sn ?? null;
    ensureOwner(session, ban, sn);
    const company = svc.profiles.banProfile(ban);
    ensure(company, 'E052');
    if (isLopBan !== undefined)
      ensure(isLopBan === LOP_BANS.has(ban), 'E101', 'isLopBan does not match the account');
    const s = statements(svc.db);
    const now = svc.clock.now();

    let signature: SignatureRow | undefined;
    if (blockNeedsSignature(company.at)) {
      signature = s.freshSignature.get(session.row.idHash, ban, sn, now - SIGNATURE_TTL_MS) as
        | SignatureRow
        | undefined;
      ensure(signature, 'E005', 'a verified signature of this number is required');
    }

    let targets: NumberRow[];
    if (sn === null) {
      const active = company.status === 'A' || company.status === 'O';
      if (action === 'block') ensure(active, 'E023', 'лицевой счёт не активен');
      else ensure(company.status === 'S', 'E013', 'лицевой счёт не заблокирован');
      ensure(pendingBlockOf(svc.db, { ban, sn: null }) === null, 'E022', 'лицевой счёт уже в процессе');
      const all = s.numbersOfBan.all(ban) as NumberRow[];
      targets = all.filter((n) =>
        action === 'block' ? n.status !== 'S' : n.status !== 'A' && n.status !== 'O',
      );
    } else {
      const row = s.number.get(sn, ban) as NumberRow | undefined;
      ensure(row || !svc.profiles.numberExists(sn), 'E125');
      ensure(row, 'E016');
      targets = [row];
    }

    const pending = new Set((s.pendingNumbers.all(ban) as { sn: string }[]).map((r) => r.sn));
    const wanted = action === 'block' ? ['A', 'O'] : ['S'];
    const accepted: string[] = [];
    const failed: string[] = [];
    for (const n of targets) {
      if (wanted.includes(n.status) && !pending.has(n.sn)) accepted.push(n.sn);
      else failed.push(n.sn);
    }

    const effectiveAt =
      action === 'block'
        ? nextLocalMidnight(now)
        : now + RESTORE_MIN_MS + Math.floor(random() * (RESTORE_MAX_MS - RESTORE_MIN_MS + 1));
    svc.db.transaction(() => {
      if (signature) s.useSignature.run(now, signature.id);
      if (accepted.length === 0 && sn !== null) return;
      const id = Number(
        s.insertRequest.run({
          action,
          ban,
          sn,
          requested_by: session.user.id,
          signature_id: signature?.id ?? null,
          requested_at: now,
          effective_at: effectiveAt,
        }).lastInsertRowid,
      );
      for (const n of accepted) s.insertRequestNumber.run(id, n);
    })();
    svc.logger.info(`block.${action}`, {
      userId: session.user.id,
      ban,
      sn,
      accepted: accepted.length,
      failed: failed.length,
      effectiveAt,
    });

    return {
      failedNumbers: failed,
      acceptedNumbers: accepted,
      companyInfo: {
        keySerialId: signature?.key_serial ?? null,
        companyName: typeof company.company_name === 'string' ? company.company_name : null,
        companyTin: typeof company.tin === 'string' ? company.tin : null,
        companyDirectorKeyName: signature?.signer_name ?? null,
        clientSignDate: signature ? new Date(signature.verified_at).toISOString() : null,
        clientSign: signature?.pkcs7 ?? null,
      },
    };
  }

  return {
    'signing.taxId': ({ session }) => ({ tin: signerCompany(session).tin as string }),

    'signing.verify': ({ input, session, svc }) => {
      const own = signerCompany(session);
      const ca = caFor();
      const now = svc.clock.now();
      const r = verifyPkcs7(input.body.pcs7, {
        caCertPem: ca.caCertPem,
        now: new Date(now),
        expectedTin: own.tin as string,
        tsa: ca.tsa,
      });
      if (!r.ok) {
        svc.logger.warn('signing.rejected', { userId: session.user.id, reason: r.reason });
        return { code: 0, pkcs7b64WithTimestamp: null, reason: r.reason };
      }
      const target = parseBlockTarget(r.signedData);
      if (target) {
        statements(svc.db).insertSignature.run({
          session_hash: session.row.idHash,
          user_id: session.user.id,
          ban: target.ban,
          sn: target.sn,
          key_serial: r.serialNumber,
          signer_tin: r.tin,
          signer_name: r.subject.cn ?? null,
          pkcs7: r.pkcs7b64WithTimestamp,
          verified_at: now,
        });
      }
      svc.logger.info('signing.verified', {
        userId: session.user.id,
        serial: r.serialNumber,
        block: target !== null,
      });
      return { code: 1, pkcs7b64WithTimestamp: r.pkcs7b64WithTimestamp };
    },

    'block.isPrivilegedLock': ({ input, session, svc }) => {
      const { ban } = input.query;
      const sn = input.query.sn ?? null;
      ensure(seesBan(session, ban), 'E005');
      ensure(svc.profiles.exists(ban), 'E052');
      if (sn !== null)
        ensure(svc.profiles.banOf(sn) === ban, svc.profiles.numberExists(sn) ? 'E125' : 'E016');
      if (pendingBlockOf(svc.db, { ban, sn }) !== null) {
        throw new ApiError('E022', 'номер уже в процессе блокировки');
      }
      const privileged = PRIVILEGED_BANS.has(ban);
      return {
        price: privileged ? 0 : sn === null ? ACCOUNT_LOCK_PRICE : NUMBER_LOCK_PRICE,
        privileged,
        lopBan: LOP_BANS.has(ban),
      };
    },

    'block.suspend': (ctx) => apply('block', ctx),
    'block.restore': (ctx) => apply('restore', ctx),
  };
}

/** The handler table registered in server/app.ts. */
export const blockHandlers: Handlers = createBlockHandlers();
