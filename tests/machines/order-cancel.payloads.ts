import type { AnyEventObject } from 'xstate';
import type { OrderCancelInput } from '@/machines/order-cancel.machine';
import { ApiFailure } from '@/services/api/api-error';
import type { EventPayloads } from '../support/model-universe';

/**
 * Realistic input and actor results of the company's cancel of its own order (GN15): the cancel succeeds, is refused
 * because the order moved meanwhile (E101: paid by the operator, or cancelled in another tab), or fails on the network.
 */

export const cancelInput: OrderCancelInput = { id: '1204' };

export const movedMeanwhile = new ApiFailure({ kind: 'server', code: 'E101' });
export const offline = new ApiFailure({ kind: 'network' });

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });

export const orderCancelPayloads: EventPayloads = {
  'xstate.done.actor.cancelOrder': [done('cancelOrder', undefined)],
  'xstate.error.actor.cancelOrder': [fail('cancelOrder', movedMeanwhile), fail('cancelOrder', offline)],
};

export const orderCancelModelEntry = {
  id: 'orderCancel',
  input: cancelInput,
  payloads: orderCancelPayloads,
} as const;
