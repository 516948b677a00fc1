import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { DEFAULT_AT39_PARAMS } from '@/domain/at39.rules';
import { at39ListMachine } from '@/machines/at39-list.machine';
import {
  connectAt39Comments,
  connectAt39List,
  selectComments,
  selectCommentsError,
  selectListShown,
  selectListState,
  selectStatsError,
} from '@/machines/at39-list.selectors';
import { ApiFailure } from '@/services/api/api-error';
import { snapshotAt } from '../support/connect-table';
import { lintMachine } from '../support/model-universe';
import { comments, filteredListParams, listInput, listPage } from './at39.payloads';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function answering(opts: { failStats?: boolean; failComments?: boolean } = {}) {
  const calls = { fetch: [] as unknown[], comments: [] as unknown[], stats: [] as unknown[] };
  const machine = at39ListMachine.provide({
    actors: {
      fetchRegistrations: fromPromise(async ({ input }) => {
        calls.fetch.push(input);
        return listPage;
      }),
      fetchComments: fromPromise(async ({ input }) => {
        calls.comments.push(input);
        if (opts.failComments) throw new ApiFailure({ kind: 'server', code: 'E094' });
        return comments;
      }),
      downloadStatistics: fromPromise(async ({ input }) => {
        calls.stats.push(input);
        if (opts.failStats) throw new ApiFailure({ kind: 'network' });
      }),
    },
  });
  return { actor: createActor(machine, { input: listInput }), calls };
}

describe('AT 39 list machine', () => {
  it('follows the conventions the harness relies on', () => {
    expect(lintMachine(at39ListMachine)).toEqual([]);
  });

  it('loads the page the URL asks for, then a new filter, and ignores the same one', async () => {
    const { actor, calls } = answering();
    actor.start();
    await flush();
    expect(selectListState(actor.getSnapshot())).toBe('list.ready comments.closed statistics.idle');
    expect(selectListShown(actor.getSnapshot())?.total).toBe(381);
    actor.send({ type: 'params.changed', params: DEFAULT_AT39_PARAMS });
    actor.send({ type: 'params.changed', params: filteredListParams });
    await flush();
    expect(calls.fetch).toEqual([{ params: DEFAULT_AT39_PARAMS }, { params: filteredListParams }]);
  });

  it('shows the comments of a registration, and their failure as a code', async () => {
    const ok = answering();
    ok.actor.start();
    ok.actor.send({ type: 'comments.open', registrationId: '501' });
    await flush();
    expect(selectComments(ok.actor.getSnapshot())).toEqual(comments);
    expect(ok.calls.comments).toEqual([{ registrationId: '501' }]);
    const bad = answering({ failComments: true });
    bad.actor.start();
    bad.actor.send({ type: 'comments.open', registrationId: '777' });
    await flush();
    expect(selectCommentsError(bad.actor.getSnapshot())).toBe('E094');
  });

  it('downloads the statistics of the filter; a failure can be dismissed', async () => {
    const { actor, calls } = answering({ failStats: true });
    actor.start();
    actor.send({ type: 'statistics.download' });
    await flush();
    expect(calls.stats).toEqual([{ params: DEFAULT_AT39_PARAMS }]);
    expect(selectStatsError(actor.getSnapshot())).toBe('network');
    actor.send({ type: 'statistics.dismiss' });
    expect(selectListState(actor.getSnapshot())).toContain('statistics.idle');
  });
});

/** What each part of the list page renders in a state (decisions AR18): the connect functions as a table. */
describe('AT 39 list connect', () => {
  const at = (
    list: 'loading' | 'ready' | 'failed',
    comments: 'closed' | 'loading' | 'shown' | 'failed',
    statistics: 'idle' | 'downloading' | 'failed',
    context: Parameters<typeof snapshotAt<typeof at39ListMachine>>[2] = {},
  ) => snapshotAt(at39ListMachine, { list, comments, statistics }, context, listInput);
  const shown = { ...listPage, params: DEFAULT_AT39_PARAMS };

  it.each([
    [
      'loading, nothing yet',
      at('loading', 'closed', 'idle'),
      {
        state: 'list.loading comments.closed statistics.idle',
        shown: null,
        loading: true,
        listError: null,
        listRetry: false,
        downloading: false,
        statsError: null,
      },
    ],
    [
      'a failed list may be retried',
      at('failed', 'closed', 'idle', { listError: 'network' }),
      { loading: false, listError: 'network', listRetry: true },
    ],
    [
      'E009 offers no retry',
      at('failed', 'closed', 'idle', { listError: 'E009' }),
      { listError: 'E009', listRetry: false },
    ],
    [
      'a ready list keeps no old error',
      at('ready', 'closed', 'idle', { shown, listError: 'E094' }),
      { shown, loading: false, listError: null, listRetry: false },
    ],
    [
      'the statistics downloading',
      at('ready', 'closed', 'downloading', { shown }),
      { downloading: true, statsError: null },
    ],
    [
      'the statistics failed',
      at('ready', 'closed', 'failed', { shown, statsError: 'network' }),
      { downloading: false, statsError: 'network' },
    ],
  ] as const)('list: %s', (_, snapshot, expected) => {
    expect(connectAt39List(snapshot)).toMatchObject(expected);
  });

  it.each([
    [
      'closed',
      at('ready', 'closed', 'idle', { shown }),
      { phase: 'closed', of: null, comments: null, error: null, retry: false },
    ],
    [
      'loading the comments of one',
      at('ready', 'loading', 'idle', { commentsOf: '501' }),
      { phase: 'loading', of: '501', comments: null, error: null },
    ],
    [
      'the comments shown',
      at('ready', 'shown', 'idle', { commentsOf: '501', comments }),
      { phase: 'shown', of: '501', comments, retry: false },
    ],
    [
      'failed comments may be retried',
      at('ready', 'failed', 'idle', { commentsOf: '501', commentsError: 'E094' }),
      { phase: 'failed', error: 'E094', retry: true },
    ],
    [
      'E009 offers no retry',
      at('ready', 'failed', 'idle', { commentsOf: '501', commentsError: 'E009' }),
      { error: 'E009', retry: false },
    ],
  ] as const)('comments: %s', (_, snapshot, expected) => {
    expect(connectAt39Comments(snapshot)).toMatchObject(expected);
  });
});
