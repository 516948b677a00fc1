import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createDocumentsLogic } from '@/app/documents.actors';
import { downloadMachine } from '@/machines/download.machine';
import {
  connectDownload,
  selectDownloadError,
  selectDownloadPhase,
  selectDownloadProgress,
  selectDownloadSaved,
} from '@/machines/download.selectors';
import type { ApiClient, CallOptions } from '@/services/api/client';
import { snapshotAt } from '../support/connect-table';
import { lintMachine } from '../support/model-universe';
import { downloadInput, noScan } from './documents.payloads';

/** What the chart hands to the browser as a file, recorded instead of saved (the actors take it as `save`). */
const saveBlob = vi.fn();

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A client whose download reports progress and then answers when told. */
function slowClient() {
  const asked: [string, unknown][] = [];
  let finish: { resolve: (b: Blob) => void; reject: (e: unknown) => void } | null = null;
  let progress: CallOptions['onProgress'];
  let signal: AbortSignal | undefined;
  const client = {
    download: (name: string, input: unknown, opts: CallOptions) => {
      asked.push([name, input]);
      progress = opts.onProgress;
      signal = opts.signal;
      return new Promise<Blob>((resolve, reject) => {
        finish = { resolve, reject };
      });
    },
  } as unknown as ApiClient;
  return {
    api: async () => client,
    asked,
    progress: (loaded: number, total: number) => progress?.(loaded, total),
    finish: (b: Blob) => finish?.resolve(b),
    fail: (e: unknown) => finish?.reject(e),
    aborted: () => signal?.aborted === true,
  };
}

describe('download machine', () => {
  it('follows the conventions the harness relies on', () => {
    expect(lintMachine(downloadMachine)).toEqual([]);
  });

  it('downloads the PDF in the page language with progress and saves it under the people’s name', async () => {
    const c = slowClient();
    const actor = createActor(createDocumentsLogic(c.api, saveBlob).download, {
      input: downloadInput,
    }).start();
    actor.send({ type: 'download.start' });
    await flush();
    expect(c.asked).toEqual([['documents.reDownload', { query: { docId: '52', lang: 'ru' } }]]);
    c.progress(20_480, 81_920);
    expect(selectDownloadProgress(actor.getSnapshot())).toEqual({ loaded: 20_480, percent: 25 });
    c.progress(40_960, 0);
    expect(selectDownloadProgress(actor.getSnapshot())?.percent).toBeNull();
    const pdf = new Blob(['%PDF-'], { type: 'application/pdf' });
    c.finish(pdf);
    await flush();
    expect(selectDownloadSaved(actor.getSnapshot())).toBe(true);
    expect(saveBlob).toHaveBeenCalledWith(pdf, 'Заявление_100672418_2026-11-18.pdf');
  });

  it('a failure says why (E013 no scan yet); retry, dismiss; cancel aborts the request', async () => {
    const c = slowClient();
    const actor = createActor(createDocumentsLogic(c.api, saveBlob).download, {
      input: { target: { kind: 'scan', id: '41', fileName: 'скан.pdf' } },
    }).start();
    actor.send({ type: 'download.start' });
    await flush();
    expect(c.asked[0]).toEqual(['documents.delivery', { query: { id: '41' } }]);
    c.fail(noScan);
    await flush();
    expect(selectDownloadError(actor.getSnapshot())).toBe('E013');
    actor.send({ type: 'download.dismiss' });
    expect(selectDownloadPhase(actor.getSnapshot())).toBe('idle');
    actor.send({ type: 'download.start' });
    await flush();
    actor.send({ type: 'download.cancel' });
    expect(c.aborted()).toBe(true);
    expect(selectDownloadPhase(actor.getSnapshot())).toBe('idle');
  });
});

/** What the download button renders in a state (decisions AR18): the connect function as a table. */
describe('download connect', () => {
  const at = (
    value: Parameters<typeof snapshotAt<typeof downloadMachine>>[1],
    context: Parameters<typeof snapshotAt<typeof downloadMachine>>[2] = {},
  ) => snapshotAt(downloadMachine, value, context, downloadInput);

  it.each([
    ['at rest', at('idle'), { phase: 'idle', progress: null, error: null, saved: false }],
    [
      'downloading a file of known size: bytes and percent',
      at('downloading', { progress: { loaded: 300, total: 1200 } }),
      { phase: 'downloading', progress: { loaded: 300, percent: 25 }, error: null, saved: false },
    ],
    [
      'downloading a file of unknown size: bytes only',
      at('downloading', { progress: { loaded: 4096, total: 0 } }),
      { phase: 'downloading', progress: { loaded: 4096, percent: null }, error: null, saved: false },
    ],
    [
      'failed: its code',
      at('failed', { error: 'E013' }),
      { phase: 'failed', progress: null, error: 'E013', saved: false },
    ],
    ['saved', at('idle', { saved: true }), { phase: 'idle', progress: null, error: null, saved: true }],
  ] as const)('button: %s', (_, snapshot, expected) => {
    expect(connectDownload(snapshot)).toEqual(expected);
  });
});
