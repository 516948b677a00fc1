import type { ChartOracle } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of the number list: spec 2 "Number lists by status have tabs: active, pending, blocked, all",
 * decisions N1-N8 (list region) and E1 (export region, independent of the list).
 */
const same = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  a.status === b.status && a.page === b.page && a.q === b.q;

const LOADING = 'list.loading';
const QUIET = 'list.loading.quiet';
const SLOW = 'list.loading.slow';
const AFTER_QUIET = 'xstate.after.quietFor.numbers.list.loading.quiet';
/** N8: with a page on screen a load keeps it as it is for a moment; with nothing on screen it says at once that it
 *  loads. */
const loadTo = (c: Record<string, unknown>) => (c.shown ? QUIET : SLOW);
/** N8: what the list draws once a load starts: as it was while quiet, what it asks for when it says it loads. */
const drawnOnLoad = (c: Record<string, unknown>, asked: unknown) => (c.shown ? c.drawn : asked);
type Page = Record<string, unknown> & { params: Record<string, unknown> };
/** N6: the kept (prefetched) page for the URL's new parameters, if any. */
const keptFor = (c: Record<string, unknown>, params: Record<string, unknown>) =>
  (c.kept as readonly Page[]).find((p) => same(p.params, params));

export const numbersOracle: ChartOracle = {
  id: 'numbers',
  initial: { to: [SLOW, 'export.idle'] },
  // N8: "for a moment": 100 ms
  delays: { quietFor: 100 },
  // N2: whose numbers and what the URL asks for come from the page; nothing is on screen, kept or exported yet
  context: (input) => {
    const i = input as { ban: string; params: Record<string, unknown> };
    return {
      ban: i.ban,
      params: i.params,
      shown: null,
      // N8: the list draws what the URL asks for until a page is there
      drawn: i.params,
      errorCode: null,
      fresh: false,
      kept: [],
      exportFormat: null,
      exportError: null,
    };
  },
  invokes: {
    // N4: one page of the BAN for the URL's tab, page and filter; `fresh` after 'Обновить список'
    [LOADING]: { fetchNumbers: (c) => ({ ban: c.ban, params: c.params, fresh: c.fresh }) },
    // N4: the first page of the other tabs, same filter
    'list.ready.prefetching': { prefetchNumbers: (c) => ({ ban: c.ban, params: c.params }) },
    // E1: every page of the current tab and filter, in the chosen format
    'export.exporting': {
      exportNumbers: (c) => ({ ban: c.ban, status: c.params.status, q: c.params.q, format: c.exportFormat }),
    },
  },
  rows: [
    {
      from: 'list.*',
      event: 'params.changed',
      when: (c, ev) => !same(c.params, ev.params) && keptFor(c, ev.params) !== undefined,
      to: 'list.ready.prefetching',
      reenter: true,
      ctx: (c, ev) => ({
        params: ev.params,
        shown: keptFor(c, ev.params),
        drawn: ev.params,
        errorCode: null,
        fresh: false,
      }),
      spec: 'N6 a new tab whose first page the prefetch brought is on screen at once; the other tabs are warmed again',
    },
    {
      from: 'list.*',
      event: 'params.changed',
      when: (c, ev) => !same(c.params, ev.params) && keptFor(c, ev.params) === undefined,
      to: loadTo,
      reenter: LOADING,
      ctx: (c, ev) => ({ params: ev.params, fresh: false, drawn: drawnOnLoad(c, ev.params) }),
      spec: 'N2 the URL is the source of truth; N5 a new tab, page or filter loads',
    },
    // N5: the first render and repeated URLs load nothing (no row: ignored)
    {
      from: 'list.*',
      event: 'list.refresh',
      to: loadTo,
      reenter: LOADING,
      ctx: (c) => ({ fresh: true, kept: [], drawn: drawnOnLoad(c, c.params) }),
      spec: "N4 'Обновить список' drops kept pages and loads again (N6: the chart's kept pages too)",
    },
    {
      from: QUIET,
      event: AFTER_QUIET,
      to: SLOW,
      ctx: (c) => ({ drawn: c.params }),
      spec: 'N8 an answer later than a moment: the new tab is marked and the page on screen busy',
    },
    {
      from: `${LOADING}.*`,
      event: done('fetchNumbers'),
      to: 'list.ready.prefetching',
      ctx: (c, ev) => ({
        shown: { params: c.params, ...ev.output },
        drawn: c.params,
        errorCode: null,
        fresh: false,
      }),
      spec: 'N5 loading → ready; the page is on screen',
    },
    {
      from: `${LOADING}.*`,
      event: failed('fetchNumbers'),
      to: 'list.failed',
      ctx: (c, ev) => ({ errorCode: codeOf(ev), shown: c.shown, drawn: c.params }),
      spec: 'N5 failed, with retry; the page on screen stays',
    },
    {
      from: 'list.failed',
      event: 'list.retry',
      to: loadTo,
      ctx: (c) => ({ errorCode: null, drawn: drawnOnLoad(c, c.params) }),
      spec: 'N5 retry',
    },
    {
      from: 'list.ready.prefetching',
      event: done('prefetchNumbers'),
      to: 'list.ready.settled',
      ctx: (_, ev) => ({ kept: ev.output }),
      spec: 'N4 prefetch warms the other tabs; N6 the chart keeps the pages it brought',
    },
    {
      from: 'list.ready.prefetching',
      event: failed('prefetchNumbers'),
      to: 'list.ready.settled',
      spec: 'N4 a failed prefetch changes nothing',
    },
    {
      from: ['export.idle', 'export.failed'],
      event: 'export.start',
      to: 'export.exporting',
      ctx: (_, ev) => ({ exportFormat: ev.format, exportError: null }),
      spec: 'E1 export the current filtered list as CSV or XLSX',
    },
    {
      from: 'export.exporting',
      event: done('exportNumbers'),
      to: 'export.idle',
      ctx: () => ({ exportFormat: null, exportError: null }),
      spec: 'E1',
    },
    {
      from: 'export.exporting',
      event: failed('exportNumbers'),
      to: 'export.failed',
      ctx: (_, ev) => ({ exportError: codeOf(ev) }),
      spec: 'E1 one failed page fails the whole export',
    },
    {
      from: 'export.failed',
      event: 'export.dismiss',
      to: 'export.idle',
      ctx: () => ({ exportFormat: null, exportError: null }),
      spec: 'E1',
    },
  ],
};
