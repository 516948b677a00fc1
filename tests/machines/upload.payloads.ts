import type { AnyEventObject } from 'xstate';
import { UPLOAD_MAX_BYTES } from '@/domain/upload.rules';
import type { UploadFile, UploadInput, UploadReceipt } from '@/machines/upload.machine';
import { ApiFailure } from '@/services/api/api-error';
import type { EventPayloads } from '../support/model-universe';

/**
 * Realistic events and actor results of the upload chart (model paths, oracle, view walk, unit tests). Guards see
 * both outcomes: a file refused by its name or size and one that passes; bytes of an accepted kind and not; a server
 * failure that is the file's (E118) and one that is not (network, E009).
 */

export const uploadInput: UploadInput = { target: { kind: 'document', id: '41' } };

const PDF_HEAD = [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37];
const EXE_HEAD = [0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00];

const fileOf = (name: string, head: readonly number[], size: number, type: string): UploadFile => ({
  name,
  size,
  type,
  blob: new Blob([new Uint8Array(head)], { type }),
});

/** A signed scan as a PDF: name, size and bytes all fine. */
export const scanPdf = fileOf('Договор_100234561_подписан.pdf', PDF_HEAD, 1_048_576, 'application/pdf');
/** A program renamed to .pdf: the name passes, the bytes (`MZ`) do not (E118). */
export const renamedExe = fileOf('scan.pdf', EXE_HEAD, 73_728, 'application/pdf');
/** A program as it is: refused by its name (E118). */
export const setupExe = fileOf('setup.exe', EXE_HEAD, 73_728, 'application/x-msdownload');
/** A scan over the 20 MB limit. */
export const hugeScan = fileOf('scan-600dpi.pdf', PDF_HEAD, UPLOAD_MAX_BYTES + 1, 'application/pdf');
/** An empty file. */
export const emptyPdf = fileOf('empty.pdf', [], 0, 'application/pdf');

export const accepted: UploadReceipt = { status: 1, message: null };
export const checkFailed: UploadReceipt = { status: 2, message: 'Подпись на скане не читается' };

export const offline = new ApiFailure({ kind: 'network' });
export const noSession = new ApiFailure({ kind: 'server', code: 'E009' });
export const badFormat = new ApiFailure({ kind: 'server', code: 'E118' });

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });

export const uploadPayloads: EventPayloads = {
  'file.chosen': [
    { type: 'file.chosen', file: scanPdf },
    { type: 'file.chosen', file: setupExe },
    { type: 'file.chosen', file: hugeScan },
    { type: 'file.chosen', file: emptyPdf },
    { type: 'file.chosen', file: renamedExe },
  ],
  'xstate.done.actor.sniffFile': [done('sniffFile', 'pdf'), done('sniffFile', null)],
  'xstate.error.actor.sniffFile': [fail('sniffFile', new Error('NotReadableError'))],
  'upload.progressed': [{ type: 'upload.progressed', loaded: 524_288, total: 1_048_576 }],
  'xstate.done.actor.uploadFile': [done('uploadFile', accepted), done('uploadFile', checkFailed)],
  'xstate.error.actor.uploadFile': [
    fail('uploadFile', badFormat),
    fail('uploadFile', offline),
    fail('uploadFile', noSession),
  ],
};

/** The model-test entry of the upload chart (tests/support/model-registry.ts). */
export const uploadModelEntry = { id: 'upload', input: uploadInput, payloads: uploadPayloads } as const;
