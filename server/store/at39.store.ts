import type { At39Status } from '../../src/domain/at39.rules';
import type { Db } from '../db/database';
import { type InventoryStore, reservationDeadline } from './inventory.store';

/**
 * The SQL of AT 39 registration (migrations 009_at39.sql, 019_number_inventory.sql). Personal data goes in and out
 * here: never logged. A registration's number is a row of the one inventory (server/store/inventory.store.ts) that
 * names the registration; it is taken and given back only through that store.
 */

export interface PersonRow {
  pinfl: string;
  surname: string;
  name: string;
  patronymic: string | null;
  gender: 'F' | 'M';
  birth_date: string;
  passport: string;
  issued_by: string | null;
  issued_date: string | null;
  region_id: number;
  city: string | null;
  street: string | null;
  district: string | null;
  house_number: string | null;
  apartment_number: string | null;
  post_index: string | null;
}

export interface EpdpSessionRow {
  id: string;
  user_id: number;
  created_at: number;
  state: 'pending' | 'confirmed' | 'refused' | 'notFound';
  pinfl: string | null;
  auth_code: string | null;
  code_issued_at: number | null;
  code_used_at: number | null;
  /** the service's answer to the code (the three spec 3 blocks as JSON), kept when the code is read */
  person: string | null;
  /** the registration this confirmation created (each confirmation creates one) */
  registration_id: number | null;
}

export interface TokenRow {
  token: string;
  user_id: number;
  workplace_name: string;
  region_id: number;
  revoked: number;
  valid_until: number;
}

export interface KitRow {
  marked_code: string;
  iccid: string;
  sn: string;
  region_id: number;
  holder_user_id: number | null;
  ban: string | null;
  sold: number;
}

export interface RegistrationRowDb {
  id: number;
  user_id: number;
  status: At39Status;
  workplace_name: string | null;
  region_id: number;
  pinfl: string;
  person: string;
  /** the passport service's answer the registration was created from (finding 26): these values are read-only */
  confirmed_person: string | null;
  client_name: string;
  marked_code: string | null;
  ban: string | null;
  price_plan_id: number | null;
  created_at: number;
  updated_at: number;
  status_at: number;
  phone_number: string | null;
  /** the reservation's deadline while the number is reserved (null once assigned, or without a number) */
  reserved_until: number | null;
  comment_count: number;
}

export interface ListFilter {
  userId: number;
  from: number | null;
  to: number | null;
  status: string | null;
  region: number | null;
  q: string | null;
}

const REG_SELECT = `SELECT r.*, s.number AS phone_number, s.reserved_until,
  (SELECT COUNT(*) FROM at39_comments c WHERE c.registration_id = r.id) AS comment_count
  FROM at39_registrations r LEFT JOIN number_inventory s ON s.registration_id = r.id`;

function where(f: ListFilter): { sql: string; args: unknown[] } {
  const parts = ['r.user_id = ?'];
  const args: unknown[] = [f.userId];
  if (f.from !== null) {
    parts.push('r.created_at >= ?');
    args.push(f.from);
  }
  if (f.to !== null) {
    parts.push('r.created_at < ?');
    args.push(f.to);
  }
  if (f.status) {
    parts.push('r.status = ?');
    args.push(f.status);
  }
  if (f.region !== null) {
    parts.push('r.region_id = ?');
    args.push(f.region);
  }
  if (f.q) {
    parts.push(`(r.client_name LIKE ? ESCAPE '\\' OR CAST(r.id AS TEXT) = ? OR s.number LIKE ?)`);
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    args.push(like, f.q, `%${f.q.replace(/\D/g, '') || '-'}%`);
  }
  return { sql: ` WHERE ${parts.join(' AND ')}`, args };
}

/** The AT 39 store over the app's one inventory (server/app.ts `createServices` builds both once). */
export function createAt39Store(db: Db, inventory: InventoryStore) {
  const q = {
    person: db.prepare('SELECT * FROM at39_people WHERE pinfl = ? OR passport = ?'),
    insSession: db.prepare('INSERT INTO at39_epdp_sessions (id, user_id, created_at) VALUES (?, ?, ?)'),
    session: db.prepare('SELECT * FROM at39_epdp_sessions WHERE id = ?'),
    sessionByCode: db.prepare('SELECT * FROM at39_epdp_sessions WHERE auth_code = ?'),
    answer: db.prepare(`UPDATE at39_epdp_sessions SET state = ?, pinfl = ?, auth_code = ?, code_issued_at = ?
      WHERE id = ? AND state = 'pending'`),
    spendCode: db.prepare(
      'UPDATE at39_epdp_sessions SET code_used_at = ?, person = ? WHERE auth_code = ? AND code_used_at IS NULL',
    ),
    // a read confirmation creates one registration: bound once, by the staff member who read it (finding 26)
    bindConfirmation: db.prepare(`UPDATE at39_epdp_sessions SET registration_id = ? WHERE auth_code = ?
      AND user_id = ? AND state = 'confirmed' AND code_used_at IS NOT NULL AND person IS NOT NULL
      AND registration_id IS NULL`),
    ageCode: db.prepare('UPDATE at39_epdp_sessions SET code_issued_at = ? WHERE auth_code = ?'),
    token: db.prepare('SELECT * FROM at39_tokens WHERE token = ?'),
    kit: db.prepare('SELECT * FROM at39_kits WHERE marked_code = ?'),
    kitInUse: db.prepare(`SELECT id FROM at39_registrations WHERE marked_code = ? AND id <> ?
      AND status IN ('draft', 'documents', 'rejected', 'submitted', 'registered') LIMIT 1`),
    sellKit: db.prepare('UPDATE at39_kits SET sold = 1 WHERE marked_code = ?'),
    company: db.prepare('SELECT 1 FROM companies WHERE ban = ?'),
    lineLimit: db.prepare('SELECT max_connections FROM at39_line_limits WHERE ban = ?'),
    // the line's connections and the person's numbers: the inventory's numbers held by registrations (AT4, AT5)
    lineCount: db.prepare(
      'SELECT COUNT(*) AS n FROM number_inventory WHERE ban = ? AND registration_id IS NOT NULL AND registration_id <> ?',
    ),
    personCount: db.prepare(`SELECT COUNT(*) AS n FROM number_inventory i
      JOIN at39_registrations r ON r.id = i.registration_id WHERE r.pinfl = ? AND r.id <> ?`),
    insReg:
      db.prepare(`INSERT INTO at39_registrations (user_id, status, workplace_name, region_id, pinfl, person,
      confirmed_person, client_name, created_at, updated_at, status_at)
      VALUES (?, 'draft', ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    reg: db.prepare(`${REG_SELECT} WHERE r.id = ?`),
    setKit: db.prepare('UPDATE at39_registrations SET marked_code = ?, updated_at = ? WHERE id = ?'),
    setBan: db.prepare('UPDATE at39_registrations SET ban = ?, updated_at = ? WHERE id = ?'),
    setPlan: db.prepare('UPDATE at39_registrations SET price_plan_id = ?, updated_at = ? WHERE id = ?'),
    setStatus: db.prepare(
      'UPDATE at39_registrations SET status = ?, status_at = ?, updated_at = ? WHERE id = ?',
    ),
    setPerson: db.prepare(
      'UPDATE at39_registrations SET person = ?, client_name = ?, updated_at = ? WHERE id = ?',
    ),
    scans: db.prepare('SELECT kind, file_name FROM at39_scans WHERE registration_id = ? ORDER BY kind'),
    insScan:
      db.prepare(`INSERT INTO at39_scans (registration_id, kind, file_name, file_mime, file_bytes, uploaded_at,
      uploaded_by) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(registration_id, kind) DO UPDATE SET
      file_name = excluded.file_name, file_mime = excluded.file_mime, file_bytes = excluded.file_bytes,
      uploaded_at = excluded.uploaded_at, uploaded_by = excluded.uploaded_by`),
    comments: db.prepare(
      'SELECT author, text, created_at FROM at39_comments WHERE registration_id = ? ORDER BY created_at, id',
    ),
    insComment: db.prepare(
      'INSERT INTO at39_comments (registration_id, author, text, created_at) VALUES (?, ?, ?, ?)',
    ),
  };

  return {
    person: (key: string) => q.person.get(key, key) as PersonRow | undefined,
    openSession: (id: string, userId: number, now: number) => q.insSession.run(id, userId, now),
    session: (id: string) => q.session.get(id) as EpdpSessionRow | undefined,
    sessionByCode: (code: string) => q.sessionByCode.get(code) as EpdpSessionRow | undefined,
    /** The person's answer on the confirmation page: only a pending session takes one. */
    answer: (
      id: string,
      state: 'confirmed' | 'refused' | 'notFound',
      pinfl: string | null,
      code: string,
      now: number,
    ) => q.answer.run(state, pinfl, code, now, id).changes > 0,
    /**
     * Marks a code used and keeps the service's answer with it (`person`, JSON; null for a refusal); false when it
     * was used already (a race between two requests included).
     */
    spendCode: (code: string, now: number, person: string | null) =>
      q.spendCode.run(now, person, code).changes > 0,
    ageCode: (code: string, issuedAt: number) => q.ageCode.run(issuedAt, code).changes,
    token: (t: string) => q.token.get(t) as TokenRow | undefined,
    kit: (code: string) => q.kit.get(code) as KitRow | undefined,
    kitUsedElsewhere: (code: string, regId: number) => q.kitInUse.get(code, regId) !== undefined,
    companyExists: (ban: string) => q.company.get(ban) !== undefined,
    lineLimit: (ban: string) =>
      (q.lineLimit.get(ban) as { max_connections: number } | undefined)?.max_connections,
    lineCount: (ban: string, regId: number) => (q.lineCount.get(ban, regId) as { n: number }).n,
    personCount: (pinfl: string, regId: number) => (q.personCount.get(pinfl, regId) as { n: number }).n,
    /**
     * Creates a registration from a read confirmation in one transaction, binding the confirmation to it with one
     * conditional update: null when the code is not this user's read confirmation or created a registration already
     * (two requests racing with one code: exactly one creates).
     */
    createRegistration: db.transaction(
      (r: {
        userId: number;
        authCode: string;
        workplace: string;
        regionId: number;
        pinfl: string;
        person: string;
        confirmed: string;
        clientName: string;
        now: number;
      }): number => {
        const id = Number(
          q.insReg.run(
            r.userId,
            r.workplace,
            r.regionId,
            r.pinfl,
            r.person,
            r.confirmed,
            r.clientName,
            r.now,
            r.now,
            r.now,
          ).lastInsertRowid,
        );
        if (q.bindConfirmation.run(id, r.authCode, r.userId).changes === 1) return id;
        throw new ConfirmationUsed();
      },
    ),
    registration: (id: number) => q.reg.get(id) as RegistrationRowDb | undefined,
    list(f: ListFilter, page: number, size: number): { rows: RegistrationRowDb[]; total: number } {
      const w = where(f);
      const total = (
        db
          .prepare(`SELECT COUNT(*) AS n FROM at39_registrations r
          LEFT JOIN number_inventory s ON s.registration_id = r.id${w.sql}`)
          .get(...w.args) as { n: number }
      ).n;
      const rows = db
        .prepare(`${REG_SELECT}${w.sql} ORDER BY r.created_at DESC, r.id DESC LIMIT ? OFFSET ?`)
        .all(...w.args, size, page * size) as RegistrationRowDb[];
      return { rows, total };
    },
    setKit: (id: number, code: string, now: number) => q.setKit.run(code, now, id),
    setBan: (id: number, ban: string, now: number) => q.setBan.run(ban, now, id),
    /**
     * Reserves `phone` for the registration in one transaction: its previous number is given back, and the number is
     * taken from the inventory with its one conditional update (free → reserved until RESERVATION_MINUTES from now),
     * so of two requests racing for it — from AT 39 or from a golden checkout — exactly one wins (finding 25).
     */
    reserve: db.transaction(
      (r: { regId: number; phone: string; ban: string | null; plan: number | null; now: number }) => {
        inventory.releaseRegistration(r.regId);
        const until = reservationDeadline(r.now);
        if (!inventory.take(r.phone, { state: 'reserved', registrationId: r.regId, ban: r.ban, until }))
          throw new ReservedAlready();
        q.setPlan.run(r.plan, r.now, r.regId);
      },
    ),
    /** Submits a registration whose number is still held: the number becomes assigned to its BAN (PRI2). */
    submit: db.transaction((r: { regId: number; ban: string; markedCode: string; now: number }): boolean => {
      if (!inventory.assignRegistration(r.regId, r.ban)) return false;
      q.setStatus.run('submitted', r.now, r.now, r.regId);
      q.sellKit.run(r.markedCode);
      return true;
    }),
    setStatus: (id: number, status: At39Status, now: number) => q.setStatus.run(status, now, now, id),
    setPerson: (id: number, person: string, clientName: string, now: number) =>
      q.setPerson.run(person, clientName, now, id),
    sellKit: (code: string) => q.sellKit.run(code),
    scans: (id: number) => q.scans.all(id) as { kind: string; file_name: string }[],
    saveScan: (s: {
      regId: number;
      kind: string;
      name: string;
      mime: string;
      bytes: Uint8Array;
      now: number;
      userId: number;
    }) => q.insScan.run(s.regId, s.kind, s.name, s.mime, Buffer.from(s.bytes), s.now, s.userId),
    comments: (id: number) => q.comments.all(id) as { author: string; text: string; created_at: number }[],
    addComment: (id: number, author: string, text: string, now: number) =>
      q.insComment.run(id, author, text, now),
  };
}

/** Thrown inside the creation transaction when the confirmation created a registration already (rolls it back). */
export class ConfirmationUsed extends Error {
  constructor() {
    super('confirmation used');
    this.name = 'ConfirmationUsed';
  }
}

/** Thrown inside the reservation transaction when the number is not free (rolls it back, the old number kept). */
export class ReservedAlready extends Error {
  constructor() {
    super('number already reserved');
    this.name = 'ReservedAlready';
  }
}

export type At39Store = ReturnType<typeof createAt39Store>;
