import { assign, setup } from 'xstate';
import { type DebtListParams, sameDebtParams } from '@/domain/debt.rules';
import { failTo, retryOn } from './call-fragment';
import { errorCodeOf, unprovided } from './error-code';
import * as list from './list-fragment';
import type { StateMeta } from './state-meta';

/**
 * Debt control, the notice view an OKK operator works from (spec 1 "Debt control (notice)"; docs/decisions.md "Debt
 * control"): the overdue accounts (filter, sort and page from the URL), the notice of one account in Russian and
 * Uzbek, marking it as sent, downloading the sent notice as a PDF, and exporting the filtered list as CSV/XLSX.
 *
 * Three parallel regions, so the list stays on screen while a notice is open and an export runs: `list`, `notice`,
 * `export`. Every failure keeps its catalogue code in context and offers a retry; E009 is signalled to the session by
 * the shared API client like every other workflow (the session resets, this view unmounts).
 */

/** One overdue account as the machine keeps it. Dates ISO `YYYY-MM-DD`, amounts in sums. */
export interface DebtItem {
  readonly ban: string;
  readonly company: string;
  readonly debt: number;
  readonly dueDate: string;
  readonly daysOverdue: number;
  readonly lastPaymentDate: string | null;
  readonly lastPaymentAmount: number | null;
  /** Who marked the notice as sent and when (epoch ms), null while not sent. */
  readonly sent: { readonly at: number; readonly by: string } | null;
}

/** A page as the fetch actor returns it. */
export interface DebtPageResult {
  readonly rows: readonly DebtItem[];
  readonly total: number;
  readonly totalPages: number;
  /** Debt of the whole filtered list. */
  readonly totalDebt: number;
}

/** The notice of an account, as the server words it in both languages (plain-text paragraphs). */
export interface DebtNotice {
  readonly account: DebtItem;
  readonly number: string;
  readonly date: string;
  readonly payBy: string;
  readonly text: { readonly ru: readonly string[]; readonly uz: readonly string[] };
  readonly sent: { readonly at: number; readonly by: string } | null;
}

export type DebtExportFormat = list.ListExportFormat;

/** Input of the fetch actor. `fresh`: the user asked to reload. */
export interface FetchDebtsInput {
  readonly params: DebtListParams;
  readonly fresh: boolean;
}
/** Input of the notice actors: the account. */
export interface DebtNoticeInput {
  readonly ban: string;
}
/** Input of the export actor: every page of the current filter and sort. */
export interface ExportDebtsInput {
  readonly params: DebtListParams;
  readonly format: DebtExportFormat;
}

/** Input of the machine: what the URL asks for. */
export interface DebtInput {
  readonly params: DebtListParams;
}

/** Context: small and enumerable (every value comes from the input or an event payload). */
export interface DebtContext extends list.ExportSlice {
  readonly params: DebtListParams;
  readonly shown: (DebtPageResult & { readonly params: DebtListParams }) | null;
  readonly listError: string | null;
  readonly fresh: boolean;
  /** The account whose notice is open. */
  readonly ban: string | null;
  readonly notice: DebtNotice | null;
  readonly noticeError: string | null;
}

/**
 * Events of the debt machine.
 * - `params.changed`: fact from the router: the URL now asks for this filter / sort / page. Ignored when unchanged.
 * - `list.retry`, `list.refresh`: user intents (after a failure; reload from the server).
 * - `notice.open`: user intent to open the notice of account `ban` (ignored while marking or downloading).
 * - `notice.close`: user intent to close the notice panel.
 * - `notice.retry`: user intent after the notice failed to load.
 * - `notice.markSent`: user intent to mark the open notice as sent (again after a failure).
 * - `notice.download`: user intent to download the sent notice as a PDF (again after a failure).
 * - `export.start`: user intent to export the filtered list in `format`; `export.dismiss` closes its error.
 */
export type DebtEvent =
  | { type: 'params.changed'; params: DebtListParams }
  | { type: 'list.retry' }
  | { type: 'list.refresh' }
  | { type: 'notice.open'; ban: string }
  | { type: 'notice.close' }
  | { type: 'notice.retry' }
  | { type: 'notice.markSent' }
  | { type: 'notice.download' }
  | { type: 'export.start'; format: DebtExportFormat }
  | { type: 'export.dismiss' };

/** Tags: `busy` list loading, `error` a list failure shown, `noticeBusy` a notice call running, `exporting`. */
export type DebtTag = 'busy' | 'error' | 'noticeBusy' | 'exporting';

/** The notice an actor returns, as the parameter of `isNoticeSent` and `assignNotice`. */
const noticeOf = ({ event }: { event: { output: DebtNotice } }) => ({ notice: event.output });
const NOTICE_KEPT = { type: 'assignNotice', params: noticeOf } as const;

/**
 * The invoke of a notice call (load, mark as sent, download), all three about the open account: `src` is also its id,
 * `onDone` where its result goes, and a failure keeps its catalogue code and moves to the call's own `failed` state.
 */
const noticeCall = <const TSrc extends string, const TDone>(src: TSrc, onDone: TDone, failed: string) =>
  ({
    id: src,
    src,
    input: ({ context }: { context: DebtContext }) => ({ ban: context.ban ?? '' }),
    onDone,
    onError: failTo(failed, 'assignNoticeError'),
  }) as const;

export const debtMachine = setup({
  types: {
    context: {} as DebtContext,
    events: {} as DebtEvent,
    input: {} as DebtInput,
    meta: {} as StateMeta,
    tags: {} as DebtTag,
  },
  actors: {
    /** GET debt/accounts for one page. */
    fetchDebts: unprovided<DebtPageResult, FetchDebtsInput>('fetchDebts'),
    /** GET debt/notice of one account. */
    fetchNotice: unprovided<DebtNotice, DebtNoticeInput>('fetchNotice'),
    /** POST debt/notice/sent: the notice as sent (who, when). */
    markNoticeSent: unprovided<DebtNotice, DebtNoticeInput>('markNoticeSent'),
    /** GET debt/notice/pdf and hand the file to the browser. */
    downloadNotice: unprovided<void, DebtNoticeInput>('downloadNotice'),
    /** Every page of the filter, built into a CSV or XLSX file and downloaded. */
    exportDebts: unprovided<void, ExportDebtsInput>('exportDebts'),
  },
  guards: {
    isNewParams: ({ context }, params: { params: DebtListParams }) =>
      !sameDebtParams(context.params, params.params),
    isNoticeSent: (_, params: { notice: DebtNotice }) => params.notice.sent !== null,
  },
  actions: {
    assignParams: assign((_, params: { params: DebtListParams }) => ({
      params: params.params,
      fresh: false,
    })),
    markFresh: assign({ fresh: true }),
    assignShown: assign(({ context }, params: { page: DebtPageResult }) => ({
      shown: { params: context.params, ...params.page },
      listError: null,
      fresh: false,
    })),
    assignListError: assign((_, params: { error: unknown }) => ({ listError: errorCodeOf(params.error) })),
    clearListError: assign({ listError: null }),
    assignBan: assign((_, params: { ban: string }) => ({ ban: params.ban, notice: null, noticeError: null })),
    assignNotice: assign(({ context }, params: { notice: DebtNotice }) => ({
      notice: params.notice,
      noticeError: null,
      // the list row shows the notice's state at once, without reloading the page
      shown: context.shown && {
        ...context.shown,
        rows: context.shown.rows.map((r) =>
          r.ban === params.notice.account.ban ? params.notice.account : r,
        ),
      },
    })),
    assignNoticeError: assign((_, params: { error: unknown }) => ({
      noticeError: errorCodeOf(params.error),
    })),
    clearNoticeError: assign({ noticeError: null }),
    clearNotice: assign({ ban: null, notice: null, noticeError: null }),
    assignExportFormat: assign((_, p: { format: list.ListExportFormat }) => list.exportStarted(p.format)),
    clearExport: assign(list.EXPORT_CLEARED),
    assignExportError: assign((_, p: { error: unknown }) => list.exportFailed(p.error)),
  },
}).createMachine({
  id: 'debt',
  description:
    'Debt control: overdue accounts (filter, sort, page from the URL), the notice of an account in Russian and ' +
    'Uzbek, mark as sent, PDF download, CSV/XLSX export.',
  type: 'parallel',
  context: ({ input }) => ({
    params: input.params,
    shown: null,
    listError: null,
    fresh: false,
    ban: null,
    notice: null,
    noticeError: null,
    exportFormat: null,
    exportError: null,
  }),
  states: {
    list: {
      description: 'The page of overdue accounts the URL asks for.',
      meta: { view: 'filters, sortable table of overdue accounts, pagination' },
      initial: 'loading',
      on: {
        'params.changed': list.followParams({ description: 'same filter, sort and page: nothing to load' }),
        'list.refresh': { target: '.loading', actions: 'markFresh' },
      },
      states: list.pageStates(
        list.loadPage(
          'fetchDebts',
          ({ context }: { context: DebtContext }) => ({ params: context.params, fresh: context.fresh }),
          { page: 'assignShown', error: 'assignListError' },
        ),
        {
          loading: {
            description:
              'Loads the page (GET debt/accounts); the previous page stays on screen, marked busy.',
            meta: { view: 'the table busy (aria-busy)', testId: 'debt-table' },
          },
          ready: {
            description: 'The page is on screen with the total debt of the filter.',
            meta: { view: 'rows, total and pagination', testId: 'debt-total' },
          },
          failed: {
            description: 'The page could not be loaded; the error is shown with a retry button.',
            meta: { view: 'error message with a retry button', testId: 'debt-load-error' },
          },
        },
        'clearListError',
      ),
    },
    notice: {
      description: 'The notice of one account: its text in Russian and Uzbek, mark as sent, PDF download.',
      meta: { view: 'the notice panel' },
      initial: 'closed',
      on: {
        'notice.open': {
          target: '.loading',
          actions: { type: 'assignBan', params: ({ event }) => ({ ban: event.ban }) },
        },
        'notice.close': { target: '.closed', actions: 'clearNotice' },
      },
      states: {
        closed: {
          description: 'No notice is open; each row offers to open its notice.',
          meta: { view: 'no notice panel' },
        },
        loading: {
          description: 'Loads the notice of the chosen account (GET debt/notice).',
          meta: { view: 'notice panel busy', testId: 'debt-notice' },
          tags: ['noticeBusy'],
          invoke: noticeCall(
            'fetchNotice',
            [
              { guard: { type: 'isNoticeSent', params: noticeOf }, target: 'sent', actions: NOTICE_KEPT },
              { target: 'unsent', actions: NOTICE_KEPT },
            ],
            'loadFailed',
          ),
        },
        loadFailed: {
          description: 'The notice could not be loaded; retry or close.',
          meta: { view: 'notice error with retry and close buttons', testId: 'debt-notice-error' },
          on: retryOn('notice.retry', 'loading', {}, 'clearNoticeError'),
        },
        unsent: {
          description: 'The notice draft, dated today, in Russian and Uzbek; it may be marked as sent.',
          meta: { view: 'notice texts and the mark-as-sent button', testId: 'debt-mark-sent' },
          on: { 'notice.markSent': 'marking' },
        },
        marking: {
          description:
            'Marks the notice as sent (POST debt/notice/sent): records who and when, fixes its date.',
          meta: { view: 'mark-as-sent button busy', testId: 'debt-notice' },
          tags: ['noticeBusy'],
          on: {
            'notice.open': { description: 'ignored while the notice is being marked' },
            'notice.close': { description: 'ignored while the notice is being marked' },
          },
          invoke: noticeCall('markNoticeSent', { target: 'sent', actions: NOTICE_KEPT }, 'markFailed'),
        },
        markFailed: {
          description: 'Marking failed; the draft stays, the error is shown, the user may try again.',
          meta: { view: 'notice texts, error and the mark-as-sent button', testId: 'debt-notice-error' },
          on: { 'notice.markSent': { target: 'marking', actions: 'clearNoticeError' } },
        },
        sent: {
          description: 'The notice is sent: who and when are shown, the dated PDF may be downloaded.',
          meta: { view: 'sent by/at and the download button', testId: 'debt-download' },
          on: { 'notice.download': 'downloading' },
        },
        downloading: {
          description: 'Downloads the notice PDF (GET debt/notice/pdf).',
          meta: { view: 'download button busy', testId: 'debt-download' },
          tags: ['noticeBusy'],
          on: {
            'notice.open': { description: 'ignored while the PDF downloads' },
            'notice.close': { description: 'ignored while the PDF downloads' },
          },
          invoke: noticeCall('downloadNotice', 'sent', 'downloadFailed'),
        },
        downloadFailed: {
          description: 'The download failed; the error is shown, the user may try again.',
          meta: { view: 'sent notice, error and the download button', testId: 'debt-notice-error' },
          on: { 'notice.download': { target: 'downloading', actions: 'clearNoticeError' } },
        },
      },
    },
    export: list.exportRegion(
      'exportDebts',
      ({ context }: { context: DebtContext }) => ({
        params: context.params,
        format: context.exportFormat ?? 'csv',
      }),
      {
        region: {
          description: 'Export of the filtered, sorted list (all pages) as CSV or XLSX.',
          meta: { view: 'the export buttons' },
        },
        idle: {
          description: 'Nothing is being exported.',
          meta: { view: 'export buttons enabled', testId: 'debt-export-csv' },
        },
        exporting: {
          description: 'Fetches every page, builds the file and starts its download.',
          meta: { view: 'export buttons disabled, a preparing-file notice' },
        },
        failed: {
          description: 'The export failed; export again or dismiss the error.',
          meta: { view: 'export error with a close button', testId: 'debt-export-error' },
        },
      },
    ),
  },
});

/** The debt machine's type, for selectors, contexts and tests. */
export type DebtMachine = typeof debtMachine;
