import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type {
  NewOrderCatalogue,
  NewOrderCompany,
  NewOrderDraft,
  NewOrderInput,
} from '@/machines/new-order.machine';
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

/** The company data as the one load answers it: catalogue, address on file, tax id, balance. */
export const company: NewOrderCompany = {
  catalogue,
  address: 'Toshkent, Navoiy 12',
  inn: '301234567',
  balance: 7_830_000,
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
    // PRM4: a nominal is a whole sum up to 1 000 000: the most, and one over
    { type: 'row.change', index: 0, field: 'nominal', value: '1000000' },
    { type: 'row.change', index: 0, field: 'nominal', value: '1000001' },
  ],
  'row.service': [{ type: 'row.service', index: 0, service: 'IP_M5', on: true }],
  'address.change': [{ type: 'address.change', value: 'Samarqand, Registon 5' }],
  'row.remove': [{ type: 'row.remove', index: 1 }],
  'xstate.done.actor.fetchCompany': [done('fetchCompany', company)],
  'xstate.error.actor.fetchCompany': [fail('fetchCompany', offline), fail('fetchCompany', broken)],
  'xstate.done.actor.restoreDraft': [
    done('restoreDraft', null),
    done('restoreDraft', twoRowDraft),
    done('restoreDraft', fullDraft),
  ],
  'xstate.error.actor.restoreDraft': [fail('restoreDraft', new Error('storage unavailable'))],
  'xstate.done.actor.createOrder': [done('createOrder', { id: '57' })],
  'xstate.error.actor.createOrder': [fail('createOrder', noBalance), fail('createOrder', broken)],
};

/** Rows or address changed by the user (not as restored or loaded): explored only once the company data is loaded. */
const RESTORED = new Set(
  [
    [{ kolvo: '1', category: '', tariff: '', services: [], nominal: '' }],
    twoRowDraft.rows,
    fullDraft.rows,
  ].map((r) => JSON.stringify(r)),
);
const edited = (s: AnyMachineSnapshot) => {
  const c = s.context as { rows: unknown[]; address: string; problems: unknown[] };
  return (
    !RESTORED.has(JSON.stringify(c.rows)) || c.address === 'Samarqand, Registon 5' || c.problems.length > 0
  );
};

/** The kept draft's hundred rows with its second removed: the most rows that still take one more (GN8). */
const NINETY_NINE = JSON.stringify(fullDraft.rows.filter((_, i) => i !== 1));

/** The model-test entry of the new-order chart (tests/support/model-registry.ts). */
export const newOrderModelEntry = {
  id: 'newOrder',
  input: newOrderInput,
  payloads: newOrderPayloads,
  // keeps the graph finite: the company data fails and is retried while the form is untouched; past that only
  // snapshots with the company data loaded are explored further, and rows stop growing past two (100 come from a draft;
  // of 99 rows only the draft's with one removed is explored: one more row is still taken there, GN8)
  stopWhen: (s: AnyMachineSnapshot) => {
    const rows = (s.context as { rows: unknown[] }).rows.length;
    return (
      (s.matches('open') &&
        !s.matches({ open: { company: 'ready' } }) &&
        (!s.matches({ open: { form: 'editing' } }) || edited(s))) ||
      (rows > 2 && rows < 99) ||
      (rows === 99 && JSON.stringify((s.context as { rows: unknown[] }).rows) !== NINETY_NINE) ||
      // a 101st row is the chart's error, which the step into it shows: nothing is explored past it
      rows > 100
    );
  },
} as const;
