import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ActivityParams } from '@/domain/activity.rules';
import {
  type ActivityPage,
  activityLogMachine,
  type ExportActivityInput,
} from '@/machines/activity-log.machine';
import { connectActivityLog } from '@/machines/activity-log.selectors';
import { ApiFailure } from '@/services/api/api-error';
import { snapshotAt } from '../support/connect-table';
import { activityPage, activityRows, NOVEMBER, noActivity } from './activity-log.payloads';

const flush = () => new Promise((r) => setTimeout(r, 0));

function start(answer: (input: ActivityParams) => ActivityPage, exported: ExportActivityInput[] = []) {
  const asked: ActivityParams[] = [];
  const actor = createActor(
    activityLogMachine.provide({
      actors: {
        fetchActivity: fromPromise<ActivityPage, ActivityParams>(async ({ input }) => {
          asked.push(input);
          return answer(input);
        }),
        exportActivity: fromPromise<void, ExportActivityInput>(async ({ input }) => {
          exported.push(input);
        }),
      },
    }),
  ).start();
  return { actor, asked, exported };
}

describe('the activity log (AL4)', () => {
  it('asks nothing until the URL is read, then the page the URL names', async () => {
    const { actor, asked } = start(() => activityPage);
    expect(actor.getSnapshot().value).toEqual({ list: 'idle', export: 'idle' });
    expect(asked).toEqual([]);
    actor.send({ type: 'params.changed', params: { ...NOVEMBER, type: 'block', page: 2 } });
    await flush();
    expect(asked).toEqual([{ ...NOVEMBER, type: 'block', page: 2 }]);
    expect(actor.getSnapshot().value).toEqual({ list: 'ready', export: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({ total: 43, pages: 3, rows: activityPage.rows });
  });

  it.each([
    ['a start after the end', { ...NOVEMBER, from: '2026-12-01' }, 'badDate'],
    ['a day that does not exist', { ...NOVEMBER, to: '2026-11-31' }, 'badDate'],
    ['a year and a day', { ...NOVEMBER, from: '2025-11-29' }, 'rangeTooLong'],
    ['an unknown action', { ...NOVEMBER, type: 'drop' }, 'type'],
    ['a login with a space', { ...NOVEMBER, user: 'a b' }, 'user'],
  ] as const)('says %s and asks nothing', async (_, params, problem) => {
    const { actor, asked } = start(() => noActivity);
    actor.send({ type: 'params.changed', params });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ list: 'invalid', export: 'idle' });
    expect(actor.getSnapshot().context.problem).toBe(problem);
    expect(asked).toEqual([]);
  });

  it('asks exactly a year, and the same filters again after a refused one', async () => {
    const { actor, asked } = start(() => noActivity);
    actor.send({ type: 'params.changed', params: { ...NOVEMBER, from: '2025-11-30' } });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ list: 'empty', export: 'idle' });
    actor.send({ type: 'params.changed', params: { ...NOVEMBER, from: '2025-11-30' } });
    await flush();
    expect(asked).toHaveLength(1);
    actor.send({ type: 'params.changed', params: { ...NOVEMBER, user: '<x>' } });
    actor.send({ type: 'params.changed', params: { ...NOVEMBER, from: '2025-11-30' } });
    await flush();
    expect(asked).toHaveLength(2);
  });

  it('keeps the server code of a refused log and retries with the same filters', async () => {
    let fail = true;
    const { actor, asked } = start(() => {
      if (fail) throw new ApiFailure({ kind: 'server', code: 'E005' });
      return activityPage;
    });
    actor.send({ type: 'params.changed', params: NOVEMBER });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ list: 'failed', export: 'idle' });
    expect(actor.getSnapshot().context.errorCode).toBe('E005');
    fail = false;
    actor.send({ type: 'retry' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ list: 'ready', export: 'idle' });
    expect(asked).toEqual([NOVEMBER, NOVEMBER]);
  });

  it('exports the filter shown in the chosen format, and nothing when it finds nothing', async () => {
    const { actor, exported } = start((p) => (p.user === 'nobody' ? noActivity : activityPage));
    actor.send({ type: 'export.start', format: 'csv' });
    expect(exported).toEqual([]);
    actor.send({ type: 'params.changed', params: NOVEMBER });
    await flush();
    actor.send({ type: 'export.start', format: 'xlsx' });
    await flush();
    expect(exported).toEqual([{ params: NOVEMBER, format: 'xlsx' }]);
    expect(actor.getSnapshot().context.exportFormat).toBeNull();
    actor.send({ type: 'params.changed', params: { ...NOVEMBER, user: 'nobody' } });
    await flush();
    actor.send({ type: 'export.start', format: 'csv' });
    await flush();
    expect(exported).toHaveLength(1);
  });
});

/** What the activity log renders in a state (decisions AR18): the connect function as a table. */
describe('activity-log connect', () => {
  const at = (
    value: Parameters<typeof snapshotAt<typeof activityLogMachine>>[1],
    context: Parameters<typeof snapshotAt<typeof activityLogMachine>>[2] = {},
  ) => snapshotAt(activityLogMachine, value, context);

  it.each([
    [
      'before the URL is read: nothing, no export',
      at({ list: 'idle', export: 'idle' }),
      {
        phase: 'idle',
        state: 'list.idle export.idle',
        rows: [],
        total: 0,
        exportable: false,
        exporting: null,
      },
    ],
    [
      'loading a filter: the filter asked',
      at({ list: 'loading', export: 'idle' }, { params: NOVEMBER }),
      { phase: 'loading', shownParams: NOVEMBER, error: null, exportable: false },
    ],
    [
      'a refused filter: its problem',
      at({ list: 'invalid', export: 'idle' }, { problem: 'rangeTooLong' }),
      { phase: 'invalid', problem: 'rangeTooLong', rows: [], exportable: false },
    ],
    [
      'ready: the rows, the count and the pages; exportable',
      at({ list: 'ready', export: 'idle' }, { rows: activityRows, total: 43, pages: 3 }),
      { phase: 'ready', rows: activityRows, total: 43, pages: 3, exportable: true },
    ],
    [
      'exporting: the format',
      at({ list: 'ready', export: 'exporting' }, { rows: activityRows, total: 43, exportFormat: 'xlsx' }),
      { exporting: 'xlsx', exportError: null },
    ],
    [
      'the export failed: its code',
      at({ list: 'ready', export: 'failed' }, { total: 43, exportFormat: 'csv', exportError: 'network' }),
      { exporting: null, exportError: 'network' },
    ],
    [
      'failed: the server code',
      at({ list: 'failed', export: 'idle' }, { errorCode: 'E005' }),
      { error: 'E005' },
    ],
  ] as const)('%s', (_, snapshot, expected) => {
    expect(connectActivityLog(snapshot)).toMatchObject(expected);
  });
});
