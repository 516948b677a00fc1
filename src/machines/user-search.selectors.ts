import type { SnapshotFrom } from 'xstate';
import { USER_LIST_STATUSES, type UserListStatus } from '@/domain/constants';
import type { UserRow } from '@/services/contract/admin.contract';
import { statePathOf } from './state-path';
import { EMPTY_QUERY, pageCount, type UserQuery, type UserSearchMachine } from './user-search.machine';

/** A snapshot of the user search. */
export type UserSearchSnapshot = SnapshotFrom<UserSearchMachine>;

/** The tab filter, in the order of spec 2 ("all/active/blocked/pending"). */
export const USER_TABS: readonly UserListStatus[] = USER_LIST_STATUSES;

/** Highest page index read from a URL (a typo must not become a huge offset). */
const MAX_PAGE_NO = 100_000;

/** Reads the query from the URL's search string: `?q=ova&status=blocked&pageNo=1`; bad values fall back. */
export function parseUserQuery(search: string): UserQuery {
  const sp = new URLSearchParams(search);
  const status = sp.get('status') ?? '';
  const pageText = sp.get('pageNo') ?? '';
  const pageNo = /^\d{1,6}$/.test(pageText) ? Math.min(Number(pageText), MAX_PAGE_NO) : 0;
  return {
    q: (sp.get('q') ?? '').slice(0, 100),
    status: (USER_TABS as readonly string[]).includes(status)
      ? (status as UserListStatus)
      : EMPTY_QUERY.status,
    pageNo,
  };
}

/** The search string (without '?') for a query; defaults are left out. */
export function userQuerySearch(query: UserQuery): string {
  const sp = new URLSearchParams();
  if (query.q !== '') sp.set('q', query.q);
  if (query.status !== EMPTY_QUERY.status) sp.set('status', query.status);
  if (query.pageNo > 0) sp.set('pageNo', String(query.pageNo));
  return sp.toString();
}

/**
 * What a user row offers (spec 4 "User row in administration: block, unblock, in process"): an active account can be
 * blocked, a blocked one unblocked; an account that has not been activated yet (status pending) is 'in process'.
 */
export function rowAction(row: Pick<UserRow, 'status'>): 'block' | 'unblock' | 'inProcess' {
  if (row.status === 'blocked') return 'unblock';
  if (row.status === 'active') return 'block';
  return 'inProcess';
}

export const selectUserSearchStatePath = (s: UserSearchSnapshot): string => statePathOf(s.value);
export const selectUserQuery = (s: UserSearchSnapshot): UserQuery => s.context.query;
export const selectUserPage = (s: UserSearchSnapshot) => s.context.page;
export const selectUserPageCount = (s: UserSearchSnapshot): number =>
  s.context.page ? pageCount(s.context.page) : 0;
export const selectUserSearchError = (s: UserSearchSnapshot): 'SHORT3' | null =>
  s.matches('invalid') ? s.context.inputError : null;
export const selectUserSearchFailure = (s: UserSearchSnapshot): string | null =>
  s.matches('failed') ? (s.context.errorCode ?? 'unknown') : null;
export const selectIsUserSearchLoading = (s: UserSearchSnapshot): boolean => s.matches('loading');
/** The block/unblock waiting for confirmation, running, or failed. */
export const selectRowChange = (s: UserSearchSnapshot) => s.context.change;
export const selectIsConfirmingRow = (s: UserSearchSnapshot): boolean => s.matches({ loaded: 'confirming' });
export const selectIsSavingRow = (s: UserSearchSnapshot): boolean => s.matches({ loaded: 'saving' });
export const selectRowFailure = (s: UserSearchSnapshot): string | null =>
  s.matches({ loaded: 'saveFailed' }) ? (s.context.errorCode ?? 'unknown') : null;

/** The result list's steps, checked against the chart's states at compile time. */
export const selectIsUserSearchLoaded = (s: UserSearchSnapshot): boolean => s.matches('loaded');
export const selectIsUserSearchEmpty = (s: UserSearchSnapshot): boolean => s.matches('empty');

/** What the user search page renders (decisions AR18): read by `useWorkflow` in one selector. */
export const connectUserSearch = (s: UserSearchSnapshot) => ({
  statePath: selectUserSearchStatePath(s),
  loading: selectIsUserSearchLoading(s),
  loaded: selectIsUserSearchLoaded(s),
  empty: selectIsUserSearchEmpty(s),
  query: selectUserQuery(s),
  page: selectUserPage(s),
  pages: selectUserPageCount(s),
  inputError: selectUserSearchError(s),
  failure: selectUserSearchFailure(s),
  change: selectRowChange(s),
  confirming: selectIsConfirmingRow(s),
  saving: selectIsSavingRow(s),
  rowFailure: selectRowFailure(s),
});
