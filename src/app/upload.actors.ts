import { fromPromise } from 'xstate';
import { sniffUploadKind, UPLOAD_SNIFF_BYTES, type UploadKind } from '@/domain/upload.rules';
import {
  type SniffFileInput,
  type UploadEvent,
  type UploadFileInput,
  type UploadReceipt,
  type UploadTarget,
  uploadMachine,
} from '@/machines/upload.machine';
import type { ApiLoader, AppApi } from './api';
import { invokerOf } from './invoker';

/**
 * Real actors of the upload chart. The chart is generic (src/machines/upload.machine.ts): what a target means is
 * decided here, by an `UploadSender` per target kind. The documents area uses `document` (POST
 * online-sales/documents/re-upload?docId); another workflow adds its own sender, e.g. AT 39's `docs/save-doc`:
 *
 * ```ts
 * const at39Upload = createUploadLogic({
 *   at39: async (api, { target, file }, opts) => {
 *     await (await api()).upload('at39.saveDoc', { fields: { registration_id: target.id }, file: file.blob,
 *       fileName: file.name }, opts);
 *     return { status: 1, message: null };
 *   },
 * }, api.load);
 * ```
 *
 * A sender gets the abort signal (cancel, unmount) and reports progress through `onProgress`; the API client sends an
 * upload with progress through XMLHttpRequest. Whatever it throws ends the upload as failed (or
 * refused, for E118).
 */

/** Options the chart's actor hands a sender. */
export interface UploadSendOptions {
  readonly signal: AbortSignal;
  readonly onProgress: (loaded: number, total: number) => void;
}

/** Sends one file to one kind of target; resolves with the server's status. */
export type UploadSender = (
  api: ApiLoader,
  input: UploadFileInput,
  opts: UploadSendOptions,
) => Promise<UploadReceipt>;

/** The senders the app knows, by target kind. */
export type UploadSenders = Readonly<Record<string, UploadSender>>;

/** POST online-sales/documents/re-upload?docId: a new scan of a document (spec 7); the reply is its new status. */
export const documentUploadSender: UploadSender = async (api, { target, file }, opts) => {
  const reply = await (await api()).upload(
    'documents.reUpload',
    { query: { docId: target.id }, file: file.blob, fileName: file.name },
    opts,
  );
  return { status: reply.status, message: reply.message ?? null };
};

/** The senders of the portal's own targets. */
export const DEFAULT_UPLOAD_SENDERS: UploadSenders = { document: documentUploadSender };

/** A target kind without a sender: a programming error, reported as a failed upload. */
export class UnknownUploadTarget extends Error {
  override readonly name = 'UnknownUploadTarget';
  readonly code = 'unknown';
  constructor(target: UploadTarget) {
    super(`no upload sender for target kind '${target.kind}'`);
  }
}

/** Reads the first bytes of a file and names its real kind (the same rule the server applies). */
export async function sniffBlob(blob: Blob): Promise<UploadKind | null> {
  const head = new Uint8Array(await blob.slice(0, UPLOAD_SNIFF_BYTES).arrayBuffer());
  return sniffUploadKind(head);
}

/** The upload chart provided with the file reader and the senders (`DEFAULT_UPLOAD_SENDERS` plus `senders`). */
export function createUploadLogic(api: ApiLoader, senders: UploadSenders = {}) {
  const all: UploadSenders = { ...DEFAULT_UPLOAD_SENDERS, ...senders };
  return uploadMachine.provide({
    actors: {
      sniffFile: fromPromise<UploadKind | null, SniffFileInput>(({ input }) => sniffBlob(input.file.blob)),
      uploadFile: fromPromise<UploadReceipt, UploadFileInput>(async ({ input, signal, self }) => {
        const send = all[input.target.kind];
        if (!send) throw new UnknownUploadTarget(input.target);
        const invoker = invokerOf<UploadEvent>(self);
        return send(api, input, {
          signal,
          onProgress: (loaded, total) => {
            if (!signal.aborted) invoker?.send({ type: 'upload.progressed', loaded, total });
          },
        });
      }),
    },
  });
}

/** The page workflows this area provides (its manifest ./upload.workflow.ts; composed in ./page-logic.generated.ts). */
export const pageLogic = (api: AppApi) => ({ upload: createUploadLogic(api.load) });
