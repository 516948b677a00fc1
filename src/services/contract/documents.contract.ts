import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { anyId, blobResult, digits, idParam, wireDate, wireIntList } from './fields.contract';

/**
 * Online-sales documents (spec 3 "Document"; spec 7 "Online-sales documents"). All paths sit under
 * `online-sales/` like spec 7's `/online-sales/documents/verify`.
 */

// Document types (spec 3) have one home: DOCUMENT_TYPES and SERVICE_DOCUMENT_TYPES in src/domain/constants.ts.

/** A document in a list. `status` is the backend's document status (code or word). */
export const documentSchema = z.looseObject({
  id: anyId,
  documentType: z.int(),
  status: z.nullish(z.union([z.string(), z.number()])),
  ban: z.nullish(z.string()),
  orderId: z.nullish(anyId),
  fileName: z.nullish(z.string()),
  createdAt: z.nullish(z.string()),
  /** the title the document was issued with, in the language it was made in; pages build theirs from
   *  `documentType` and `number` (docs/decisions.md DOC14) */
  title: z.nullish(z.string()),
  /** the document's number its title is built with ('12', 'S-4', an agreement's number) */
  number: z.nullish(z.string()),
  /** the language of its stored text */
  lang: z.nullish(z.string()),
  /** the server's message of an upload status 2 (spec 4) */
  statusMessage: z.nullish(z.string()),
  /** why an upload was refused, as a code the portal translates (DOC20: 'unreadable', 'incomplete', 'wrongDocument',
   *  'unsigned', 'expired'); optional — a backend may send only `statusMessage`, and an unknown code falls back to it */
  statusReason: z.nullish(z.string()),
  /** whether a scan was uploaded (documents/delivery/byId returns it) */
  hasFile: z.nullish(z.boolean()),
});
export type DocumentItem = z.infer<typeof documentSchema>;
export const documentListSchema = z.array(documentSchema);

/** GET online-sales/documents/byOrder query. */
export const byOrderQuery = z.object({ orderId: idParam });
export type ByOrderQuery = z.input<typeof byOrderQuery>;

/** GET online-sales/orders/{id} params. */
export const onlineOrderParams = z.object({ id: idParam });
export type OnlineOrderParams = z.input<typeof onlineOrderParams>;

/** An online-sales order (DocumentsView). */
export const onlineOrderSchema = z.looseObject({
  id: anyId,
  status: z.nullish(z.union([z.string(), z.number()])),
  ban: z.nullish(z.string()),
  createdAt: z.nullish(z.string()),
  documents: z.nullish(documentListSchema),
  /** 'golden' or 'new' (numbers ordered) */
  kind: z.nullish(z.string()),
  /** sum with VAT, in sums */
  total: z.nullish(z.number()),
  /** the viewer's company may cancel it now (GN15: created, its own, a viewer who may order) */
  cancellable: z.nullish(z.boolean()),
});
export type OnlineOrder = z.infer<typeof onlineOrderSchema>;

/** GET online-sales/documents/detailed query. */
export const docIdQuery = z.object({ docId: idParam });
export type DocIdQuery = z.input<typeof docIdQuery>;

/** A document with its details; an invoice (type 6) carries its data as `json`. */
export const documentDetailsSchema = z.extend(documentSchema, {
  json: z.optional(z.unknown()),
  message: z.nullish(z.string()),
  /** the document's whole text as issued (plain-text blocks, shown as text, never as HTML) */
  content: z.nullish(
    z
      .array(
        z.looseObject({
          kind: z.enum(['heading', 'paragraph', 'small']),
          text: z.string().check(z.maxLength(10_000)),
        }),
      )
      .check(z.maxLength(500)),
  ),
});
export type DocumentDetails = z.infer<typeof documentDetailsSchema>;

/** GET online-sales/documents/byType query: one type or several (sent comma-joined), a BAN and a date range
 *  (`dt1`, `dt2`, 'Выберите начальную и конечную дату'). */
export const byTypeQuery = z.object({
  type: wireIntList,
  ban: z.optional(digits),
  dt1: wireDate,
  dt2: wireDate,
});
export type ByTypeQuery = z.input<typeof byTypeQuery>;

/** GET online-sales/documents/delivery/byId query. */
export const deliveryQuery = z.object({ id: idParam });
export type DeliveryQuery = z.input<typeof deliveryQuery>;

/** POST online-sales/documents/re-upload query (the file goes in the multipart body; E118 bad format). */
export const reUploadQuery = z.object({ docId: idParam });

/** POST online-sales/documents/re-upload result: the document's upload status after the server checked the file
 *  (spec 4: 1 ok, 2 error with the server's message). */
export const uploadReceiptSchema = z.looseObject({
  docId: anyId,
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  message: z.nullish(z.string()),
});
export type UploadReceiptWire = z.infer<typeof uploadReceiptSchema>;

/** GET online-sales/orders query: the company's orders created in the date range (docs/decisions.md DOC10). */
export const onlineOrdersQuery = z.object({ dt1: wireDate, dt2: wireDate });
export type OnlineOrdersQuery = z.input<typeof onlineOrdersQuery>;
export const onlineOrderListSchema = z.array(onlineOrderSchema);

/** GET online-sales/documents/re-download and documents/detailed query: the document, and the language its text is
 *  given in (a document issued in both languages, e.g. the suspend document, follows the user's). */
export const reDownloadQuery = z.object({ docId: idParam, lang: z.optional(z.enum(['ru', 'uz'])) });
export type ReDownloadQuery = z.input<typeof reDownloadQuery>;

/** The documents calls of spec 7 (the endpoint table's slice, docs/decisions.md AR7). */
export const documentsEndpoints = {
  'documents.byOrder': defineEndpoint({
    method: 'GET',
    path: 'online-sales/documents/byOrder',
    query: byOrderQuery,
    result: documentListSchema,
    auth: 'session',
    summary: 'documents of an order',
  }),
  'documents.order': defineEndpoint({
    method: 'GET',
    path: 'online-sales/orders/{id}',
    params: onlineOrderParams,
    result: onlineOrderSchema,
    auth: 'session',
    summary: 'one online-sales order',
  }),
  'documents.detailed': defineEndpoint({
    method: 'GET',
    path: 'online-sales/documents/detailed',
    query: reDownloadQuery,
    result: documentDetailsSchema,
    auth: 'session',
    summary: 'one document with details',
  }),
  'documents.byType': defineEndpoint({
    method: 'GET',
    path: 'online-sales/documents/byType',
    query: byTypeQuery,
    result: documentListSchema,
    auth: 'session',
    summary: 'documents by type(s), BAN and date range',
  }),
  'documents.orders': defineEndpoint({
    method: 'GET',
    path: 'online-sales/orders',
    query: onlineOrdersQuery,
    result: onlineOrderListSchema,
    auth: 'session',
    summary: "the company's orders in a date range, each with its documents",
  }),
  'documents.reDownload': defineEndpoint({
    method: 'GET',
    path: 'online-sales/documents/re-download',
    query: reDownloadQuery,
    result: blobResult,
    reply: 'blob',
    auth: 'session',
    summary: 'the PDF of a document',
  }),
  'documents.delivery': defineEndpoint({
    method: 'GET',
    path: 'online-sales/documents/delivery/byId',
    query: deliveryQuery,
    result: blobResult,
    reply: 'blob',
    auth: 'session',
    summary: 'a delivery document',
  }),
  'documents.instruction': defineEndpoint({
    method: 'GET',
    path: 'online-sales/documents/instruction',
    result: blobResult,
    reply: 'blob',
    auth: 'session',
    summary: 'the instruction (docx)',
  }),
  'documents.reUpload': defineEndpoint({
    method: 'POST',
    path: 'online-sales/documents/re-upload',
    query: reUploadQuery,
    multipart: true,
    fileField: 'file',
    result: uploadReceiptSchema,
    auth: 'session',
    summary: 'upload a signed document again (E118); the reply is its new status',
  }),
} as const;
