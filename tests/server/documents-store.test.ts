import { describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/database';
import {
  documentsOfOrder,
  documentsOfRegistration,
  getDocument,
  insertDocument,
  refuseDocument,
  saveDocumentFile,
} from '../../server/store/documents.store';
import { seededDb } from './harness';

describe('documents store (one table for every document type)', () => {
  it('keeps a document as it was issued: its text blocks, data, owner and upload status', () => {
    const db = seededDb();
    const ban = (db.prepare('SELECT ban FROM companies LIMIT 1').get() as { ban: string }).ban;
    const id = insertDocument(db, {
      type: 7,
      ban,
      tin: '301234567',
      registrationRef: 'block:1',
      lang: 'uz',
      title: 'Bloklash toʻgʻrisida ariza',
      body: [
        { kind: 'heading', text: 'Ariza' },
        { kind: 'paragraph', text: 'Raqamlar: +998 90 123 45 67' },
      ],
      data: { acceptedNumbers: ['901234567'] },
      createdBy: null,
      now: 1_700_000_000_000,
    });
    const doc = getDocument(db, id);
    expect(doc).toMatchObject({
      id,
      type: 7,
      ban,
      tin: '301234567',
      lang: 'uz',
      status: 0,
      hasFile: false,
      data: { acceptedNumbers: ['901234567'] },
    });
    expect(doc?.body[1]?.text).toBe('Raqamlar: +998 90 123 45 67');
    expect(documentsOfRegistration(db, 'block:1').map((d) => d.id)).toEqual([id]);
    expect(getDocument(db, id + 1000)).toBeNull();
  });

  it('a refusal keeps its reason code (migration 021, DOC20); a new accepted scan clears it; the column takes only known codes', () => {
    const db = seededDb();
    const ban = (db.prepare('SELECT ban FROM companies LIMIT 1').get() as { ban: string }).ban;
    const id = insertDocument(db, {
      type: 4,
      ban,
      lang: 'ru',
      title: 'Накладная',
      body: [],
      createdBy: null,
      now: 1_700_000_000_000,
    });
    expect(getDocument(db, id)).toMatchObject({ status: 0, statusReason: null, statusMessage: null });
    refuseDocument(db, id, { reason: 'wrongDocument', now: 1_700_000_001_000 });
    expect(getDocument(db, id)).toMatchObject({
      status: 2,
      statusReason: 'wrongDocument',
      statusMessage: null,
    });
    saveDocumentFile(db, id, {
      bytes: new Uint8Array([1]),
      mime: 'application/pdf',
      name: 'scan.pdf',
      status: 1,
      message: null,
      now: 1_700_000_002_000,
    });
    expect(getDocument(db, id)).toMatchObject({ status: 1, statusReason: null });
    expect(() =>
      db.prepare("UPDATE documents SET status_reason = 'Скан не читается' WHERE id = ?").run(id),
    ).toThrow(/CHECK/);
  });

  it('migration 021 gives the demo refusal of a database seeded before it its code; other free text stays', () => {
    // a database as seeded before 021: no column, the sentence only
    const db = seededDb();
    const other = (db.prepare('SELECT id FROM documents WHERE status <> 2 LIMIT 1').get() as { id: number })
      .id;
    db.prepare("UPDATE documents SET status = 2, status_message = 'Другая причина' WHERE id = ?").run(other);
    db.prepare('DELETE FROM schema_migrations WHERE version = 21').run();
    db.exec('ALTER TABLE documents DROP COLUMN status_reason');
    expect(migrate(db)).toEqual([21]);
    const reasons = db
      .prepare(
        'SELECT status_message AS message, status_reason AS reason FROM documents WHERE status = 2 ORDER BY id',
      )
      .all();
    expect(reasons).toEqual(
      expect.arrayContaining([
        { message: 'Скан не читается: загрузите его ещё раз', reason: 'unreadable' },
        { message: 'Другая причина', reason: null },
      ]),
    );
  });

  it('lists an order’s documents and refuses a type the spec does not have', () => {
    const db = seededDb();
    const ban = (db.prepare('SELECT ban FROM companies LIMIT 1').get() as { ban: string }).ban;
    const orderId = Number(
      db
        .prepare(
          `INSERT INTO orders (ban, kind, status, total, vat, created_at, updated_at) VALUES (?, 'golden', 'created', 100, 12, 1, 1)`,
        )
        .run(ban).lastInsertRowid,
    );
    for (const type of [4, 5, 6] as const)
      insertDocument(db, {
        type,
        ban,
        orderId,
        lang: 'ru',
        title: `t${type}`,
        body: [],
        createdBy: null,
        now: 1,
      });
    expect(documentsOfOrder(db, orderId).map((d) => d.type)).toEqual([4, 5, 6]);
    expect(() =>
      insertDocument(db, { type: 3 as 4, ban, lang: 'ru', title: 'x', body: [], createdBy: null, now: 1 }),
    ).toThrow(/CHECK/);
  });
});
