import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { DEFAULT_DEBT_PARAMS } from '@/domain/debt.rules';
import type { DebtNoticeInput, ExportDebtsInput, FetchDebtsInput } from '@/machines/debt.machine';
import { debtMachine } from '@/machines/debt.machine';
import {
  canRetry,
  connectDebtList,
  connectNotice,
  selectDebtExportError,
  selectDebtExporting,
  selectDebtListError,
  selectDebtShown,
  selectDebtState,
  selectNotice,
  selectNoticeError,
  selectNoticePhase,
} from '@/machines/debt.selectors';
import { snapshotAt } from '../support/connect-table';
import { lintMachine } from '../support/model-universe';
import {
  debtInput,
  debtPage,
  filteredParams,
  noSession,
  offline,
  paxtaRow,
  sentNotice,
  unsentNotice,
} from './debt.payloads';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function answering(opts: { failMark?: boolean; failExport?: boolean; failDownload?: unknown } = {}) {
  const calls = {
    fetch: [] as FetchDebtsInput[],
    notice: [] as DebtNoticeInput[],
    mark: [] as DebtNoticeInput[],
    download: [] as DebtNoticeInput[],
    export: [] as ExportDebtsInput[],
  };
  let markFailures = opts.failMark ? 1 : 0;
  const machine = debtMachine.provide({
    actors: {
      fetchDebts: fromPromise(async ({ input }: { input: FetchDebtsInput }) => {
        calls.fetch.push(input);
        return debtPage;
      }),
      fetchNotice: fromPromise(async ({ input }: { input: DebtNoticeInput }) => {
        calls.notice.push(input);
        return unsentNotice;
      }),
      markNoticeSent: fromPromise(async ({ input }: { input: DebtNoticeInput }) => {
        calls.mark.push(input);
        if (markFailures-- > 0) throw offline;
        return sentNotice;
      }),
      downloadNotice: fromPromise(async ({ input }: { input: DebtNoticeInput }) => {
        calls.download.push(input);
        if (opts.failDownload) throw opts.failDownload;
      }),
      exportDebts: fromPromise(async ({ input }: { input: ExportDebtsInput }) => {
        calls.export.push(input);
        if (opts.failExport) throw offline;
      }),
    },
  });
  return { actor: createActor(machine, { input: debtInput }), calls };
}

describe('debt machine', () => {
  it('follows the conventions the harness relies on', () => {
    expect(lintMachine(debtMachine)).toEqual([]);
  });

  it('loads the page the URL asks for, then a new filter, and ignores the same one', async () => {
    const { actor, calls } = answering();
    actor.start();
    await flush();
    expect(selectDebtState(actor.getSnapshot())).toBe('list.ready notice.closed export.idle');
    expect(selectDebtShown(actor.getSnapshot())?.rows).toEqual([paxtaRow]);
    actor.send({ type: 'params.changed', params: DEFAULT_DEBT_PARAMS });
    actor.send({ type: 'params.changed', params: filteredParams });
    await flush();
    expect(calls.fetch.map((c) => c.params)).toEqual([DEFAULT_DEBT_PARAMS, filteredParams]);
  });

  it('opens a notice, marks it as sent after one failure and retry, updates the row, downloads the PDF', async () => {
    const { actor, calls } = answering({ failMark: true });
    actor.start();
    await flush();
    actor.send({ type: 'notice.open', ban: paxtaRow.ban });
    await flush();
    expect(selectNoticePhase(actor.getSnapshot())).toBe('unsent');
    expect(selectNotice(actor.getSnapshot())?.text.ru[0]).toContain('Уведомление');
    actor.send({ type: 'notice.markSent' });
    await flush();
    expect(selectNoticePhase(actor.getSnapshot())).toBe('markFailed');
    expect(selectNoticeError(actor.getSnapshot())).toBe('network');
    actor.send({ type: 'notice.markSent' });
    await flush();
    expect(selectNoticePhase(actor.getSnapshot())).toBe('sent');
    expect(selectDebtShown(actor.getSnapshot())?.rows[0]?.sent?.by).toBe('okk');
    actor.send({ type: 'notice.download' });
    await flush();
    expect(calls.mark).toEqual([{ ban: paxtaRow.ban }, { ban: paxtaRow.ban }]);
    expect(calls.download).toEqual([{ ban: paxtaRow.ban }]);
    expect(selectDebtState(actor.getSnapshot())).toContain('notice.sent');
  });

  it('keeps E009 as a code and offers no retry for it (the session is ending)', async () => {
    const { actor } = answering({ failDownload: noSession });
    actor.start();
    await flush();
    actor.send({ type: 'notice.open', ban: paxtaRow.ban });
    await flush();
    actor.send({ type: 'notice.markSent' });
    await flush();
    actor.send({ type: 'notice.download' });
    await flush();
    expect(selectNoticeError(actor.getSnapshot())).toBe('E009');
    expect(canRetry(selectNoticeError(actor.getSnapshot()))).toBe(false);
    expect(canRetry('network')).toBe(true);
  });

  it('exports the current filter in the chosen format; a failure can be dismissed', async () => {
    const { actor, calls } = answering({ failExport: true });
    actor.start();
    actor.send({ type: 'params.changed', params: filteredParams });
    actor.send({ type: 'export.start', format: 'xlsx' });
    expect(selectDebtExporting(actor.getSnapshot())).toBe('xlsx');
    await flush();
    expect(calls.export).toEqual([{ params: filteredParams, format: 'xlsx' }]);
    expect(selectDebtExportError(actor.getSnapshot())).toBe('network');
    actor.send({ type: 'export.dismiss' });
    expect(selectDebtState(actor.getSnapshot())).toContain('export.idle');
    expect(selectDebtListError(actor.getSnapshot())).toBeNull();
  });
});

describe('debt connect', () => {
  type At = Parameters<typeof snapshotAt<typeof debtMachine>>;
  const at = (
    list: 'loading' | 'ready' | 'failed',
    notice:
      | 'closed'
      | 'loading'
      | 'loadFailed'
      | 'unsent'
      | 'marking'
      | 'markFailed'
      | 'sent'
      | 'downloading'
      | 'downloadFailed',
    context: At[2] = {},
    exportState: 'idle' | 'exporting' | 'failed' = 'idle',
  ) => snapshotAt(debtMachine, { list, notice, export: exportState }, context, debtInput);
  const shown = { ...debtPage, params: DEFAULT_DEBT_PARAMS };

  it.each([
    [
      'loading, nothing yet',
      at('loading', 'closed'),
      {
        state: 'list.loading notice.closed export.idle',
        shown: null,
        loading: true,
        current: false,
        listError: null,
        listRetry: false,
        openBan: null,
      },
    ],
    [
      'a ready page with a notice open',
      at('ready', 'unsent', { shown, ban: paxtaRow.ban }),
      { shown, loading: false, current: true, openBan: paxtaRow.ban },
    ],
    [
      'a failed page may be retried',
      at('failed', 'closed', { shown, listError: 'network' }),
      { shown, current: false, listError: 'network', listRetry: true },
    ],
    [
      'E009 offers no retry',
      at('failed', 'closed', { listError: 'E009' }),
      { listError: 'E009', listRetry: false },
    ],
    [
      'an export runs',
      at('ready', 'closed', { shown, exportFormat: 'csv' }, 'exporting'),
      { exporting: 'csv', exportError: null },
    ],
    [
      'a failed export says why',
      at('ready', 'closed', { shown, exportFormat: 'xlsx', exportError: 'network' }, 'failed'),
      { exporting: null, exportError: 'network' },
    ],
  ] as const)('list: %s', (_, snapshot, expected) => {
    expect(connectDebtList(snapshot)).toMatchObject(expected);
  });

  it.each([
    [
      'closed',
      at('ready', 'closed'),
      { phase: 'closed', notice: null, error: null, retry: false, downloading: false, ban: null },
    ],
    [
      'loading the notice asked',
      at('ready', 'loading', { ban: paxtaRow.ban }),
      { phase: 'loading', notice: null, ban: paxtaRow.ban },
    ],
    [
      'a failed load may be retried',
      at('ready', 'loadFailed', { ban: paxtaRow.ban, noticeError: 'E052' }),
      { phase: 'loadFailed', error: 'E052', retry: true },
    ],
    [
      'an unsent notice',
      at('ready', 'unsent', { ban: paxtaRow.ban, notice: unsentNotice }),
      { phase: 'unsent', notice: unsentNotice, error: null },
    ],
    [
      'a sent notice downloading',
      at('ready', 'downloading', { ban: paxtaRow.ban, notice: sentNotice }),
      { phase: 'sent', notice: sentNotice, downloading: true },
    ],
    [
      'E009 on download offers no retry',
      at('ready', 'downloadFailed', { ban: paxtaRow.ban, notice: sentNotice, noticeError: 'E009' }),
      { phase: 'sent', error: 'E009', retry: false, downloading: false },
    ],
  ] as const)('notice: %s', (_, snapshot, expected) => {
    expect(connectNotice(snapshot)).toMatchObject(expected);
  });
});
