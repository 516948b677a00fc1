import type { SnapshotFrom } from 'xstate';
import { uploadPercent } from '@/domain/upload.rules';
import { NO_SESSION_CODE } from './error-code';
import type { UploadContext, UploadMachine, UploadReceipt } from './upload.machine';

/** A snapshot of the upload machine, as `useSelector` hands it to a selector. */
export type UploadSnapshot = SnapshotFrom<UploadMachine>;

/** The view's phase: which panel it shows (the chart's states, so renaming one fails `tsc`, AR11). */
export type UploadPhase = UploadSnapshot['value'];

/** The state (the widget's `data-state`). */
export const selectUploadPhase = (s: UploadSnapshot): UploadPhase => s.value;
/** The file is being checked or sent: the choose button is disabled, the zone takes no drop. */
export const selectUploadBusy = (s: UploadSnapshot): boolean => s.hasTag('busy');
/** The chosen file's name and size (null before a choice, after a cancel). */
export const selectUploadFile = (s: UploadSnapshot): { name: string; size: number } | null =>
  s.context.file ? { name: s.context.file.name, size: s.context.file.size } : null;
/** Percent sent while uploading, else null. */
export const selectUploadPercent = (s: UploadSnapshot): number | null =>
  s.matches('uploading') && s.context.progress
    ? uploadPercent(s.context.progress.loaded, s.context.progress.total)
    : null;
/** Code of the refusal or failure shown. */
export const selectUploadError = (s: UploadSnapshot): string | null =>
  s.hasTag('error') ? s.context.error : null;
/** The failure may be retried with the same file (never after E009: the session is ending). */
export const selectUploadCanRetry = (s: UploadSnapshot): boolean =>
  s.matches('failed') && s.context.error !== NO_SESSION_CODE;
/** What the server answered, once done. */
export const selectUploadReceipt = (s: UploadSnapshot): UploadReceipt | null =>
  s.matches('done') ? s.context.receipt : null;
/** The last upload was cancelled (idle says so). */
export const selectUploadCancelled = (s: UploadSnapshot): boolean => s.matches('idle') && s.context.cancelled;
/** The accepted kinds and the size limit. */
export const selectUploadLimits = (s: UploadSnapshot): UploadContext['limits'] => s.context.limits;

/** What the upload widget renders (decisions AR18): read by `useWorkflow` in one selector. `retry`: the failure may
 *  be retried with the same file (never after E009). */
export const connectUpload = (s: UploadSnapshot) => ({
  phase: selectUploadPhase(s),
  busy: selectUploadBusy(s),
  file: selectUploadFile(s),
  percent: selectUploadPercent(s),
  error: selectUploadError(s),
  retry: selectUploadCanRetry(s),
  receipt: selectUploadReceipt(s),
  cancelled: selectUploadCancelled(s),
  limits: selectUploadLimits(s),
});
