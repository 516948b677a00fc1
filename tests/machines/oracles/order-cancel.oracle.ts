import type { ChartOracle } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of the company's cancel of its own order: decisions GN8 (created → paid → issued, or cancelled
 * before it is issued), GN15 (the company's own cancel: only a created order, one confirmation, the server decides
 * again), PRM1 (nothing was charged, nothing refunded), spec 8 (a refused call shows its error; E101 here means the order moved meanwhile). Written from those
 * texts, not from the chart.
 */
export const orderCancelOracle: ChartOracle = {
  id: 'orderCancel',
  initial: { to: 'idle' },
  // GN15: the page hands over the order it shows; nothing has been refused yet
  context: (input) => ({ id: (input as { id: string }).id, error: null }),
  invokes: {
    // GN15: POST orders/{id}/cancel of the order the page shows
    cancelling: { cancelOrder: (c) => ({ id: c.id }) },
  },
  rows: [
    {
      from: 'idle',
      event: 'cancel.open',
      to: 'confirming',
      spec: 'GN15 one confirmation naming the order before anything is sent',
    },
    {
      from: 'confirming',
      event: 'cancel.confirm',
      to: 'cancelling',
      spec: 'GN15 the cancel is sent once confirmed',
    },
    {
      from: 'confirming',
      event: 'cancel.dismiss',
      to: 'idle',
      spec: "GN15 'Не отменять': nothing is sent",
    },
    {
      from: 'cancelling',
      event: done('cancelOrder'),
      to: 'done',
      emits: () => [{ type: 'order.changed' }],
      spec: 'GN15 the order is cancelled; the page shows it again with its status',
    },
    {
      from: 'cancelling',
      event: failed('cancelOrder'),
      to: 'failed',
      ctx: (_, ev) => ({ error: codeOf(ev) }),
      spec: 'spec 8 a refused call shows its error (E005 not the company’s, E101 no longer created)',
    },
    {
      from: 'failed',
      event: 'cancel.dismiss',
      when: (c) => c.error === 'E101',
      to: 'idle',
      ctx: () => ({ error: null }),
      emits: () => [{ type: 'order.changed' }],
      spec: 'GN15 E101: the order moved meanwhile; closing the error shows it as it is now',
    },
    {
      from: 'failed',
      event: 'cancel.dismiss',
      to: 'idle',
      ctx: () => ({ error: null }),
      spec: 'spec 8 close the error; the order is unchanged',
    },
  ],
  viewTexts: {
    done: 'Заказ № 1204 отменён.',
  },
};
