import type { AgreementForm } from '../../src/domain/agreement.rules';
import type { Db } from '../db/database';
import { type DocumentRow, documentsOfRegistration } from './documents.store';

/** A registered agreement as stored (migration 007_agreements.sql). */
export interface AgreementRow {
  readonly id: number;
  readonly number: string;
  readonly login: string;
  readonly name: string;
  readonly tin: string;
  readonly form: AgreementForm;
  readonly contactAccess: boolean;
  readonly createdAt: number;
  readonly createdBy: number;
}

interface Raw {
  id: number;
  number: string;
  login: string;
  name: string;
  tin: string;
  form: string;
  contact_access: number;
  created_at: number;
  created_by: number;
}

const toRow = (r: Raw): AgreementRow => ({
  id: r.id,
  number: r.number,
  login: r.login,
  name: r.name,
  tin: r.tin,
  form: JSON.parse(r.form) as AgreementForm,
  contactAccess: r.contact_access === 1,
  createdAt: r.created_at,
  createdBy: r.created_by,
});

/** The registration reference of an agreement's documents in the documents table. */
export const agreementRef = (id: number) => `agreement:${id}`;

/**
 * Registered agreements. The documents of an agreement are rows of the one documents table (`agreement:<id>`);
 * the handler inserts them in the same transaction as the agreement.
 */
export function createAgreementStore(db: Db) {
  const loginInUsers = db.prepare('SELECT 1 FROM users WHERE login = ? COLLATE NOCASE');
  const loginInAgreements = db.prepare('SELECT 1 FROM agreements WHERE login = ? COLLATE NOCASE');
  const nextId = db.prepare('SELECT COALESCE(MAX(id), 0) + 1 AS id FROM agreements');
  const insert = db.prepare(`INSERT INTO agreements
    (id, number, login, name, tin, form, contact_access, created_at, created_by)
    VALUES (@id, @number, @login, @name, @tin, @form, @contactAccess, @createdAt, @createdBy)`);
  const byCreator = db.prepare(
    'SELECT * FROM agreements WHERE created_by = ? ORDER BY id DESC LIMIT ? OFFSET ?',
  );
  const countByCreator = db.prepare('SELECT COUNT(*) AS n FROM agreements WHERE created_by = ?');
  const byId = db.prepare('SELECT * FROM agreements WHERE id = ?');
  const blockPrice = db.prepare("SELECT price FROM lock_prices WHERE scope = 'number'");
  const bansOfTin = db.prepare('SELECT ban FROM companies WHERE tin = ? LIMIT 2');
  return {
    /** Whether a login is taken by a user or reserved by a registered agreement (case-insensitive). */
    loginTaken: (login: string): boolean =>
      loginInUsers.get(login) !== undefined || loginInAgreements.get(login) !== undefined,
    nextId: (): number => (nextId.get() as { id: number }).id,
    insert(
      a: Omit<AgreementRow, 'form' | 'contactAccess'> & { form: AgreementForm; contactAccess: boolean },
    ) {
      insert.run({ ...a, form: JSON.stringify(a.form), contactAccess: a.contactAccess ? 1 : 0 });
    },
    get: (id: number): AgreementRow | null => {
      const r = byId.get(id) as Raw | undefined;
      return r ? toRow(r) : null;
    },
    /** A page of the agreements a user registered, newest first, and how many there are. */
    pageOf(userId: number, page: number, size: number): { rows: AgreementRow[]; total: number } {
      const rows = (byCreator.all(userId, size, page * size) as Raw[]).map(toRow);
      const total = (countByCreator.get(userId) as { n: number }).n;
      return { rows, total };
    },
    documents: (id: number): DocumentRow[] => documentsOfRegistration(db, agreementRef(id)),
    /** The company account of a tax id when it has exactly one (the activity log's company of a contract, AL1). */
    banOfTin(tin: string): string | null {
      const rows = bansOfTin.all(tin) as { ban: string }[];
      return rows.length === 1 ? (rows[0]?.ban ?? null) : null;
    },
    /** Monthly price of a voluntary number block (the seed's lock_prices), for the contract's prices section. */
    blockPrice: (): number => (blockPrice.get() as { price: number } | undefined)?.price ?? 0,
  };
}

export type AgreementStore = ReturnType<typeof createAgreementStore>;
