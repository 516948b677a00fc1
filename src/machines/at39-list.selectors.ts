import type { SnapshotFrom } from 'xstate';
import type { At39ListParams } from '@/domain/at39.rules';
import type { At39Comment, At39ListContext, At39ListMachine } from './at39-list.machine';
import { canRetry, errorWithRetry } from './error-code';
import { statePathOf } from './state-path';

/** A snapshot of the AT 39 list chart. */
export type At39ListSnapshot = SnapshotFrom<At39ListMachine>;

/** Dotted leaf paths of the three regions (`list.ready comments.closed statistics.idle`). */
export const selectListState = (s: At39ListSnapshot): string => statePathOf(s.value);
export const selectListParams = (s: At39ListSnapshot): At39ListParams => s.context.params;
export const selectListShown = (s: At39ListSnapshot): At39ListContext['shown'] => s.context.shown;
export const selectListLoading = (s: At39ListSnapshot): boolean => s.hasTag('busy');
export const selectListError = (s: At39ListSnapshot): string | null =>
  s.matches({ list: 'failed' }) ? s.context.listError : null;

export type CommentsPhase = At39ListSnapshot['value']['comments'];
export const selectCommentsPhase = (s: At39ListSnapshot): CommentsPhase => s.value.comments;
export const selectCommentsOf = (s: At39ListSnapshot): string | null => s.context.commentsOf;
export const selectComments = (s: At39ListSnapshot): readonly At39Comment[] | null => s.context.comments;
export const selectCommentsError = (s: At39ListSnapshot): string | null =>
  s.matches({ comments: 'failed' }) ? s.context.commentsError : null;

export const selectStatsDownloading = (s: At39ListSnapshot): boolean => s.hasTag('downloading');
export const selectStatsError = (s: At39ListSnapshot): string | null =>
  s.matches({ statistics: 'failed' }) ? s.context.statsError : null;

/** What the list part of the page renders (decisions AR18): read by `useWorkflow` in one selector. */
export const connectAt39List = (s: At39ListSnapshot) => {
  const listError = selectListError(s);
  return {
    state: selectListState(s),
    shown: selectListShown(s),
    loading: selectListLoading(s),
    listError,
    listRetry: canRetry(listError),
    downloading: selectStatsDownloading(s),
    statsError: selectStatsError(s),
  };
};

/** What the comments dialog renders. */
export const connectAt39Comments = (s: At39ListSnapshot) => ({
  phase: selectCommentsPhase(s),
  of: selectCommentsOf(s),
  comments: selectComments(s),
  ...errorWithRetry(selectCommentsError(s)),
});
