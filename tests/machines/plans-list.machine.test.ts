import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { PlansParams } from '@/domain/plans.rules';
import {
  type CancelPlanInput,
  type PlanRow,
  type PlansPage,
  plansListMachine,
} from '@/machines/plans-list.machine';
import { connectPlanCancel, connectPlansList } from '@/machines/plans-list.selectors';
import { ApiFailure } from '@/services/api/api-error';
import { snapshotAt } from '../support/connect-table';
import { ALL_PLANS, cancelled41, noPlans, pastPlans, planRows, plansPage } from './plans-list.payloads';

const flush = () => new Promise((r) => setTimeout(r, 0));

function start(
  answer: (input: PlansParams) => PlansPage,
  cancel: (input: CancelPlanInput) => PlanRow = () => cancelled41,
  canCancel = true,
) {
  const asked: PlansParams[] = [];
  const cancelled: CancelPlanInput[] = [];
  const actor = createActor(
    plansListMachine.provide({
      actors: {
        fetchPlans: fromPromise<PlansPage, PlansParams>(async ({ input }) => {
          asked.push(input);
          return answer(input);
        }),
        cancelPlan: fromPromise<PlanRow, CancelPlanInput>(async ({ input }) => {
          cancelled.push(input);
          return cancel(input);
        }),
      },
    }),
    { input: { canCancel } },
  ).start();
  return { actor, asked, cancelled };
}

describe('the planned blocks and restores (SP9)', () => {
  it('asks nothing until the URL is read, then the status and page the URL names, even the first page', async () => {
    const { actor, asked } = start(() => plansPage);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(asked).toEqual([]);
    actor.send({ type: 'params.changed', params: ALL_PLANS });
    await flush();
    expect(asked).toEqual([ALL_PLANS]);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ total: 26, pages: 2, rows: planRows });
    actor.send({ type: 'params.changed', params: ALL_PLANS });
    actor.send({ type: 'params.changed', params: { status: 'failed', page: 2 } });
    await flush();
    expect(asked).toEqual([ALL_PLANS, { status: 'failed', page: 2 }]);
  });

  it('says a status plans do not have and asks nothing; the same URL again after it is asked', async () => {
    const { actor, asked } = start(() => noPlans);
    actor.send({ type: 'params.changed', params: { status: 'postponed', page: 1 } });
    await flush();
    expect(actor.getSnapshot().value).toBe('invalid');
    expect(actor.getSnapshot().context.problem).toBe('status');
    expect(asked).toEqual([]);
    actor.send({ type: 'params.changed', params: ALL_PLANS });
    await flush();
    expect(actor.getSnapshot().value).toBe('empty');
    expect(asked).toEqual([ALL_PLANS]);
  });

  it('keeps the server code of a refused list and retries with the same filter', async () => {
    let fail = true;
    const { actor, asked } = start(() => {
      if (fail) throw new ApiFailure({ kind: 'server', code: 'E005' });
      return plansPage;
    });
    actor.send({ type: 'params.changed', params: ALL_PLANS });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.errorCode).toBe('E005');
    fail = false;
    actor.send({ type: 'retry' });
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(asked).toEqual([ALL_PLANS, ALL_PLANS]);
  });

  it('cancels a scheduled plan after the confirmation; the row shows the answer', async () => {
    const { actor, cancelled } = start(() => plansPage);
    actor.send({ type: 'params.changed', params: ALL_PLANS });
    await flush();
    actor.send({ type: 'plan.cancel', id: 41 });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(cancelled).toEqual([]);
    actor.send({ type: 'status.cancel' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.cancelId).toBeNull();
    actor.send({ type: 'plan.cancel', id: 41 });
    actor.send({ type: 'status.confirm' });
    expect(actor.getSnapshot().value).toBe('cancelling');
    await flush();
    expect(cancelled).toEqual([{ id: 41 }]);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.rows.find((r) => r.id === 41)?.status).toBe('cancelled');
    expect(actor.getSnapshot().context.rows).toHaveLength(planRows.length);
  });

  it.each([
    ['a plan that has started', 37, true],
    ['a cancelled plan', 30, true],
    ['no such plan', 99, true],
    ['a scheduled plan, for staff who only read', 41, false],
  ] as const)('offers no cancel of %s', async (_, id, canCancel) => {
    const { actor } = start(() => plansPage, undefined, canCancel);
    actor.send({ type: 'params.changed', params: ALL_PLANS });
    await flush();
    actor.send({ type: 'plan.cancel', id });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('says E144 and loads the list again when the error is closed', async () => {
    const { actor, asked } = start(
      () => plansPage,
      () => {
        throw new ApiFailure({ kind: 'server', code: 'E144' });
      },
    );
    actor.send({ type: 'params.changed', params: ALL_PLANS });
    await flush();
    actor.send({ type: 'plan.cancel', id: 40 });
    actor.send({ type: 'status.confirm' });
    await flush();
    expect(actor.getSnapshot().value).toBe('cancelFailed');
    expect(actor.getSnapshot().context.cancelError).toBe('E144');
    actor.send({ type: 'status.dismiss' });
    expect(actor.getSnapshot().value).toBe('loading');
    await flush();
    expect(asked).toEqual([ALL_PLANS, ALL_PLANS]);
    expect(actor.getSnapshot().context).toMatchObject({ cancelId: null, cancelError: null });
  });
});

/** What the plans' list renders in a state (decisions AR18): the connect functions as a table. */
describe('plans-list connect', () => {
  const at = (
    value: Parameters<typeof snapshotAt<typeof plansListMachine>>[1],
    context: Parameters<typeof snapshotAt<typeof plansListMachine>>[2] = {},
  ) => snapshotAt(plansListMachine, value, context, { canCancel: true });
  const cancellable = (rows: readonly PlanRow[], canCancel = true) =>
    rows.map((r) => ({ ...r, cancellable: canCancel && r.status === 'scheduled' }));

  it.each([
    [
      'before the URL is read: nothing',
      at('idle'),
      { phase: 'idle', rows: [], total: 0, tableShown: false, canChoose: false },
      { step: null },
    ],
    [
      'a refused status: its problem',
      at('invalid', { problem: 'status', params: { status: 'x', page: 1 } }),
      { phase: 'invalid', problem: 'status', tableShown: false },
      { step: null },
    ],
    [
      'ready: the rows, a Cancel on the scheduled ones, the count and the pages',
      at('ready', { rows: planRows, total: 26, pages: 2 }),
      { phase: 'ready', rows: cancellable(planRows), total: 26, pages: 2, tableShown: true, canChoose: true },
      { step: null },
    ],
    [
      'ready for staff who read: no Cancel',
      at('ready', { rows: planRows, total: 26, pages: 2, canCancel: false }),
      { rows: cancellable(planRows, false), canChoose: true },
      { step: null },
    ],
    [
      'only past plans: no Cancel',
      at('ready', { rows: pastPlans.rows, total: 4, pages: 1 }),
      { rows: cancellable(pastPlans.rows) },
      { step: null },
    ],
    [
      'confirming: the plan named, nothing else chosen',
      at('confirming', { rows: planRows, cancelId: 41 }),
      { tableShown: true, canChoose: false },
      { step: { row: planRows[0], busy: false, error: null } },
    ],
    [
      'cancelling: busy',
      at('cancelling', { rows: planRows, cancelId: 41 }),
      { tableShown: true, canChoose: false },
      { step: { row: planRows[0], busy: true, error: null } },
    ],
    [
      'the cancel refused: its code',
      at('cancelFailed', { rows: planRows, cancelId: 41, cancelError: 'E144' }),
      { tableShown: true },
      { step: { row: planRows[0], busy: false, error: 'E144' } },
    ],
    [
      'failed: the server code',
      at('failed', { errorCode: 'E005' }),
      { phase: 'failed', error: 'E005', tableShown: false },
      { step: null },
    ],
  ] as const)('%s', (_, snapshot, list, dialog) => {
    expect(connectPlansList(snapshot)).toMatchObject(list);
    expect(connectPlanCancel(snapshot)).toEqual(dialog);
  });
});
