import type { ChartOracle, Ctx, Ev } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of debt control: spec 1 "Debt control (notice)", spec 2 route `/debt-control` and the 'Notice'
 * navigation entry, spec 8 (a failed call shows an error; E009 resets the session through the API client), and
 * decisions DC2-DC7 (the spec has no calls or fields for it: the list, the URL, the notice, mark as sent, the PDF,
 * failures and export are ours). Three independent regions: the list, the open notice, the export.
 */

/** DC3: filter, sort and page as the URL holds them; the same six values mean the same page. */
const sameParams = (a: Ctx, b: Ctx) =>
  a.q === b.q &&
  a.minDays === b.minDays &&
  a.notice === b.notice &&
  a.sort === b.sort &&
  a.dir === b.dir &&
  a.page === b.page;

/** DC5 "The row shows the new state at once": the page on screen with the notice's account row replaced. */
const withAccount = (c: Ctx, ev: Ev) =>
  c.shown && {
    ...c.shown,
    rows: c.shown.rows.map((r: Ctx) => (r.ban === ev.output.account.ban ? ev.output.account : r)),
  };

const LIST_LOADING = 'list.loading';
const NOTICE_LOADING = 'notice.loading';
/** DC5: while a mark or a download runs, opening another notice or closing the panel is ignored (no rows). */
const NOTICE_IDLE = [
  'notice.closed',
  'notice.loading',
  'notice.loadFailed',
  'notice.unsent',
  'notice.markFailed',
  'notice.sent',
  'notice.downloadFailed',
];

export const debtOracle: ChartOracle = {
  id: 'debt',
  initial: { to: [LIST_LOADING, 'notice.closed', 'export.idle'] },
  // DC3: the filter, sort and page the URL holds; nothing is shown, open or exported yet, and the first load is no
  // 'Обновить список'
  context: (input) => ({
    params: (input as { params: Ctx }).params,
    shown: null,
    listError: null,
    fresh: false,
    ban: null,
    notice: null,
    noticeError: null,
    exportFormat: null,
    exportError: null,
  }),
  invokes: {
    // DC8: GET debt/accounts for the URL's filter, sort and page; `fresh` after 'Обновить список'
    [LIST_LOADING]: { fetchDebts: (c) => ({ params: c.params, fresh: c.fresh }) },
    // DC8: GET debt/notice?ban
    [NOTICE_LOADING]: { fetchNotice: (c) => ({ ban: c.ban }) },
    // DC5, DC8: POST debt/notice/sent {ban}
    'notice.marking': { markNoticeSent: (c) => ({ ban: c.ban }) },
    // DC5, DC8: GET debt/notice/pdf?ban
    'notice.downloading': { downloadNotice: (c) => ({ ban: c.ban }) },
    // DC7: every page of the current filter and sort, in the chosen format
    'export.exporting': { exportDebts: (c) => ({ params: c.params, format: c.exportFormat }) },
  },
  rows: [
    // ── the list of overdue accounts ───────────────────────────────────────────────────────────────────────
    {
      from: 'list.*',
      event: 'params.changed',
      when: (c, ev) => !sameParams(c.params, ev.params),
      to: LIST_LOADING,
      reenter: true,
      ctx: (_, ev) => ({ params: ev.params, fresh: false }),
      spec: 'DC3 filter, sort and page live in the URL; a new one loads that page',
    },
    // DC3: the URL asking again for what is shown loads nothing (no row: ignored)
    {
      from: 'list.*',
      event: 'list.refresh',
      to: LIST_LOADING,
      reenter: true,
      ctx: () => ({ fresh: true }),
      spec: "DC3 'Обновить список' reloads from the server",
    },
    {
      from: LIST_LOADING,
      event: done('fetchDebts'),
      to: 'list.ready',
      ctx: (c, ev) => ({ shown: { params: c.params, ...ev.output }, listError: null, fresh: false }),
      spec: 'DC2 the overdue accounts with the total count and debt of the filter',
    },
    {
      from: LIST_LOADING,
      event: failed('fetchDebts'),
      to: 'list.failed',
      ctx: (c, ev) => ({ listError: codeOf(ev), shown: c.shown }),
      spec: 'spec 8 a failed call shows an error; DC6 kept as a code, with a retry',
    },
    {
      from: 'list.failed',
      event: 'list.retry',
      to: LIST_LOADING,
      ctx: () => ({ listError: null }),
      spec: 'DC6 retry the list',
    },

    // ── the notice of one account ──────────────────────────────────────────────────────────────────────────
    {
      from: NOTICE_IDLE,
      event: 'notice.open',
      to: NOTICE_LOADING,
      reenter: true,
      ctx: (_, ev) => ({ ban: ev.ban, notice: null, noticeError: null }),
      spec: 'spec 1 Debt control (notice); DC4 one notice per account, opened from its row',
    },
    {
      from: NOTICE_IDLE,
      event: 'notice.close',
      to: 'notice.closed',
      ctx: () => ({ ban: null, notice: null, noticeError: null }),
      spec: 'DC4 the panel closes',
    },
    {
      from: NOTICE_LOADING,
      event: done('fetchNotice'),
      when: (_, ev) => ev.output.sent !== null,
      to: 'notice.sent',
      ctx: (c, ev) => ({ notice: ev.output, noticeError: null, shown: withAccount(c, ev) }),
      spec: 'DC5 a sent notice shows who and when and downloads as a PDF',
    },
    {
      from: NOTICE_LOADING,
      event: done('fetchNotice'),
      to: 'notice.unsent',
      ctx: (c, ev) => ({ notice: ev.output, noticeError: null, shown: withAccount(c, ev) }),
      spec: 'DC4 until marked as sent the notice is a draft dated today',
    },
    {
      from: NOTICE_LOADING,
      event: failed('fetchNotice'),
      to: 'notice.loadFailed',
      ctx: (_, ev) => ({ noticeError: codeOf(ev) }),
      spec: 'DC6 the notice load failed (E052: not an overdue account), with a retry',
    },
    {
      from: 'notice.loadFailed',
      event: 'notice.retry',
      to: NOTICE_LOADING,
      ctx: () => ({ noticeError: null }),
      spec: 'DC6 retry the notice',
    },
    {
      from: ['notice.unsent', 'notice.markFailed'],
      event: 'notice.markSent',
      to: 'notice.marking',
      ctx: (c) => ({ noticeError: null, notice: c.notice }),
      spec: 'DC5 mark as sent (again after a failure)',
    },
    {
      from: 'notice.marking',
      event: done('markNoticeSent'),
      to: 'notice.sent',
      ctx: (c, ev) => ({ notice: ev.output, noticeError: null, shown: withAccount(c, ev) }),
      spec: 'DC5 who and when are recorded; the row shows the new state at once',
    },
    {
      from: 'notice.marking',
      event: failed('markNoticeSent'),
      to: 'notice.markFailed',
      ctx: (c, ev) => ({ noticeError: codeOf(ev), notice: c.notice }),
      spec: 'DC6 the draft stays, the error is shown, try again',
    },
    {
      from: ['notice.sent', 'notice.downloadFailed'],
      event: 'notice.download',
      to: 'notice.downloading',
      ctx: (c) => ({ noticeError: null, notice: c.notice }),
      spec: 'DC5 only a sent notice downloads as a PDF (again after a failure)',
    },
    {
      from: 'notice.downloading',
      event: done('downloadNotice'),
      to: 'notice.sent',
      ctx: (c) => ({ notice: c.notice, noticeError: null }),
      spec: 'DC9 the PDF is handed to the browser',
    },
    {
      from: 'notice.downloading',
      event: failed('downloadNotice'),
      to: 'notice.downloadFailed',
      ctx: (c, ev) => ({ noticeError: codeOf(ev), notice: c.notice }),
      spec: 'DC6 the download failed, try again; spec 8 E009 resets the session through the API client',
    },

    // ── export of the filtered list ────────────────────────────────────────────────────────────────────────
    {
      from: ['export.idle', 'export.failed'],
      event: 'export.start',
      to: 'export.exporting',
      ctx: (_, ev) => ({ exportFormat: ev.format, exportError: null }),
      spec: 'DC7 CSV and XLSX of every page of the current filter and sort',
    },
    {
      from: 'export.exporting',
      event: done('exportDebts'),
      to: 'export.idle',
      ctx: () => ({ exportFormat: null, exportError: null }),
      spec: 'DC7',
    },
    {
      from: 'export.exporting',
      event: failed('exportDebts'),
      to: 'export.failed',
      ctx: (_, ev) => ({ exportError: codeOf(ev) }),
      spec: 'DC6 the export failure is shown with a close',
    },
    {
      from: 'export.failed',
      event: 'export.dismiss',
      to: 'export.idle',
      ctx: () => ({ exportFormat: null, exportError: null }),
      spec: 'DC6 close the export error',
    },
  ],
};
