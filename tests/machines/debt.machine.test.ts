import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { DEFAULT_DEBT_PARAMS } from '@/domain/debt.rules';
import type { DebtNoticeInput, ExportDebtsInput, FetchDebtsInput } from '@/machines/debt.machine';
import { debtMachine } from '@/machines/debt.machine';
import {
  canRetry,
  selectDebtExportError,
  selectDebtExporting,
  selectDebtListError,
  selectDebtShown,
  selectDebtState,
  selectNotice,
  selectNoticeError,
  selectNoticePhase,
} from '@/machines/debt.selectors';
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
