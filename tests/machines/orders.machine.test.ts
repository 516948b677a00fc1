import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  type ExportOrdersInput,
  type FetchOrdersInput,
  type OrderItem,
  ordersMachine,
} from '@/machines/orders.machine';
import {
  selectOrder,
  selectOrdersPage,
  selectOrdersState,
  selectRangeProblem,
} from '@/machines/orders.selectors';
import { lintMachine } from '../support/model-universe';
import { goldenOrder, nextPage, noRange, orderDetails, today } from './orders.payloads';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function answering(count = 45) {
  const calls = { list: [] as FetchOrdersInput[], order: [] as string[], export: [] as ExportOrdersInput[] };
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
});
