import { assign, setup } from 'xstate';
import {
  type ActivityParams,
  type ActivityProblem,
  activityProblem,
  sameActivityParams,
} from '@/domain/activity.rules';
import { errorCodeOf, unprovided } from './error-code';
import * as list from './list-fragment';
import type { StateMeta } from './state-meta';

/**
 * The company's activity log (docs/decisions.md AL1-AL6) at `/{lang}/profile/activity`: who did what in the
 * company's account, when (Tashkent time), to what, with which result and under which signature; newest first,
 * filtered by a range of days, an action and a user, paged on the server, exported as CSV or XLSX. The filters and the
 * page live in the URL and arrive as facts (`params.changed`); filters the domain refuses (`activityProblem`) are
 * said and nothing is asked.
 */

/** Who acted, as the server says it: a client sees a staff user as "operator staff (role)", without a login (AL3). */
export interface ActivityActor {
  readonly login: string | null;
  readonly role: string | null;
  readonly staff: boolean;
}

/** One target of an entry: its kind and id (a number in the server's 9-digit form, a BAN, a login, an order…). */
export interface ActivityTarget {
  readonly kind: string;
  readonly id: string;
}

/** One entry as the log shows it (AL2). */
export interface ActivityRow {
  readonly id: number;
  /** ISO instant, shown in Tashkent time */
  readonly at: string;
  readonly action: string;
  readonly actor: ActivityActor;
  /** a staff user acting in the company's account */
  readonly impersonated: boolean;
  readonly targets: readonly ActivityTarget[];
  readonly result: 'ok' | 'partial' | 'failed';
  /** the ids of the targets that failed (a partly done block) */
  readonly failed: readonly string[];
  readonly keySerial: string | null;
  readonly requestId: string | null;
}

/** A page of the log, with the count and pages of the whole filter. */
export interface ActivityPage {
  readonly rows: readonly ActivityRow[];
  readonly total: number;
  readonly pages: number;
}

/** Input of the export actor: every page of the filter, in the chosen format. */
export interface ExportActivityInput {
  readonly params: ActivityParams;
  readonly format: list.ListExportFormat;
}

export interface ActivityLogContext extends list.ExportSlice {
  /** what the URL asks for */
  readonly params: ActivityParams;
  readonly problem: ActivityProblem | null;
  readonly rows: readonly ActivityRow[];
  readonly total: number;
  readonly pages: number;
  readonly errorCode: string | null;
}

/**
 * Events of the activity log.
 * - `params.changed`: fact from the router: the URL's range, action, user and page (arrival, filter, paging, Back).
 * - `retry`: user intent after the log failed to load.
 * - `export.start`: user intent to export the filtered log as `format`; `export.dismiss` closes its error.
 */
export type ActivityLogEvent =
  | { type: 'params.changed'; params: ActivityParams }
  | { type: 'retry' }
  | { type: 'export.start'; format: list.ListExportFormat }
  | { type: 'export.dismiss' };

/** Before the URL is read: no range, every action and user, the first page. */
export const NO_ACTIVITY_PARAMS: ActivityParams = { from: '', to: '', type: '', user: '', page: 1 };

const paramsOfEvent = ({ event }: { event: { params: ActivityParams } }) => ({ params: event.params });

export const activityLogMachine = setup({
  types: {
    context: {} as ActivityLogContext,
    events: {} as ActivityLogEvent,
    meta: {} as StateMeta,
    tags: {} as 'busy' | 'error' | 'exporting',
  },
  actors: {
    /** GET activity/list?from&to&type&user&page&size (AL4; the page 1-based here, 0-based on the wire). */
    fetchActivity: unprovided<ActivityPage, ActivityParams>('fetchActivity'),
    /** Every page of the filter, built into a CSV or XLSX file and downloaded. */
    exportActivity: unprovided<void, ExportActivityInput>('exportActivity'),
  },
  guards: {
    isParamsInvalid: (_, params: { params: ActivityParams }) => activityProblem(params.params) !== null,
    isNewParams: ({ context }, params: { params: ActivityParams }) =>
      context.problem !== null || !sameActivityParams(context.params, params.params),
    hasRows: (_, params: { page: ActivityPage }) => params.page.rows.length > 0,
    /** the filter is valid and finds entries: an export of nothing is not offered */
    hasEntries: ({ context }) => context.problem === null && context.total > 0,
  },
  actions: {
    assignInvalid: assign((_, params: { params: ActivityParams }) => ({
      params: params.params,
      problem: activityProblem(params.params),
      rows: [],
      total: 0,
      pages: 0,
      errorCode: null,
    })),
    assignParams: assign((_, params: { params: ActivityParams }) => ({
      params: params.params,
      problem: null,
      errorCode: null,
    })),
    assignPage: assign((_, params: { page: ActivityPage }) => ({
      rows: params.page.rows,
      total: params.page.total,
      pages: params.page.pages,
      errorCode: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCodeOf(params.error) })),
    assignExportFormat: assign((_, p: { format: list.ListExportFormat }) => list.exportStarted(p.format)),
    clearExport: assign(list.EXPORT_CLEARED),
    assignExportError: assign((_, p: { error: unknown }) => list.exportFailed(p.error)),
  },
}).createMachine({
  id: 'activityLog',
  description:
    "The company's activity log: who did what, when, to what, with which result and signature; range, action, user " +
    'and page from the URL; CSV/XLSX export.',
  type: 'parallel',
  context: {
    params: NO_ACTIVITY_PARAMS,
    problem: null,
    rows: [],
    total: 0,
    pages: 0,
    errorCode: null,
    exportFormat: null,
    exportError: null,
  },
  states: {
    list: {
      description: 'The page of entries the URL asks for.',
      meta: { view: 'the filters, the table of entries and the pager' },
      initial: 'idle',
      on: {
        'params.changed': [
          {
            guard: { type: 'isParamsInvalid', params: paramsOfEvent },
            target: '.invalid',
            actions: { type: 'assignInvalid', params: paramsOfEvent },
          },
          {
            guard: { type: 'isNewParams', params: paramsOfEvent },
            target: '.loading',
            actions: { type: 'assignParams', params: paramsOfEvent },
          },
          { description: 'the same filters and page as shown: nothing to load' },
        ],
      },
      states: {
        idle: {
          description: 'Before the URL’s filters and page are read; nothing is asked.',
          meta: { view: 'the page title and the filters', testId: 'activity-idle' },
        },
        invalid: {
          description:
            'A day that does not exist, a start after the end, a range over a year, an action the log does not know ' +
            'or a user with characters no login has: the filter says so and nothing is asked.',
          meta: { view: 'the filters with the message', testId: 'activity-problem' },
          tags: ['error'],
        },
        loading: {
          description: 'Asks the page of entries the URL names.',
          meta: { view: 'the list busy', testId: 'activity-loading' },
          tags: ['busy'],
          invoke: list.loadPageOrEmpty(
            'fetchActivity',
            ({ context }: { context: ActivityLogContext }) => context.params,
            { page: 'assignPage', error: 'assignError', whenRows: 'hasRows' },
          ),
        },
        ready: {
          description:
            'The page of entries, newest first: when (Tashkent), who, what, to what, the result, the key that signed ' +
            'it and the request id; the count and paging.',
          meta: { view: 'the table of entries with the pager', testId: 'activity-table' },
        },
        empty: {
          description:
            'No entry matches the filters (or the page is past the last one, which the view clamps).',
          meta: { view: 'the nothing-found text', testId: 'activity-empty' },
        },
        failed: {
          description: 'The log did not load (E005 for whom it is not open, network); Retry asks again.',
          meta: { view: 'the error with Retry', testId: 'activity-failed' },
          tags: ['error'],
          on: { retry: { target: 'loading' } },
        },
      },
    },
    export: list.exportRegion(
      'exportActivity',
      ({ context }: { context: ActivityLogContext }) => ({
        params: context.params,
        format: context.exportFormat ?? 'csv',
      }),
      {
        region: {
          description: 'Export of the filtered log (all pages) as CSV or XLSX.',
          meta: { view: 'the export buttons' },
        },
        idle: {
          description: 'Nothing is being exported.',
          meta: { view: 'export buttons', testId: 'activity-export-csv' },
        },
        exporting: {
          description: 'Fetches every page of the filter, builds the file and starts its download.',
          meta: { view: 'export buttons disabled, a preparing-file notice' },
        },
        failed: {
          description: 'The export failed; export again or dismiss the error.',
          meta: { view: 'export error with a close button', testId: 'activity-export-error' },
        },
        guard: {
          type: 'hasEntries',
          otherwise: { description: 'a refused filter or no entries: nothing to export' },
        },
      },
    ),
  },
});

export type ActivityLogMachine = typeof activityLogMachine;
