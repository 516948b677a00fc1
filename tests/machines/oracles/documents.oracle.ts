import type { ChartOracle, Ctx } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of the documents pages: spec 2 "Online sales" (the lists, DocumentsView, suspend and service
 * document pages), spec 5 "Date range required: 'Выберите начальную и конечную дату'", spec 7 "Online-sales
 * documents", spec 8 (a failed call shows its error; E009 resets the session), decisions DOC10-DOC11 (the filter in
 * the URL, a page per URL). Written from those texts, not from the chart.
 */

/** Spec 5: both ends given and the start not after the end (ISO days compare as strings); DOC11 service types only. */
const SERVICE = [8, 10, 11, 12, 13, 14, 15, 16, 17];
const ISO = /^\d{4}-\d{2}-\d{2}$/;
function filterError(f: Ctx): string | null {
  // spec 5 'Некорректная дата': a filled end that is no day
  if ([f.dt1, f.dt2].some((v) => v !== '' && !ISO.test(v))) return 'validation.badDate';
  if (!ISO.test(f.dt1) || !ISO.test(f.dt2) || f.dt1 > f.dt2) return 'validation.dateRange';
  if (f.types.some((t: number) => !SERVICE.includes(t))) return 'validation.fields';
  return null;
}

export const documentsOracle: ChartOracle = {
  id: 'documents',
  initial: { to: 'loading' },
  // DOC10: the page the URL names (its filter included); nothing is loaded or wrong yet
  context: (input) => ({
    route: (input as { route: unknown }).route,
    content: null,
    error: null,
    filterError: null,
  }),
  invokes: {
    // spec 7: the calls of the page the URL names
    loading: { fetchDocuments: (c) => ({ route: c.route }) },
  },
  rows: [
    {
      from: '*',
      event: 'filter.submit',
      when: (_, ev) => filterError(ev.filter) === null,
      to: '.',
      ctx: () => ({ filterError: null }),
      emits: (_, ev) => [{ type: 'documents.filtered', filter: ev.filter }],
      spec: 'spec 7 documents/byType dt1, dt2; DOC11 a valid range goes to the URL',
    },
    {
      from: '*',
      event: 'filter.submit',
      to: '.',
      ctx: (_, ev) => ({ filterError: filterError(ev.filter) }),
      spec: "spec 5 'Выберите начальную и конечную дату'",
    },
    {
      from: 'loading',
      event: done('fetchDocuments'),
      to: 'ready',
      ctx: (_, ev) => ({ content: ev.output, error: null }),
      spec: 'spec 2 Online sales: orders list, DocumentsView, suspend and service documents',
    },
    {
      from: 'loading',
      event: failed('fetchDocuments'),
      to: 'failed',
      ctx: (_, ev) => ({ error: codeOf(ev) }),
      spec: 'spec 8 a failed call shows its error (E005 another company’s document: DOC7)',
    },
    {
      from: 'failed',
      event: 'content.retry',
      to: 'loading',
      ctx: () => ({ error: null }),
      spec: 'spec 8; DOC11 retry',
    },
    {
      from: 'ready',
      event: 'content.refresh',
      to: 'loading',
      spec: 'DOC11 reload the page (after a new scan)',
    },
  ],
};
