import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  type ExportOrdersInput,
  type FetchOrdersInput,
  type MoveOrderInput,
  type OrderDetails,
  type OrderItem,
  type OrderMoved,
  ordersMachine,
} from '@/machines/orders.machine';
import {
  connectOrder,
  connectOrdersList,
  connectStatusMove,
  selectMoveEffect,
  selectOrder,
  selectOrderMoves,
  selectOrdersPage,
  selectOrdersState,
  selectRangeProblem,
  selectRefundLine,
  selectStatusStep,
} from '@/machines/orders.selectors';
import { ApiFailure } from '@/services/api/api-error';
import { snapshotAt } from '../support/connect-table';
import { lintMachine } from '../support/model-universe';
import { goldenOrder, nextPage, noRange, orderDetails, today } from './orders.payloads';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function answering(
  count = 45,
  move: (input: MoveOrderInput) => Promise<OrderMoved> = async (i) => ({ status: i.status, refund: null }),
) {
  const calls = {
    list: [] as FetchOrdersInput[],
    order: [] as string[],
    export: [] as ExportOrdersInput[],
    move: [] as MoveOrderInput[],
  };
  const rows = Array.from({ length: count }, (_, i) => ({ ...goldenOrder, id: String(100 + i) }));
  const machine = ordersMachine.provide({
    actors: {
      fetchOrders: fromPromise(
        async ({ input }: { input: FetchOrdersInput }): Promise<readonly OrderItem[]> => {
          calls.list.push(input);
          return rows;
        },
      ),
      fetchOrder: fromPromise(async ({ input }: { input: { id: string } }) => {
        calls.order.push(input.id);
        return orderDetails;
      }),
      exportOrders: fromPromise(async ({ input }: { input: ExportOrdersInput }) => {
        calls.export.push(input);
      }),
      moveOrder: fromPromise(async ({ input }: { input: MoveOrderInput }) => {
        calls.move.push(input);
        return move(input);
      }),
    },
  });
  return { machine, calls };
}

describe('orders chart', () => {
  it('follows the conventions', () => {
    expect(lintMachine(ordersMachine)).toEqual([]);
  });

  it('refuses an incomplete range without asking the server', async () => {
    const { machine, calls } = answering();
    const actor = createActor(machine).start();
    actor.send({ type: 'params.changed', params: noRange });
    await flush();
    expect(selectRangeProblem(actor.getSnapshot())).toBe('dateRange');
    actor.send({ type: 'params.changed', params: { ...today, from: '2026-02-30' } });
    expect(selectRangeProblem(actor.getSnapshot())).toBe('badDate');
    expect(calls.list).toEqual([]);
  });

  it('loads a range once and pages it by 20; a new BAN filter asks again', async () => {
    const { machine, calls } = answering(45);
    const actor = createActor(machine).start();
    actor.send({ type: 'params.changed', params: today });
    await flush();
    expect(selectOrdersPage(actor.getSnapshot())).toMatchObject({ page: 1, pages: 3 });
    actor.send({ type: 'params.changed', params: { ...nextPage, page: 3 } });
    expect(selectOrdersPage(actor.getSnapshot())?.rows).toHaveLength(5);
    expect(selectOrdersState(actor.getSnapshot())).toBe('list.ready order.closed export.idle');
    actor.send({ type: 'params.changed', params: { ...today, ban: '100234561' } });
    await flush();
    expect(calls.list).toEqual([
      { from: today.from, to: today.to, ban: '' },
      { from: today.from, to: today.to, ban: '100234561' },
    ]);
  });

  it('opens the order the URL names once, exports the loaded range', async () => {
    const { machine, calls } = answering(2);
    const actor = createActor(machine).start();
    actor.send({ type: 'params.changed', params: today });
    actor.send({ type: 'order.open', id: '41' });
    await flush();
    actor.send({ type: 'order.open', id: '41' });
    await flush();
    expect(selectOrder(actor.getSnapshot())).toEqual(orderDetails);
    expect(calls.order).toEqual(['41']);
    actor.send({ type: 'export.start', format: 'csv' });
    await flush();
    expect(calls.export.map((e) => [e.format, e.rows.length])).toEqual([['csv', 2]]);
    actor.send({ type: 'order.close' });
    expect(selectOrder(actor.getSnapshot())).toBeNull();
  });

  it('moves the open paid order to issued only after the confirmation, and shows it in the list too', async () => {
    const { machine, calls } = answering(1);
    const actor = createActor(machine).start();
    actor.send({ type: 'params.changed', params: today });
    actor.send({ type: 'order.open', id: '100' });
    await flush();
    // GN8: a paid order may be issued or cancelled, not paid again
    expect(selectOrderMoves(actor.getSnapshot())).toEqual(['issued', 'cancelled']);
    actor.send({ type: 'status.choose', status: 'paid' });
    expect(selectStatusStep(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'status.choose', status: 'issued' });
    expect(selectStatusStep(actor.getSnapshot())).toEqual({ to: 'issued', busy: false, error: null });
    expect(calls.move).toEqual([]);
    actor.send({ type: 'status.cancel' });
    expect(selectStatusStep(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'status.choose', status: 'issued' });
    actor.send({ type: 'status.confirm' });
    expect(selectStatusStep(actor.getSnapshot())).toMatchObject({ busy: true });
    await flush();
    expect(calls.move).toEqual([{ id: '100', status: 'issued' }]);
    expect(selectOrder(actor.getSnapshot())?.status).toBe('issued');
    expect(selectOrdersPage(actor.getSnapshot())?.rows[0]?.status).toBe('issued');
    // issued is final: nothing more to offer
    expect(selectOrderMoves(actor.getSnapshot())).toEqual([]);
  });

  it('shows a refused move and loads the order again when its error is closed', async () => {
    const { machine, calls } = answering(1, async () => {
      throw new ApiFailure({ kind: 'server', code: 'E101' });
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'order.open', id: '41' });
    await flush();
    actor.send({ type: 'status.choose', status: 'cancelled' });
    actor.send({ type: 'status.confirm' });
    await flush();
    expect(selectStatusStep(actor.getSnapshot())).toEqual({ to: 'cancelled', busy: false, error: 'E101' });
    actor.send({ type: 'status.dismiss' });
    await flush();
    expect(calls.order).toEqual(['41', '41']);
    expect(selectStatusStep(actor.getSnapshot())).toBeNull();
    expect(selectOrderMoves(actor.getSnapshot())).toEqual(['issued', 'cancelled']);
  });

  it('says before a cancel that the paid total goes back and the numbers go on sale, then shows the refund (PRM1)', async () => {
    const refund = { amount: 168_400, at: '2026-11-24T10:00:00.000Z' };
    const { machine } = answering(1, async (i) => ({ status: i.status, refund }));
    const actor = createActor(machine).start();
    actor.send({ type: 'order.open', id: '41' });
    await flush();
    expect(selectRefundLine(actor.getSnapshot())).toBeNull();
    expect(selectMoveEffect(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'status.choose', status: 'cancelled' });
    expect(selectMoveEffect(actor.getSnapshot())).toEqual({
      debit: 0,
      refund: 168_400,
      releases: true,
      noCharge: false,
    });
    actor.send({ type: 'status.confirm' });
    await flush();
    expect(selectOrder(actor.getSnapshot())).toMatchObject({ status: 'cancelled', refund });
    expect(selectRefundLine(actor.getSnapshot())).toEqual({ kind: 'refund', ...refund });
  });

  it('a new-number order: paid debits its total; a created one cancelled moves no money (PRM1)', async () => {
    const created: OrderDetails = { ...orderDetails, kind: 'new', status: 'created', numbers: [] };
    const machine = ordersMachine.provide({
      actors: {
        fetchOrders: fromPromise(async (): Promise<readonly OrderItem[]> => []),
        fetchOrder: fromPromise(async () => created),
        exportOrders: fromPromise(async () => {}),
        moveOrder: fromPromise(
          async ({ input }: { input: MoveOrderInput }): Promise<OrderMoved> => ({
            status: input.status,
            refund: null,
          }),
        ),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'order.open', id: '41' });
    await flush();
    actor.send({ type: 'status.choose', status: 'paid' });
    expect(selectMoveEffect(actor.getSnapshot())).toEqual({
      debit: 168_400,
      refund: 0,
      releases: false,
      noCharge: false,
    });
    actor.send({ type: 'status.cancel' });
    actor.send({ type: 'status.choose', status: 'cancelled' });
    expect(selectMoveEffect(actor.getSnapshot())).toEqual({
      debit: 0,
      refund: 0,
      releases: false,
      noCharge: true,
    });
    actor.send({ type: 'status.confirm' });
    await flush();
    expect(selectRefundLine(actor.getSnapshot())).toEqual({ kind: 'noCharge' });
  });
});

/** What each part of the page renders in a state (decisions AR18): the connect functions as a table. */
describe('orders connect', () => {
  const at = (
    list: 'invalid' | 'loading' | 'ready' | 'failed',
    order: 'closed' | 'loading' | 'ready' | 'confirming' | 'moving' | 'moveFailed' | 'failed',
    context: Parameters<typeof snapshotAt<typeof ordersMachine>>[2] = {},
  ) => snapshotAt(ordersMachine, { list, order, export: 'idle' }, context);
  const rows = [goldenOrder, { ...goldenOrder, id: '42' }];
  const loaded = { range: today, rows };

  it.each([
    ['loading, nothing yet', at('loading', 'closed'), { loading: true, rows: null, page: null, error: null }],
    [
      'a refused range hides the rows',
      at('invalid', 'closed', { loaded, problem: 'dateRange' }),
      { problem: 'dateRange', rows: null },
    ],
    [
      'a failed list may be retried',
      at('failed', 'closed', { loaded, listError: 'E001' }),
      { error: 'E001', retry: true },
    ],
    ['E009 offers no retry', at('failed', 'closed', { listError: 'E009' }), { error: 'E009', retry: false }],
    [
      'a ready list is paged',
      at('ready', 'closed', { loaded }),
      { loading: false, rows, page: { rows, page: 1, pages: 1 } },
    ],
  ] as const)('list: %s', (_, snapshot, expected) => {
    expect(connectOrdersList(snapshot)).toMatchObject(expected);
  });

  it.each([
    [
      'closed',
      at('ready', 'closed'),
      { phase: 'closed', order: null, shown: false, moves: [], retry: false },
    ],
    [
      'loading shows the number asked',
      at('ready', 'loading', { orderId: '41' }),
      { phase: 'loading', orderId: '41', shown: false },
    ],
    [
      'a paid golden order may be cancelled or issued',
      at('ready', 'ready', { order: orderDetails, orderId: '41' }),
      { shown: true, canChoose: true, refund: null },
    ],
    [
      'a failed order may be retried',
      at('ready', 'failed', { orderId: '41', orderError: 'E013' }),
      { error: 'E013', retry: true, shown: false },
    ],
    [
      'a move asked: no other move',
      at('ready', 'confirming', { order: orderDetails, nextStatus: 'cancelled' }),
      { shown: true, canChoose: false },
    ],
  ] as const)('order: %s', (_, snapshot, expected) => {
    expect(connectOrder(snapshot)).toMatchObject(expected);
  });

  it('order: the moves follow the status', () => {
    expect(connectOrder(at('ready', 'ready', { order: orderDetails })).moves).toEqual(
      selectOrderMoves(at('ready', 'ready', { order: orderDetails })),
    );
    expect(connectOrder(at('ready', 'ready', { order: orderDetails })).moves.length).toBeGreaterThan(0);
  });

  it.each([
    ['nothing asked', at('ready', 'ready', { order: orderDetails }), { step: null, effect: null }],
    [
      'confirming a cancel of a paid order refunds it',
      at('ready', 'confirming', { order: orderDetails, nextStatus: 'cancelled' }),
      {
        step: { to: 'cancelled', busy: false, error: null },
        effect: { refund: 168_400, releases: true, noCharge: false },
      },
    ],
    [
      'moving is busy',
      at('ready', 'moving', { order: orderDetails, nextStatus: 'cancelled' }),
      { step: { to: 'cancelled', busy: true, error: null } },
    ],
    [
      'a failed move says why',
      at('ready', 'moveFailed', { order: orderDetails, nextStatus: 'cancelled', moveError: 'E101' }),
      { step: { to: 'cancelled', busy: false, error: 'E101' } },
    ],
    [
      'a created order cancelled moves no money',
      at('ready', 'confirming', { order: { ...orderDetails, status: 'created' }, nextStatus: 'cancelled' }),
      { effect: { refund: 0, debit: 0, noCharge: true } },
    ],
  ] as const)('status move: %s', (_, snapshot, expected) => {
    expect(connectStatusMove(snapshot)).toMatchObject(expected);
  });
});
