import { assign, setup } from 'xstate';
import {
  DEFAULT_UPLOAD_LIMITS,
  isAcceptedUploadKind,
  refuseUploadFile,
  type UploadKind,
  type UploadLimits,
} from '@/domain/upload.rules';
import { failTo, failWhen, outputTo } from './call-fragment';
import { errorCodeOf, NO_SESSION_CODE, unprovided } from './error-code';
import type { StateMeta } from './state-meta';

/**
 * Upload of one file to one target (spec 4 "Document upload status: 0 initial, 1 ok, 2 error with server message";
 * spec 8 E118; docs/decisions.md DOC3-DOC6): choose a file (picker or drag and drop), check it on the client (size,
 * name, then its first bytes), send it with progress (cancellable), and show what the server answered; a failed send
 * may be retried, a refused file replaced by another.
 *
 * Generic on purpose: the chart knows nothing of documents. Its input names an opaque `target` (`{ kind: 'document',
 * id: docId }` for `documents/re-upload`, `{ kind: 'at39', id: registrationId }` for AT 39's `docs/save-doc`…) and,
 * optionally, other limits; the composition root provides `uploadFile` for the targets it knows
 * (`createUploadLogic` in src/app/upload.actors.ts). The server checks the same file again by its bytes (E118).
 */

/** What an upload goes to, opaque to the chart: the upload actor picks the call by `kind`. */
export interface UploadTarget {
  readonly kind: string;
  readonly id: string;
}

/** A chosen file: its name and size as the browser reports them, and its bytes. */
export interface UploadFile {
  readonly name: string;
  readonly size: number;
  /** the browser's guess of its type (not trusted: the bytes decide) */
  readonly type: string;
  readonly blob: Blob;
}

/** What the server answered to an accepted upload: spec 4's status (1 ok, 2 error with its message). */
export interface UploadReceipt {
  readonly status: 0 | 1 | 2;
  readonly message: string | null;
}

/** Bytes sent so far of the file's total. */
export interface UploadProgress {
  readonly loaded: number;
  readonly total: number;
}

/** Input of the chart: the target, and limits other than the default (PDF/JPEG/PNG up to 20 MB). */
export interface UploadInput {
  readonly target: UploadTarget;
  readonly limits?: UploadLimits;
}

/** Input of `sniffFile`: the file whose first bytes tell its kind. */
export interface SniffFileInput {
  readonly file: UploadFile;
}

/** Input of `uploadFile`: the file and where it goes. */
export interface UploadFileInput {
  readonly target: UploadTarget;
  readonly file: UploadFile;
}

/** Context: small and enumerable (every value comes from the input or an event payload). */
export interface UploadContext {
  readonly target: UploadTarget;
  readonly limits: UploadLimits;
  readonly file: UploadFile | null;
  readonly progress: UploadProgress | null;
  /** Catalogue code of the refusal or failure shown: 'E118', 'upload.tooLarge', 'upload.empty', 'network', … */
  readonly error: string | null;
  readonly receipt: UploadReceipt | null;
  /** The last upload was cancelled by the user (idle says so). */
  readonly cancelled: boolean;
}

/**
 * Events of the upload chart.
 * - `upload.open`: user intent to open the file picker.
 * - `upload.dismiss`: fact from the picker: it closed without a file.
 * - `file.chosen`: a file was picked or dropped (user intent).
 * - `upload.progressed`: fact from the running upload actor: `loaded` of `total` bytes are sent.
 * - `upload.cancel`: user intent to stop the running upload.
 * - `upload.retry`: user intent to send the same file again after a failure.
 */
export type UploadEvent =
  | { type: 'upload.open' }
  | { type: 'upload.dismiss' }
  | { type: 'file.chosen'; file: UploadFile }
  | { type: 'upload.progressed'; loaded: number; total: number }
  | { type: 'upload.cancel' }
  | { type: 'upload.retry' };

/** Tags: `busy` the file is being checked or sent; `error` a refusal or failure is shown. */
export type UploadTag = 'busy' | 'error';

/** Codes the server gives when the file itself is wrong: choosing another file helps, retrying does not. */
const FILE_CODES: readonly string[] = ['E118', 'upload.tooLarge', 'upload.empty'];

/** Choosing a file is accepted in every state at rest; each one checks it the same way. */
const chooseFile = {
  'file.chosen': [
    {
      guard: { type: 'isRefusedFile', params: ({ event }: { event: { file: UploadFile } }) => event },
      target: '#upload.rejected',
      actions: { type: 'assignRefusal', params: ({ event }: { event: { file: UploadFile } }) => event },
    },
    {
      target: '#upload.validating',
      actions: { type: 'assignFile', params: ({ event }: { event: { file: UploadFile } }) => event },
    },
  ],
} as const;

export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as UploadInput,
    meta: {} as StateMeta,
    tags: {} as UploadTag,
  },
  actors: {
    /** Reads the file's first bytes and says which kind it really is (null: none accepted). */
    sniffFile: unprovided<UploadKind | null, SniffFileInput>('sniffFile'),
    /**
     * Sends the file to the target and resolves with the server's status; tells its parent `upload.progressed` as
     * bytes go out. Stopping it (cancel, unmount) aborts the request. Rejects with the API failure (E118, network…).
     */
    uploadFile: unprovided<UploadReceipt, UploadFileInput>('uploadFile'),
  },
  guards: {
    isRefusedFile: ({ context }, params: { file: UploadFile }) =>
      refuseUploadFile(params.file, context.limits) !== null,
    isAcceptedContent: ({ context }, params: { kind: UploadKind | null }) =>
      isAcceptedUploadKind(params.kind, context.limits),
    isRefusedByServer: (_, params: { error: unknown }) => FILE_CODES.includes(errorCodeOf(params.error)),
    canRetry: ({ context }) => context.error !== NO_SESSION_CODE,
  },
  actions: {
    assignFile: assign((_, params: { file: UploadFile }) => ({
      file: params.file,
      error: null,
      receipt: null,
      progress: null,
      cancelled: false,
    })),
    assignRefusal: assign(({ context }, params: { file: UploadFile }) => ({
      file: params.file,
      error: refuseUploadFile(params.file, context.limits),
      receipt: null,
      progress: null,
      cancelled: false,
    })),
    assignNotAccepted: assign({ error: 'E118' }),
    assignUnreadable: assign({ error: 'upload.unreadable' }),
    startProgress: assign(({ context }) => ({
      progress: { loaded: 0, total: context.file?.size ?? 0 },
      error: null,
    })),
    assignProgress: assign((_, params: UploadProgress) => ({
      progress: { loaded: params.loaded, total: params.total },
    })),
    assignReceipt: assign((_, params: { receipt: UploadReceipt }) => ({ receipt: params.receipt })),
    assignError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    markCancelled: assign({ cancelled: true, progress: null, file: null }),
    clearCancelled: assign({ cancelled: false }),
  },
}).createMachine({
  id: 'upload',
  description:
    'Upload of one file to one target: choose (picker or drop), check size, name and bytes on the client, send with ' +
    'progress and cancel, then the server check (E118) and its status; retry a failed send or choose another file.',
  context: ({ input }) => ({
    target: input.target,
    limits: input.limits ?? DEFAULT_UPLOAD_LIMITS,
    file: null,
    progress: null,
    error: null,
    receipt: null,
    cancelled: false,
  }),
  initial: 'idle',
  states: {
    idle: {
      description:
        'Nothing chosen yet (or the last upload was cancelled): the drop zone and the choose button.',
      meta: {
        view: 'drop zone with the choose-file button and the accepted formats and limit',
        testId: 'upload-drop',
      },
      on: {
        'upload.open': { target: 'choosing', actions: 'clearCancelled' },
        ...chooseFile,
      },
    },
    choosing: {
      description: 'The file picker is open; a file may still be dropped on the zone.',
      meta: { view: 'drop zone, the picker open', testId: 'upload-drop' },
      on: {
        'upload.dismiss': 'idle',
        ...chooseFile,
      },
    },
    validating: {
      description:
        'The name and size passed; the first bytes are read to tell the real type (PDF, JPEG, PNG).',
      meta: { view: 'the file name with a checking notice', testId: 'upload-checking' },
      tags: ['busy'],
      invoke: {
        id: 'sniffFile',
        src: 'sniffFile',
        input: ({ context }) => ({ file: context.file as UploadFile }),
        onDone: [
          {
            guard: { type: 'isAcceptedContent', params: ({ event }) => ({ kind: event.output }) },
            target: 'uploading',
          },
          { target: 'rejected', actions: 'assignNotAccepted' },
        ],
        onError: { target: 'rejected', actions: 'assignUnreadable' },
      },
    },
    uploading: {
      description:
        'The file is sent (the server checks its bytes again); progress is shown, the user may cancel.',
      meta: { view: 'progress bar with percent and the cancel button', testId: 'upload-progress' },
      tags: ['busy'],
      entry: 'startProgress',
      invoke: {
        id: 'uploadFile',
        src: 'uploadFile',
        input: ({ context }) => ({ target: context.target, file: context.file as UploadFile }),
        onDone: outputTo('done', 'assignReceipt', 'receipt'),
        onError: [failWhen('isRefusedByServer', 'rejected'), failTo('failed')],
      },
      on: {
        'upload.progressed': {
          actions: { type: 'assignProgress', params: ({ event }) => event },
        },
        'upload.cancel': { target: 'idle', actions: 'markCancelled' },
      },
    },
    done: {
      description:
        "The server took the file and answered its status (1 ok, 2 error with the server's message); another file " +
        'may replace it.',
      meta: {
        view: "the file name, the server's status and message, choose-another button",
        testId: 'upload-done',
      },
      on: {
        'upload.open': 'choosing',
        ...chooseFile,
      },
    },
    failed: {
      description: 'The send failed (network, server); the same file may be sent again, or another chosen.',
      meta: { view: 'error message with retry and choose-another buttons', testId: 'upload-failed' },
      tags: ['error'],
      on: {
        'upload.retry': [
          { guard: 'canRetry', target: 'uploading' },
          { description: 'after E009 the session is ending: nothing to retry' },
        ],
        'upload.open': 'choosing',
        ...chooseFile,
      },
    },
    rejected: {
      description:
        'The file itself is refused (E118 unsupported format, too large, empty, unreadable) by the client or the ' +
        'server; only another file helps.',
      meta: { view: 'the refusal message and the choose-another button', testId: 'upload-rejected' },
      tags: ['error'],
      on: {
        'upload.open': 'choosing',
        ...chooseFile,
      },
    },
  },
});

/** The upload machine's type, for selectors, views and tests. */
export type UploadMachine = typeof uploadMachine;
