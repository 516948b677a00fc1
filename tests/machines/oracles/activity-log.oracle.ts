import type { ChartOracle, Ctx } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of the company's activity log, written from decisions AL1-AL6 (the spec has no log:
 * it is the portal's own), spec 5 ('Некорректная дата', 'Поля заполнены неверно') and spec 8 (a failed call shows its
 * error; retry), not from the chart. Two independent regions: the list and the export.
 */

/** AL4: the actions the log records, as the issue lists them. */
const ACTIONS = new Set([
  'block',
  'restore',
  'plan.create',
  'plan.cancel',
  'plan.apply',
  'golden.purchase',
  'order.create',
  'order.status',
  'service.connect',
  'service.disconnect',
  'user.create',
  'user.edit',
  'user.block',
  'user.unblock',
  'contact.change',
  'document.upload',
  'contract.register',
  'impersonation.start',
  'impersonation.end',
]);

/** A real calendar day `YYYY-MM-DD`. */
const realDay = (s: string): boolean => {
  const m = /^(\d{4})-(\d\d)-(\d\d)$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
};

/** AL4: what is wrong with the filters, in this order; null when they may be asked. */
export const refusedFilter = (p: Ctx): string | null => {
  const { from, to, type, user } = p as { from: string; to: string; type: string; user: string };
  if (!realDay(from) || !realDay(to) || from > to) return 'badDate';
  // "a date range over a year" is refused: 366 days from the first to the last day included is the most
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 > 366) return 'rangeTooLong';
  if (type !== '' && !ACTIONS.has(type)) return 'type';
  if (user.length > 100 || !/^[A-Za-z0-9._@-]*$/.test(user)) return 'user';
  return null;
};

const same = (a: Ctx, b: Ctx) =>
  a.from === b.from && a.to === b.to && a.type === b.type && a.user === b.user && a.page === b.page;

const LOADING = 'list.loading';

export const activityLogOracle: ChartOracle = {
  id: 'activityLog',
  initial: { to: ['list.idle', 'export.idle'] },
  // before the URL is read: no range, every action and user, the first page; nothing listed, wrong or exported
  context: () => ({
    params: { from: '', to: '', type: '', user: '', page: 1 },
    problem: null,
    rows: [],
    total: 0,
    pages: 0,
    errorCode: null,
    exportFormat: null,
    exportError: null,
  }),
  invokes: {
    // AL4: GET activity/list with the URL's range, action, user and page
    [LOADING]: { fetchActivity: (c) => c.params },
    // AL4: every page of the filter, in the chosen format
    'export.exporting': { exportActivity: (c) => ({ params: c.params, format: c.exportFormat }) },
  },
  rows: [
    // ── the list ─────────────────────────────────────────────────────────────────────────────────────────────
    {
      from: 'list.*',
      event: 'params.changed',
      when: (_, ev) => refusedFilter(ev.params) !== null,
      to: 'list.invalid',
      reenter: true,
      // the list and an earlier failure are gone: only the filters' message is on screen
      ctx: (_, ev) => ({
        params: ev.params,
        problem: refusedFilter(ev.params),
        rows: [],
        total: 0,
        pages: 0,
        errorCode: null,
      }),
      spec: "AL4: a refused filter is said ('Некорректная дата', over a year, an unknown action, a bad login); nothing is asked",
    },
    {
      from: 'list.*',
      event: 'params.changed',
      // the URL naming what is already asked for loads nothing (no row: ignored); after a refused filter it does
      when: (c, ev) => c.problem !== null || !same(c.params, ev.params),
      to: LOADING,
      reenter: true,
      ctx: (_, ev) => ({ params: ev.params, problem: null, errorCode: null }),
      spec: 'AL4: the page of entries the URL names is asked (activity/list?from&to&type&user&page&size)',
    },
    {
      from: LOADING,
      event: done('fetchActivity'),
      when: (_, ev) => ev.output.rows.length > 0,
      to: 'list.ready',
      ctx: (_, ev) => ({
        rows: ev.output.rows,
        total: ev.output.total,
        pages: ev.output.pages,
        errorCode: null,
      }),
      spec: 'AL2: when, who, what, targets, result, key serial and request id of each entry, the count and the pager',
    },
    {
      from: LOADING,
      event: done('fetchActivity'),
      to: 'list.empty',
      ctx: (_, ev) => ({ rows: [], total: ev.output.total, pages: ev.output.pages, errorCode: null }),
      spec: 'AL4: nothing matches the filters',
    },
    {
      from: LOADING,
      event: failed('fetchActivity'),
      to: 'list.failed',
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: 'spec 8: a failed call shows its error (E005 for whom the log is not open); retry',
    },
    { from: 'list.failed', event: 'retry', to: LOADING, spec: 'spec 8: Retry asks again' },

    // ── the export of the filtered log ─────────────────────────────────────────────────────────────────────
    {
      from: ['export.idle'],
      event: 'export.start',
      // AL4: only a valid filter that finds entries is exported
      when: (c) => c.problem === null && c.total > 0,
      to: 'export.exporting',
      ctx: (_, ev) => ({ exportFormat: ev.format, exportError: null }),
      spec: 'AL4: CSV and XLSX of every page of the filter, like the other lists',
    },
    {
      from: ['export.failed'],
      event: 'export.start',
      to: 'export.exporting',
      ctx: (_, ev) => ({ exportFormat: ev.format, exportError: null }),
      spec: 'AL4: export again after a failure',
    },
    {
      from: 'export.exporting',
      event: done('exportActivity'),
      to: 'export.idle',
      ctx: () => ({ exportFormat: null, exportError: null }),
      spec: 'AL4: the file is handed to the browser',
    },
    {
      from: 'export.exporting',
      event: failed('exportActivity'),
      to: 'export.failed',
      ctx: (_, ev) => ({ exportError: codeOf(ev) }),
      spec: 'spec 8: the export failure is shown with a close',
    },
    {
      from: 'export.failed',
      event: 'export.dismiss',
      to: 'export.idle',
      ctx: () => ({ exportFormat: null, exportError: null }),
      spec: 'close the export error',
    },
  ],
};
