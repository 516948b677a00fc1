import type { AnyEventObject } from 'xstate';
import type { PlanRow, PlansListEvent, PlansPage } from '@/machines/plans-list.machine';
import { ApiFailure } from '@/services/api/api-error';
import { payloadsFor } from '../support/model-universe';

/**
 * Realistic events and actor results of the company's planned blocks and restores (docs/decisions.md SP1-SP9): the
 * URL's status and page as the router reports them — every status on page 1, scheduled ones, failed ones on page 2,
 * a status plans do not have (a refusal); a page of plans (a curator's signed paid block of two numbers, scheduled; a
 * whole-account restore of a type 20 account, no key; a block that partly failed; a block that failed because the
 * price changed; one that failed with a catalogue code; one cancelled), an empty filter, a refusal (E005) and a
 * network failure; a cancel answered (the plan cancelled), refused with E144 or failed.
 */

const curator = { login: 'kurator01', role: 'R004', staff: false } as const;
const keyOwner = { login: 'key.owner', role: 'R007', staff: false } as const;

export const planRows: PlanRow[] = [
  {
    id: 41,
    action: 'block',
    ban: '100200300',
    sns: ['901234501', '901234577'],
    numbers: 2,
    runAt: '2026-12-11T19:00:00.000Z',
    status: 'scheduled',
    createdBy: curator,
    keySerial: '7A2F 19C3',
    price: 15000,
    failed: [],
    reason: null,
  },
  {
    id: 40,
    action: 'restore',
    ban: '100200300',
    sns: null,
    numbers: 1204,
    runAt: '2026-12-10T04:00:00.000Z',
    status: 'scheduled',
    createdBy: keyOwner,
    keySerial: null,
    price: null,
    failed: [],
    reason: null,
  },
  {
    id: 37,
    action: 'block',
    ban: '100200300',
    sns: ['901234501', '901234502', '901234503'],
    numbers: 3,
    runAt: '2026-12-01T19:00:00.000Z',
    status: 'partial',
    createdBy: curator,
    keySerial: '7A2F 19C3',
    price: 15000,
    failed: ['901234503'],
    reason: null,
  },
  {
    id: 35,
    action: 'block',
    ban: '100200300',
    sns: ['901234588'],
    numbers: 1,
    runAt: '2026-11-30T19:00:00.000Z',
    status: 'failed',
    createdBy: curator,
    keySerial: '7A2F 19C3',
    price: 12000,
    failed: [],
    reason: 'priceChanged',
  },
  {
    id: 33,
    action: 'restore',
    ban: '100200300',
    sns: ['901234599'],
    numbers: 1,
    runAt: '2026-11-29T09:00:00.000Z',
    status: 'failed',
    createdBy: keyOwner,
    keySerial: '0B11 44D2',
    price: null,
    failed: [],
    reason: 'E005',
  },
  {
    id: 30,
    action: 'block',
    ban: '100200300',
    sns: null,
    numbers: 1,
    runAt: '2026-11-27T19:00:00.000Z',
    status: 'cancelled',
    createdBy: curator,
    keySerial: '7A2F 19C3',
    price: 15000,
    failed: [],
    reason: null,
  },
];

export const plansPage: PlansPage = { rows: planRows, total: 26, pages: 2 };
export const noPlans: PlansPage = { rows: [], total: 0, pages: 0 };
/** Only plans that have started or ended: nothing to cancel. */
export const pastPlans: PlansPage = { rows: planRows.slice(2), total: 4, pages: 1 };

/** Plan 41 as the server answers its cancel (SP7). */
export const cancelled41: PlanRow = { ...(planRows[0] as PlanRow), status: 'cancelled' };

/** The first filter a walk's page reads from its URL (`/profile/plans`): every status, page 1. */
export const ALL_PLANS = { status: '', page: 1 } as const;

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });

export const plansListPayloads = payloadsFor<PlansListEvent>({
  'params.changed': [
    { type: 'params.changed', params: ALL_PLANS },
    { type: 'params.changed', params: { status: 'scheduled', page: 1 } },
    { type: 'params.changed', params: { status: 'failed', page: 2 } },
    { type: 'params.changed', params: { status: 'postponed', page: 1 } },
  ],
  retry: [{ type: 'retry' }],
  'plan.cancel': [
    { type: 'plan.cancel', id: 41 },
    // done: it has started long ago, no Cancel
    { type: 'plan.cancel', id: 37 },
  ],
  'status.confirm': [{ type: 'status.confirm' }],
  'status.cancel': [{ type: 'status.cancel' }],
  'status.dismiss': [{ type: 'status.dismiss' }],
  'xstate.done.actor.fetchPlans': [
    done('fetchPlans', plansPage),
    done('fetchPlans', noPlans),
    done('fetchPlans', pastPlans),
  ],
  'xstate.error.actor.fetchPlans': [
    fail('fetchPlans', new ApiFailure({ kind: 'server', code: 'E005' })),
    fail('fetchPlans', new ApiFailure({ kind: 'network' })),
  ],
  'xstate.done.actor.cancelPlan': [done('cancelPlan', cancelled41)],
  'xstate.error.actor.cancelPlan': [
    fail('cancelPlan', new ApiFailure({ kind: 'server', code: 'E144' })),
    fail('cancelPlan', new ApiFailure({ kind: 'network' })),
  ],
});

export const plansListModelEntry = {
  id: 'plansList',
  input: { canCancel: true },
  payloads: plansListPayloads,
} as const;
