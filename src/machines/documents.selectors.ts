import type { SnapshotFrom } from 'xstate';
import type { DocumentsContent, DocumentsMachine, DocumentsRoute } from './documents.machine';
import { NO_SESSION_CODE } from './error-code';

export type DocumentsSnapshot = SnapshotFrom<DocumentsMachine>;

/** The state (the page's `data-state`). */
export const selectDocumentsPhase = (s: DocumentsSnapshot): DocumentsSnapshot['value'] => s.value;
/** What the URL names. */
export const selectDocumentsRoute = (s: DocumentsSnapshot): DocumentsRoute => s.context.route;
/** The loaded content, once ready. */
export const selectDocumentsContent = (s: DocumentsSnapshot): DocumentsContent | null =>
  s.matches('ready') ? s.context.content : null;
/** Code of the failed load, when shown. */
export const selectDocumentsError = (s: DocumentsSnapshot): string | null =>
  s.matches('failed') ? s.context.error : null;
/** A retry makes sense (not after E009: the session is ending). */
export const selectDocumentsCanRetry = (s: DocumentsSnapshot): boolean =>
  s.matches('failed') && s.context.error !== NO_SESSION_CODE;
/** The filter form's error key. */
export const selectFilterError = (s: DocumentsSnapshot): string | null => s.context.filterError;
