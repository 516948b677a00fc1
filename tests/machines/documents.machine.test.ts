import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { fetchDocuments } from '@/app/documents.actors';
import { type DocumentsInput, documentsMachine } from '@/machines/documents.machine';
import {
  connectDocument,
  connectDocumentsContent,
  connectDocumentsFilter,
  connectDocumentsFrame,
  selectDocumentsCanRetry,
  selectDocumentsContent,
  selectDocumentsError,
  selectFilterError,
} from '@/machines/documents.selectors';
import type { ApiClient } from '@/services/api/client';
import { snapshotAt } from '../support/connect-table';
import { lintMachine } from '../support/model-universe';
import {
  detailsPage,
  listInput,
  noSession,
  notYours,
  ordersPage,
  reversedFilter,
  validFilter,
} from './documents.payloads';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function answering(results: readonly (unknown | Error)[]) {
  const calls: DocumentsInput[] = [];
  let i = 0;
  const machine = documentsMachine.provide({
    actors: {
      fetchDocuments: fromPromise(async ({ input }: { input: DocumentsInput }) => {
        calls.push(input);
        const r = results[Math.min(i++, results.length - 1)];
        if (r instanceof Error) throw r;
        return r as typeof ordersPage;
      }),
    },
  });
  return { actor: createActor(machine, { input: listInput }).start(), calls };
}

describe('documents machine', () => {
  it('follows the conventions the harness relies on', () => {
    expect(lintMachine(documentsMachine)).toEqual([]);
  });

  it('loads what the URL names; a failure keeps its code and is retried', async () => {
    const { actor, calls } = answering([notYours, ordersPage]);
    await flush();
    expect(selectDocumentsError(actor.getSnapshot())).toBe('E005');
    expect(selectDocumentsCanRetry(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'content.retry' });
    await flush();
    expect(selectDocumentsContent(actor.getSnapshot())).toEqual(ordersPage);
    expect(calls).toEqual([listInput, listInput]);
  });

  it('no retry after E009 (the session is ending)', async () => {
    const { actor } = answering([noSession]);
    await flush();
    expect(selectDocumentsCanRetry(actor.getSnapshot())).toBe(false);
  });

  it("a reversed range says 'Выберите начальную и конечную дату' and goes nowhere; a valid one goes to the URL", async () => {
    const { actor } = answering([ordersPage]);
    const emitted: unknown[] = [];
    actor.on('documents.filtered', (e) => emitted.push(e.filter));
    await flush();
    actor.send({ type: 'filter.submit', filter: reversedFilter });
    expect(selectFilterError(actor.getSnapshot())).toBe('validation.dateRange');
    actor.send({ type: 'filter.submit', filter: { ...validFilter, types: [4] } });
    expect(selectFilterError(actor.getSnapshot())).toBe('validation.fields');
    actor.send({ type: 'filter.submit', filter: validFilter });
    expect(selectFilterError(actor.getSnapshot())).toBeNull();
    expect(emitted).toEqual([validFilter]);
  });
});

describe('fetchDocuments (the real loader) asks spec 7’s calls for each page', () => {
  function fakeApi() {
    const asked: [string, unknown][] = [];
    const client = {
      call: async (name: string, input: unknown) => {
        asked.push([name, input]);
        if (name === 'documents.orders')
          return [{ id: 1, status: 'issued', documents: [{ id: 9, documentType: 4 }] }];
        if (name === 'documents.order') return { id: 1, documents: null };
        if (name === 'documents.detailed')
          return { id: 9, documentType: 7, status: 1, content: [{ kind: 'heading', text: 'Заявление' }] };
        return [{ id: 9, documentType: 8, status: '1' }];
      },
    } as unknown as ApiClient;
    return { api: async () => client, asked };
  }

  it('orders tab: the orders and the agreements/proxies of the range', async () => {
    const { api, asked } = fakeApi();
    const out = await fetchDocuments(api)(listInput);
    expect(asked.map(([n]) => n).sort()).toEqual(['documents.byType', 'documents.orders']);
    expect(asked.find(([n]) => n === 'documents.byType')?.[1]).toEqual({
      query: { type: [1, 9], dt1: '2026-08-26', dt2: '2026-11-24' },
    });
    expect(out.kind === 'orders' && out.orders[0]?.documents[0]?.id).toBe('9');
  });

  it('services tab with chosen types; an order without inline documents asks byOrder; a document its details', async () => {
    const { api, asked } = fakeApi();
    await fetchDocuments(api)({
      route: {
        page: 'list',
        tab: 'services',
        filter: { dt1: '2026-01-01', dt2: '2026-02-01', types: [8, 11] },
      },
    });
    expect(asked[0]).toEqual([
      'documents.byType',
      { query: { type: [8, 11], dt1: '2026-01-01', dt2: '2026-02-01' } },
    ]);
    await fetchDocuments(api)({ route: { page: 'order', id: '1' } });
    expect(asked.slice(1).map(([n]) => n)).toEqual(['documents.order', 'documents.byOrder']);
    const doc = await fetchDocuments(api)({
      route: { page: 'document', id: '9', section: 'suspend', lang: 'uz' },
    });
    expect(doc.kind === 'document' && doc.document.content[0]?.text).toBe('Заявление');
  });
});

/** What each part of the documents pages renders in a state (decisions AR18): the connect functions as a table. */
describe('documents connect', () => {
  const at = (
    value: Parameters<typeof snapshotAt<typeof documentsMachine>>[1],
    context: Parameters<typeof snapshotAt<typeof documentsMachine>>[2] = {},
  ) => snapshotAt(documentsMachine, value, context, listInput);
  const orderRoute = { page: 'order', id: '41' } as const;

  it.each([
    ['loading', at('loading'), { phase: 'loading', error: null, retry: false }],
    ['ready', at('ready', { content: ordersPage }), { phase: 'ready', error: null, retry: false }],
    [
      "another company's document may be retried",
      at('failed', { error: 'E005' }),
      { phase: 'failed', error: 'E005', retry: true },
    ],
    [
      'E009 offers no retry',
      at('failed', { error: 'E009' }),
      { phase: 'failed', error: 'E009', retry: false },
    ],
  ] as const)('frame: %s', (_, snapshot, expected) => {
    expect(connectDocumentsFrame(snapshot)).toEqual(expected);
  });

  it.each([
    ['no error', at('ready', { content: ordersPage }), { filterError: null }],
    [
      'a reversed range, the list stays',
      at('ready', { content: ordersPage, filterError: 'validation.dateRange' }),
      { filterError: 'validation.dateRange' },
    ],
    [
      'kept while loading',
      at('loading', { filterError: 'validation.dateRange' }),
      { filterError: 'validation.dateRange' },
    ],
  ] as const)('filter: %s', (_, snapshot, expected) => {
    expect(connectDocumentsFilter(snapshot)).toEqual(expected);
  });

  it.each([
    ['loading the list: its route, no content', at('loading'), { route: listInput.route, content: null }],
    [
      'the list loaded',
      at('ready', { content: ordersPage }),
      { route: listInput.route, content: ordersPage },
    ],
    [
      'an order that failed: no content (the old one is not shown)',
      at('failed', { route: orderRoute, content: ordersPage, error: 'E101' }),
      { route: orderRoute, content: null },
    ],
  ] as const)('content: %s', (_, snapshot, expected) => {
    expect(connectDocumentsContent(snapshot)).toEqual(expected);
  });

  it.each([
    ['loading', at('loading', { content: detailsPage }), { content: null }],
    ['ready', at('ready', { content: detailsPage }), { content: detailsPage }],
    ['failed', at('failed', { content: detailsPage, error: 'E005' }), { content: null }],
  ] as const)('document: %s', (_, snapshot, expected) => {
    expect(connectDocument(snapshot)).toEqual(expected);
  });
});
