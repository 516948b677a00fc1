import type { SnapshotFrom } from 'xstate';
import {
  nextPreorderStatuses,
  type PreorderMove,
  preorderPageCount,
  reservationAfter,
} from '@/domain/preorder-list.rules';
import type { MovePreorderInput, PreorderListMachine, PreorderListRow } from './preorder-list.machine';

/** What the staff pre-order list reads. */
export type PreorderListSnapshot = SnapshotFrom<PreorderListMachine>;
export type PreorderListPhase = PreorderListSnapshot['value'];
export const selectPreorderListPhase = (s: PreorderListSnapshot): PreorderListPhase => s.value;
export const selectPreorderRows = (s: PreorderListSnapshot): readonly PreorderListRow[] => s.context.rows;
export const selectPreorderTotal = (s: PreorderListSnapshot): number => s.context.total;
/** The page the list shows or loads (NC13), and how many pages the last answer had. */
export const selectPreorderPage = (s: PreorderListSnapshot): number => s.context.page;
export const selectPreorderPages = (s: PreorderListSnapshot): number => preorderPageCount(s.context.total);
export const selectPreorderListError = (s: PreorderListSnapshot): string | null => s.context.errorCode;

/** The table is on screen (also while a move is asked, sent, or its error shown). */
export const selectPreorderTableShown = (s: PreorderListSnapshot): boolean =>
  s.matches('shown') || s.matches('confirming') || s.matches('moving') || s.matches('moveFailed');
/** A move can be chosen now (nothing else is asked or sent). */
export const selectCanChoosePreorderMove = (s: PreorderListSnapshot): boolean => s.matches('shown');

export interface PreorderRowView extends PreorderListRow {
  /** the statuses the row may be moved to next (NC12) */
  readonly moves: readonly PreorderMove[];
}
const rowViews = new WeakMap<readonly PreorderListRow[], readonly PreorderRowView[]>();
/** The rows with the moves each allows (the same array while the rows do not change). */
export const selectPreorderRowViews = (s: PreorderListSnapshot): readonly PreorderRowView[] => {
  const rows = s.context.rows;
  let views = rowViews.get(rows);
  if (!views) {
    views = rows.map((r) => ({ ...r, moves: nextPreorderStatuses(r.status) }));
    rowViews.set(rows, views);
  }
  return views;
};

/** The move being confirmed or sent, or that failed: the row, where to, busy, the error, and what the move means
 *  (NC12): whether it releases the reserved numbers (`reservationAfter`), and whether the status is final. */
export interface PreorderMoveStep {
  readonly row: PreorderListRow;
  readonly to: MovePreorderInput['status'];
  readonly busy: boolean;
  readonly error: string | null;
  readonly releases: boolean;
  readonly final: boolean;
}
export const selectPreorderMoveStep = (s: PreorderListSnapshot): PreorderMoveStep | null => {
  const move = s.context.move;
  const row = move ? s.context.rows.find((r) => r.id === move.id) : undefined;
  if (!move || !row) return null;
  const meaning = {
    row,
    to: move.status,
    releases: row.phoneReserved && !reservationAfter(move.status, row.phoneReserved),
    final: nextPreorderStatuses(move.status).length === 0,
  };
  if (s.matches('confirming')) return { ...meaning, busy: false, error: null };
  if (s.matches('moving')) return { ...meaning, busy: true, error: null };
  if (s.matches('moveFailed')) return { ...meaning, busy: false, error: s.context.moveError };
  return null;
};

/** What the pre-order list renders (decisions AR18): read by `useWorkflow` in one selector. */
export const connectPreorderList = (s: PreorderListSnapshot) => ({
  phase: selectPreorderListPhase(s),
  rows: selectPreorderRowViews(s),
  error: selectPreorderListError(s),
  tableShown: selectPreorderTableShown(s),
  canChoose: selectCanChoosePreorderMove(s),
  shownPage: selectPreorderPage(s),
  pages: selectPreorderPages(s),
});

/** What the pre-order move dialog renders. */
export const connectPreorderMove = (s: PreorderListSnapshot) => ({
  step: selectPreorderMoveStep(s),
});
