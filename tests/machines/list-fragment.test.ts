import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, waitFor } from 'xstate';
import * as list from '@/machines/list-fragment';

/**
 * The list fragment (docs/decisions.md AR20) on a chart of its own, written as a list chart writes it: every piece
 * is driven through a running actor, so each helper's targets, parameters and tags are checked by what the chart
 * does, not by the config it returns. The charts that use it keep their own machine tests, oracles and walks.
 */

interface Params {
  readonly q: string;
}
interface Page {
  readonly rows: readonly string[];
}
interface Ctx extends list.ExportSlice {
  readonly params: Params;
  readonly page: Page | null;
  readonly error: string | null;
}
type Ev =
  | { type: 'params.changed'; params: Params }
  | { type: 'list.retry' }
  | { type: 'export.start'; format: list.ListExportFormat }
  | { type: 'export.dismiss' };

/** What the actors were asked, in order. */
type Calls = { fetch: Params[]; exports: { q: string; format: list.ListExportFormat }[] };

/** `answers`: what the fetches answer in turn (then a page of one row); the first fetch starts with the actor. */
function chart(opts: { whenEmpty?: boolean; guarded?: boolean; answers?: (Page | Error)[] }) {
  const calls: Calls = { fetch: [], exports: [] };
  const answers: (Page | Error)[] = [...(opts.answers ?? [])];
  const exportAnswers: (Error | null)[] = [];
  const machine = setup({
    types: { context: {} as Ctx, events: {} as Ev },
    actors: {
      fetchPage: fromPromise<Page, { params: Params }>(async ({ input }) => {
        calls.fetch.push(input.params);
        const next = answers.shift() ?? { rows: ['a'] };
        if (next instanceof Error) throw next;
        return next;
      }),
      exportPage: fromPromise<void, { q: string; format: list.ListExportFormat }>(async ({ input }) => {
        calls.exports.push(input);
        const next = exportAnswers.shift() ?? null;
        if (next) throw next;
      }),
    },
    guards: {
      isNewParams: ({ context }, p: { params: Params }) => context.params.q !== p.params.q,
      hasRows: (_, p: { page: Page }) => p.page.rows.length > 0,
      hasPage: ({ context }) => context.page !== null,
    },
    actions: {
      assignParams: assign((_, p: { params: Params }) => ({ params: p.params })),
      assignPage: assign((_, p: { page: Page }) => ({ page: p.page, error: null })),
      assignError: assign((_, p: { error: unknown }) => ({ error: (p.error as Error).message })),
      assignExportFormat: assign((_, p: { format: list.ListExportFormat }) => list.exportStarted(p.format)),
      clearExport: assign(list.EXPORT_CLEARED),
      assignExportError: assign((_, p: { error: unknown }) => list.exportFailed(p.error)),
    },
  }).createMachine({
    type: 'parallel',
    context: { params: { q: '' }, page: null, error: null, exportFormat: null, exportError: null },
    states: {
      list: {
        initial: 'loading',
        on: { 'params.changed': list.followParams({ description: 'same: nothing to load' }) },
        states: {
          loading: {
            invoke: opts.whenEmpty
              ? list.loadPageOrEmpty(
                  'fetchPage',
                  ({ context }: { context: Ctx }) => ({ params: context.params }),
                  { page: 'assignPage', error: 'assignError', whenRows: 'hasRows' },
                  'shown',
                )
              : list.loadPage('fetchPage', ({ context }: { context: Ctx }) => ({ params: context.params }), {
                  page: 'assignPage',
                  error: 'assignError',
                }),
          },
          ready: {},
          shown: {},
          empty: {},
          failed: { on: { 'list.retry': 'loading' } },
        },
      },
      export: list.exportRegion(
        'exportPage',
        ({ context }: { context: Ctx }) => ({ q: context.params.q, format: context.exportFormat ?? 'csv' }),
        {
          region: { description: 'r' },
          idle: { meta: { view: 'iv', testId: 'it' } },
          exporting: {},
          failed: { description: 'f' },
          ...(opts.guarded
            ? { guard: { type: 'hasPage' as const, otherwise: { description: 'nothing loaded' } } }
            : {}),
        },
      ),
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls, answers, exportAnswers };
}

const settled = (a: ReturnType<typeof chart>['actor']) =>
  waitFor(a, (s) => !s.matches({ list: 'loading' }) && !s.hasTag('exporting'));

describe('list fragment: loadPage, followParams', () => {
  it('loads the page with the input built from context, into the page action, and settles in ready', async () => {
    const { actor, calls } = chart({});
    const s = await settled(actor);
    expect(calls.fetch).toEqual([{ q: '' }]);
    expect(s.value).toMatchObject({ list: 'ready' });
    expect(s.context.page).toEqual({ rows: ['a'] });
  });

  it('keeps a rejection through the error action and loads again on retry', async () => {
    const { actor, calls } = chart({ answers: [new Error('E012')] });
    let s = await settled(actor);
    expect(s.value).toMatchObject({ list: 'failed' });
    expect(s.context.error).toBe('E012');
    actor.send({ type: 'list.retry' });
    s = await settled(actor);
    expect(s.value).toMatchObject({ list: 'ready' });
    expect(s.context.error).toBeNull();
    expect(calls.fetch).toHaveLength(2);
  });

  it('new parameters are kept and load; the same ones load nothing', async () => {
    const { actor, calls } = chart({});
    await settled(actor);
    actor.send({ type: 'params.changed', params: { q: '' } });
    expect(calls.fetch).toHaveLength(1);
    actor.send({ type: 'params.changed', params: { q: '90' } });
    expect(actor.getSnapshot().context.params).toEqual({ q: '90' });
    await settled(actor);
    expect(calls.fetch).toEqual([{ q: '' }, { q: '90' }]);
  });

  it('loadPageOrEmpty: rows go to the chart’s own ready state, an empty page to empty, both through the page action', async () => {
    const { actor } = chart({ whenEmpty: true, answers: [{ rows: ['x'] }, { rows: [] }] });
    let s = await settled(actor);
    expect(s.value).toMatchObject({ list: 'shown' });
    actor.send({ type: 'params.changed', params: { q: 'none' } });
    s = await settled(actor);
    expect(s.value).toMatchObject({ list: 'empty' });
    expect(s.context.page).toEqual({ rows: [] });
  });
});

describe('list fragment: exportRegion', () => {
  it('exports with the chosen format, tagged exporting while it runs, and clears when done', async () => {
    const { actor, calls } = chart({});
    await settled(actor);
    // the words given are the states' own (the diagram's, which the build strips)
    expect(actor.getSnapshot().getMeta()).toMatchObject({
      '(machine).export.idle': { view: 'iv', testId: 'it' },
    });
    actor.send({ type: 'export.start', format: 'xlsx' });
    expect(actor.getSnapshot().hasTag('exporting')).toBe(true);
    expect(actor.getSnapshot().context.exportFormat).toBe('xlsx');
    const s = await settled(actor);
    expect(calls.exports).toEqual([{ q: '', format: 'xlsx' }]);
    expect(s.value).toMatchObject({ export: 'idle' });
    expect(s.context).toMatchObject({ exportFormat: null, exportError: null });
  });

  it('a failed export keeps its catalogue code; export again or dismiss', async () => {
    const { actor, calls, exportAnswers } = chart({});
    await settled(actor);
    exportAnswers.push(Object.assign(new Error('x'), { code: 'E001' }));
    actor.send({ type: 'export.start', format: 'csv' });
    let s = await settled(actor);
    expect(s.value).toMatchObject({ export: 'failed' });
    expect(s.context.exportError).toBe('E001');
    actor.send({ type: 'export.start', format: 'xlsx' });
    expect(actor.getSnapshot().context).toMatchObject({ exportFormat: 'xlsx', exportError: null });
    s = await settled(actor);
    expect(calls.exports.map((c) => c.format)).toEqual(['csv', 'xlsx']);
    exportAnswers.push(Object.assign(new Error('x'), { code: 'network' }));
    actor.send({ type: 'export.start', format: 'csv' });
    s = await settled(actor);
    actor.send({ type: 'export.dismiss' });
    expect(actor.getSnapshot().value).toMatchObject({ export: 'idle' });
    expect(actor.getSnapshot().context.exportError).toBeNull();
    expect(s.context.exportError).toBe('network');
  });

  it('with a guard, nothing is exported until it holds', async () => {
    const { actor, calls } = chart({ guarded: true, answers: [new Error('E012')] });
    await settled(actor);
    actor.send({ type: 'export.start', format: 'csv' });
    expect(actor.getSnapshot().value).toMatchObject({ export: 'idle' });
    expect(calls.exports).toEqual([]);
    actor.send({ type: 'list.retry' });
    await settled(actor);
    actor.send({ type: 'export.start', format: 'csv' });
    await settled(actor);
    expect(calls.exports).toEqual([{ q: '', format: 'csv' }]);
  });
});
