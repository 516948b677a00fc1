import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  type FetchPreordersInput,
  type MovedPreorder,
  type MovePreorderInput,
  type PreorderListPage,
  preorderListMachine,
} from '@/machines/preorder-list.machine';
import { selectPreorderMoveStep, selectPreorderRowViews } from '@/machines/preorder-list.selectors';
import { ApiFailure } from '@/services/api/api-error';
import { preorderRows } from './new-client.payloads';

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('the staff pre-order list', () => {
  it('shows the loaded pre-orders and loads them again on Refresh', async () => {
    let calls = 0;
    const actor = createActor(
      preorderListMachine.provide({
        actors: {
          fetchPreorders: fromPromise<PreorderListPage, FetchPreordersInput>(async () => {
            calls += 1;
            return calls === 1 ? { rows: preorderRows, total: 2 } : { rows: [], total: 0 };
          }),
        },
      }),
      { input: { page: 1 } },
    ).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('shown');
    expect(actor.getSnapshot().context.rows.map((r) => r.status)).toEqual(['new', 'review']);
    actor.send({ type: 'refresh' });
    await flush();
    expect(calls).toBe(2);
    expect(actor.getSnapshot().value).toBe('empty');
    expect(actor.getSnapshot().context.rows).toEqual([]);
  });

  it('keeps the server code of a refused list (E005 without Orders) and retries', async () => {
    let fail = true;
    const actor = createActor(
      preorderListMachine.provide({
        actors: {
          fetchPreorders: fromPromise<PreorderListPage, FetchPreordersInput>(async () => {
            if (fail) throw new ApiFailure({ kind: 'server', code: 'E005' });
            return { rows: preorderRows, total: 2 };
          }),
        },
      }),
      { input: { page: 1 } },
    ).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.errorCode).toBe('E005');
    fail = false;
    actor.send({ type: 'retry' });
    await flush();
    expect(actor.getSnapshot().value).toBe('shown');
    expect(actor.getSnapshot().context.errorCode).toBeNull();
  });

  it('moves a pre-order only after the confirmation; registered releases its numbers (NC12)', async () => {
    const moves: MovePreorderInput[] = [];
    const actor = createActor(
      preorderListMachine.provide({
        actors: {
          fetchPreorders: fromPromise<PreorderListPage, FetchPreordersInput>(async () => ({
            rows: preorderRows,
            total: 2,
          })),
          movePreorder: fromPromise<MovedPreorder, MovePreorderInput>(async ({ input }) => {
            moves.push(input);
            return { id: input.id, status: input.status, phoneReserved: false };
          }),
        },
      }),
      { input: { page: 1 } },
    ).start();
    await flush();
    // 7 is new: registering it straight away is not a move staff make
    actor.send({ type: 'status.choose', id: 7, status: 'registered' });
    expect(selectPreorderMoveStep(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'status.choose', id: 3, status: 'registered' });
    expect(selectPreorderMoveStep(actor.getSnapshot())).toMatchObject({ to: 'registered', busy: false });
    expect(moves).toEqual([]);
    actor.send({ type: 'status.confirm' });
    await flush();
    expect(moves).toEqual([{ id: 3, status: 'registered' }]);
    const row = selectPreorderRowViews(actor.getSnapshot()).find((r) => r.id === 3);
    expect(row).toMatchObject({ status: 'registered', phoneReserved: false, moves: [] });
  });
});
