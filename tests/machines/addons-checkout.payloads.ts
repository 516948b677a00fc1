import type { AnyEventObject } from 'xstate';
import { APPLY_CHUNK, type NumberOutcome } from '@/domain/addons.rules';
import type { ApplyChunkResult, CheckoutOrder } from '@/machines/addons-checkout.machine';
import { ApiFailure } from '@/services/api/api-error';
import type { EventPayloads } from '../support/model-universe';

/**
 * Realistic events and actor results of the services checkout chart. The paid connection covers one slice more than
 * APPLY_CHUNK numbers, so a run takes two slices (progress between them); guards see both outcomes: an order with and
 * without numbers, a paid connection (balance check) and a disconnection (none), a balance that covers every number and
 * one that covers one, a stop asked for or not, a result with and without numbers to retry.
 */

export const sn = (i: number): string => String(901_000_000 + i);
/** The connection's numbers: APPLY_CHUNK + 1 of them. */
export const orderSns: readonly string[] = Array.from({ length: APPLY_CHUNK + 1 }, (_, i) => sn(i));
export const payerBan = '100388204';
export const net20 = { soc: 'IP_M20', name: 'NET 20 GB', price: 45_000 };

export const connectOrder: CheckoutOrder = { action: 'connect', pkg: net20, sns: orderSns, payerBan };
/** A disconnection of the first two numbers: no balance check. */
export const disconnectOrder: CheckoutOrder = {
  action: 'disconnect',
  pkg: net20,
  sns: orderSns.slice(0, 2),
  payerBan,
};
export const emptyOrder: CheckoutOrder = { action: 'roamingOn', pkg: null, sns: [], payerBan };

/** Outcomes the server confirms: the second number already has it (E124), the third is at the line limit (E123), the
 *  deposit runs out at the tenth (E031 from there on). */
export const mixedOutcomes: readonly NumberOutcome[] = orderSns.map((s, i) => ({
  sn: s,
  code: i === 1 ? 'E124' : i === 2 ? 'E123' : i >= 9 ? 'E031' : 'accepted',
}));
export const mixed: ApplyChunkResult = { outcomes: mixedOutcomes, balance: 0 };
/** Every number accepted (a retry after a top-up). */
export const allAccepted: ApplyChunkResult = {
  outcomes: orderSns.map((s) => ({ sn: s, code: 'accepted' })),
  balance: 1_000_000,
};

/** The server's answer before the review: the second number has the package already (left out, not charged). */
export const quoteOneHas = {
  already: [orderSns[1] as string],
  sns: orderSns.filter((_, i) => i !== 1),
  total: net20.price * (orderSns.length - 1),
};
/** No chosen number has it: the order goes to all of them (two slices). */
export const quoteNoneHas = { already: [], sns: [...orderSns], total: net20.price * orderSns.length };
/** Every chosen number has it already: nothing to order. */
export const quoteAllHave = { already: [...orderSns], sns: [], total: 0 };

export const enough = { hasDeposit: true, balance: 10_000_000 };
export const oneOnly = { hasDeposit: true, balance: 50_000 };

export const offline = new ApiFailure({ kind: 'network' });
export const noSession = new ApiFailure({ kind: 'server', code: 'E009' });

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });

export const servicesCheckoutPayloads: EventPayloads = {
  'checkout.start': [
    { type: 'checkout.start', order: connectOrder },
    { type: 'checkout.start', order: disconnectOrder },
    { type: 'checkout.start', order: emptyOrder },
  ],
  'quote.retry': [{ type: 'quote.retry' }],
  'xstate.done.actor.quoteOrder': [
    done('quoteOrder', quoteOneHas),
    done('quoteOrder', quoteNoneHas),
    done('quoteOrder', quoteAllHave),
  ],
  'xstate.error.actor.quoteOrder': [fail('quoteOrder', offline)],
  'xstate.done.actor.checkBalance': [done('checkBalance', enough), done('checkBalance', oneOnly)],
  'xstate.error.actor.checkBalance': [fail('checkBalance', offline)],
  'xstate.done.actor.applyChunk': [done('applyChunk', mixed), done('applyChunk', allAccepted)],
  'xstate.error.actor.applyChunk': [fail('applyChunk', offline)],
};

/** The model-test entry of the checkout chart (tests/support/model-registry.ts). */
export const servicesCheckoutModelEntry = {
  id: 'servicesCheckout',
  payloads: servicesCheckoutPayloads,
} as const;
