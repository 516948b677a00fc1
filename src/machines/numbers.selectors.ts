import type { SnapshotFrom } from 'xstate';
import { exportErrorOf, exportingOf } from './list-fragment';
import {
  type ExportFormat,
  type NumbersMachine,
  type NumbersParams,
  type ShownPage,
  sameParams,
} from './numbers.machine';
import { statePathOf } from './state-path';

/** A snapshot of the numbers machine, as `useSelector` hands it to a selector. */
export type NumbersSnapshot = SnapshotFrom<NumbersMachine>;

/** Dotted leaf paths of both regions, e.g. `list.ready export.idle` (the list's `data-state`). */
export const selectNumbersState = (s: NumbersSnapshot): string => statePathOf(s.value);
/** What the list asks for now: the URL's, or a click's on its way to the URL (N8). */
export const selectParams = (s: NumbersSnapshot): NumbersParams => s.context.params;
/** N8: the tab, page and filter the list draws (unchanged while the next page is quiet). */
export const selectDrawnParams = (s: NumbersSnapshot): NumbersParams => s.context.drawn;
/** The page on screen (null before the first page arrived). */
export const selectShown = (s: NumbersSnapshot): ShownPage | null => s.context.shown;
/** The table is marked busy: a page is loading and the list says so (`loading.slow`, N8), or the next page is quiet
 *  under a tab whose page is not the one on screen (a tab clicked while another one's page was late). */
export const selectIsLoading = (s: NumbersSnapshot): boolean =>
  s.hasTag('busy') ||
  (s.matches({ list: 'loading' }) &&
    s.context.shown !== null &&
    !sameParams(s.context.shown.params, s.context.drawn));
/** The page on screen is the one the URL asks for (the `data-ready` marker tests and the bench wait for). */
export const selectIsCurrent = (s: NumbersSnapshot): boolean => s.matches({ list: 'ready' });
/** Code of the failed page load, when the failure is shown. */
export const selectListError = (s: NumbersSnapshot): string | null =>
  s.matches({ list: 'failed' }) ? s.context.errorCode : null;
/** The format being exported, or null when no export runs. */
export const selectExporting = (s: NumbersSnapshot): ExportFormat | null => exportingOf(s);
/** Code of the failed export, when the failure is shown. */
export const selectExportError = (s: NumbersSnapshot): string | null => exportErrorOf(s);

/** What the numbers list renders from its chart (decisions AR18): read by `useWorkflow` in one selector. Its error
 *  always offers Retry (the view does not ask `canRetry`), so there is no `retry` field. */
export const connectNumbersList = (s: NumbersSnapshot) => ({
  state: selectNumbersState(s),
  asked: selectParams(s),
  drawn: selectDrawnParams(s),
  shown: selectShown(s),
  loading: selectIsLoading(s),
  current: selectIsCurrent(s),
  listError: selectListError(s),
  exporting: selectExporting(s),
  exportError: selectExportError(s),
});
