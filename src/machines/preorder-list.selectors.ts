import type { SnapshotFrom } from 'xstate';
import type { PreorderListMachine, PreorderListRow } from './preorder-list.machine';

/** What the staff pre-order list reads. */
export type PreorderListSnapshot = SnapshotFrom<PreorderListMachine>;
export type PreorderListPhase = 'loading' | 'shown' | 'empty' | 'failed';
export const selectPreorderListPhase = (s: PreorderListSnapshot): PreorderListPhase =>
  s.value as PreorderListPhase;
export const selectPreorderRows = (s: PreorderListSnapshot): readonly PreorderListRow[] => s.context.rows;
export const selectPreorderTotal = (s: PreorderListSnapshot): number => s.context.total;
export const selectPreorderListError = (s: PreorderListSnapshot): string | null => s.context.errorCode;
