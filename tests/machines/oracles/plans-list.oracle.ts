import type { ChartOracle, Ctx } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of the company's planned blocks and restores, written from the scheduled actions' request ("a list shows plans
 * with status (scheduled, applying, done, partly done with failed numbers, failed, cancelled); a plan can be cancelled
 * until it starts (confirmation; cancelling a signed plan is recorded)"), decisions SP1 (the statuses), SP4 (who
 * reads, who cancels), SP7 (cancel only while scheduled, E144 otherwise), SP9 (the page) and spec 8 (a failed call
 * shows its error; retry), not from the chart.
 */

/** SP1: the statuses a plan has, as the issue lists them. */
const STATUSES = new Set(['scheduled', 'applying', 'done', 'partial', 'failed', 'cancelled']);

/** SP9: a status the URL names that plans do not have is refused; '' is every status. */
export const refusedStatus = (p: Ctx): boolean => p.status !== '' && !STATUSES.has(p.status);

const same = (a: Ctx, b: Ctx) => a.status === b.status && a.page === b.page;

const ALL = [
  'idle',
  'invalid',
  'loading',
  'ready',
  'empty',
  'failed',
  'confirming',
  'cancelling',
  'cancelFailed',
];

export const plansListOracle: ChartOracle = {
  id: 'plansList',
  initial: { to: 'idle' },
  // before the URL is read: nothing listed, wrong or being cancelled; whether this user cancels is the page's input
  // (SP4: the curator and key owner)
  context: (input) => ({
    params: { status: '', page: 0 },
    problem: null,
    rows: [],
    total: 0,
    pages: 0,
    errorCode: null,
    canCancel: (input as { canCancel: boolean }).canCancel,
    cancelId: null,
    cancelError: null,
  }),
  invokes: {
    // SP4/SP9: GET block-plans with the URL's status and page
    loading: { fetchPlans: (c) => c.params },
    // SP7: POST block-plans/{id}/cancel of the plan confirmed
    cancelling: { cancelPlan: (c) => ({ id: c.cancelId }) },
  },
  rows: [
    {
      from: ALL,
      event: 'params.changed',
      when: (_, ev) => refusedStatus(ev.params),
      to: 'invalid',
      reenter: true,
      ctx: (_, ev) => ({
        params: ev.params,
        problem: 'status',
        rows: [],
        total: 0,
        pages: 0,
        errorCode: null,
        cancelId: null,
        cancelError: null,
      }),
      spec: 'SP9: a status plans do not have, from the URL, is said; nothing is asked',
    },
    {
      from: ALL,
      event: 'params.changed',
      // the URL naming what is already asked for loads nothing (no row: ignored); the first URL always loads
      when: (c, ev) => c.problem !== null || c.params.page === 0 || !same(c.params, ev.params),
      to: 'loading',
      reenter: true,
      ctx: (_, ev) => ({
        params: ev.params,
        problem: null,
        errorCode: null,
        cancelId: null,
        cancelError: null,
      }),
      spec: 'SP4/SP9: the page of plans the URL names is asked (block-plans?status&page&size); a dialog closes',
    },
    {
      from: 'loading',
      event: done('fetchPlans'),
      when: (_, ev) => ev.output.rows.length > 0,
      to: 'ready',
      ctx: (_, ev) => ({
        rows: ev.output.rows,
        total: ev.output.total,
        pages: ev.output.pages,
        errorCode: null,
      }),
      spec: 'SP9: the plans with what, on what, when, status (partial with its failed numbers), who, key, price',
    },
    {
      from: 'loading',
      event: done('fetchPlans'),
      to: 'empty',
      ctx: (_, ev) => ({ rows: [], total: ev.output.total, pages: ev.output.pages, errorCode: null }),
      spec: 'SP9: no plan with that status',
    },
    {
      from: 'loading',
      event: failed('fetchPlans'),
      to: 'failed',
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: 'spec 8: a failed call shows its error (E005 for whom the list is not open); retry',
    },
    { from: 'failed', event: 'retry', to: 'loading', spec: 'spec 8: Retry asks again' },
    {
      from: 'ready',
      event: 'plan.cancel',
      // SP4: only the curator and key owner cancel; SP7: only a plan that has not started
      when: (c, ev) => c.canCancel && c.rows.some((r: Ctx) => r.id === ev.id && r.status === 'scheduled'),
      to: 'confirming',
      ctx: (_, ev) => ({ cancelId: ev.id, cancelError: null }),
      spec: 'SP7: a plan can be cancelled until it starts, after a confirmation naming it',
    },
    {
      from: 'confirming',
      event: 'status.cancel',
      to: 'ready',
      ctx: () => ({ cancelId: null, cancelError: null }),
      spec: 'SP7: the confirmation declined, nothing is sent',
    },
    {
      from: 'confirming',
      event: 'status.confirm',
      to: 'cancelling',
      spec: 'SP7: POST block-plans/{id}/cancel',
    },
    {
      from: 'cancelling',
      event: done('cancelPlan'),
      to: 'ready',
      ctx: (c, ev) => ({
        rows: c.rows.map((r: Ctx) => (r.id === ev.output.id ? ev.output : r)),
        cancelId: null,
        cancelError: null,
      }),
      spec: 'SP7: the row shows the plan as the server answered (cancelled)',
    },
    {
      from: 'cancelling',
      event: failed('cancelPlan'),
      to: 'cancelFailed',
      ctx: (_, ev) => ({ cancelError: codeOf(ev) }),
      spec: 'SP7/spec 8: a refused cancel shows its error (E144: already started or cancelled)',
    },
    {
      from: 'cancelFailed',
      event: 'status.dismiss',
      to: 'loading',
      ctx: () => ({ cancelId: null, cancelError: null }),
      spec: 'SP9: closing the error loads the list again, showing the plan as it now is',
    },
  ],
  viewTexts: { empty: 'Запланированных действий нет.' },
};
