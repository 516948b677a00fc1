import { assign, emit, setup } from 'xstate';
import { failTo } from './call-fragment';
import { errorCodeOf, unprovided } from './error-code';
import type { StateMeta } from './state-meta';

/**
 * The company cancels its own order while it is still `created` (docs/decisions.md GN15; GN8 lifecycle; PRM1: nothing
 * was charged, so nothing is refunded). One confirmation naming the order, then `POST orders/{id}/cancel`. The page
 * that shows the order offers it only when the server says the order is `cancellable`; the server decides again
 * (E005 not the company's, E101 no longer created). When the order changed (cancelled, or found moved meanwhile) the
 * chart emits `order.changed` so the page loads the order again.
 */

export interface OrderCancelInput {
  /** the order's id */
  readonly id: string;
}

export interface OrderCancelContext {
  readonly id: string;
  /** catalogue code of the refused or failed cancel */
  readonly error: string | null;
}

/**
 * Events of the cancel.
 * - `cancel.open`: user intent to cancel the order (opens the confirmation).
 * - `cancel.confirm`: user intent: yes, cancel it.
 * - `cancel.dismiss`: user intent to close the confirmation or the error (Escape, Close, 'Не отменять').
 */
export type OrderCancelEvent =
  | { type: 'cancel.open' }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.dismiss' };

/** Emitted for the page: the order is not what it shows any more; load it again. */
export type OrderCancelEmitted = { type: 'order.changed' };

export type OrderCancelTag = 'busy';

export const orderCancelMachine = setup({
  types: {
    context: {} as OrderCancelContext,
    events: {} as OrderCancelEvent,
    input: {} as OrderCancelInput,
    emitted: {} as OrderCancelEmitted,
    meta: {} as StateMeta,
    tags: {} as OrderCancelTag,
  },
  actors: {
    /** POST orders/{id}/cancel. */
    cancelOrder: unprovided<void, OrderCancelInput>('cancelOrder'),
  },
  guards: {
    /** E101: the order left `created` meanwhile (paid, or cancelled elsewhere): the page is out of date. */
    isMovedMeanwhile: ({ context }) => context.error === 'E101',
  },
  actions: {
    assignError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    clearError: assign({ error: null }),
    emitChanged: emit({ type: 'order.changed' as const }),
  },
}).createMachine({
  id: 'orderCancel',
  description:
    'The company cancels its own order while it is created: a confirmation naming the order, the cancel call, then ' +
    'the page loads the order again.',
  context: ({ input }) => ({ id: input.id, error: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The order page with its cancel button.',
      meta: { view: "the 'Отменить заказ' button", testId: 'order-cancel' },
      on: { 'cancel.open': 'confirming' },
    },
    confirming: {
      description: 'The confirmation naming the order; nothing is sent yet.',
      meta: { view: 'the confirmation dialog', testId: 'order-cancel-confirm' },
      on: {
        'cancel.confirm': 'cancelling',
        'cancel.dismiss': 'idle',
      },
    },
    cancelling: {
      description: 'Sends the cancel (POST orders/{id}/cancel); the dialog is busy and cannot be closed.',
      meta: { view: 'the dialog busy', testId: 'order-cancel-confirm' },
      tags: ['busy'],
      invoke: {
        id: 'cancelOrder',
        src: 'cancelOrder',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'done', actions: 'emitChanged' },
        onError: failTo('failed'),
      },
    },
    failed: {
      description:
        'The cancel was refused or failed: the reason (E101: the order moved meanwhile) and a close.',
      meta: { view: 'the error dialog', testId: 'order-cancel-error' },
      on: {
        'cancel.dismiss': [
          {
            guard: 'isMovedMeanwhile',
            description: 'the order moved meanwhile: the page loads it again',
            target: 'idle',
            actions: ['clearError', 'emitChanged'],
          },
          { target: 'idle', actions: 'clearError' },
        ],
      },
    },
    done: {
      type: 'final',
      description: 'The order is cancelled; the page shows it again with its new status.',
      meta: { view: "'Заказ отменён' notice", testId: 'order-cancel-done' },
    },
  },
});

export type OrderCancelMachine = typeof orderCancelMachine;
