import { type DocumentRefusalReason, refusalReasonOf } from '../../src/domain/documents.rules';
import type { Db } from '../db/database';
import type { PdfBlock } from '../pdf/pdf';

/**
 * The one documents table (migration 005_documents.sql). Every workflow that issues a document (purchase orders,
 * block/restore, contract registration, pre-registration, AT 39, services) adds its row here with
 * `insertDocument`; the documents area lists, details, renders (PDF) and re-uploads them.
 */

/** Spec 3 "Document" types. */
export type DocumentType = 1 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17;

export interface NewDocument {
  readonly type: DocumentType;
  readonly ban: string | null;
  readonly tin?: string | null;
  readonly orderId?: number | null;
  /** 'agreement:<id>', 'preorder:<id>', 'at39:<id>', 'services:<id>' */
  readonly registrationRef?: string | null;
  readonly lang: 'ru' | 'uz';
  readonly title: string;
  /** the whole text, as rendered into the PDF */
  readonly body: readonly PdfBlock[];
  /** type-specific data (invoice json, suspend companyInfo…) */
  readonly data?: unknown;
  readonly status?: 0 | 1 | 2;
  readonly createdBy: number | null;
  readonly now: number;
}

export interface DocumentRow {
  readonly id: number;
  readonly type: DocumentType;
  readonly ban: string | null;
  readonly tin: string | null;
  readonly orderId: number | null;
  readonly registrationRef: string | null;
  readonly lang: 'ru' | 'uz';
  readonly title: string;
  readonly body: PdfBlock[];
  readonly data: unknown;
  readonly status: 0 | 1 | 2;
  readonly statusMessage: string | null;
  /** why a scan was refused (status 2), a code the portal translates (migration 021, DOC20) */
  readonly statusReason: DocumentRefusalReason | null;
  readonly fileName: string | null;
  readonly fileMime: string | null;
  readonly hasFile: boolean;
  readonly createdAt: number;
  readonly createdBy: number | null;
}

interface Raw {
  id: number;
  document_type: number;
  ban: string | null;
  tin: string | null;
  order_id: number | null;
  registration_ref: string | null;
  lang: string;
  title: string;
  body: string;
  data: string | null;
  status: number;
  status_message: string | null;
  status_reason: string | null;
  file_name: string | null;
  file_mime: string | null;
  has_file: number;
  created_at: number;
  created_by: number | null;
}

const COLUMNS = `id, document_type, ban, tin, order_id, registration_ref, lang, title, body, data, status,
  status_message, status_reason, file_name, file_mime, (file_bytes IS NOT NULL) AS has_file, created_at, created_by`;

function toRow(r: Raw): DocumentRow {
  return {
    id: r.id,
    type: r.document_type as DocumentType,
    ban: r.ban,
    tin: r.tin,
    orderId: r.order_id,
    registrationRef: r.registration_ref,
    lang: r.lang === 'uz' ? 'uz' : 'ru',
    title: r.title,
    body: JSON.parse(r.body) as PdfBlock[],
    data: r.data === null ? null : (JSON.parse(r.data) as unknown),
    status: r.status as 0 | 1 | 2,
    statusMessage: r.status_message,
    statusReason: refusalReasonOf(r.status_reason),
    fileName: r.file_name,
    fileMime: r.file_mime,
    hasFile: r.has_file === 1,
    createdAt: r.created_at,
    createdBy: r.created_by,
  };
}

/** Adds a document; returns its id. Call it inside the transaction that makes the fact it documents. */
export function insertDocument(db: Db, d: NewDocument): number {
  const info = db
    .prepare(
      `INSERT INTO documents (document_type, ban, tin, order_id, registration_ref, lang, title, body, data, status,
        created_at, created_by, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      d.type,
      d.ban,
      d.tin ?? null,
      d.orderId ?? null,
      d.registrationRef ?? null,
      d.lang,
      d.title,
      JSON.stringify(d.body),
      d.data === undefined ? null : JSON.stringify(d.data),
      d.status ?? 0,
      d.now,
      d.createdBy,
      d.now,
    );
  return Number(info.lastInsertRowid);
}

/** One document by id, or null. The caller checks that the viewer may see it (its ban). */
export function getDocument(db: Db, id: number): DocumentRow | null {
  const r = db.prepare(`SELECT ${COLUMNS} FROM documents WHERE id = ?`).get(id) as Raw | undefined;
  return r ? toRow(r) : null;
}

/** The documents of an order, oldest first. */
export function documentsOfOrder(db: Db, orderId: number): DocumentRow[] {
  return (
    db.prepare(`SELECT ${COLUMNS} FROM documents WHERE order_id = ? ORDER BY id`).all(orderId) as Raw[]
  ).map(toRow);
}

/** The documents of a registration ('agreement:<id>', 'preorder:<id>', 'at39:<id>', 'services:<id>'). */
export function documentsOfRegistration(db: Db, ref: string): DocumentRow[] {
  return (
    db.prepare(`SELECT ${COLUMNS} FROM documents WHERE registration_ref = ? ORDER BY id`).all(ref) as Raw[]
  ).map(toRow);
}

/** An uploaded scan as it came (documents/re-upload), for a download of the same bytes. */
export interface DocumentFile {
  readonly bytes: Uint8Array;
  readonly mime: string;
  readonly name: string;
}

/**
 * Keeps a new scan of a document (its bytes, the type its bytes showed, the name it came with) and sets the upload
 * status (spec 4: 1 ok, 2 error with the server's message), replacing the previous scan. A refusal names its reason
 * as a code (DOC20); an accepted scan clears both.
 */
export function saveDocumentFile(
  db: Db,
  id: number,
  file: DocumentFile & {
    readonly status: 1 | 2;
    readonly message: string | null;
    readonly reason?: DocumentRefusalReason | null;
    readonly now: number;
  },
): void {
  db.prepare(
    `UPDATE documents SET file_bytes = ?, file_mime = ?, file_name = ?, status = ?, status_message = ?,
      status_reason = ?, updated_at = ? WHERE id = ?`,
  ).run(file.bytes, file.mime, file.name, file.status, file.message, file.reason ?? null, file.now, id);
}

/**
 * Staff's or a check's refusal of a document's scan (spec 4 status 2): the reason as a code the portal translates
 * (DOC20), and optionally a free text kept for a backend-style message.
 */
export function refuseDocument(
  db: Db,
  id: number,
  refusal: { readonly reason: DocumentRefusalReason; readonly message?: string | null; readonly now: number },
): void {
  db.prepare(
    'UPDATE documents SET status = 2, status_reason = ?, status_message = ?, updated_at = ? WHERE id = ?',
  ).run(refusal.reason, refusal.message ?? null, refusal.now, id);
}

/** The uploaded scan of a document, or null when none was uploaded. */
export function documentFile(db: Db, id: number): DocumentFile | null {
  const r = db
    .prepare('SELECT file_bytes, file_mime, file_name FROM documents WHERE id = ? AND file_bytes IS NOT NULL')
    .get(id) as { file_bytes: Uint8Array; file_mime: string | null; file_name: string | null } | undefined;
  if (!r) return null;
  return {
    bytes: new Uint8Array(r.file_bytes),
    mime: r.file_mime ?? 'application/octet-stream',
    name: r.file_name ?? 'file',
  };
}

/** The documents of a company of some types created in [from, to) (epoch ms), newest first. */
export function documentsOfBan(
  db: Db,
  ban: string,
  types: readonly number[],
  from: number,
  to: number,
): DocumentRow[] {
  const marks = types.map(() => '?').join(', ');
  return (
    db
      .prepare(
        `SELECT ${COLUMNS} FROM documents WHERE ban = ? AND document_type IN (${marks})
          AND created_at >= ? AND created_at < ? ORDER BY created_at DESC, id DESC LIMIT 500`,
      )
      .all(ban, ...types, from, to) as Raw[]
  ).map(toRow);
}

/** An order as the documents area shows it. */
export interface OrderRow {
  readonly id: number;
  readonly ban: string;
  readonly kind: 'golden' | 'new';
  readonly status: string;
  readonly total: number;
  readonly vat: number;
  readonly createdAt: number;
}

interface OrderRaw {
  id: number;
  ban: string;
  kind: 'golden' | 'new';
  status: string;
  total: number;
  vat: number;
  created_at: number;
}

const orderOf = (r: OrderRaw): OrderRow => ({
  id: r.id,
  ban: r.ban,
  kind: r.kind,
  status: r.status,
  total: r.total,
  vat: r.vat,
  createdAt: r.created_at,
});

/** One order by id, or null. The caller checks that the viewer may see it (its ban). */
export function getOrder(db: Db, id: number): OrderRow | null {
  const r = db
    .prepare('SELECT id, ban, kind, status, total, vat, created_at FROM orders WHERE id = ?')
    .get(id) as OrderRaw | undefined;
  return r ? orderOf(r) : null;
}

/** A company's orders created in [from, to) (epoch ms), newest first. */
export function ordersOfBan(db: Db, ban: string, from: number, to: number): OrderRow[] {
  return (
    db
      .prepare(
        `SELECT id, ban, kind, status, total, vat, created_at FROM orders WHERE ban = ? AND created_at >= ?
          AND created_at < ? ORDER BY created_at DESC, id DESC LIMIT 200`,
      )
      .all(ban, from, to) as OrderRaw[]
  ).map(orderOf);
}
