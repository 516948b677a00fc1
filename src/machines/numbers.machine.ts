import { assign, setup } from 'xstate';
import type { NumberTab } from '@/domain/constants';
import { errorCodeOf, unprovided } from './error-code';
import * as list from './list-fragment';
import type { StateMeta } from './state-meta';

/**
 * The number list of a BAN by status (spec 2 "Number lists by status have tabs: active, pending, blocked, all") and
 * its export ("Export the current filtered list as CSV and XLSX").
 *
 * The URL is the source of truth for tab, page and filter: the view parses it and sends `params.changed` whenever
 * it changes (click, reload, Back). The server pages and filters (`GET client/numbers`); the composition root's
 * fetch actor keeps recent pages and the `prefetchNumbers` actor warms the first page of the other tabs and hands
 * them to the chart (`kept`), so a tab switch to one of them shows it in the same transition, without a fetch actor
 * in between (docs/decisions.md N6).
 */

/** Rows per page of the list (server-side paging; a plain table of this many rows renders in a few ms). */
export const NUMBERS_PAGE_SIZE = 100;

/** How long the next page may take before the list says it is loading (docs/decisions.md N8): a quicker answer is
 *  drawn once, with its tab, and nothing in between. */
export const NUMBERS_QUIET_MS = 100;

/** What the list shows, as the URL says it: status tab, page (counted from 1, as in the URL), digits filter. */
export interface NumbersParams {
  readonly status: NumberTab;
  /** 1-based page number (the wire is 0-based). */
  readonly page: number;
  /** Digits filter; '' = none. */
  readonly q: string;
}

/** One line of the list, as the machine keeps it. */
export interface NumberItem {
  readonly sn: string;
  /** A, O, S, N, T (spec 4); '' when the server sent none. */
  readonly status: string;
  readonly pricePlan: string | null;
  /** The employee holding the line, when there is one. */
  readonly name: string | null;
}

/** A page as the fetch actor returns it. */
export interface NumbersPageResult {
  readonly rows: readonly NumberItem[];
  /** Numbers matching tab and filter, all pages together. */
  readonly total: number;
  readonly totalPages: number;
  /** U19: numbers per status tab with the same filter, when the server counts them (the tabs show them). */
  readonly counts?: Readonly<Record<NumberTab, number>> | null;
}

/** The page on screen, with the parameters it was fetched for. */
export interface ShownPage extends NumbersPageResult {
  readonly params: NumbersParams;
}

/** Input of the fetch actor. `fresh`: bypass any cached copy (the user asked to refresh). */
export interface FetchNumbersInput {
  readonly ban: string;
  readonly params: NumbersParams;
  readonly fresh: boolean;
}

/** Export file formats. */
export type ExportFormat = list.ListExportFormat;

/** Input of the export actor: every page of the current tab and filter, not only the rows on screen. */
export interface ExportNumbersInput {
  readonly ban: string;
  readonly status: NumberTab;
  readonly q: string;
  readonly format: ExportFormat;
}

/** Input of the machine: whose numbers, and what the URL asks for. */
export interface NumbersInput {
  readonly ban: string;
  readonly params: NumbersParams;
}

/** Context: small and enumerable (every value comes from the input or an event payload). */
export interface NumbersContext extends list.ExportSlice {
  readonly ban: string;
  /** What the URL asks for now. */
  readonly params: NumbersParams;
  /** The page on screen; kept while the next one loads, so the table does not flash empty. */
  readonly shown: ShownPage | null;
  /** N8: the tab, page and filter the list draws (the tab marked, the page number, the filter): what it asked for
   *  once that page is there, failed or late; unchanged while the next page is quiet. */
  readonly drawn: NumbersParams;
  /** Catalogue code of the last failed page load, never translated text. */
  readonly errorCode: string | null;
  /** The next load bypasses cached pages. */
  readonly fresh: boolean;
  /** N6: pages at hand, from the last prefetch (page 1 of the other tabs, same filter); a switch to one of them shows
   *  it at once. Replaced by each prefetch, emptied by a refresh. */
  readonly kept: readonly ShownPage[];
}

/**
 * Events of the numbers machine.
 * - `params.changed`: fact from the router: the URL now asks for this tab / page / filter (click, reload, Back).
 *   Ignored when nothing changed.
 * - `list.retry`: user intent after a page failed to load.
 * - `list.refresh`: user intent to reload the page on screen from the server, bypassing cached pages.
 * - `export.start`: user intent to export the current tab and filter (all pages) in `format`.
 * - `export.dismiss`: user intent to close the export error.
 */
export type NumbersEvent =
  | { type: 'params.changed'; params: NumbersParams }
  | { type: 'list.retry' }
  | { type: 'list.refresh' }
  | { type: 'export.start'; format: ExportFormat }
  | { type: 'export.dismiss' };

/** Tags: `busy` while a page loads and the list says so (at once with nothing on screen, else after
 *  `NUMBERS_QUIET_MS`), `error` while a load failure is shown, `exporting` while a file is built. */
export type NumbersTag = 'busy' | 'error' | 'exporting';

/**
 * N8: the page region with its `loading` in two steps. `quiet` keeps the page on screen as it is (no busy mark, its
 * own tab still marked) for `NUMBERS_QUIET_MS`, so a quick answer is drawn once, with its tab; `slow` (tag `busy`)
 * marks the new tab and the table busy. With nothing on screen the load is `slow` at once. The invoke stays on
 * `loading`, so the step from `quiet` to `slow` does not fetch again.
 */
function quietLoading<const T extends { loading: { readonly tags: readonly string[] } }>(states: T) {
  const { tags: _busy, ...loading } = states.loading;
  return {
    ...states,
    loading: {
      ...loading,
      initial: 'quiet',
      states: {
        quiet: {
          description:
            'The next page is on its way; the list stays drawn as it is (the tab marked, the page number, the ' +
            'filter) for a moment.',
          meta: { view: 'the list as it was drawn' },
          always: {
            guard: 'nothingShown',
            target: 'slow',
            description: 'nothing on screen yet: the list says at once that it loads',
          },
          after: { quietFor: 'slow' },
        },
        slow: {
          description: 'The answer takes longer than a moment: the list says it loads.',
          meta: { view: 'the new tab marked, the table busy (aria-busy)' },
          tags: ['busy'],
          entry: 'drawAsked',
        },
      },
    },
  } as const;
}

/** Same tab, page and filter. */
export function sameParams(a: NumbersParams, b: NumbersParams): boolean {
  return a.status === b.status && a.page === b.page && a.q === b.q;
}

export const numbersMachine = setup({
  types: {
    context: {} as NumbersContext,
    events: {} as NumbersEvent,
    input: {} as NumbersInput,
    meta: {} as StateMeta,
    tags: {} as NumbersTag,
  },
  actors: {
    /** GET client/numbers for one page (possibly answered from recently fetched pages). */
    fetchNumbers: unprovided<NumbersPageResult, FetchNumbersInput>('fetchNumbers'),
    /** Warms the first page of the other tabs for the same filter and returns those that loaded (N6). */
    prefetchNumbers: unprovided<readonly ShownPage[], NumbersInput>('prefetchNumbers'),
    /** Fetches every page of a tab + filter, builds the file and hands it to the browser. */
    exportNumbers: unprovided<void, ExportNumbersInput>('exportNumbers'),
  },
  delays: { quietFor: NUMBERS_QUIET_MS },
  guards: {
    /** N8: no page is on screen yet, so there is nothing to keep showing while the first one loads. */
    nothingShown: ({ context }) => context.shown === null,
    isNewParams: ({ context }, params: { params: NumbersParams }) =>
      !sameParams(context.params, params.params),
    /** N6: a new tab, page or filter whose page is at hand. */
    isKept: ({ context }, params: { params: NumbersParams }) =>
      !sameParams(context.params, params.params) &&
      context.kept.some((page) => sameParams(page.params, params.params)),
  },
  actions: {
    assignParams: assign((_, params: { params: NumbersParams }) => ({ params: params.params, fresh: false })),
    markFresh: assign({ fresh: true, kept: [] }),
    showKept: assign(({ context }, params: { params: NumbersParams }) => ({
      params: params.params,
      drawn: params.params,
      shown: context.kept.find((page) => sameParams(page.params, params.params)) ?? context.shown,
      errorCode: null,
      fresh: false,
    })),
    assignKept: assign((_, params: { pages: readonly ShownPage[] }) => ({ kept: params.pages })),
    assignShown: assign(({ context }, params: { page: NumbersPageResult }) => ({
      shown: { params: context.params, ...params.page },
      drawn: context.params,
      errorCode: null,
      fresh: false,
    })),
    assignError: assign(({ context }, params: { error: unknown }) => ({
      errorCode: errorCodeOf(params.error),
      drawn: context.params,
    })),
    /** N8: the page asked for is late (or nothing is on screen): the list draws what it asks for. */
    drawAsked: assign(({ context }) => ({ drawn: context.params })),
    clearError: assign({ errorCode: null }),
    assignExportFormat: assign((_, p: { format: list.ListExportFormat }) => list.exportStarted(p.format)),
    clearExport: assign(list.EXPORT_CLEARED),
    assignExportError: assign((_, p: { error: unknown }) => list.exportFailed(p.error)),
  },
}).createMachine({
  id: 'numbers',
  description:
    'Number list of a BAN by status tab with paging and a digits filter taken from the URL, and its CSV/XLSX export.',
  type: 'parallel',
  context: ({ input }) => ({
    ban: input.ban,
    params: input.params,
    shown: null,
    drawn: input.params,
    errorCode: null,
    fresh: false,
    kept: [],
    exportFormat: null,
    exportError: null,
  }),
  states: {
    list: {
      description: 'The page of numbers the URL asks for.',
      meta: { view: 'status tabs, digits filter, table of numbers and pagination' },
      initial: 'loading',
      on: {
        'params.changed': [
          {
            // N6: the page is at hand (prefetched): on screen in this very transition, no fetch actor in between
            guard: { type: 'isKept', params: ({ event }) => ({ params: event.params }) },
            target: '.ready',
            actions: { type: 'showKept', params: ({ event }) => ({ params: event.params }) },
          },
          // a new tab, page or filter loads (not by re-entering `list`: that would cancel a running export)
          ...list.followParams({ description: 'same tab, page and filter: nothing to load' }),
        ],
        'list.refresh': { target: '.loading', actions: 'markFresh' },
      },
      states: quietLoading(
        list.pageStates(
          list.loadPage(
            'fetchNumbers',
            ({ context }: { context: NumbersContext }) => ({
              ban: context.ban,
              params: context.params,
              fresh: context.fresh,
            }),
            { page: 'assignShown', error: 'assignError' },
          ),
          {
            loading: {
              description:
                'Loads the page for the current tab, page and filter (GET client/numbers); the previous page stays ' +
                'on screen.',
              meta: { view: 'the page on screen, then the new tab marked and the table busy' },
            },
            ready: {
              description:
                'The page is on screen; the first page of the other tabs is fetched in the background.',
              meta: { view: 'rows of the selected tab, total and pagination' },
              initial: 'prefetching',
              states: {
                prefetching: {
                  description:
                    'Warms the first page of the other tabs (same filter), so a tab switch renders at once.',
                  meta: {
                    view: 'rows of the selected tab (nothing else shows the prefetch)',
                    testId: 'numbers-total',
                  },
                  invoke: {
                    id: 'prefetchNumbers',
                    src: 'prefetchNumbers',
                    input: ({ context }: { context: NumbersContext }) => ({
                      ban: context.ban,
                      params: context.params,
                    }),
                    onDone: {
                      target: 'settled',
                      actions: {
                        type: 'assignKept',
                        params: ({ event }: { event: { output: readonly ShownPage[] } }) => ({
                          pages: event.output,
                        }),
                      },
                    },
                    // a failed prefetch changes nothing: that tab simply loads when it is chosen
                    onError: 'settled',
                  },
                },
                settled: {
                  description: 'The prefetch is over (done or failed); the page stays as it is.',
                  meta: { view: 'rows of the selected tab', testId: 'numbers-total' },
                },
              },
            },
            failed: {
              description: 'The page could not be loaded; the error is shown with a retry button.',
              meta: { view: 'error message with a retry button', testId: 'numbers-load-error' },
            },
          },
          'clearError',
        ),
      ),
    },
    export: list.exportRegion(
      'exportNumbers',
      ({ context }: { context: NumbersContext }) => ({
        ban: context.ban,
        status: context.params.status,
        q: context.params.q,
        format: context.exportFormat ?? 'csv',
      }),
      {
        region: {
          description: 'Export of the current tab and filter (all pages) as a CSV or XLSX file.',
          meta: { view: 'the export buttons' },
        },
        idle: {
          description: 'Nothing is being exported; both export buttons are enabled.',
          meta: { view: 'export buttons enabled', testId: 'numbers-export-csv' },
        },
        exporting: {
          description: 'Fetches every page of the tab and filter, builds the file and starts its download.',
          meta: { view: 'export buttons disabled, the chosen one busy, a preparing-file notice' },
        },
        failed: {
          description: 'The export failed; the error is shown, the user may export again or dismiss it.',
          meta: { view: 'export error message with a close button', testId: 'numbers-export-error' },
        },
      },
    ),
  },
});

/** The numbers machine's type, for selectors, contexts and tests. */
export type NumbersMachine = typeof numbersMachine;
