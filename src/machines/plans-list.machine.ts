import { assign, setup } from 'xstate';
import {
  isPlanCancellable,
  type PlanAction,
  type PlanStatusName,
  type PlansParams,
  type PlansProblem,
  plansProblem,
  samePlansParams,
} from '@/domain/plans.rules';
import type { ActivityActor } from './activity-log.machine';
import { failTo, outputTo } from './call-fragment';
import { errorCodeOf, unprovided } from './error-code';
import * as list from './list-fragment';
import type { StateMeta } from './state-meta';

/**
 * The company's planned blocks and restores (docs/decisions.md SP1-SP9) at `/{lang}/profile/plans`:
 * what is planned (a block or a restore), on what (numbers, or the whole account), when it runs (Tashkent time), its
 * status (scheduled, applying, done, partly done with the failed numbers, failed with its reason, cancelled), who
 * planned it, the key that signed it and the price a month of a paid block; newest run first, filtered by status and
 * paged on the server. The status and page live in the URL and arrive as facts (`params.changed`); a status the
 * domain refuses is said and nothing is asked. The curator and key owner (`canCancel`, the page's input from
 * `mayManagePlans`) cancel a plan that has not started, after a confirmation naming it (SP7).
 */

/** One plan as the list shows it (SP1, SP9). */
export interface PlanRow {
  readonly id: number;
  readonly action: PlanAction;
  readonly ban: string;
  /** the numbers (9 digits), or null: the whole account */
  readonly sns: readonly string[] | null;
  /** how many numbers it concerns */
  readonly numbers: number;
  /** ISO instant it runs, shown in Tashkent time */
  readonly runAt: string;
  readonly status: PlanStatusName;
  /** who planned it, as the activity log shows an actor (AL3) */
  readonly createdBy: ActivityActor;
  readonly keySerial: string | null;
  /** sums a month per number of a paid block; null for a restore or a privileged lock */
  readonly price: number | null;
  /** the numbers that failed when it ran (a partly done or failed plan) */
  readonly failed: readonly string[];
  /** why it failed (SP6 words or a catalogue code) */
  readonly reason: string | null;
}

/** A page of plans, with the count and pages of the whole filter. */
export interface PlansPage {
  readonly rows: readonly PlanRow[];
  readonly total: number;
  readonly pages: number;
}

/** What the page starts the chart with: whether this user may cancel plans (`mayManagePlans`, SP4). */
export interface PlansListInput {
  readonly canCancel: boolean;
}

/** POST block-plans/{id}/cancel: which plan. */
export interface CancelPlanInput {
  readonly id: number;
}

export interface PlansListContext {
  /** what the URL asks for */
  readonly params: PlansParams;
  readonly problem: PlansProblem | null;
  readonly rows: readonly PlanRow[];
  readonly total: number;
  readonly pages: number;
  readonly errorCode: string | null;
  /** the user may cancel a scheduled plan (SP4) */
  readonly canCancel: boolean;
  /** the plan whose cancel is being confirmed or sent */
  readonly cancelId: number | null;
  readonly cancelError: string | null;
}

/**
 * Events of the plans' list.
 * - `params.changed`: fact from the router: the URL's status and page (arrival, filter, paging, Back).
 * - `retry`: user intent after the list failed to load.
 * - `plan.cancel`: user intent to cancel plan `id` (asks a confirmation first).
 * - `status.confirm` / `status.cancel`: the confirmation's answer (cancel the plan / keep it), as every list's status
 *   move; `status.dismiss` closes a refused cancel's error and loads the list again (it may have started meanwhile).
 */
export type PlansListEvent =
  | { type: 'params.changed'; params: PlansParams }
  | { type: 'retry' }
  | { type: 'plan.cancel'; id: number }
  | { type: 'status.confirm' }
  | { type: 'status.cancel' }
  | { type: 'status.dismiss' };

/** Before the URL is read: every status and page 0, which no URL names (so the first one is always loaded). */
export const NO_PLANS_PARAMS: PlansParams = { status: '', page: 0 };

const paramsOfEvent = ({ event }: { event: { params: PlansParams } }) => ({ params: event.params });

export const plansListMachine = setup({
  types: {
    context: {} as PlansListContext,
    events: {} as PlansListEvent,
    input: {} as PlansListInput,
    meta: {} as StateMeta,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** GET block-plans?status&page&size (SP4; the page 1-based here, 0-based on the wire). */
    fetchPlans: unprovided<PlansPage, PlansParams>('fetchPlans'),
    /** POST block-plans/{id}/cancel (SP7): the plan as the server now has it. */
    cancelPlan: unprovided<PlanRow, CancelPlanInput>('cancelPlan'),
  },
  guards: {
    isParamsInvalid: (_, params: { params: PlansParams }) => plansProblem(params.params) !== null,
    isNewParams: ({ context }, params: { params: PlansParams }) =>
      context.problem !== null || !samePlansParams(context.params, params.params),
    hasRows: (_, params: { page: PlansPage }) => params.page.rows.length > 0,
    /** this user cancels plans, and the plan is on the list and has not started (SP4, SP7) */
    canCancelPlan: ({ context }, params: { id: number }) => {
      const row = context.rows.find((r) => r.id === params.id);
      return context.canCancel && row !== undefined && isPlanCancellable(row.status);
    },
  },
  actions: {
    assignInvalid: assign((_, params: { params: PlansParams }) => ({
      params: params.params,
      problem: plansProblem(params.params),
      rows: [],
      total: 0,
      pages: 0,
      errorCode: null,
      cancelId: null,
      cancelError: null,
    })),
    assignParams: assign((_, params: { params: PlansParams }) => ({
      params: params.params,
      problem: null,
      errorCode: null,
      cancelId: null,
      cancelError: null,
    })),
    assignPage: assign((_, params: { page: PlansPage }) => ({
      rows: params.page.rows,
      total: params.page.total,
      pages: params.page.pages,
      errorCode: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCodeOf(params.error) })),
    assignCancel: assign((_, params: { id: number }) => ({ cancelId: params.id, cancelError: null })),
    clearCancel: assign({ cancelId: null, cancelError: null }),
    /** The row shows the plan as the server answered (cancelled). */
    assignCancelled: assign(({ context }, params: { plan: PlanRow }) => ({
      rows: context.rows.map((r) => (r.id === params.plan.id ? params.plan : r)),
      cancelId: null,
      cancelError: null,
    })),
    assignCancelError: assign((_, params: { error: unknown }) => ({
      cancelError: errorCodeOf(params.error),
    })),
  },
}).createMachine({
  id: 'plansList',
  description:
    "The company's planned blocks and restores: what, on what, when, status, who planned it, the key and the price; " +
    'status and page from the URL; a scheduled plan cancelled after a confirmation.',
  context: ({ input }) => ({
    params: NO_PLANS_PARAMS,
    problem: null,
    rows: [],
    total: 0,
    pages: 0,
    errorCode: null,
    canCancel: input.canCancel,
    cancelId: null,
    cancelError: null,
  }),
  initial: 'idle',
  on: {
    'params.changed': [
      {
        guard: { type: 'isParamsInvalid', params: paramsOfEvent },
        target: '.invalid',
        actions: { type: 'assignInvalid', params: paramsOfEvent },
      },
      {
        guard: { type: 'isNewParams', params: paramsOfEvent },
        target: '.loading',
        actions: { type: 'assignParams', params: paramsOfEvent },
        description:
          'another status or page (filter, paging, Back): it is loaded; a cancel asked or sent is left (the page ' +
          'loaded shows what the server has)',
      },
      { description: 'the same status and page as shown: nothing to load' },
    ],
  },
  states: {
    idle: {
      description: 'Before the URL’s status and page are read; nothing is asked.',
      meta: { view: 'the page title and the status filter', testId: 'plans-idle' },
    },
    invalid: {
      description: 'A status plans do not have, from the URL: the filter says so and nothing is asked.',
      meta: { view: 'the filter with the message', testId: 'plans-problem' },
      tags: ['error'],
    },
    loading: {
      description: 'Asks the page of plans the URL names (newest run first).',
      meta: { view: 'the list busy', testId: 'plans-loading' },
      tags: ['busy'],
      invoke: list.loadPageOrEmpty(
        'fetchPlans',
        ({ context }: { context: PlansListContext }) => context.params,
        { page: 'assignPage', error: 'assignError', whenRows: 'hasRows' },
      ),
    },
    ready: {
      description:
        'The page of plans, newest run first: what, on what, when (Tashkent), status, who planned it, the key and the ' +
        'price a month; a Cancel button on a scheduled plan for the curator and key owner; the count and paging.',
      meta: { view: 'the table of plans with the pager', testId: 'plans-table' },
      on: {
        'plan.cancel': [
          {
            guard: { type: 'canCancelPlan', params: ({ event }) => ({ id: event.id }) },
            target: 'confirming',
            actions: { type: 'assignCancel', params: ({ event }) => ({ id: event.id }) },
          },
          {
            description: 'no such plan, one that has started, or a user who may not cancel: nothing happens',
          },
        ],
      },
    },
    confirming: {
      description: 'Asks to confirm the cancel, naming the plan: what, on what, when.',
      meta: { view: 'the confirmation dialog over the table', testId: 'plans-cancel-confirm' },
      on: {
        'status.confirm': { target: 'cancelling' },
        'status.cancel': { target: 'ready', actions: 'clearCancel' },
      },
    },
    cancelling: {
      description: 'Cancels the plan (POST block-plans/{id}/cancel); the server records the cancel.',
      meta: { view: 'the confirmation dialog busy', testId: 'plans-cancel-confirm' },
      tags: ['busy'],
      invoke: {
        id: 'cancelPlan',
        src: 'cancelPlan',
        // cancelId is set on the way in (confirming); id 0 is no plan: the server answers E005
        input: ({ context }) => ({ id: context.cancelId ?? 0 }),
        onDone: outputTo('ready', 'assignCancelled', 'plan'),
        onError: failTo('cancelFailed', 'assignCancelError'),
      },
    },
    cancelFailed: {
      description:
        'The cancel was refused (E144 the plan started, finished or was cancelled meanwhile; E005) or failed; ' +
        'closing the error loads the list again.',
      meta: { view: 'the table with the error dialog', testId: 'plans-cancel-error' },
      tags: ['error'],
      on: { 'status.dismiss': { target: 'loading', actions: 'clearCancel' } },
    },
    empty: {
      description: 'No plan matches the status (or the page is past the last one, which the view clamps).',
      meta: { view: 'the nothing-found text', testId: 'plans-empty' },
    },
    failed: {
      description: 'The list did not load (E005 for whom it is not open, network); Retry asks again.',
      meta: { view: 'the error with Retry', testId: 'plans-failed' },
      tags: ['error'],
      on: { retry: { target: 'loading' } },
    },
  },
});

export type PlansListMachine = typeof plansListMachine;
