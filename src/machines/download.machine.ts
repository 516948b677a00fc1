import { assign, setup } from 'xstate';
import { failTo } from './call-fragment';
import { errorCodeOf, unprovided } from './error-code';
import type { StateMeta } from './state-meta';

/**
 * Download of one file (docs/decisions.md DOC9): a document's PDF (`documents/re-download`), its uploaded scan
 * (`documents/delivery/byId`) or the instruction (`documents/instruction`). One chart per download button: press,
 * progress while the bytes arrive (cancellable), then the file is handed to the browser under a people's name; a
 * failure says why and may be tried again or dismissed.
 */

/** What is downloaded and under which name it is saved. */
export interface DownloadTarget {
  readonly kind: 'pdf' | 'scan' | 'instruction';
  /** the document's id ('' for the instruction) */
  readonly id: string;
  /** the name the file is saved under ('Договор_100234561_2026-11-24.pdf') */
  readonly fileName: string;
  /** the language a bilingual document's PDF is rendered in */
  readonly lang?: 'ru' | 'uz';
}

/** Bytes received so far of the total (0 when the server does not say). */
export interface DownloadProgress {
  readonly loaded: number;
  readonly total: number;
}

/** Input of the chart and of `downloadFile`. */
export interface DownloadInput {
  readonly target: DownloadTarget;
}

export interface DownloadContext {
  readonly target: DownloadTarget;
  readonly progress: DownloadProgress | null;
  /** Catalogue code of the failure shown (E005, E013, network…). */
  readonly error: string | null;
  /** The file was handed to the browser (the button says so until pressed again). */
  readonly saved: boolean;
}

/**
 * Events of the download chart.
 * - `download.start`: user intent to download (again after a failure).
 * - `download.progressed`: fact from the running download actor: `loaded` of `total` bytes arrived.
 * - `download.cancel`: user intent to stop the running download.
 * - `download.dismiss`: user intent to close the failure.
 */
export type DownloadEvent =
  | { type: 'download.start' }
  | { type: 'download.progressed'; loaded: number; total: number }
  | { type: 'download.cancel' }
  | { type: 'download.dismiss' };

/** Tags: `busy` the file is downloading; `error` a failure is shown. */
export type DownloadTag = 'busy' | 'error';

export const downloadMachine = setup({
  types: {
    context: {} as DownloadContext,
    events: {} as DownloadEvent,
    input: {} as DownloadInput,
    meta: {} as StateMeta,
    tags: {} as DownloadTag,
  },
  actors: {
    /** Fetches the file (reporting `download.progressed` to its chart) and hands it to the browser. */
    downloadFile: unprovided<void, DownloadInput>('downloadFile'),
  },
  actions: {
    startDownload: assign({ progress: { loaded: 0, total: 0 }, error: null, saved: false }),
    assignProgress: assign((_, params: DownloadProgress) => ({
      progress: { loaded: params.loaded, total: params.total },
    })),
    markSaved: assign({ saved: true, progress: null }),
    assignError: assign((_, params: { error: unknown }) => ({
      error: errorCodeOf(params.error),
      progress: null,
    })),
    clear: assign({ error: null, progress: null }),
  },
}).createMachine({
  id: 'download',
  description:
    "Download of one file: progress while it arrives, cancel, saved under a people's name, or a clear error.",
  context: ({ input }) => ({ target: input.target, progress: null, error: null, saved: false }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The download button (saying "saved" after a download).',
      meta: { view: 'the download button', testId: 'download-button' },
      on: { 'download.start': { target: 'downloading', actions: 'startDownload' } },
    },
    downloading: {
      description:
        'The file arrives; received bytes (and percent when the size is known) are shown, with cancel.',
      meta: { view: 'the button busy with the progress and a cancel button', testId: 'download-progress' },
      tags: ['busy'],
      invoke: {
        id: 'downloadFile',
        src: 'downloadFile',
        input: ({ context }) => ({ target: context.target }),
        onDone: { target: 'idle', actions: 'markSaved' },
        onError: failTo('failed'),
      },
      on: {
        'download.progressed': { actions: { type: 'assignProgress', params: ({ event }) => event } },
        'download.cancel': { target: 'idle', actions: 'clear' },
      },
    },
    failed: {
      description: 'The download failed: the reason, try again or close.',
      meta: { view: 'the error with retry and close buttons', testId: 'download-error' },
      tags: ['error'],
      on: {
        'download.start': { target: 'downloading', actions: 'startDownload' },
        'download.dismiss': { target: 'idle', actions: 'clear' },
      },
    },
  },
});

export type DownloadMachine = typeof downloadMachine;
