import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createUploadLogic, sniffBlob, type UploadSender } from '@/app/upload.actors';
import { DEFAULT_UPLOAD_LIMITS } from '@/domain/upload.rules';
import type { UploadFileInput } from '@/machines/upload.machine';
import { uploadMachine } from '@/machines/upload.machine';
import {
  connectUpload,
  selectUploadCancelled,
  selectUploadCanRetry,
  selectUploadError,
  selectUploadPercent,
  selectUploadPhase,
  selectUploadReceipt,
} from '@/machines/upload.selectors';
import { snapshotAt } from '../support/connect-table';
import { lintMachine } from '../support/model-universe';
import {
  accepted,
  badFormat,
  hugeScan,
  noSession,
  offline,
  renamedExe,
  scanPdf,
  setupExe,
  uploadInput,
} from './upload.payloads';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A sender under the test's control: records each call, reports progress, settles when told. */
function controlledSender() {
  const calls: { input: UploadFileInput; signal: AbortSignal }[] = [];
  let settle: { resolve: (v: typeof accepted) => void; reject: (e: unknown) => void } | null = null;
  let progress: ((loaded: number, total: number) => void) | null = null;
  const sender: UploadSender = (_api, input, opts) => {
    calls.push({ input, signal: opts.signal });
    progress = opts.onProgress;
    return new Promise((resolve, reject) => {
      settle = { resolve, reject };
    });
  };
  return {
    sender,
    calls,
    progress: (loaded: number, total: number) => progress?.(loaded, total),
    resolve: (v = accepted) => settle?.resolve(v),
    reject: (e: unknown) => settle?.reject(e),
  };
}

const noApi = () => Promise.reject(new Error('the fake sender does not use the API'));

function start(sender: UploadSender, target = uploadInput.target) {
  const logic = createUploadLogic(noApi, { document: sender, at39: sender });
  return createActor(logic, { input: { target } }).start();
}

describe('upload machine', () => {
  it('follows the conventions the harness relies on', () => {
    expect(lintMachine(uploadMachine)).toEqual([]);
  });

  it('sends a PDF with progress and shows the server status 1', async () => {
    const s = controlledSender();
    const actor = start(s.sender);
    actor.send({ type: 'upload.open' });
    expect(selectUploadPhase(actor.getSnapshot())).toBe('choosing');
    actor.send({ type: 'file.chosen', file: scanPdf });
    expect(selectUploadPhase(actor.getSnapshot())).toBe('validating');
    await flush();
    expect(selectUploadPhase(actor.getSnapshot())).toBe('uploading');
    expect(s.calls.map((c) => c.input)).toEqual([{ target: uploadInput.target, file: scanPdf }]);
    s.progress(262_144, 1_048_576);
    expect(selectUploadPercent(actor.getSnapshot())).toBe(25);
    s.resolve();
    await flush();
    expect(selectUploadPhase(actor.getSnapshot())).toBe('done');
    expect(selectUploadReceipt(actor.getSnapshot())).toEqual(accepted);
  });

  it('refuses a renamed program by its bytes and a program by its name, both E118, before sending', async () => {
    const s = controlledSender();
    const actor = start(s.sender);
    actor.send({ type: 'file.chosen', file: setupExe });
    expect(selectUploadPhase(actor.getSnapshot())).toBe('rejected');
    expect(selectUploadError(actor.getSnapshot())).toBe('E118');
    actor.send({ type: 'file.chosen', file: renamedExe });
    await flush();
    expect(selectUploadPhase(actor.getSnapshot())).toBe('rejected');
    expect(selectUploadError(actor.getSnapshot())).toBe('E118');
    actor.send({ type: 'file.chosen', file: hugeScan });
    expect(selectUploadError(actor.getSnapshot())).toBe('upload.tooLarge');
    expect(s.calls).toEqual([]);
  });

  it('a server E118 is a refusal (no retry); a network failure is retried with the same file', async () => {
    const s = controlledSender();
    const actor = start(s.sender);
    actor.send({ type: 'file.chosen', file: scanPdf });
    await flush();
    s.reject(badFormat);
    await flush();
    expect(selectUploadPhase(actor.getSnapshot())).toBe('rejected');
    expect(selectUploadCanRetry(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'file.chosen', file: scanPdf });
    await flush();
    s.reject(offline);
    await flush();
    expect(selectUploadPhase(actor.getSnapshot())).toBe('failed');
    expect(selectUploadCanRetry(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'upload.retry' });
    await flush();
    expect(s.calls).toHaveLength(3);
    expect(s.calls[2]?.input.file).toBe(scanPdf);
    s.resolve();
    await flush();
    expect(selectUploadPhase(actor.getSnapshot())).toBe('done');
  });

  it('cancel aborts the request and drops the file; a late answer is ignored', async () => {
    const s = controlledSender();
    const actor = start(s.sender);
    actor.send({ type: 'file.chosen', file: scanPdf });
    await flush();
    actor.send({ type: 'upload.cancel' });
    expect(s.calls[0]?.signal.aborted).toBe(true);
    expect(selectUploadPhase(actor.getSnapshot())).toBe('idle');
    expect(selectUploadCancelled(actor.getSnapshot())).toBe(true);
    s.resolve();
    await flush();
    expect(selectUploadPhase(actor.getSnapshot())).toBe('idle');
  });

  it('E009 offers no retry (the session is ending)', async () => {
    const s = controlledSender();
    const actor = start(s.sender);
    actor.send({ type: 'file.chosen', file: scanPdf });
    await flush();
    s.reject(noSession);
    await flush();
    expect(selectUploadError(actor.getSnapshot())).toBe('E009');
    actor.send({ type: 'upload.retry' });
    expect(selectUploadPhase(actor.getSnapshot())).toBe('failed');
    expect(s.calls).toHaveLength(1);
  });

  it('is generic: another target kind goes to its own sender; an unknown kind fails the upload', async () => {
    const s = controlledSender();
    const at39 = start(s.sender, { kind: 'at39', id: '77' });
    at39.send({ type: 'file.chosen', file: scanPdf });
    await flush();
    expect(s.calls[0]?.input.target).toEqual({ kind: 'at39', id: '77' });
    const unknown = start(s.sender, { kind: 'nowhere', id: '1' });
    unknown.send({ type: 'file.chosen', file: scanPdf });
    await flush();
    await flush();
    expect(selectUploadPhase(unknown.getSnapshot())).toBe('failed');
  });

  it('reads the real kind from the first bytes', async () => {
    expect(await sniffBlob(scanPdf.blob)).toBe('pdf');
    expect(await sniffBlob(renamedExe.blob)).toBeNull();
  });
});

/** What the upload widget renders in a state (decisions AR18): the connect function as a table. */
describe('upload connect', () => {
  const at = (
    value: Parameters<typeof snapshotAt<typeof uploadMachine>>[1],
    context: Parameters<typeof snapshotAt<typeof uploadMachine>>[2] = {},
  ) => snapshotAt(uploadMachine, value, context, uploadInput);
  const file = { name: 'Договор_100234561_подписан.pdf', size: 1_048_576 };

  it.each([
    [
      'at rest: nothing chosen, the default limits',
      at('idle'),
      {
        phase: 'idle',
        busy: false,
        file: null,
        percent: null,
        error: null,
        retry: false,
        cancelled: false,
        limits: DEFAULT_UPLOAD_LIMITS,
      },
    ],
    ['cancelled: idle says so', at('idle', { cancelled: true }), { phase: 'idle', cancelled: true }],
    [
      'uploading: busy, the file and the percent sent',
      at('uploading', { file: scanPdf, progress: { loaded: 524_288, total: 1_048_576 } }),
      { phase: 'uploading', busy: true, file, percent: 50, error: null },
    ],
    [
      'a network failure may be retried',
      at('failed', { file: scanPdf, error: 'network' }),
      { phase: 'failed', busy: false, file, error: 'network', retry: true },
    ],
    [
      'E009 offers no retry',
      at('failed', { file: scanPdf, error: 'E009' }),
      { phase: 'failed', error: 'E009', retry: false },
    ],
    [
      'a refused file: its code, no retry',
      at('rejected', { file: setupExe, error: 'E118' }),
      { phase: 'rejected', error: 'E118', retry: false, file: { name: 'setup.exe', size: 73_728 } },
    ],
    [
      'done: the receipt',
      at('done', { file: scanPdf, receipt: accepted }),
      { phase: 'done', receipt: { status: 1, message: null }, error: null, percent: null },
    ],
  ] as const)('widget: %s', (_, snapshot, expected) => {
    expect(connectUpload(snapshot)).toMatchObject(expected);
  });
});
