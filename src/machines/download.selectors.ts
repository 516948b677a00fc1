import type { SnapshotFrom } from 'xstate';
import { uploadPercent } from '@/domain/upload.rules';
import type { DownloadMachine } from './download.machine';

export type DownloadSnapshot = SnapshotFrom<DownloadMachine>;

/** The state (the button's `data-state`). */
export const selectDownloadPhase = (s: DownloadSnapshot): DownloadSnapshot['value'] => s.value;
/** Bytes received and percent (null when the size is unknown), while downloading. */
export const selectDownloadProgress = (
  s: DownloadSnapshot,
): { loaded: number; percent: number | null } | null =>
  s.matches('downloading') && s.context.progress
    ? {
        loaded: s.context.progress.loaded,
        percent:
          s.context.progress.total > 0
            ? uploadPercent(s.context.progress.loaded, s.context.progress.total)
            : null,
      }
    : null;
/** Code of the failure shown. */
export const selectDownloadError = (s: DownloadSnapshot): string | null =>
  s.matches('failed') ? s.context.error : null;
/** The file was saved (idle after a download). */
export const selectDownloadSaved = (s: DownloadSnapshot): boolean => s.matches('idle') && s.context.saved;

/** What the download button renders (decisions AR18): read by `useWorkflow` in one selector. */
export const connectDownload = (s: DownloadSnapshot) => ({
  phase: selectDownloadPhase(s),
  progress: selectDownloadProgress(s),
  error: selectDownloadError(s),
  saved: selectDownloadSaved(s),
});
