import { assign, emit, setup } from 'xstate';
import {
  type DocumentRefusalReason,
  type DocumentsFilter,
  type DocumentsTab,
  documentsFilterError,
} from '@/domain/documents.rules';
import { failTo, outputTo, retryState } from './call-fragment';
import { errorCodeOf, unprovided } from './error-code';
import type { StateMeta } from './state-meta';

/**
 * The online-sales documents area (spec 2 "Online sales: /onlinee-sales: orders list (Documents), orders/{id}
 * (DocumentsView), suspend-documents/{id}, services-documents/{id}"; spec 7 "Online-sales documents"; docs/decisions.md
 * DOC8-DOC11). One actor per page the URL names: the Documents lists (orders, suspend documents, service documents,
 * with a date range and, for services, types), one order with its documents, or one document with its status and
 * text. A new filter is checked here ('Выберите начальную и конечную дату') and, when valid, emitted for the router
 * (`documents.filtered`): the URL holds it, so Back and a reload show the same list.
 */

/** What the URL names. */
export type DocumentsRoute =
  | { readonly page: 'list'; readonly tab: DocumentsTab; readonly filter: DocumentsFilter }
  | { readonly page: 'order'; readonly id: string }
  | {
      readonly page: 'document';
      readonly id: string;
      readonly section: 'suspend' | 'services';
      /** the language the text is shown in (a bilingual document, e.g. a suspend document, follows the page) */
      readonly lang: 'ru' | 'uz';
    };

/** A document as the lists and pages show it. Dates are ISO instants; `status` is spec 4's upload status. */
export interface DocumentCard {
  readonly id: string;
  readonly type: number;
  /** the title as issued (in the language it was made in); pages show documentTitle(type label, number) */
  readonly title: string;
  /** the number the page's title is built with (DOC14) */
  readonly number: string;
  readonly status: number | null;
  /** the server's free text of a refusal (status 2), shown only when no known reason code came with it (DOC20) */
  readonly statusMessage: string | null;
  /** the refusal's reason code, shown in the page's language (DOC20); null when none or unknown */
  readonly statusReason: DocumentRefusalReason | null;
  readonly ban: string | null;
  readonly orderId: string | null;
  readonly createdAt: string | null;
  readonly hasFile: boolean;
}

/** An order with its documents. */
export interface OrderCard {
  readonly id: string;
  readonly kind: string | null;
  readonly status: string | null;
  readonly total: number | null;
  readonly createdAt: string | null;
  readonly documents: readonly DocumentCard[];
  /** the viewer's company may cancel it now (the server's word, GN15) */
  readonly cancellable: boolean;
}

/** A document with its whole text (plain-text blocks) and type data (an invoice's json). */
export interface DocumentDetails extends DocumentCard {
  readonly content: readonly { readonly kind: 'heading' | 'paragraph' | 'small'; readonly text: string }[];
  readonly json: unknown;
}

/** What a page shows once loaded. */
export type DocumentsContent =
  | {
      readonly kind: 'orders';
      readonly orders: readonly OrderCard[];
      readonly others: readonly DocumentCard[];
    }
  | { readonly kind: 'documents'; readonly documents: readonly DocumentCard[] }
  | { readonly kind: 'order'; readonly order: OrderCard }
  | { readonly kind: 'document'; readonly document: DocumentDetails };

export interface DocumentsInput {
  readonly route: DocumentsRoute;
}

export interface DocumentsContext {
  readonly route: DocumentsRoute;
  readonly content: DocumentsContent | null;
  /** Catalogue code of the failed load (E005 another company's, E101 unknown, network…). */
  readonly error: string | null;
  /** The filter form's error ('validation.dateRange'), shown next to it; the list stays. */
  readonly filterError: string | null;
}

/**
 * Events of the documents chart.
 * - `filter.submit`: user intent to list another date range (and service types).
 * - `content.retry`: user intent after a failed load.
 * - `content.refresh`: user intent to load the page again (after uploading a scan, say).
 */
export type DocumentsEvent =
  | { type: 'filter.submit'; filter: DocumentsFilter }
  | { type: 'content.retry' }
  | { type: 'content.refresh' };

/** Emitted for the router: the URL should now hold this filter. */
export type DocumentsEmitted = { type: 'documents.filtered'; filter: DocumentsFilter };

export type DocumentsTag = 'busy' | 'error';

export const documentsMachine = setup({
  types: {
    context: {} as DocumentsContext,
    events: {} as DocumentsEvent,
    input: {} as DocumentsInput,
    emitted: {} as DocumentsEmitted,
    meta: {} as StateMeta,
    tags: {} as DocumentsTag,
  },
  actors: {
    /** Loads what the route names (lists, an order with its documents, a document's details). */
    fetchDocuments: unprovided<DocumentsContent, DocumentsInput>('fetchDocuments'),
  },
  guards: {
    isValidFilter: (_, params: { filter: DocumentsFilter }) => documentsFilterError(params.filter) === null,
  },
  actions: {
    assignContent: assign((_, params: { content: DocumentsContent }) => ({
      content: params.content,
      error: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    clearError: assign({ error: null }),
    assignFilterError: assign((_, params: { filter: DocumentsFilter }) => ({
      filterError: documentsFilterError(params.filter),
    })),
    clearFilterError: assign({ filterError: null }),
    emitFiltered: emit((_, params: { filter: DocumentsFilter }) => ({
      type: 'documents.filtered' as const,
      filter: params.filter,
    })),
  },
}).createMachine({
  id: 'documents',
  description:
    'Online-sales documents: the lists (orders, suspend and service documents in a date range), an order with its ' +
    'documents, or one document with its status and text.',
  context: ({ input }) => ({ route: input.route, content: null, error: null, filterError: null }),
  initial: 'loading',
  on: {
    'filter.submit': [
      {
        guard: { type: 'isValidFilter', params: ({ event }) => ({ filter: event.filter }) },
        actions: [
          'clearFilterError',
          { type: 'emitFiltered', params: ({ event }) => ({ filter: event.filter }) },
        ],
      },
      { actions: { type: 'assignFilterError', params: ({ event }) => ({ filter: event.filter }) } },
    ],
  },
  states: {
    loading: {
      description:
        'Loads what the URL names (online-sales orders, documents/byType, orders/{id}, documents/detailed).',
      meta: { view: 'the page busy (aria-busy) with the loading notice', testId: 'documents-loading' },
      tags: ['busy'],
      invoke: {
        id: 'fetchDocuments',
        src: 'fetchDocuments',
        input: ({ context }) => ({ route: context.route }),
        onDone: outputTo('ready', 'assignContent', 'content'),
        onError: failTo('failed'),
      },
    },
    ready: {
      description: 'The list, order or document is on screen, each document with its downloads.',
      meta: { view: 'the rows or the document with its download buttons', testId: 'documents-content' },
      on: { 'content.refresh': 'loading' },
    },
    failed: retryState('content.retry', 'loading', {
      description: 'The page could not be loaded: the reason and a retry.',
      meta: { view: 'the error with a retry button', testId: 'documents-error' },
    }),
  },
});

export type DocumentsMachine = typeof documentsMachine;
