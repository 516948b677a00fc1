import type { SnapshotFrom } from 'xstate';
import { isPlanCancellable, type PlansParams, type PlansProblem } from '@/domain/plans.rules';
import type { PlanRow, PlansListMachine } from './plans-list.machine';

/** What the plans' list reads. */
export type PlansListSnapshot = SnapshotFrom<PlansListMachine>;
export type PlansPhase = PlansListSnapshot['value'];

export const selectPlansPhase = (s: PlansListSnapshot): PlansPhase => s.value;
export const selectPlansTotal = (s: PlansListSnapshot): number => s.context.total;
export const selectPlansPages = (s: PlansListSnapshot): number => s.context.pages;
export const selectPlansParams = (s: PlansListSnapshot): PlansParams => s.context.params;
export const selectPlansProblem = (s: PlansListSnapshot): PlansProblem | null => s.context.problem;
export const selectPlansError = (s: PlansListSnapshot): string | null => s.context.errorCode;

/** The table is on screen (also while a cancel is asked, sent, or its error shown). */
const TABLE_PHASES: readonly PlansPhase[] = ['ready', 'confirming', 'cancelling', 'cancelFailed'];
export const selectPlansTableShown = (s: PlansListSnapshot): boolean => TABLE_PHASES.includes(s.value);
/** A cancel can be chosen now (nothing else is asked or sent). */
export const selectCanChoosePlanCancel = (s: PlansListSnapshot): boolean => s.matches('ready');

export interface PlanRowView extends PlanRow {
  /** the row offers Cancel: this user cancels plans and the plan has not started (SP4, SP7) */
  readonly cancellable: boolean;
}
const rowViews = new WeakMap<readonly PlanRow[], { canCancel: boolean; views: readonly PlanRowView[] }>();
/** The rows with whether each offers Cancel (the same array while the rows do not change). */
export const selectPlanRowViews = (s: PlansListSnapshot): readonly PlanRowView[] => {
  const { rows, canCancel } = s.context;
  const kept = rowViews.get(rows);
  if (kept && kept.canCancel === canCancel) return kept.views;
  const views = rows.map((r) => ({ ...r, cancellable: canCancel && isPlanCancellable(r.status) }));
  rowViews.set(rows, { canCancel, views });
  return views;
};

/** The cancel being confirmed or sent, or that failed: the plan, busy, the error. */
export interface PlanCancelStep {
  readonly row: PlanRow;
  readonly busy: boolean;
  readonly error: string | null;
}
export const selectPlanCancelStep = (s: PlansListSnapshot): PlanCancelStep | null => {
  const id = s.context.cancelId;
  const row = id === null ? undefined : s.context.rows.find((r) => r.id === id);
  if (!row) return null;
  if (s.matches('confirming')) return { row, busy: false, error: null };
  if (s.matches('cancelling')) return { row, busy: true, error: null };
  if (s.matches('cancelFailed')) return { row, busy: false, error: s.context.cancelError };
  return null;
};

/** What the plans' list renders (decisions AR18): read by `useWorkflow` in one selector. */
export const connectPlansList = (s: PlansListSnapshot) => ({
  phase: selectPlansPhase(s),
  rows: selectPlanRowViews(s),
  total: selectPlansTotal(s),
  pages: selectPlansPages(s),
  shownParams: selectPlansParams(s),
  problem: selectPlansProblem(s),
  error: selectPlansError(s),
  tableShown: selectPlansTableShown(s),
  canChoose: selectCanChoosePlanCancel(s),
});

/** What the cancel's dialog renders. */
export const connectPlanCancel = (s: PlansListSnapshot) => ({
  step: selectPlanCancelStep(s),
});
