import type { ChartOracle, Ctx } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of the staff pre-order list, written from the spec and the decisions, not from the chart: spec 3
 * "Pre-order registration" (a pre-order has a status), spec 6 orders (R008, R000, R009, R018-R023, R032 see the
 * section), spec 8 (a failed call shows its error), decisions NC6 (statuses), NC8 (GET pre-order/list, newest first),
 * NC11 (the list of the Orders section), NC12 (staff move a pre-order: new → review → registered, or rejected;
 * registered or rejected releases the reserved numbers, spec 4 "Phone reservation flag: … false after successful
 * registration").
 */

/** NC12, written out. */
const NEXT: Record<string, readonly string[]> = {
  new: ['review', 'rejected'],
  review: ['registered', 'rejected'],
  registered: [],
  rejected: [],
};
export const preorderListOracle: ChartOracle = {
  id: 'preorderList',
  initial: { to: 'loading' },
  // NC13: the list starts on the URL's page; nothing is listed, asked or wrong yet
  context: (input) => ({
    page: (input as { page: number }).page,
    rows: [],
    total: 0,
    errorCode: null,
    move: null,
    moveError: null,
  }),
  invokes: {
    // NC13: GET pre-order/list?page with the URL's page
    loading: { fetchPreorders: (c) => ({ page: c.page }) },
    // NC12 POST pre-order/{id}/status with the confirmed move
    moving: { movePreorder: (c) => c.move },
  },
  rows: [
    {
      from: ['loading', 'shown', 'empty', 'failed', 'confirming', 'moving', 'moveFailed'],
      event: 'page.changed',
      when: (c, ev) => ev.page !== c.page,
      to: 'loading',
      reenter: true,
      ctx: (_, ev) => ({ page: ev.page, move: null, moveError: null }),
      spec: 'NC13: another page of the URL (paging, Back) is loaded; a dialog over the old page closes',
    },
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
    {
      from: 'shown',
      event: 'status.choose',
      when: (c, ev) => {
        const row = c.rows.find((r: Ctx) => r.id === ev.id);
        return row !== undefined && (NEXT[row.status] ?? []).includes(ev.status);
      },
      to: 'confirming',
      ctx: (_, ev) => ({ move: { id: ev.id, status: ev.status }, moveError: null }),
      spec: 'NC12: a move the statuses allow is confirmed first, naming the pre-order',
    },
    {
      from: 'confirming',
      event: 'status.cancel',
      to: 'shown',
      ctx: () => ({ move: null, moveError: null }),
      spec: 'NC12: the confirmation declined, nothing is sent',
    },
    { from: 'confirming', event: 'status.confirm', to: 'moving', spec: 'NC12: POST pre-order/{id}/status' },
    {
      from: 'moving',
      event: done('movePreorder'),
      to: 'shown',
      ctx: (c, ev) => ({
        rows: c.rows.map((r: Ctx) =>
          r.id === ev.output.id
            ? { ...r, status: ev.output.status, phoneReserved: ev.output.phoneReserved }
            : r,
        ),
        move: null,
        moveError: null,
      }),
      spec: 'NC12 / spec 4: the row shows the new status and the reservation the server answered',
    },
    {
      from: 'moving',
      event: failed('movePreorder'),
      to: 'moveFailed',
      ctx: (_, ev) => ({ moveError: codeOf(ev) }),
      spec: 'spec 8: a refused move shows its error (E101 moved meanwhile)',
    },
    {
      from: 'moveFailed',
      event: 'status.dismiss',
      to: 'loading',
      ctx: () => ({ move: null, moveError: null }),
      spec: 'NC12: closing the error shows the list as it now is (loaded again)',
    },
  ],
  viewTexts: { empty: 'Заявок пока нет.' },
};
