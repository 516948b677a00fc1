import type { ChartOracle, Ctx } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of the AT 39 registrations list, from the AT 39 requirements "List" (register/filter; filters date range,
 * status, region, text in the URL; paging with list and total_count; comments; statistics download), spec 7 "AT 39"
 * and docs/decisions.md AT2, AT9. Three independent regions: the list, the comments of one registration, the
 * statistics download.
 */

const sameParams = (a: Ctx, b: Ctx) =>
  a.dt1 === b.dt1 &&
  a.dt2 === b.dt2 &&
  a.status === b.status &&
  a.region === b.region &&
  a.q === b.q &&
  a.page === b.page;

const COMMENTS_ANY = ['comments.closed', 'comments.loading', 'comments.shown', 'comments.failed'];

export const at39ListOracle: ChartOracle = {
  id: 'at39List',
  initial: { to: ['list.loading', 'comments.closed', 'statistics.idle'] },
  // AT9: the filter and page the URL holds; nothing is shown, open or wrong yet
  context: (input) => ({
    params: (input as { params: Ctx }).params,
    shown: null,
    listError: null,
    commentsOf: null,
    comments: null,
    commentsError: null,
    statsError: null,
  }),
  invokes: {
    'list.loading': { fetchRegistrations: (c) => ({ params: c.params }) },
    'comments.loading': { fetchComments: (c) => ({ registrationId: c.commentsOf }) },
    'statistics.downloading': { downloadStatistics: (c) => ({ params: c.params }) },
  },
  rows: [
    {
      from: 'list.*',
      event: 'params.changed',
      when: (c, ev) => !sameParams(c.params, ev.params),
      to: 'list.loading',
      reenter: true,
      ctx: (_, ev) => ({ params: ev.params }),
      spec: 'the AT 39 requirements "filters (date range, status, region, text) in the URL; paging"',
    },
    {
      from: 'list.loading',
      event: done('fetchRegistrations'),
      to: 'list.ready',
      ctx: (c, ev) => ({ shown: { params: c.params, ...ev.output }, listError: null }),
      spec: 'spec 3 list, total_count; spec 7 GET register/filter',
    },
    {
      from: 'list.loading',
      event: failed('fetchRegistrations'),
      to: 'list.failed',
      ctx: (c, ev) => ({ listError: codeOf(ev), shown: c.shown }),
      spec: 'spec 8 a failed call shows an error, with a retry',
    },
    {
      from: 'list.failed',
      event: 'list.retry',
      to: 'list.loading',
      ctx: () => ({ listError: null }),
      spec: 'spec 8 retry',
    },
    {
      from: COMMENTS_ANY,
      event: 'comments.open',
      to: 'comments.loading',
      reenter: true,
      ctx: (_, ev) => ({ commentsOf: ev.registrationId, comments: null, commentsError: null }),
      spec: 'spec 3 comments; spec 7 GET register/comment',
    },
    {
      from: COMMENTS_ANY,
      event: 'comments.close',
      to: 'comments.closed',
      ctx: () => ({ commentsOf: null, comments: null, commentsError: null }),
      spec: 'AT9 the comments dialog closes',
    },
    {
      from: 'comments.loading',
      event: done('fetchComments'),
      to: 'comments.shown',
      ctx: (_, ev) => ({ comments: ev.output, commentsError: null }),
      spec: 'spec 7 register/comment',
    },
    {
      from: 'comments.loading',
      event: failed('fetchComments'),
      to: 'comments.failed',
      ctx: (_, ev) => ({ commentsError: codeOf(ev) }),
      spec: 'spec 8 E094 registration not found or another user’s',
    },
    {
      from: 'comments.failed',
      event: 'comments.retry',
      to: 'comments.loading',
      ctx: () => ({ commentsError: null }),
      spec: 'spec 8 retry',
    },
    {
      from: ['statistics.idle', 'statistics.failed'],
      event: 'statistics.download',
      to: 'statistics.downloading',
      ctx: () => ({ statsError: null }),
      spec: 'spec 7 GET docs/statistics (blob); AT9 an XLSX spreadsheet of the period',
    },
    { from: 'statistics.downloading', event: done('downloadStatistics'), to: 'statistics.idle', spec: 'AT9' },
    {
      from: 'statistics.downloading',
      event: failed('downloadStatistics'),
      to: 'statistics.failed',
      ctx: (_, ev) => ({ statsError: codeOf(ev) }),
      spec: 'spec 8 a failed download shows an error',
    },
    {
      from: 'statistics.failed',
      event: 'statistics.dismiss',
      to: 'statistics.idle',
      ctx: () => ({ statsError: null }),
      spec: 'AT9 close the error',
    },
  ],
};
