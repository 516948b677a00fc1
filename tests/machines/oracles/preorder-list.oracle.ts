import type { ChartOracle } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of the staff pre-order list, written from the spec and the decisions, not from the chart: spec 3
 * "Pre-order registration" (a pre-order has a status), spec 6 orders (R008, R000, R009, R018-R023, R032 see the
 * section), spec 8 (a failed call shows its error), decisions NC6 (statuses), NC8 (GET pre-order/list, newest first),
 * NC11 (the list of the Orders section).
 */
export const preorderListOracle: ChartOracle = {
  id: 'preorderList',
  initial: { to: 'loading', ctx: () => ({ rows: [], total: 0, errorCode: null }) },
  invokes: { loading: { fetchPreorders: () => undefined } },
  rows: [
    {
      from: 'loading',
      event: done('fetchPreorders'),
      when: (_, ev) => ev.output.rows.length > 0,
      to: 'shown',
      ctx: (_, ev) => ({ rows: ev.output.rows, total: ev.output.total, errorCode: null }),
      spec: 'NC8/NC11: staff see the created pre-orders with their status',
    },
    {
      from: 'loading',
      event: done('fetchPreorders'),
      to: 'empty',
      ctx: (_, ev) => ({ rows: [], total: ev.output.total, errorCode: null }),
      spec: "NC11: no pre-order yet is said so ('Заявок пока нет.')",
    },
    {
      from: 'loading',
      event: failed('fetchPreorders'),
      to: 'failed',
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: 'spec 8: a failed call shows its error (E005 without Orders); retry',
    },
    { from: 'failed', event: 'retry', to: 'loading', spec: 'spec 8: Retry loads again' },
    { from: ['shown', 'empty'], event: 'refresh', to: 'loading', spec: 'NC11: Refresh shows new pre-orders' },
  ],
  viewTexts: { empty: 'Заявок пока нет.' },
};
