import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { NewOrderCatalogue, NewOrderDraft, NewOrderInput } from '@/machines/new-order.machine';
import { ApiFailure } from '@/services/api/api-error';
import type { EventPayloads } from '../support/model-universe';

/**
 * Realistic events and actor results of the new-number order (model paths, oracle, view walk, unit tests). Guards
 * see both outcomes: a draft of one row (nothing to delete), of two valid rows (a delete, a valid submit) and of the
 * contract's 100 rows (nothing more to add); an empty first row refused on submit.
 */

export const newOrderInput: NewOrderInput = { draftKey: 'draft:curator:/purchase/order:newOrder' };

export const catalogue: NewOrderCatalogue = {
  categories: [
    { id: '122', name: '122', price: 0 },
    { id: '192', name: '192', price: 84_200 },
    { id: '79', name: '79', price: 1_263_000 },
  ],
  pricePlans: [
    { id: '1', name: 'Biznes Start', price: 45_000 },
    { id: '2', name: 'Biznes Pro', price: 79_000 },
  ],
  services: [
    { id: 'IP_M5', name: 'NET 5 GB', price: 25_000 },
    { id: 'IP_M20', name: 'NET 20 GB', price: 60_000 },
  ],
};

export const bronzeRow = { kolvo: '3', category: '192', tariff: '1', services: ['IP_M5'], nominal: '10000' };
export const platinumRow = { kolvo: '1', category: '79', tariff: '2', services: [], nominal: '' };

export const twoRowDraft: NewOrderDraft = {
  rows: [bronzeRow, platinumRow],
  address: 'Toshkent, Amir Temur 1',
};
export const fullDraft: NewOrderDraft = { rows: Array.from({ length: 100 }, () => platinumRow), address: '' };

export const offline = new ApiFailure({ kind: 'network' });
export const noBalance = new ApiFailure({ kind: 'server', code: 'E031' });
export const broken = new ApiFailure({ kind: 'contract', direction: 'reply', issues: 'id: required' });

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });

export const newOrderPayloads: EventPayloads = {
  'row.change': [
    { type: 'row.change', index: 0, field: 'category', value: '192' },
    { type: 'row.change', index: 0, field: 'tariff', value: '1' },
  ],
  'row.service': [{ type: 'row.service', index: 0, service: 'IP_M5', on: true }],
  'address.change': [{ type: 'address.change', value: 'Samarqand, Registon 5' }],
  'row.remove': [{ type: 'row.remove', index: 1 }],
  'xstate.done.actor.fetchCatalogue': [done('fetchCatalogue', catalogue)],
  'xstate.error.actor.fetchCatalogue': [fail('fetchCatalogue', offline)],
  'xstate.done.actor.fetchAddress': [done('fetchAddress', 'Toshkent, Navoiy 12')],
  'xstate.error.actor.fetchAddress': [fail('fetchAddress', offline)],
  'xstate.done.actor.fetchInn': [done('fetchInn', '301234567')],
  'xstate.error.actor.fetchInn': [fail('fetchInn', offline)],
  'xstate.done.actor.fetchBalance': [done('fetchBalance', 7_830_000)],
  'xstate.error.actor.fetchBalance': [fail('fetchBalance', offline)],
  'xstate.done.actor.restoreDraft': [
    done('restoreDraft', null),
    done('restoreDraft', twoRowDraft),
    done('restoreDraft', fullDraft),
  ],
  'xstate.error.actor.restoreDraft': [fail('restoreDraft', new Error('storage unavailable'))],
  'xstate.done.actor.createOrder': [done('createOrder', { id: '57' })],
  'xstate.error.actor.createOrder': [fail('createOrder', noBalance), fail('createOrder', broken)],
};

/** Rows or address changed by the user (not as restored or loaded): explored only once every side load is done. */
const RESTORED = new Set(
  [
    [{ kolvo: '1', category: '', tariff: '', services: [], nominal: '' }],
    twoRowDraft.rows,
    fullDraft.rows,
  ].map((r) => JSON.stringify(r)),
);
const edited = (s: AnyMachineSnapshot) => {
  const c = s.context as { rows: unknown[]; address: string; problem: unknown };
  return !RESTORED.has(JSON.stringify(c.rows)) || c.address === 'Samarqand, Registon 5' || c.problem !== null;
};

/** The model-test entry of the new-order chart (tests/support/model-registry.ts). */
export const newOrderModelEntry = {
  id: 'newOrder',
  input: newOrderInput,
  payloads: newOrderPayloads,
  // four side loads in parallel make many state values: a longer walk visits them all
  walkSteps: 30_000,
  // keeps the graph finite: the side loads fail (one at a time) and retry while the form is edited; past editing only
  // snapshots with every side load done are explored further, and rows stop growing past three (100 come from a draft)
  stopWhen: (s: AnyMachineSnapshot) => {
    const sides = ['catalogue', 'address', 'inn', 'balance'];
    const sidesReady = sides.every((r) => s.matches({ open: { [r]: 'ready' } }));
    const failedSides = sides.filter((r) => s.matches({ open: { [r]: 'failed' } })).length;
    const rows = (s.context as { rows: unknown[] }).rows.length;
    return (
      failedSides > 1 ||
      (s.matches('open') && !sidesReady && (!s.matches({ open: { form: 'editing' } }) || edited(s))) ||
      (rows > 2 && rows < 100)
    );
  },
} as const;
