import { tashkentDay, tashkentDayRange } from '../../src/domain/dates.rules';
import { documentFileName, documentNumber } from '../../src/domain/documents.rules';
import { downloadName, UNKNOWN_DOWNLOAD_TYPE } from '../../src/domain/download.rules';
import { canCancelOwnOrder } from '../../src/domain/orders.rules';
import { routeAccess } from '../../src/domain/routes.rules';
import {
  DEFAULT_UPLOAD_LIMITS,
  refuseUploadFile,
  sniffUploadKind,
  UPLOAD_KINDS,
  UPLOAD_SNIFF_BYTES,
} from '../../src/domain/upload.rules';
import type { DocumentItem } from '../../src/services/contract/documents.contract';
import { buildInstructionDocx } from '../documents/instruction-docx';
import { ensure, type Handlers, type RequestSession, type Services } from '../handler';
import { buildTextPdf, type PdfBlock } from '../pdf/pdf';
import { isReadablePdf } from '../pdf/pdf-check';
import { actorOf } from '../store/activity.store';
import {
  type DocumentRow,
  documentFile,
  documentsOfBan,
  documentsOfOrder,
  getDocument,
  getOrder,
  type OrderRow,
  ordersOfBan,
  saveDocumentFile,
} from '../store/documents.store';

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

/** The company in view (its own, or the one an administrator impersonates); E005 for staff without one. */
function companyOf(session: RequestSession): string {
  const ban = session.viewer.profile?.ban ?? null;
  ensure(ban !== null, 'E005');
  return ban;
}

/** An order of the company in view (E101 unknown, E005 another company's). */
function orderForViewer(svc: Services, session: RequestSession, id: string): OrderRow {
  const n = Number(id);
  const order = Number.isSafeInteger(n) ? getOrder(svc.db, n) : null;
  ensure(order, 'E101', 'no such order');
  ensure(order.ban === companyOf(session), 'E005');
  return order;
}

/** Epoch-ms bounds of a range of ISO days in Tashkent time, both days included (E101 when unreadable or reversed). */
function rangeOf(dt1: string, dt2: string): { from: number; to: number } {
  const { start: from, end: to } = tashkentDayRange(dt1.slice(0, 10), dt2.slice(0, 10));
  ensure(Number.isFinite(from) && Number.isFinite(to) && from < to, 'E101', 'dt1, dt2: a range of days');
  return { from, to };
}

/** A document as lists show it. */
function toItem(d: DocumentRow): DocumentItem {
  return {
    id: d.id,
    documentType: d.type,
    status: d.status,
    ban: d.ban,
    orderId: d.orderId,
    fileName: d.fileName,
    createdAt: new Date(d.createdAt).toISOString(),
    title: d.title,
    number: documentNumber(d),
    lang: d.lang,
    statusMessage: d.statusMessage,
    // the refusal's code (DOC20): the portal shows its text in the page's language, statusMessage only without it
    ...(d.statusReason ? { statusReason: d.statusReason } : {}),
    hasFile: d.hasFile,
  };
}

function orderReply(svc: Services, session: RequestSession, o: OrderRow) {
  return {
    id: o.id,
    status: o.status,
    ban: o.ban,
    kind: o.kind,
    total: o.total,
    createdAt: new Date(o.createdAt).toISOString(),
    documents: documentsOfOrder(svc.db, o.id).map(toItem),
    // GN15: the company's own order, created, and a viewer who may order (the same policy `orders.cancel` is asked)
    cancellable:
      canCancelOwnOrder(o.status) && routeAccess('/purchase/order', session.viewer.facts) === 'allow',
  };
}

/** The text a document is rendered in: the language asked for when the document was issued in both (DOC8). */
function blocksOf(
  d: DocumentRow,
  lang: 'ru' | 'uz' | undefined,
): { blocks: readonly PdfBlock[]; lang: 'ru' | 'uz' } {
  const text = (d.data as { text?: Partial<Record<'ru' | 'uz', PdfBlock[]>> } | null)?.text;
  const want = lang ?? d.lang;
  const chosen = text?.[want];
  if (Array.isArray(chosen) && chosen.length > 0) return { blocks: chosen, lang: want };
  return { blocks: d.body, lang: d.lang };
}

export const documentsHandlers: Handlers = {
  // DOC10: the company's orders in the range, newest first, each with its documents
  'documents.orders': ({ input, session, svc }) => {
    const { from, to } = rangeOf(input.query.dt1, input.query.dt2);
    return ordersOfBan(svc.db, companyOf(session), from, to).map((o) => orderReply(svc, session, o));
  },
  // spec 7 GET orders/{id} (DocumentsView)
  'documents.order': ({ input, session, svc }) =>
    orderReply(svc, session, orderForViewer(svc, session, input.params.id)),
  // spec 7 GET documents/byOrder?orderId
  'documents.byOrder': ({ input, session, svc }) =>
    documentsOfOrder(svc.db, orderForViewer(svc, session, input.query.orderId).id).map(toItem),
  // spec 7 GET documents/detailed?docId: status and content; an invoice (type 6) carries its json (spec 3)
  'documents.detailed': ({ input, session, svc }) => {
    const d = documentForViewer(svc, session, input.query.docId);
    const { blocks, lang } = blocksOf(d, input.query.lang);
    return {
      ...toItem(d),
      // a bilingual document is titled in the language its text is given in
      ...(lang !== d.lang && blocks[0] ? { title: blocks[0].text, lang } : {}),
      message: d.statusMessage,
      json: d.data ?? undefined,
      content: blocks.map((b) => ({ kind: b.kind, text: b.text })),
    };
  },
  // spec 7 GET documents/byType?type,ban,dt1,dt2 (several types for services); the BAN must be the company in view
  'documents.byType': ({ input, session, svc }) => {
    const ban = companyOf(session);
    ensure(input.query.ban === undefined || input.query.ban === ban, 'E005');
    const { from, to } = rangeOf(input.query.dt1, input.query.dt2);
    return documentsOfBan(svc.db, ban, input.query.type, from, to).map(toItem);
  },
  // spec 7 GET documents/re-download?docId: the PDF of the whole text (DejaVu Sans: Cyrillic and Uzbek letters)
  'documents.reDownload': async ({ input, session, svc }) => {
    const d = documentForViewer(svc, session, input.query.docId);
    const { blocks, lang } = blocksOf(d, input.query.lang);
    const bytes = await buildTextPdf({ title: blocks[0]?.text ?? d.title, lang, blocks });
    const name = documentFileName(d.title, d.ban, tashkentDay(d.createdAt), 'pdf');
    return new File([bytes as BlobPart], name, { type: 'application/pdf' });
  },
  // spec 7 GET documents/delivery/byId?id: the uploaded scan, the same bytes (DOC6); E013 while none
  'documents.delivery': ({ input, session, svc }) => {
    const d = documentForViewer(svc, session, input.query.id);
    const file = documentFile(svc.db, d.id);
    ensure(file, 'E013', 'no scan was uploaded for this document');
    // typed and named by its bytes, not by the type or name stored with it (security finding 32, PRM6): a scan kept
    // before the check, or a stored name that lies, still downloads as what it is
    const kind = sniffUploadKind(file.bytes.subarray(0, UPLOAD_SNIFF_BYTES));
    const type = kind ? UPLOAD_KINDS[kind].mime : UNKNOWN_DOWNLOAD_TYPE;
    return new File([file.bytes as BlobPart], downloadName(file.name, type), { type });
  },
  // spec 7 GET documents/instruction: the users' instruction as a .docx (spec 9 "instruction docx"; DOC12)
  'documents.instruction': () =>
    new File([buildInstructionDocx() as BlobPart], 'instruction.docx', {
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    }),
  // spec 7 POST documents/re-upload?docId (multipart): a new scan; the type is read from its bytes (DOC4, E118)
  'documents.reUpload': async ({ input, session, svc }) => {
    const doc = documentForViewer(svc, session, input.query.docId);
    const file = input.file;
    const refused = refuseUploadFile({ name: 'scan.pdf', size: file.size }, DEFAULT_UPLOAD_LIMITS);
    ensure(refused === null, refused === 'upload.tooLarge' ? 'E101' : 'E118', refused ?? undefined);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const kind = sniffUploadKind(bytes.subarray(0, UPLOAD_SNIFF_BYTES));
    ensure(kind !== null, 'E118');
    // a PDF header over anything else is no scan: the file must parse (DOC13)
    ensure(kind !== 'pdf' || (await isReadablePdf(bytes)), 'E118', 'pdf unreadable');
    svc.db.transaction(() => {
      saveDocumentFile(svc.db, doc.id, {
        bytes,
        mime: UPLOAD_KINDS[kind].mime,
        // the name it came with, without any path, but with the extension of what its bytes are (PRM6)
        name: downloadName(file.name || 'scan', UPLOAD_KINDS[kind].mime),
        status: 1,
        message: null,
        now: svc.clock.now(),
      });
      svc.activity.append({
        ban: doc.ban,
        actor: actorOf(session),
        action: 'document.upload',
        targets: [{ kind: 'document', id: String(doc.id) }],
        detail: { type: doc.type, kind, bytes: bytes.length },
      });
    })();
    svc.logger.info('documents.reUpload', {
      docId: doc.id,
      userId: session.user.id,
      bytes: bytes.length,
      kind,
    });
    return { docId: doc.id, status: 1, message: null };
  },
};
