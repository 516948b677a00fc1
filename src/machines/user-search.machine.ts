import { assign, emit, setup } from 'xstate';
import { SEARCH_PAGE_SIZE } from '@/domain/constants';
import { parseSearch } from '@/domain/search.rules';
import type { UserListStatus, UserRow } from '@/services/contract/admin.contract';
import { SYSTEM_IDS, tellSystem } from './actor-system';
import { failTo, retryState } from './call-fragment';
import { errorCodeOf, unprovided } from './error-code';
import type { StateMeta } from './state-meta';

/** The user search as the URL holds it (`?q=…&status=…&pageNo=…`): reload and back keep it. */
export interface UserQuery {
  readonly q: string;
  readonly status: UserListStatus;
  /** page index from 0 (spec 7 "pageNo 0") */
  readonly pageNo: number;
}

/** One page of users (GET user/search). */
export interface UserPage {
  readonly list: readonly UserRow[];
  readonly total: number;
  readonly pageNo: number;
  readonly pageSize: number;
}

/** A block or unblock the user asked for (spec 4 "User row in administration: block, unblock, in process"). */
export interface RowChange {
  readonly userId: string;
  readonly userName: string;
  readonly blocked: boolean;
}

export interface UserSearchContext {
  readonly query: UserQuery;
  readonly page: UserPage | null;
  readonly change: RowChange | null;
  /** SHORT3 when the query is shorter than 3 characters */
  readonly inputError: 'SHORT3' | null;
  /** code of a failed search or block/unblock */
  readonly errorCode: string | null;
}

/** The search parameters an actor needs (GET user/search: q, pageNo, pageSize 45, status). */
export interface UserSearchRequest extends UserQuery {
  readonly pageSize: number;
}

/**
 * Events of the administration user search.
 * - `query.changed`: fact from the URL (page entered, tab or page link followed, back/forward): search for it.
 * - `search.submit`: user intent, search for the typed text from the first page (again, if it is the same text); the
 *   URL follows (`search.requested`).
 * - `search.retry`: user intent after a failed search.
 * - `row.block` / `row.unblock`: user intent on a row; a confirmation follows.
 * - `row.confirm` / `row.cancel`: user answer to the confirmation.
 * - `error.dismiss`: user intent, close the 'Ошибка!' dialog of a failed block/unblock.
 */
export type UserSearchEvent =
  | { type: 'query.changed'; query: UserQuery }
  | { type: 'search.submit'; q: string }
  | { type: 'search.retry' }
  | { type: 'row.block'; userId: string; userName: string }
  | { type: 'row.unblock'; userId: string; userName: string }
  | { type: 'row.confirm' }
  | { type: 'row.cancel' }
  | { type: 'error.dismiss' };

/** `search.requested`: put this query in the URL (the view navigates; the `query.changed` that follows is ignored). */
export type UserSearchEmitted = { type: 'search.requested'; query: UserQuery };

/** The query of a page with nothing searched yet. */
export const EMPTY_QUERY: UserQuery = { q: '', status: 'all', pageNo: 0 };

const isShort = (q: string) => !parseSearch('editing', q).ok;

/** Same query? */
export const sameQuery = (a: UserQuery, b: UserQuery): boolean =>
  a.q === b.q && a.status === b.status && a.pageNo === b.pageNo;

/**
 * User search in administration (spec 2 "The user list in administration has tab filter all/active/blocked/pending",
 * spec 7 "GET user/search (q, pageNo 0, pageSize 45)"): the URL holds query, tab and page; rows offer block or
 * unblock with a confirmation, and show 'in process' for accounts not yet activated.
 */
export const userSearchMachine = setup({
  types: {
    context: {} as UserSearchContext,
    events: {} as UserSearchEvent,
    emitted: {} as UserSearchEmitted,
    meta: {} as StateMeta,
  },
  actors: {
    /** GET user/search. */
    searchUsers: unprovided<UserPage, UserSearchRequest>('searchUsers'),
    /** POST user/block/{user_id} {blocked}. */
    setBlocked: unprovided<void, RowChange>('setBlocked'),
  },
  guards: {
    isSameQuery: ({ context }, params: { query: UserQuery }) => sameQuery(context.query, params.query),
    isQueryEmpty: (_, params: { query: UserQuery }) => params.query.q.trim() === '',
    isQueryShort: (_, params: { query: UserQuery }) => isShort(params.query.q),
    isTextShort: (_, params: { q: string }) => isShort(params.q),
    isPageEmpty: (_, params: { page: UserPage }) => params.page.list.length === 0,
  },
  actions: {
    assignQuery: assign((_, params: { query: UserQuery }) => ({
      query: params.query,
      inputError: null,
      errorCode: null,
      change: null,
    })),
    assignShort: assign((_, params: { query: UserQuery }) => ({
      query: params.query,
      page: null,
      inputError: 'SHORT3' as const,
      errorCode: null,
      change: null,
    })),
    assignTextShort: assign({ inputError: 'SHORT3' as const }),
    clearPage: assign({ page: null }),
    assignPage: assign((_, params: { page: UserPage }) => ({ page: params.page })),
    assignChange: assign((_, params: RowChange) => ({ change: params, errorCode: null })),
    clearChange: assign({ change: null, errorCode: null }),
    /** U16: a blocked or unblocked user is said in a notification (spec 9, 4 s). */
    notifyBlockChanged: tellSystem<UserSearchContext>(SYSTEM_IDS.notifications, (c) => ({
      type: 'notice.push',
      notice: {
        tone: 'success',
        key: c.change?.blocked ? 'ux.notice.userBlocked' : 'ux.notice.userUnblocked',
        params: { user: c.change?.userName ?? '' },
      },
    })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCodeOf(params.error) })),
    clearError: assign({ errorCode: null }),
    assignSubmitted: assign(({ context }, params: { q: string }) => ({
      query: { q: params.q.trim(), status: context.query.status, pageNo: 0 },
      inputError: null,
      errorCode: null,
      change: null,
    })),
    emitRequested: emit(({ context }) => ({ type: 'search.requested' as const, query: context.query })),
  },
}).createMachine({
  id: 'userSearch',
  description: 'Administration user search: query, status tab and page from the URL; block and unblock rows.',
  context: { query: EMPTY_QUERY, page: null, change: null, inputError: null, errorCode: null },
  initial: 'idle',
  on: {
    'query.changed': [
      // the URL caught up with what the machine already searches for (after a submit): nothing to do
      { guard: { type: 'isSameQuery', params: ({ event }) => ({ query: event.query }) } },
      {
        guard: { type: 'isQueryEmpty', params: ({ event }) => ({ query: event.query }) },
        target: '.idle',
        actions: [{ type: 'assignQuery', params: ({ event }) => ({ query: event.query }) }, 'clearPage'],
      },
      {
        guard: { type: 'isQueryShort', params: ({ event }) => ({ query: event.query }) },
        target: '.invalid',
        actions: { type: 'assignShort', params: ({ event }) => ({ query: event.query }) },
      },
      {
        target: '.loading',
        actions: { type: 'assignQuery', params: ({ event }) => ({ query: event.query }) },
      },
    ],
    'search.submit': [
      {
        guard: { type: 'isTextShort', params: ({ event }) => ({ q: event.q }) },
        target: '.invalid',
        actions: 'assignTextShort',
      },
      {
        target: '.loading',
        actions: [{ type: 'assignSubmitted', params: ({ event }) => ({ q: event.q }) }, 'emitRequested'],
      },
    ],
  },
  states: {
    idle: {
      description: 'Nothing searched yet: the form waits for a query.',
      meta: { view: 'search form with its hint and status tabs, no rows', testId: 'user-search' },
    },
    invalid: {
      description: 'The query is shorter than 3 characters (SHORT3), shown under the input.',
      meta: { view: 'inline SHORT3 error under the input', testId: 'user-search-error' },
      tags: ['error'],
    },
    loading: {
      description: 'Searches users (GET user/search, page size 45).',
      meta: { view: 'rows area busy', testId: 'user-search-loading' },
      tags: ['busy'],
      invoke: {
        id: 'searchUsers',
        src: 'searchUsers',
        input: ({ context }) => ({ ...context.query, pageSize: SEARCH_PAGE_SIZE }),
        onDone: [
          {
            guard: { type: 'isPageEmpty', params: ({ event }) => ({ page: event.output }) },
            target: 'empty',
            actions: { type: 'assignPage', params: ({ event }) => ({ page: event.output }) },
          },
          {
            target: 'loaded',
            actions: { type: 'assignPage', params: ({ event }) => ({ page: event.output }) },
          },
        ],
        onError: failTo('failed'),
      },
    },
    failed: retryState('search.retry', 'loading', {
      description: 'The search failed; the error text and a retry button are shown.',
      meta: { view: 'error text with a retry button', testId: 'user-search-failed' },
    }),
    empty: {
      description: 'No user matches the query under this tab.',
      meta: { view: "'Пользователи не найдены'", testId: 'user-search-empty' },
    },
    loaded: {
      description: 'A page of users with the total, tabs and page links.',
      meta: { view: 'user rows with total and pages', testId: 'user-rows' },
      initial: 'browsing',
      states: {
        browsing: {
          description: 'Rows show block (active), unblock (blocked) or in process (not yet activated).',
          meta: { view: 'rows with block / unblock buttons or the in-process label', testId: 'user-rows' },
          on: {
            'row.block': {
              target: 'confirming',
              actions: {
                type: 'assignChange',
                params: ({ event }) => ({ userId: event.userId, userName: event.userName, blocked: true }),
              },
            },
            'row.unblock': {
              target: 'confirming',
              actions: {
                type: 'assignChange',
                params: ({ event }) => ({ userId: event.userId, userName: event.userName, blocked: false }),
              },
            },
          },
        },
        confirming: {
          description: 'Asks to confirm blocking or unblocking the user.',
          meta: { view: 'confirmation dialog naming the user', testId: 'user-row-confirm' },
          on: {
            'row.confirm': { target: 'saving' },
            'row.cancel': { target: 'browsing', actions: 'clearChange' },
          },
        },
        saving: {
          description: 'Blocks or unblocks the user (POST user/block/{user_id}); the row shows in process.',
          meta: { view: 'the row in process, its buttons disabled', testId: 'user-row-saving' },
          tags: ['busy'],
          invoke: {
            id: 'setBlocked',
            src: 'setBlocked',
            input: ({ context }) => context.change ?? { userId: '', userName: '', blocked: false },
            onDone: { target: '#userSearch.loading', actions: ['notifyBlockChanged', 'clearChange'] },
            onError: failTo('saveFailed'),
          },
        },
        saveFailed: {
          description: "Blocking or unblocking failed: the 'Ошибка!' dialog shows the text.",
          meta: { view: "'Ошибка!' dialog with the error text", testId: 'user-row-failed' },
          tags: ['error'],
          on: { 'error.dismiss': { target: 'browsing', actions: 'clearChange' } },
        },
      },
    },
  },
});

export type UserSearchMachine = typeof userSearchMachine;

/** The page count of a result (45 rows a page). */
export function pageCount(page: Pick<UserPage, 'total' | 'pageSize'>): number {
  return Math.max(1, Math.ceil(page.total / Math.max(1, page.pageSize)));
}
