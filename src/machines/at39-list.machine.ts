import { assign, setup } from 'xstate';
import { type At39ListParams, type At39Status, sameAt39Params } from '@/domain/at39.rules';
import { failTo, outputTo, retryOn } from './call-fragment';
import { errorCodeOf, unprovided } from './error-code';
import * as list from './list-fragment';
import type { StateMeta } from './state-meta';

/**
 * AT 39 registrations list (spec 3 "list, total_count", spec 7 register/filter, register/comment, docs/statistics;
 * docs/decisions.md AT2, AT9): the staff member's registrations with filters and page in the URL, the comments of one
 * registration, and the statistics download (a real XLSX spreadsheet). Three parallel regions, so the list stays on
 * screen while comments are open and a download runs.
 */

/** One registration in the list. */
export interface At39ListRow {
  readonly registrationId: string;
  readonly clientName: string;
  readonly phoneNumber: string | null;
  readonly regionId: number | null;
  readonly status: At39Status | null;
  readonly createdAt: string | null;
  readonly commentCount: number;
}

export interface At39ListPage {
  readonly rows: readonly At39ListRow[];
  readonly total: number;
}

export interface At39Comment {
  readonly text: string;
  readonly author: string | null;
  readonly createdAt: string | null;
}

export interface At39ListInput {
  readonly params: At39ListParams;
}

export interface At39ListContext {
  readonly params: At39ListParams;
  readonly shown: (At39ListPage & { readonly params: At39ListParams }) | null;
  readonly listError: string | null;
  readonly commentsOf: string | null;
  readonly comments: readonly At39Comment[] | null;
  readonly commentsError: string | null;
  readonly statsError: string | null;
}

/**
 * Events of the AT 39 list.
 * - `params.changed`: fact from the router: the URL now asks for this filter and page (ignored when unchanged).
 * - `list.retry`: user intent after the list failed.
 * - `comments.open` (registrationId), `comments.close`, `comments.retry`: the comments panel.
 * - `statistics.download`: download the statistics of the filter's period; `statistics.dismiss` closes its error.
 */
export type At39ListEvent =
  | { type: 'params.changed'; params: At39ListParams }
  | { type: 'list.retry' }
  | { type: 'comments.open'; registrationId: string }
  | { type: 'comments.close' }
  | { type: 'comments.retry' }
  | { type: 'statistics.download' }
  | { type: 'statistics.dismiss' };

export type At39ListTag = 'busy' | 'error' | 'downloading';

export const at39ListMachine = setup({
  types: {
    context: {} as At39ListContext,
    events: {} as At39ListEvent,
    input: {} as At39ListInput,
    meta: {} as StateMeta,
    tags: {} as At39ListTag,
  },
  actors: {
    /** GET at39/register/filter for one page. */
    fetchRegistrations: unprovided<At39ListPage, { params: At39ListParams }>('fetchRegistrations'),
    /** GET at39/register/comment?registrationId. */
    fetchComments: unprovided<readonly At39Comment[], { registrationId: string }>('fetchComments'),
    /** GET at39/docs/statistics (XLSX) and hand the file to the browser. */
    downloadStatistics: unprovided<void, { params: At39ListParams }>('downloadStatistics'),
  },
  guards: {
    isNewParams: ({ context }, p: { params: At39ListParams }) => !sameAt39Params(context.params, p.params),
  },
  actions: {
    assignParams: assign((_, p: { params: At39ListParams }) => ({ params: p.params })),
    assignShown: assign(({ context }, p: { page: At39ListPage }) => ({
      shown: { params: context.params, ...p.page },
      listError: null,
    })),
    assignListError: assign((_, p: { error: unknown }) => ({ listError: errorCodeOf(p.error) })),
    clearListError: assign({ listError: null }),
    assignCommentsOf: assign((_, p: { id: string }) => ({
      commentsOf: p.id,
      comments: null,
      commentsError: null,
    })),
    assignComments: assign((_, p: { comments: readonly At39Comment[] }) => ({
      comments: p.comments,
      commentsError: null,
    })),
    assignCommentsError: assign((_, p: { error: unknown }) => ({ commentsError: errorCodeOf(p.error) })),
    clearComments: assign({ commentsOf: null, comments: null, commentsError: null }),
    clearCommentsError: assign({ commentsError: null }),
    assignStatsError: assign((_, p: { error: unknown }) => ({ statsError: errorCodeOf(p.error) })),
    clearStatsError: assign({ statsError: null }),
  },
}).createMachine({
  id: 'at39List',
  description:
    'AT 39 registrations: filters (dates, status, region, text) and page in the URL, comments of a registration, statistics download (XLSX).',
  type: 'parallel',
  context: ({ input }) => ({
    params: input.params,
    shown: null,
    listError: null,
    commentsOf: null,
    comments: null,
    commentsError: null,
    statsError: null,
  }),
  states: {
    list: {
      description: 'The page of registrations the URL asks for.',
      meta: { view: 'filters, table, pagination' },
      initial: 'loading',
      on: {
        'params.changed': list.followParams({ description: 'same filter and page: nothing to load' }),
      },
      states: list.pageStates(
        list.loadPage(
          'fetchRegistrations',
          ({ context }: { context: At39ListContext }) => ({ params: context.params }),
          { page: 'assignShown', error: 'assignListError' },
        ),
        {
          loading: {
            description:
              'Loads the page (GET register/filter); the previous page stays on screen, marked busy.',
            meta: { view: 'the table busy', testId: 'at39-table' },
          },
          ready: {
            description: 'The page is on screen with the total count.',
            meta: { view: 'rows, total and pagination', testId: 'at39-total' },
          },
          failed: {
            description: 'The page could not be loaded; the error is shown with a retry button.',
            meta: { view: 'error with retry', testId: 'at39-list-error' },
          },
        },
        'clearListError',
      ),
    },
    comments: {
      description: 'The comments of one registration (GET register/comment).',
      meta: { view: 'the comments dialog' },
      initial: 'closed',
      on: {
        'comments.open': {
          target: '.loading',
          actions: { type: 'assignCommentsOf', params: ({ event }) => ({ id: event.registrationId }) },
        },
        'comments.close': { target: '.closed', actions: 'clearComments' },
      },
      states: {
        closed: {
          description: 'No comments open.',
          meta: { view: 'no dialog' },
        },
        loading: {
          description: 'Loads the comments.',
          meta: { view: 'dialog busy', testId: 'at39-comments' },
          invoke: {
            id: 'fetchComments',
            src: 'fetchComments',
            input: ({ context }) => ({ registrationId: context.commentsOf ?? '' }),
            onDone: outputTo('shown', 'assignComments', 'comments'),
            onError: failTo('failed', 'assignCommentsError'),
          },
        },
        shown: {
          description: 'The comments, oldest first (or that there are none).',
          meta: { view: 'comment list', testId: 'at39-comments' },
        },
        failed: {
          description: 'The comments could not be loaded; retry or close.',
          meta: { view: 'error with retry', testId: 'at39-comments-error' },
          on: retryOn('comments.retry', 'loading', {}, 'clearCommentsError'),
        },
      },
    },
    statistics: {
      description: 'The statistics download of the filter’s period (GET docs/statistics, XLSX).',
      meta: { view: 'the download button' },
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing is downloading.',
          meta: { view: 'download button enabled', testId: 'at39-statistics' },
          on: { 'statistics.download': 'downloading' },
        },
        downloading: {
          description: 'The file is being prepared and downloaded.',
          meta: { view: 'download button busy', testId: 'at39-statistics' },
          tags: ['downloading'],
          invoke: {
            id: 'downloadStatistics',
            src: 'downloadStatistics',
            input: ({ context }) => ({ params: context.params }),
            onDone: 'idle',
            onError: failTo('failed', 'assignStatsError'),
          },
        },
        failed: {
          description: 'The download failed; try again or close the error.',
          meta: { view: 'download error', testId: 'at39-statistics-error' },
          on: {
            'statistics.download': { target: 'downloading', actions: 'clearStatsError' },
            'statistics.dismiss': { target: 'idle', actions: 'clearStatsError' },
          },
        },
      },
    },
  },
});

export type At39ListMachine = typeof at39ListMachine;
