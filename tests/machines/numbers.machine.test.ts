import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  type ExportNumbersInput,
  type FetchNumbersInput,
  NUMBERS_QUIET_MS,
  type NumbersInput,
  type NumbersPageResult,
  numbersMachine,
  type ShownPage,
  sameParams,
} from '@/machines/numbers.machine';
import {
  connectNumbersList,
  selectDrawnParams,
  selectExportError,
  selectExporting,
  selectIsCurrent,
  selectIsLoading,
  selectListError,
  selectNumbersState,
  selectParams,
  selectShown,
} from '@/machines/numbers.selectors';
import { snapshotAt } from '../support/connect-table';
import { createDeferredActors } from '../support/fake-actors';
import { lintMachine } from '../support/model-universe';

const input: NumbersInput = { ban: '100234561', params: { status: 'active', page: 1, q: '' } };
const pageOf = (sn: string, total = 1): NumbersPageResult => ({
  rows: [{ sn, status: 'A', pricePlan: 'Biznes', name: null }],
  total,
  totalPages: Math.ceil(total / 100),
});

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Fakes answering at once; records every input. */
function answering(fetch: (i: FetchNumbersInput) => Promise<NumbersPageResult> = async () => pageOf('901')) {
  const calls = {
    fetch: [] as FetchNumbersInput[],
    prefetch: [] as NumbersInput[],
    export: [] as ExportNumbersInput[],
  };
  const machine = numbersMachine.provide({
    actors: {
      fetchNumbers: fromPromise(({ input: i }: { input: FetchNumbersInput }) => {
        calls.fetch.push(i);
        return fetch(i);
      }),
      prefetchNumbers: fromPromise(
        async ({ input: i }: { input: NumbersInput }): Promise<readonly ShownPage[]> => {
          calls.prefetch.push(i);
          return [];
        },
      ),
      exportNumbers: fromPromise(async ({ input: i }: { input: ExportNumbersInput }) => {
        calls.export.push(i);
      }),
    },
  });
  return { actor: createActor(machine, { input }), calls };
}

function controlled() {
  const deferred = createDeferredActors(numbersMachine);
  const clock = new SimulatedClock();
  const actor = createActor(numbersMachine.provide({ actors: deferred.actors }), { input, clock });
  const settle = (id: string, how: 'resolve' | 'reject', value: unknown) => {
    const p = deferred.pending().find((x) => x.id === id);
    if (!p) throw new Error(`${id} is not running`);
    if (how === 'resolve') p.resolve(value);
    else p.reject(value);
  };
  return { actor, deferred, settle, clock };
}

describe('numbers machine', () => {
  it('follows the conventions the harness relies on', () => {
    expect(lintMachine(numbersMachine)).toEqual([]);
  });

  it('starts loading the page the URL asks for, busy, nothing shown yet', () => {
    const { actor, calls } = answering();

    actor.start();

    // N8: nothing on screen to keep: the list says at once that it loads
    expect(selectNumbersState(actor.getSnapshot())).toBe('list.loading.slow export.idle');
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    expect(selectShown(actor.getSnapshot())).toBeNull();
    expect(selectDrawnParams(actor.getSnapshot())).toEqual(input.params);
    expect(calls.fetch).toEqual([{ ban: '100234561', params: input.params, fresh: false }]);
  });

  it('shows the page with the parameters it was fetched for, then prefetches the other tabs', async () => {
    const { actor, calls } = answering(async () => pageOf('901234567', 250));

    actor.start();
    await flush();

    const s = actor.getSnapshot();
    expect(selectIsCurrent(s)).toBe(true);
    expect(selectIsLoading(s)).toBe(false);
    expect(selectShown(s)).toEqual({ params: input.params, ...pageOf('901234567', 250) });
    expect(calls.prefetch).toEqual([input]);
    expect(selectNumbersState(s)).toBe('list.ready.settled export.idle');
  });

  it('loads again when the URL asks for another tab, keeping the old page on screen while it loads', async () => {
    const { actor, settle, clock } = controlled();
    actor.start();
    settle('fetchNumbers', 'resolve', pageOf('901'));
    await flush();

    actor.send({ type: 'params.changed', params: { status: 'blocked', page: 1, q: '' } });

    // N8: for a moment the list draws the page on screen as it is, its own tab marked, not busy
    let s = actor.getSnapshot();
    expect(selectNumbersState(s)).toBe('list.loading.quiet export.idle');
    expect(selectIsLoading(s)).toBe(false);
    expect(selectParams(s)).toEqual({ status: 'blocked', page: 1, q: '' });
    expect(selectDrawnParams(s)).toEqual(input.params);
    expect(selectShown(s)?.params.status).toBe('active');
    expect(selectIsCurrent(s)).toBe(false);

    clock.increment(NUMBERS_QUIET_MS - 1);
    expect(selectNumbersState(actor.getSnapshot())).toBe('list.loading.quiet export.idle');
    clock.increment(1);
    // then it says it loads: the new tab marked, the old rows busy
    s = actor.getSnapshot();
    expect(selectNumbersState(s)).toBe('list.loading.slow export.idle');
    expect(selectIsLoading(s)).toBe(true);
    expect(selectDrawnParams(s)).toEqual({ status: 'blocked', page: 1, q: '' });
    expect(selectShown(s)?.params.status).toBe('active');
  });

  it('N8: a quick answer goes from the quiet load straight to its page, never busy, one fetch', async () => {
    const { actor, deferred, settle, clock } = controlled();
    actor.start();
    settle('fetchNumbers', 'resolve', pageOf('901'));
    await flush();
    const blocked = { status: 'blocked', page: 1, q: '' } as const;

    actor.send({ type: 'params.changed', params: blocked });
    clock.increment(NUMBERS_QUIET_MS / 2);
    settle('fetchNumbers', 'resolve', pageOf('905'));
    await flush();

    const s = actor.getSnapshot();
    expect(selectNumbersState(s)).toBe('list.ready.prefetching export.idle');
    expect(selectDrawnParams(s)).toEqual(blocked);
    expect(selectShown(s)).toEqual({ params: blocked, ...pageOf('905') });
    // the moment passing later changes nothing, and the step to `slow` never fetched again
    clock.increment(NUMBERS_QUIET_MS);
    expect(selectNumbersState(actor.getSnapshot())).toBe('list.ready.prefetching export.idle');
    expect(deferred.pending().map((p) => p.id)).toEqual(['prefetchNumbers']);
  });

  it('N8: a tab clicked while a late page was drawn keeps that tab drawn, and busy, until its own page is there', async () => {
    const { actor, settle, clock } = controlled();
    actor.start();
    settle('fetchNumbers', 'resolve', pageOf('901'));
    await flush();
    const all = { status: 'all', page: 1, q: '' } as const;
    const pending = { status: 'pending', page: 1, q: '' } as const;
    actor.send({ type: 'params.changed', params: all });
    clock.increment(NUMBERS_QUIET_MS);

    actor.send({ type: 'params.changed', params: pending });

    let s = actor.getSnapshot();
    expect(selectNumbersState(s)).toBe('list.loading.quiet export.idle');
    expect(selectDrawnParams(s)).toEqual(all);
    expect(selectIsLoading(s)).toBe(true);
    settle('fetchNumbers', 'resolve', pageOf('903'));
    await flush();
    s = actor.getSnapshot();
    expect(selectDrawnParams(s)).toEqual(pending);
    expect(selectShown(s)?.params).toEqual(pending);
    expect(selectIsLoading(s)).toBe(false);
  });

  it('N8: the step from quiet to slow keeps the one fetch running', async () => {
    const { actor, deferred, settle, clock } = controlled();
    actor.start();
    settle('fetchNumbers', 'resolve', pageOf('901'));
    await flush();
    actor.send({ type: 'params.changed', params: { status: 'all', page: 1, q: '' } });
    const running = deferred.pending().find((p) => p.id === 'fetchNumbers');

    clock.increment(NUMBERS_QUIET_MS);

    expect(selectNumbersState(actor.getSnapshot())).toBe('list.loading.slow export.idle');
    expect(deferred.pending().filter((p) => p.id === 'fetchNumbers')).toEqual([running]);
    expect(running?.ref.getSnapshot().status).toBe('active');
  });

  it('ignores params.changed that asks for what is already loading or shown (no second request)', async () => {
    const { actor, calls } = answering();
    actor.start();

    actor.send({ type: 'params.changed', params: { ...input.params } });
    await flush();
    actor.send({ type: 'params.changed', params: { ...input.params } });
    await flush();

    expect(calls.fetch).toHaveLength(1);
  });

  it('drops the answer of a page the user has left: only the latest parameters are shown', async () => {
    const { actor, deferred } = controlled();
    actor.start();
    const first = deferred.pending()[0];

    actor.send({ type: 'params.changed', params: { status: 'pending', page: 1, q: '' } });
    const second = deferred.pending().find((p) => p !== first && p.id === 'fetchNumbers');
    first?.resolve(pageOf('111'));
    second?.resolve(pageOf('222'));
    await flush();

    expect(first?.ref.getSnapshot().status).toBe('stopped');
    expect(selectShown(actor.getSnapshot())).toEqual({
      params: { status: 'pending', page: 1, q: '' },
      ...pageOf('222'),
    });
  });

  it('shows a failed load with its code and retries on list.retry', async () => {
    const { actor, settle } = controlled();
    actor.start();

    settle('fetchNumbers', 'reject', { code: 'E052' });
    await flush();
    expect(selectListError(actor.getSnapshot())).toBe('E052');
    expect(actor.getSnapshot().hasTag('error')).toBe(true);

    actor.send({ type: 'list.retry' });
    expect(selectListError(actor.getSnapshot())).toBeNull();
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
  });

  it('reads an error without a code as unknown', async () => {
    const { actor, settle } = controlled();
    actor.start();

    settle('fetchNumbers', 'reject', new Error('offline'));
    await flush();

    expect(selectListError(actor.getSnapshot())).toBe('unknown');
  });

  it('list.refresh reloads the same page bypassing kept pages, once', async () => {
    const { actor, calls } = answering();
    actor.start();
    await flush();

    actor.send({ type: 'list.refresh' });
    await flush();
    actor.send({ type: 'params.changed', params: { status: 'all', page: 2, q: '90' } });
    await flush();

    expect(calls.fetch.map((c) => c.fresh)).toEqual([false, true, false]);
    expect(calls.fetch[2]?.params).toEqual({ status: 'all', page: 2, q: '90' });
  });

  it('N6: a switch to a prefetched page shows it in the same transition, without a fetch', async () => {
    const { actor, deferred, settle } = controlled();
    actor.start();
    settle('fetchNumbers', 'resolve', pageOf('901'));
    await flush();
    const blocked = { status: 'blocked', page: 1, q: '' } as const;
    settle('prefetchNumbers', 'resolve', [{ params: blocked, ...pageOf('905') }]);
    await flush();

    actor.send({ type: 'params.changed', params: blocked });
    // synchronously: no fetch actor runs, the prefetched rows are on screen and the next prefetch has started
    expect(selectNumbersState(actor.getSnapshot())).toBe('list.ready.prefetching export.idle');
    expect(selectShown(actor.getSnapshot())?.params).toEqual(blocked);
    expect(selectShown(actor.getSnapshot())?.rows[0]?.sn).toBe('905');
    expect(deferred.pending().map((p) => p.id)).toEqual(['prefetchNumbers']);

    // a page that is not at hand (another page of the tab) still loads
    actor.send({ type: 'params.changed', params: { ...blocked, page: 2 } });
    expect(selectNumbersState(actor.getSnapshot())).toBe('list.loading.quiet export.idle');
  });

  it('N6: a refresh drops the kept pages, so the next switch loads from the server', async () => {
    const { actor, deferred, settle } = controlled();
    actor.start();
    settle('fetchNumbers', 'resolve', pageOf('901'));
    await flush();
    const all = { status: 'all', page: 1, q: '' } as const;
    settle('prefetchNumbers', 'resolve', [{ params: all, ...pageOf('907') }]);
    await flush();

    actor.send({ type: 'list.refresh' });
    expect(actor.getSnapshot().context.kept).toEqual([]);
    actor.send({ type: 'params.changed', params: all });
    expect(selectNumbersState(actor.getSnapshot())).toBe('list.loading.quiet export.idle');
    expect(deferred.pending().some((p) => p.id === 'fetchNumbers')).toBe(true);
  });

  it('a failed prefetch changes nothing on screen', async () => {
    const { actor, settle } = controlled();
    actor.start();
    settle('fetchNumbers', 'resolve', pageOf('901'));
    await flush();

    settle('prefetchNumbers', 'reject', new Error('offline'));
    await flush();

    expect(actor.getSnapshot().status).toBe('active');
    expect(selectNumbersState(actor.getSnapshot())).toBe('list.ready.settled export.idle');
    expect(selectShown(actor.getSnapshot())?.rows[0]?.sn).toBe('901');
  });

  it('exports the current tab and filter in the chosen format, then is idle again', async () => {
    const { actor, calls } = answering();
    actor.start();
    actor.send({ type: 'params.changed', params: { status: 'blocked', page: 3, q: '9012' } });

    actor.send({ type: 'export.start', format: 'xlsx' });
    expect(selectExporting(actor.getSnapshot())).toBe('xlsx');
    await flush();

    expect(calls.export).toEqual([{ ban: '100234561', status: 'blocked', q: '9012', format: 'xlsx' }]);
    expect(selectExporting(actor.getSnapshot())).toBeNull();
    expect(selectNumbersState(actor.getSnapshot())).toContain('export.idle');
  });

  it('export runs alongside the list: changing the tab does not cancel it', async () => {
    const { actor, deferred, settle } = controlled();
    actor.start();
    actor.send({ type: 'export.start', format: 'csv' });
    const exporting = deferred.pending().find((p) => p.id === 'exportNumbers');

    actor.send({ type: 'params.changed', params: { status: 'all', page: 1, q: '' } });

    expect(exporting?.ref.getSnapshot().status).toBe('active');
    settle('exportNumbers', 'resolve', undefined);
    await flush();
    expect(selectNumbersState(actor.getSnapshot())).toBe('list.loading.slow export.idle');
  });

  it('shows a failed export, may export again or dismiss it', async () => {
    const { actor, settle } = controlled();
    actor.start();
    actor.send({ type: 'export.start', format: 'csv' });

    settle('exportNumbers', 'reject', { code: 'E009' });
    await flush();
    expect(selectExportError(actor.getSnapshot())).toBe('E009');

    actor.send({ type: 'export.start', format: 'xlsx' });
    expect(selectExporting(actor.getSnapshot())).toBe('xlsx');
    expect(selectExportError(actor.getSnapshot())).toBeNull();
    settle('exportNumbers', 'reject', { code: 'network' });
    await flush();

    actor.send({ type: 'export.dismiss' });
    expect(selectExportError(actor.getSnapshot())).toBeNull();
    expect(selectNumbersState(actor.getSnapshot())).toContain('export.idle');
  });

  it('sameParams compares tab, page and filter', () => {
    const p = { status: 'active', page: 1, q: '' } as const;
    expect(sameParams(p, { ...p })).toBe(true);
    expect(sameParams(p, { ...p, status: 'all' })).toBe(false);
    expect(sameParams(p, { ...p, page: 2 })).toBe(false);
    expect(sameParams(p, { ...p, q: '9' })).toBe(false);
  });
});

/** What the numbers list renders in a state (decisions AR18): the connect function as a table. Its error always
 *  offers Retry (the view asks no `canRetry`), so an E009 row only shows the code. */
describe('numbers connect', () => {
  type Context = Parameters<typeof snapshotAt<typeof numbersMachine>>[2];
  type Value = Parameters<typeof snapshotAt<typeof numbersMachine>>[1];
  const at = (value: Value, context: Context = {}) => snapshotAt(numbersMachine, value, context, input);
  const shown: ShownPage = { ...pageOf('901', 3), params: input.params };

  it.each([
    [
      'the first page loads',
      at({ list: { loading: 'slow' }, export: 'idle' }),
      {
        state: 'list.loading.slow export.idle',
        asked: input.params,
        drawn: input.params,
        shown: null,
        loading: true,
        current: false,
        listError: null,
        exporting: null,
        exportError: null,
      },
    ],
    [
      'the page shown, the next prefetched',
      at({ list: { ready: 'prefetching' }, export: 'idle' }, { shown }),
      { state: 'list.ready.prefetching export.idle', shown, loading: false, current: true, listError: null },
    ],
    [
      'the next page is on its way: the page shown is drawn as it is (N8)',
      at(
        { list: { loading: 'quiet' }, export: 'idle' },
        { shown, params: { status: 'all', page: 1, q: '' } },
      ),
      {
        state: 'list.loading.quiet export.idle',
        asked: { status: 'all', page: 1, q: '' },
        drawn: input.params,
        shown,
        loading: false,
        current: false,
      },
    ],
    [
      'the next page is late: its tab is drawn, the page shown busy (N8)',
      at(
        { list: { loading: 'slow' }, export: 'idle' },
        { shown, params: { status: 'all', page: 1, q: '' }, drawn: { status: 'all', page: 1, q: '' } },
      ),
      {
        asked: { status: 'all', page: 1, q: '' },
        drawn: { status: 'all', page: 1, q: '' },
        shown,
        loading: true,
        current: false,
      },
    ],
    [
      'a failed load shows its code',
      at({ list: 'failed', export: 'idle' }, { shown, errorCode: 'network' }),
      { state: 'list.failed export.idle', shown, loading: false, current: false, listError: 'network' },
    ],
    [
      'E009 is shown too',
      at({ list: 'failed', export: 'idle' }, { errorCode: 'E009' }),
      { listError: 'E009' },
    ],
    [
      'an old error is not shown',
      at({ list: { ready: 'settled' }, export: 'idle' }, { shown, errorCode: 'network' }),
      { listError: null, current: true },
    ],
    [
      'an export runs',
      at({ list: { ready: 'settled' }, export: 'exporting' }, { shown, exportFormat: 'xlsx' }),
      { state: 'list.ready.settled export.exporting', exporting: 'xlsx', exportError: null },
    ],
    [
      'a failed export',
      at(
        { list: { ready: 'settled' }, export: 'failed' },
        { shown, exportFormat: 'csv', exportError: 'E001' },
      ),
      { exporting: null, exportError: 'E001' },
    ],
    [
      'another tab clicked while a late one was drawn: quiet, but busy, as that tab is drawn (N8)',
      at(
        { list: { loading: 'quiet' }, export: 'idle' },
        { shown, params: { status: 'pending', page: 1, q: '' }, drawn: { status: 'all', page: 1, q: '' } },
      ),
      {
        drawn: { status: 'all', page: 1, q: '' },
        asked: { status: 'pending', page: 1, q: '' },
        loading: true,
      },
    ],
  ] as const)('list: %s', (_, snapshot, expected) => {
    expect(connectNumbersList(snapshot)).toMatchObject(expected);
  });
});
