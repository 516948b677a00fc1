import type { SnapshotFrom } from 'xstate';
import type { ActivityParams, ActivityProblem } from '@/domain/activity.rules';
import type { ActivityLogMachine, ActivityRow } from './activity-log.machine';
import { exportErrorOf, exportingOf, type ListExportFormat } from './list-fragment';
import { statePathOf } from './state-path';

/** What the activity log reads. */
export type ActivityLogSnapshot = SnapshotFrom<ActivityLogMachine>;
export type ActivityPhase = 'idle' | 'invalid' | 'loading' | 'ready' | 'empty' | 'failed';

/** The list region's state (the export region runs beside it). */
export const selectActivityPhase = (s: ActivityLogSnapshot): ActivityPhase => s.value.list as ActivityPhase;
/** Dotted leaf paths of both regions, e.g. `list.ready export.idle` (the page's `data-state`). */
export const selectActivityState = (s: ActivityLogSnapshot): string => statePathOf(s.value);
export const selectActivityRows = (s: ActivityLogSnapshot): readonly ActivityRow[] => s.context.rows;
export const selectActivityTotal = (s: ActivityLogSnapshot): number => s.context.total;
export const selectActivityPages = (s: ActivityLogSnapshot): number => s.context.pages;
export const selectActivityParams = (s: ActivityLogSnapshot): ActivityParams => s.context.params;
export const selectActivityProblem = (s: ActivityLogSnapshot): ActivityProblem | null => s.context.problem;
export const selectActivityError = (s: ActivityLogSnapshot): string | null => s.context.errorCode;
/** The export is offered: the filter is valid and finds entries (the chart's `hasEntries`). */
export const selectActivityExportable = (s: ActivityLogSnapshot): boolean =>
  s.context.problem === null && s.context.total > 0 && s.matches({ list: 'ready' });
export const selectActivityExporting = (s: ActivityLogSnapshot): ListExportFormat | null => exportingOf(s);
export const selectActivityExportError = (s: ActivityLogSnapshot): string | null => exportErrorOf(s);

/** What the activity log renders (decisions AR18): read by `useWorkflow` in one selector. */
export const connectActivityLog = (s: ActivityLogSnapshot) => ({
  phase: selectActivityPhase(s),
  state: selectActivityState(s),
  rows: selectActivityRows(s),
  total: selectActivityTotal(s),
  pages: selectActivityPages(s),
  shownParams: selectActivityParams(s),
  problem: selectActivityProblem(s),
  error: selectActivityError(s),
  exportable: selectActivityExportable(s),
  exporting: selectActivityExporting(s),
  exportError: selectActivityExportError(s),
});
