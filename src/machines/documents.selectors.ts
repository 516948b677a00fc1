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

/** What the documents page frame renders (decisions AR18): read by `useWorkflow` in one selector. `retry`: a retry
 *  makes sense (not after E009). */
export const connectDocumentsFrame = (s: DocumentsSnapshot) => ({
  phase: selectDocumentsPhase(s),
  error: selectDocumentsError(s),
  retry: selectDocumentsCanRetry(s),
});

/** What the filter form renders: its error. */
export const connectDocumentsFilter = (s: DocumentsSnapshot) => ({
  filterError: selectFilterError(s),
});

/** What the lists and the order page render: the route and the loaded content. */
export const connectDocumentsContent = (s: DocumentsSnapshot) => ({
  route: selectDocumentsRoute(s),
  content: selectDocumentsContent(s),
});

/** What the one-document page renders: the loaded content (not the route). */
export const connectDocument = (s: DocumentsSnapshot) => ({
  content: selectDocumentsContent(s),
});
