import {
  DEFAULT_UPLOAD_LIMITS,
  refuseUploadFile,
  sniffUploadKind,
  UPLOAD_KINDS,
  UPLOAD_SNIFF_BYTES,
} from '../../src/domain/upload.rules';
import { ensure, type Handlers, type RequestSession, type Services } from '../handler';
import { type DocumentRow, getDocument, saveDocumentFile } from '../store/documents.store';

/**
 * Online-sales documents (spec 7 "Online-sales documents"; docs/decisions.md "Documents and upload"). Every call names
 * one document and is checked per target: the document must belong to the company in view (DOC7), else E005.
 */

/** A document the viewer may act on: it exists (E101 otherwise) and belongs to the company in view (E005). */
export function documentForViewer(svc: Services, session: RequestSession, id: string): DocumentRow {
  const n = Number(id);
  const doc = Number.isSafeInteger(n) ? getDocument(svc.db, n) : null;
  ensure(doc, 'E101', 'no such document');
  const ban = session.viewer.profile?.ban ?? null;
  ensure(ban !== null && doc.ban === ban, 'E005');
  return doc;
}

export const documentsHandlers: Handlers = {
  // spec 7 POST documents/re-upload?docId (multipart): a new scan; the type is read from its bytes (DOC4, E118)
  'documents.reUpload': async ({ input, session, svc }) => {
    const doc = documentForViewer(svc, session, input.query.docId);
    const file = input.file;
    const refused = refuseUploadFile({ name: 'scan.pdf', size: file.size }, DEFAULT_UPLOAD_LIMITS);
    ensure(refused === null, refused === 'upload.tooLarge' ? 'E101' : 'E118', refused ?? undefined);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const kind = sniffUploadKind(bytes.subarray(0, UPLOAD_SNIFF_BYTES));
    ensure(kind !== null, 'E118');
    saveDocumentFile(svc.db, doc.id, {
      bytes,
      mime: UPLOAD_KINDS[kind].mime,
      // the name it came with, without any path, for the download
      name: (file.name.split(/[\\/]/).pop() || `scan.${UPLOAD_KINDS[kind].extensions[0]}`).slice(0, 200),
      status: 1,
      message: null,
      now: svc.clock.now(),
    });
    svc.logger.info('documents.reUpload', {
      docId: doc.id,
      userId: session.user.id,
      bytes: bytes.length,
      kind,
    });
    return { docId: doc.id, status: 1, message: null };
  },
};
