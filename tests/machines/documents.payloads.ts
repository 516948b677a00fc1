import type { AnyEventObject } from 'xstate';
import type {
  DocumentCard,
  DocumentDetails,
  DocumentsContent,
  DocumentsInput,
  OrderCard,
} from '@/machines/documents.machine';
import type { DownloadInput } from '@/machines/download.machine';
import { ApiFailure } from '@/services/api/api-error';
import type { EventPayloads } from '../support/model-universe';

/**
 * Realistic events and actor results of the documents and download charts. Guards see both outcomes: a valid date
 * range and a reversed one; loads that succeed (each kind of page) and fail (another company's document, network).
 */

export const listInput: DocumentsInput = {
  route: { page: 'list', tab: 'orders', filter: { dt1: '2026-08-26', dt2: '2026-11-24', types: [] } },
};

export const supplyDoc: DocumentCard = {
  id: '41',
  type: 4,
  title: 'Накладная № 1',
  number: '1',
  status: 0,
  statusMessage: null,
  statusReason: null,
  ban: '100672418',
  orderId: '1',
  createdAt: '2026-11-18T06:00:00.000Z',
  hasFile: false,
};
export const suspendDoc: DocumentCard = {
  ...supplyDoc,
  id: '52',
  type: 7,
  title: 'Заявление о блокировке номеров',
  number: '52',
  status: 1,
  orderId: null,
};
export const order: OrderCard = {
  id: '1',
  kind: 'golden',
  status: 'issued',
  total: 842_000,
  createdAt: '2026-11-18T06:00:00.000Z',
  documents: [supplyDoc],
  cancellable: false,
};
export const details: DocumentDetails = {
  ...suspendDoc,
  content: [
    { kind: 'heading', text: 'Заявление о блокировке номеров' },
    { kind: 'paragraph', text: 'Просим заблокировать номера: +998 90 111 22 33.' },
  ],
  json: { action: 'block' },
};

/** A document of a type the portal has no name for (spec 3 line 136 names 1, 4-17): its row says 'type N'. */
export const unnamedTypeDoc: DocumentCard = { ...supplyDoc, id: '63', type: 3, title: 'Акт № 3' };
/**
 * The range's orders: two with their documents and nine more, eleven in all, so the tab pages (10 orders a page) into a
 * full first page and one order on the second: a page size of 9 or 11 shows on the first.
 */
export const ordersPage: DocumentsContent = {
  kind: 'orders',
  orders: [
    order,
    { ...order, id: '2', documents: [unnamedTypeDoc] },
    ...Array.from({ length: 9 }, (_, i) => ({
      ...order,
      id: String(3 + i),
      documents: [{ ...supplyDoc, id: String(71 + i), number: String(3 + i), orderId: String(3 + i) }],
    })),
  ],
  others: [],
};
export const emptyOrders: DocumentsContent = { kind: 'orders', orders: [], others: [] };
export const detailsPage: DocumentsContent = { kind: 'document', document: details };

export const validFilter = { dt1: '2026-01-01', dt2: '2026-11-24', types: [] };
export const reversedFilter = { dt1: '2026-11-24', dt2: '2026-01-01', types: [] };

export const offline = new ApiFailure({ kind: 'network' });
export const notYours = new ApiFailure({ kind: 'server', code: 'E005' });
export const noSession = new ApiFailure({ kind: 'server', code: 'E009' });
export const noScan = new ApiFailure({ kind: 'server', code: 'E013' });

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });

export const documentsPayloads: EventPayloads = {
  'filter.submit': [
    { type: 'filter.submit', filter: validFilter },
    { type: 'filter.submit', filter: reversedFilter },
  ],
  'xstate.done.actor.fetchDocuments': [
    done('fetchDocuments', ordersPage),
    done('fetchDocuments', emptyOrders),
  ],
  'xstate.error.actor.fetchDocuments': [fail('fetchDocuments', notYours), fail('fetchDocuments', offline)],
};

export const documentsModelEntry = {
  id: 'documents',
  input: listInput,
  payloads: documentsPayloads,
} as const;

/**
 * The suspension tab with 21 of its documents (20 a page): a documents page whose list pages into a full first page and
 * one row on the second. The view walk mounts it as a second page of the chart.
 */
export const suspendInput: DocumentsInput = {
  route: { page: 'list', tab: 'suspend', filter: { dt1: '2026-08-26', dt2: '2026-11-24', types: [] } },
};
export const suspendDocuments: DocumentsContent = {
  kind: 'documents',
  documents: Array.from({ length: 21 }, (_, i) => ({
    ...suspendDoc,
    id: String(201 + i),
    number: String(201 + i),
  })),
};
export const suspendTabEntry = {
  id: 'documents',
  input: suspendInput,
  payloads: {
    ...documentsPayloads,
    'xstate.done.actor.fetchDocuments': [done('fetchDocuments', suspendDocuments)],
  },
} as const;

export const downloadInput: DownloadInput = {
  target: { kind: 'pdf', id: '52', fileName: 'Заявление_100672418_2026-11-18.pdf', lang: 'ru' },
};

export const downloadPayloads: EventPayloads = {
  'download.progressed': [
    { type: 'download.progressed', loaded: 40_960, total: 81_920 },
    { type: 'download.progressed', loaded: 40_960, total: 0 },
  ],
  'xstate.done.actor.downloadFile': [done('downloadFile', undefined)],
  'xstate.error.actor.downloadFile': [fail('downloadFile', noScan)],
};

export const downloadModelEntry = {
  id: 'download',
  input: downloadInput,
  payloads: downloadPayloads,
} as const;
