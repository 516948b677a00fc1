import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  type FetchPreordersInput,
  type MovedPreorder,
  type MovePreorderInput,
  type PreorderListPage,
  preorderListMachine,
} from '@/machines/preorder-list.machine';
import {
  connectPreorderList,
  connectPreorderMove,
  selectPreorderMoveStep,
  selectPreorderRowViews,
} from '@/machines/preorder-list.selectors';
import { ApiFailure } from '@/services/api/api-error';
import { snapshotAt } from '../support/connect-table';
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

/** What the list and its move dialog render in a state (decisions AR18): the connect functions as a table. */
describe('preorder-list connect', () => {
  const at = (
    value: Parameters<typeof snapshotAt<typeof preorderListMachine>>[1],
    context: Parameters<typeof snapshotAt<typeof preorderListMachine>>[2] = {},
  ) => snapshotAt(preorderListMachine, value, context, { page: 1 });
  const [newOne, inReview] = preorderRows as [(typeof preorderRows)[0], (typeof preorderRows)[0]];

  it.each([
    [
      'loading: no table, nothing to choose',
      at('loading'),
      {
        phase: 'loading',
        rows: [],
        error: null,
        tableShown: false,
        canChoose: false,
        shownPage: 1,
        pages: 0,
      },
    ],
    [
      'shown: the rows with their moves, three pages of 20',
      at('shown', { rows: preorderRows, total: 45, page: 2 }),
      {
        phase: 'shown',
        rows: [
          { id: 7, status: 'new', moves: ['review', 'rejected'] },
          { id: 3, status: 'review', moves: ['registered', 'rejected'] },
        ],
        tableShown: true,
        canChoose: true,
        shownPage: 2,
        pages: 3,
      },
    ],
    [
      'a move being confirmed: the table stays, no other move',
      at('confirming', { rows: preorderRows, total: 2, move: { id: 7, status: 'review' } }),
      { phase: 'confirming', tableShown: true, canChoose: false, pages: 1 },
    ],
    [
      'failed: the server code, no table',
      at('failed', { errorCode: 'E005' }),
      { phase: 'failed', error: 'E005', tableShown: false, canChoose: false },
    ],
    ['empty', at('empty', { total: 0 }), { phase: 'empty', rows: [], tableShown: false, pages: 0 }],
  ] as const)('list: %s', (_, snapshot, expected) => {
    expect(connectPreorderList(snapshot)).toMatchObject(expected);
  });

  it.each([
    ['nothing asked', at('shown', { rows: preorderRows, total: 2 }), { step: null }],
    [
      'confirming a reserved pre-order rejected: releases its numbers, final',
      at('confirming', { rows: preorderRows, total: 2, move: { id: 7, status: 'rejected' } }),
      { step: { row: newOne, to: 'rejected', busy: false, error: null, releases: true, final: true } },
    ],
    [
      'moving a pre-order in review to registered: busy, final, nothing reserved to release',
      at('moving', { rows: preorderRows, total: 2, move: { id: 3, status: 'registered' } }),
      { step: { row: inReview, to: 'registered', busy: true, error: null, releases: false, final: true } },
    ],
    [
      'a failed move: its error',
      at('moveFailed', {
        rows: preorderRows,
        total: 2,
        move: { id: 7, status: 'review' },
        moveError: 'E013',
      }),
      { step: { row: newOne, to: 'review', busy: false, error: 'E013', releases: false, final: false } },
    ],
  ] as const)('move: %s', (_, snapshot, expected) => {
    expect(connectPreorderMove(snapshot)).toEqual(expected);
  });
});
