/**
 * Re-upload of a document's scan on the reference backend, through the real API client in-process (spec 7
 * `documents/re-upload?docId`, multipart): the type is read from the bytes (E118 for a renamed program), the
 * status becomes 1, and the document must belong to the company in view (DOC4, DOC7).
 */
import { describe, expect, it } from 'vitest';
import { documentFile, getDocument, insertDocument } from '../../server/store/documents.store';
import { ApiFailure } from '../../src/services/api/api-error';
import { createApiClient } from '../../src/services/api/client';
import { tinyPdfBytes } from '../support/pdf-sample';
import { createHarness, type Harness } from './harness';

const KEYOWNER_BAN = '100672418';
const OTHER_BAN = '100783350';

async function clientAs(h: Harness, login: string) {
  const agent = h.agent();
  const api = createApiClient({
    baseURL: 'http://portal.test/api/',
    fetch: agent.fetch,
    onSessionExpired: () => {},
  });
  await api.call('session.login', { body: { login, password: 'Demo-2026' } });
  return api;
}

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'OKOK';
  } catch (e) {
    if (e instanceof ApiFailure) return e.code;
    throw e;
  }
}

function docOf(h: Harness, ban: string): number {
  return insertDocument(h.db, {
    type: 4,
    ban,
    lang: 'ru',
    title: 'Акт поставки № 1',
    body: [{ kind: 'heading', text: 'Акт поставки № 1' }],
    createdBy: null,
    now: h.clock.now(),
  });
}

const pdfBytes = tinyPdfBytes;
const exeBytes = () => new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]);

describe('documents/re-upload', () => {
  it('takes a PDF scan: status 1, and keeps the very bytes with the type its bytes show', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'keyowner');
    const id = docOf(h, KEYOWNER_BAN);
    const bytes = pdfBytes();
    const reply = await api.upload('documents.reUpload', {
      query: { docId: id },
      file: new Blob([bytes], { type: 'application/octet-stream' }),
      fileName: 'Скан договора.pdf',
    });
    expect(reply).toMatchObject({ docId: id, status: 1 });
    expect(getDocument(h.db, id)).toMatchObject({ status: 1, hasFile: true, fileMime: 'application/pdf' });
    expect(documentFile(h.db, id)?.bytes).toEqual(bytes);
    expect(documentFile(h.db, id)?.name).toBe('Скан договора.pdf');
  });

  it('refuses a program renamed to .pdf with E118 (by its bytes) and keeps the old state', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'keyowner');
    const id = docOf(h, KEYOWNER_BAN);
    const renamed = new Blob([exeBytes()], { type: 'application/pdf' });
    expect(
      await code(
        api.upload('documents.reUpload', { query: { docId: id }, file: renamed, fileName: 'scan.pdf' }),
      ),
    ).toBe('E118');
    expect(getDocument(h.db, id)).toMatchObject({ status: 0, hasFile: false });
  });

  it('refuses a 19 MB file of zeros behind a PDF header with E118 (it does not parse) and keeps the old state', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'keyowner');
    const id = docOf(h, KEYOWNER_BAN);
    const zeros = new Uint8Array(19 * 1024 * 1024);
    zeros.set(new TextEncoder().encode('%PDF-1.7\n'));
    const started = Date.now();
    const failure = await api
      .upload('documents.reUpload', { query: { docId: id }, file: new Blob([zeros]), fileName: 'scan.pdf' })
      .then(
        () => null,
        (e: unknown) => (e instanceof ApiFailure ? e.error : e),
      );
    expect(failure).toEqual({ kind: 'server', code: 'E118', description: 'pdf unreadable' });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(getDocument(h.db, id)).toMatchObject({ status: 0, hasFile: false });
  }, 30_000);

  it('a second upload replaces the first', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'keyowner');
    const id = docOf(h, KEYOWNER_BAN);
    await api.upload('documents.reUpload', {
      query: { docId: id },
      file: new Blob([pdfBytes()]),
      fileName: 'a.pdf',
    });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    await api.upload('documents.reUpload', {
      query: { docId: id },
      file: new Blob([png]),
      fileName: 'b.png',
    });
    expect(documentFile(h.db, id)).toMatchObject({ bytes: png, mime: 'image/png', name: 'b.png' });
  });

  it("refuses another company's document (E005) and an unknown one (E101)", async () => {
    const h = createHarness();
    const api = await clientAs(h, 'keyowner');
    const theirs = docOf(h, OTHER_BAN);
    const file = new Blob([pdfBytes()]);
    expect(await code(api.upload('documents.reUpload', { query: { docId: theirs }, file }))).toBe('E005');
    expect(getDocument(h.db, theirs)).toMatchObject({ status: 0, hasFile: false });
    expect(await code(api.upload('documents.reUpload', { query: { docId: 999_999 }, file }))).toBe('E101');
  });
});
