import { fromPromise } from 'xstate';
import { refusalReasonOf, serviceTypesOf, typesOfTab } from '@/domain/documents.rules';
import {
  type DocumentCard,
  type DocumentDetails,
  type DocumentsContent,
  type DocumentsInput,
  documentsMachine,
  type OrderCard,
} from '@/machines/documents.machine';
import { type DownloadEvent, type DownloadInput, downloadMachine } from '@/machines/download.machine';
import type {
  DocumentDetails as DetailsWire,
  DocumentItem,
  OnlineOrder,
} from '@/services/contract/documents.contract';
import { saveBlob } from '@/services/export/blob-download.export';
import type { ApiLoader, AppApi } from './api';
import { invokerOf } from './invoker';

/**
 * Real actors of the documents area (docs/decisions.md DOC8-DOC11): the page chart's loader on spec 7's calls, and
 * the download chart's actor (PDF, scan, instruction) with progress, saving the file under the name the view chose.
 */

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

const toCard = (d: DocumentItem): DocumentCard => ({
  id: String(d.id),
  type: d.documentType,
  title: d.title ?? '',
  number: d.number ?? String(d.id),
  status: typeof d.status === 'number' ? d.status : d.status == null ? null : Number(d.status),
  statusMessage: d.statusMessage ?? null,
  statusReason: refusalReasonOf(d.statusReason),
  ban: d.ban ?? null,
  orderId: str(d.orderId),
  createdAt: d.createdAt ?? null,
  hasFile: d.hasFile === true,
});

const toOrder = (o: OnlineOrder, documents?: readonly DocumentItem[]): OrderCard => ({
  id: String(o.id),
  kind: o.kind ?? null,
  status: str(o.status),
  total: o.total ?? null,
  createdAt: o.createdAt ?? null,
  documents: (documents ?? o.documents ?? []).map(toCard),
  cancellable: o.cancellable === true,
});

const toDetails = (d: DetailsWire): DocumentDetails => ({
  ...toCard(d),
  statusMessage: d.statusMessage ?? d.message ?? null,
  content: (d.content ?? []).map((b) => ({ kind: b.kind, text: b.text })),
  json: d.json ?? null,
});

/** The loader of the documents chart: one or two calls per page. */
export function fetchDocuments(api: ApiLoader) {
  return async ({ route }: DocumentsInput): Promise<DocumentsContent> => {
    const client = await api();
    if (route.page === 'order') {
      const order = await client.call('documents.order', { params: { id: route.id } });
      const docs =
        order.documents ?? (await client.call('documents.byOrder', { query: { orderId: route.id } }));
      return { kind: 'order', order: toOrder(order, docs) };
    }
    if (route.page === 'document') {
      return {
        kind: 'document',
        document: toDetails(
          await client.call('documents.detailed', { query: { docId: route.id, lang: route.lang } }),
        ),
      };
    }
    const { dt1, dt2 } = route.filter;
    if (route.tab === 'orders') {
      const [orders, others] = await Promise.all([
        client.call('documents.orders', { query: { dt1, dt2 } }),
        client.call('documents.byType', { query: { type: [1, 9], dt1, dt2 } }),
      ]);
      return { kind: 'orders', orders: orders.map((o) => toOrder(o)), others: others.map(toCard) };
    }
    const types = route.tab === 'services' ? serviceTypesOf(route.filter) : typesOfTab(route.tab);
    const docs = await client.call('documents.byType', { query: { type: [...types], dt1, dt2 } });
    return { kind: 'documents', documents: docs.map(toCard) };
  };
}

/**
 * The documents page chart and the download chart, provided. `save` hands a downloaded file to the browser
 * (`saveBlob`); a test passes its own instead of replacing the module.
 */
export function createDocumentsLogic(api: ApiLoader, save: typeof saveBlob = saveBlob) {
  return {
    documents: documentsMachine.provide({
      actors: {
        fetchDocuments: fromPromise<DocumentsContent, DocumentsInput>(({ input }) =>
          fetchDocuments(api)(input),
        ),
      },
    }),
    download: downloadMachine.provide({
      actors: {
        downloadFile: fromPromise<void, DownloadInput>(async ({ input, signal, self }) => {
          const client = await api();
          const invoker = invokerOf<DownloadEvent>(self);
          const opts = {
            signal,
            onProgress: (loaded: number, total: number) => {
              if (!signal.aborted) invoker?.send({ type: 'download.progressed', loaded, total });
            },
          };
          const { target } = input;
          const blob =
            target.kind === 'pdf'
              ? await client.download(
                  'documents.reDownload',
                  { query: { docId: target.id, ...(target.lang ? { lang: target.lang } : {}) } },
                  opts,
                )
              : target.kind === 'scan'
                ? await client.download('documents.delivery', { query: { id: target.id } }, opts)
                : await client.download('documents.instruction', undefined, opts);
          if (!signal.aborted) save(blob, target.fileName);
        }),
      },
    }),
  };
}

/** The page workflows this area provides (its manifest ./documents.workflow.ts; composed in ./page-logic.generated.ts). */
export const pageLogic = (api: AppApi) => createDocumentsLogic(api.load);
