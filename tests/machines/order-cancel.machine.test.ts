import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createOrderCancelLogic } from '@/app/orders.actors';
import { orderCancelMachine } from '@/machines/order-cancel.machine';
import { connectOrderCancel } from '@/machines/order-cancel.selectors';
import type { ApiClient } from '@/services/api/client';
import { snapshotAt } from '../support/connect-table';
import { lintMachine } from '../support/model-universe';
import { cancelInput, movedMeanwhile, offline } from './order-cancel.payloads';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A client that answers the cancel as told and records what was asked. */
function client(answer: () => Promise<unknown>) {
  const asked: [string, unknown][] = [];
  const c = {
    call: (name: string, input: unknown) => {
      asked.push([name, input]);
      return answer();
    },
  } as unknown as ApiClient;
  return { api: async () => c, asked };
}

function start(answer: () => Promise<unknown>) {
  const c = client(answer);
  const actor = createActor(createOrderCancelLogic(c.api), { input: cancelInput }).start();
  const changed: string[] = [];
  actor.on('order.changed', (e) => changed.push(e.type));
  return { actor, asked: c.asked, changed };
}

describe('order cancel machine', () => {
  it('follows the conventions the harness relies on', () => {
    expect(lintMachine(orderCancelMachine)).toEqual([]);
  });

  it('asks nothing until the confirmation is answered, then cancels the order it was started for once', async () => {
    const { actor, asked, changed } = start(async () => ({ id: 1204, status: 'cancelled' }));
    actor.send({ type: 'cancel.open' });
    await flush();
    expect(asked).toEqual([]);
    actor.send({ type: 'cancel.confirm' });
    actor.send({ type: 'cancel.confirm' });
    await flush();
    expect(asked).toEqual([['orders.cancel', { params: { id: '1204' } }]]);
    expect(actor.getSnapshot().status).toBe('done');
    expect(changed).toEqual(['order.changed']);
  });

  it("'Не отменять' sends nothing and offers the button again", async () => {
    const { actor, asked } = start(async () => ({}));
    actor.send({ type: 'cancel.open' });
    actor.send({ type: 'cancel.dismiss' });
    await flush();
    expect(asked).toEqual([]);
    expect(connectOrderCancel(actor.getSnapshot())).toMatchObject({ offered: true, dialog: false });
  });

  it('an order that moved meanwhile (E101) is shown again once the error is closed; a network failure is not', async () => {
    const moved = start(() => Promise.reject(movedMeanwhile));
    moved.actor.send({ type: 'cancel.open' });
    moved.actor.send({ type: 'cancel.confirm' });
    await flush();
    expect(connectOrderCancel(moved.actor.getSnapshot()).error).toBe('E101');
    expect(moved.changed).toEqual([]);
    moved.actor.send({ type: 'cancel.dismiss' });
    expect(moved.changed).toEqual(['order.changed']);

    const down = start(() => Promise.reject(offline));
    down.actor.send({ type: 'cancel.open' });
    down.actor.send({ type: 'cancel.confirm' });
    await flush();
    down.actor.send({ type: 'cancel.dismiss' });
    expect(down.changed).toEqual([]);
    expect(down.actor.getSnapshot().value).toBe('idle');
  });

  it.each([
    ['idle', {}, { offered: true, dialog: false, busy: false, error: null, done: false }],
    ['confirming', {}, { offered: true, dialog: true, busy: false, error: null, done: false }],
    ['cancelling', {}, { offered: true, dialog: true, busy: true, error: null, done: false }],
    ['failed', { error: 'E101' }, { offered: true, dialog: true, busy: false, error: 'E101', done: false }],
    ['done', {}, { offered: false, dialog: false, busy: false, error: null, done: true }],
  ] as const)('connect in %s', (state, ctx, expected) => {
    const s = snapshotAt(orderCancelMachine, state, ctx, cancelInput);
    expect(connectOrderCancel(s)).toEqual({ id: '1204', phase: state, ...expected });
  });
});
