import { PREORDER_PAGE_SIZE } from '../../src/domain/preorder-list.rules';
import type { Db } from '../db/database';

/** The SQL of the pre-registration (migration 008_preorders.sql). */

export interface NewPreorder {
  readonly tin: string;
  readonly marketCode: string;
  readonly companyName: string;
  readonly login: string;
  readonly email: string;
  readonly connectType: 1 | 2 | 3;
  readonly agentName: string | null;
  readonly phoneReserved: boolean;
  readonly keySerial: string;
  readonly data: unknown;
  readonly pkcs7: string;
  readonly now: number;
}

export type PreorderListRow = {
  readonly id: number;
  readonly tin: string;
  readonly companyName: string;
  readonly marketCode: string;
  readonly login: string;
  readonly connectType: 1 | 2 | 3;
  readonly status: 'new' | 'review' | 'registered' | 'rejected';
  readonly phoneReserved: boolean;
  readonly createdAt: number;
};

interface RawRow {
  id: number;
  tin: string;
  company_name: string;
  market_code: string;
  login: string;
  connect_type: number;
  status: string;
  phone_reserved: number;
  created_at: number;
}

const toRow = (r: RawRow): PreorderListRow => ({
  id: r.id,
  tin: r.tin,
  companyName: r.company_name,
  marketCode: r.market_code,
  login: r.login,
  connectType: r.connect_type as 1 | 2 | 3,
  status: r.status as PreorderListRow['status'],
  phoneReserved: r.phone_reserved === 1,
  createdAt: r.created_at,
});

const LIST_COLUMNS =
  'id, tin, company_name, market_code, login, connect_type, status, phone_reserved, created_at';

export function createPreorderStore(db: Db) {
  return {
    /** The tax service's mySoliqData of a TIN (JSON), or null. */
    taxData(tin: string): Record<string, unknown> | null {
      const r = db.prepare('SELECT data FROM tax_companies WHERE tin = ?').get(tin) as
        | { data: string }
        | undefined;
      return r ? (JSON.parse(r.data) as Record<string, unknown>) : null;
    },
    insertProof(p: {
      tokenHash: string;
      tin: string;
      keySerial: string;
      now: number;
      expiresAt: number;
    }): void {
      db.prepare(
        'INSERT INTO preorder_proofs (token_hash, tin, key_serial, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      ).run(p.tokenHash, p.tin, p.keySerial, p.now, p.expiresAt);
    },
    /** Whether `tokenHash` proves holding a key of `tin` at `now`. */
    hasProof(tokenHash: string, tin: string, now: number): boolean {
      return (
        db
          .prepare('SELECT 1 FROM preorder_proofs WHERE token_hash = ? AND tin = ? AND expires_at > ?')
          .get(tokenHash, tin, now) !== undefined
      );
    },
    /** The BANs of the company's accounts (spec 7 banList; every city: the reference data has no city per BAN). */
    bansOf(tin: string): string[] {
      return (
        db.prepare('SELECT ban FROM companies WHERE tin = ? ORDER BY ban').all(tin) as { ban: string }[]
      ).map((r) => r.ban);
    },
    /** The latest pre-order of a company in a city, or null. */
    latestOf(tin: string, marketCode: string): PreorderListRow | null {
      const r = db
        .prepare(
          `SELECT ${LIST_COLUMNS} FROM preorders WHERE tin = ? AND market_code = ? ORDER BY id DESC LIMIT 1`,
        )
        .get(tin, marketCode) as RawRow | undefined;
      return r ? toRow(r) : null;
    },
    /** The company's latest pre-order in any city, or null: a new one is created only while none is open (NC25), so
     *  an open one is always the latest. */
    latestAnywhere(tin: string): PreorderListRow | null {
      const r = db
        .prepare(`SELECT ${LIST_COLUMNS} FROM preorders WHERE tin = ? ORDER BY id DESC LIMIT 1`)
        .get(tin) as RawRow | undefined;
      return r ? toRow(r) : null;
    },
    /** Whether a login is taken by a user or by a pre-order (case-insensitive). */
    loginTaken(login: string): boolean {
      const lower = login.toLowerCase();
      return (
        db.prepare('SELECT 1 FROM users WHERE lower(login) = ?').get(lower) !== undefined ||
        db.prepare('SELECT 1 FROM preorders WHERE lower(login) = ?').get(lower) !== undefined
      );
    },
    insert(p: NewPreorder): number {
      const info = db
        .prepare(
          `INSERT INTO preorders (tin, market_code, company_name, login, email, connect_type, agent_name, status,
            phone_reserved, key_serial, data, pkcs7, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'new', ?, ?, ?, ?, ?)`,
        )
        .run(
          p.tin,
          p.marketCode,
          p.companyName,
          p.login,
          p.email,
          p.connectType,
          p.agentName,
          p.phoneReserved ? 1 : 0,
          p.keySerial,
          JSON.stringify(p.data),
          p.pkcs7,
          p.now,
        );
      return Number(info.lastInsertRowid);
    },
    /** One pre-order as the staff list shows it, or null. */
    get(id: number): PreorderListRow | null {
      const r = db.prepare(`SELECT ${LIST_COLUMNS} FROM preorders WHERE id = ?`).get(id) as
        | RawRow
        | undefined;
      return r ? toRow(r) : null;
    },
    /** Moves a pre-order from `from` (false when it is not in `from` any more: someone moved it meanwhile). */
    setStatus(id: number, from: string, to: string, phoneReserved: boolean): boolean {
      return (
        db
          .prepare('UPDATE preorders SET status = ?, phone_reserved = ? WHERE id = ? AND status = ?')
          .run(to, phoneReserved ? 1 : 0, id, from).changes === 1
      );
    },
    /** Newest first, PREORDER_PAGE_SIZE a page (NC8, NC13). */
    list(page: number): { rows: PreorderListRow[]; total: number } {
      const total = (db.prepare('SELECT COUNT(*) AS n FROM preorders').get() as { n: number }).n;
      const rows = (
        db
          .prepare(`SELECT ${LIST_COLUMNS} FROM preorders ORDER BY id DESC LIMIT ? OFFSET ?`)
          .all(PREORDER_PAGE_SIZE, (page - 1) * PREORDER_PAGE_SIZE) as RawRow[]
      ).map(toRow);
      return { rows, total };
    },
  };
}

export type PreorderStore = ReturnType<typeof createPreorderStore>;
