import type { SnapshotFrom } from 'xstate';
import type { DebtListParams } from '@/domain/debt.rules';
import type { DebtContext, DebtExportFormat, DebtMachine, DebtNotice } from './debt.machine';
import { canRetry, errorWithRetry } from './error-code';
import { exportErrorOf, exportingOf } from './list-fragment';
import { statePathOf } from './state-path';

/** A snapshot of the debt machine, as `useSelector` hands it to a selector. */
export type DebtSnapshot = SnapshotFrom<DebtMachine>;

/** Dotted leaf paths of the three regions, e.g. `list.ready notice.sent export.idle` (the page's `data-state`). */
export const selectDebtState = (s: DebtSnapshot): string => statePathOf(s.value);
/** What the URL asks for now. */
export const selectDebtParams = (s: DebtSnapshot): DebtListParams => s.context.params;
/** The page on screen (null before the first one arrived). */
export const selectDebtShown = (s: DebtSnapshot): DebtContext['shown'] => s.context.shown;
/** A page is loading: the table is marked busy. */
export const selectDebtLoading = (s: DebtSnapshot): boolean => s.hasTag('busy');
/** The page on screen is the one the URL asks for. */
export const selectDebtCurrent = (s: DebtSnapshot): boolean => s.matches({ list: 'ready' });
/** Code of the failed page load, when shown. */
export const selectDebtListError = (s: DebtSnapshot): string | null =>
  s.matches({ list: 'failed' }) ? s.context.listError : null;

/** The panel's phase, for the view: which buttons and texts it shows. */
export type NoticePhase = 'closed' | 'loading' | 'loadFailed' | 'unsent' | 'marking' | 'markFailed' | 'sent';
/** A state of the chart's `notice` region, typed from the chart: a renamed or added state fails `PHASE_OF`. */
type NoticeState = DebtSnapshot['value']['notice'];
const PHASE_OF: Readonly<Record<NoticeState, NoticePhase>> = {
  closed: 'closed',
  loading: 'loading',
  loadFailed: 'loadFailed',
  unsent: 'unsent',
  marking: 'marking',
  markFailed: 'markFailed',
  sent: 'sent',
  // the sent notice stays on screen while its PDF downloads or after the download failed
  downloading: 'sent',
  downloadFailed: 'sent',
};
export const selectNoticePhase = (s: DebtSnapshot): NoticePhase => PHASE_OF[s.value.notice];
/** The account whose notice is open. */
export const selectNoticeBan = (s: DebtSnapshot): string | null => s.context.ban;
/** The notice on screen (null while loading or failed to load). */
export const selectNotice = (s: DebtSnapshot): DebtNotice | null => s.context.notice;
/** A notice call runs (load, mark, download): its buttons are disabled. */
export const selectNoticeBusy = (s: DebtSnapshot): boolean => s.hasTag('noticeBusy');
/** The notice is marked as sent or its PDF downloaded: no other notice can be opened meanwhile (the chart ignores it). */
export const selectNoticeHeld = (s: DebtSnapshot): boolean =>
  s.matches({ notice: 'marking' }) || s.matches({ notice: 'downloading' });
/** The PDF is being downloaded. */
export const selectDownloading = (s: DebtSnapshot): boolean => s.matches({ notice: 'downloading' });
/** Code of the failed notice call (load, mark or download), when shown. */
export const selectNoticeError = (s: DebtSnapshot): string | null =>
  s.matches({ notice: 'loadFailed' }) ||
  s.matches({ notice: 'markFailed' }) ||
  s.matches({ notice: 'downloadFailed' })
    ? s.context.noticeError
    : null;
/** The format being exported, or null. */
export const selectDebtExporting = (s: DebtSnapshot): DebtExportFormat | null => exportingOf(s);
/** Code of the failed export, when shown. */
export const selectDebtExportError = (s: DebtSnapshot): string | null => exportErrorOf(s);
export { canRetry } from './error-code';

/** What the debt page's list part renders (decisions AR18): read by `useWorkflow` in one selector. */
export const connectDebtList = (s: DebtSnapshot) => {
  const listError = selectDebtListError(s);
  return {
    state: selectDebtState(s),
    shown: selectDebtShown(s),
    loading: selectDebtLoading(s),
    current: selectDebtCurrent(s),
    listError,
    listRetry: canRetry(listError),
    exporting: selectDebtExporting(s),
    exportError: selectDebtExportError(s),
    openBan: selectNoticeBan(s),
    noticeHeld: selectNoticeHeld(s),
  };
};

/** What the notice panel renders. */
export const connectNotice = (s: DebtSnapshot) => ({
  phase: selectNoticePhase(s),
  notice: selectNotice(s),
  ...errorWithRetry(selectNoticeError(s)),
  downloading: selectDownloading(s),
  ban: selectNoticeBan(s),
});
