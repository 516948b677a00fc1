import type { ChartOracle } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of the administration user search: spec 5 "Search (editing): at least 3 characters, else
 * SHORT3", spec 7 "GET user/search (q, pageNo 0, pageSize 45)", spec 9 "Search result page size 45", spec 4 "User row
 * in administration: block, unblock, in process", decisions A12 (the query lives in the URL) and A13 (row states).
 */
const short = (q: string) => [...q.trim()].length < 3;
const sameQuery = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  a.q === b.q && a.status === b.status && a.pageNo === b.pageNo;
const ANY = ['idle', 'invalid', 'loading', 'failed', 'empty', 'loaded.*'];

export const userSearchOracle: ChartOracle = {
  id: 'userSearch',
  initial: { to: 'idle' },
  // A12: before the URL is read, no query under the 'all' tab (spec 2 all/active/blocked/pending) on the first page
  // (spec 7 pageNo 0); nothing is listed, being changed or wrong yet
  context: () => ({
    query: { q: '', status: 'all', pageNo: 0 },
    page: null,
    change: null,
    inputError: null,
    errorCode: null,
  }),
  invokes: {
    loading: { searchUsers: (c) => ({ ...c.query, pageSize: 45 }) },
    // A13: POST user/block/{user_id} for the confirmed row
    'loaded.saving': { setBlocked: (c) => c.change },
  },
  rows: [
    // A12: the URL caught up with what is already searched for: nothing (no row, so it must be ignored)
    {
      from: ANY,
      event: 'query.changed',
      when: (c, ev) => sameQuery(c.query, ev.query),
      to: '.',
      ctx: (c) => ({ query: c.query, page: c.page }),
      spec: 'A12 the URL change that follows a submit is ignored',
    },
    {
      from: ANY,
      event: 'query.changed',
      when: (_, ev) => ev.query.q.trim() === '',
      to: 'idle',
      ctx: (_, ev) => ({ query: ev.query, page: null, inputError: null, errorCode: null, change: null }),
      spec: 'A12 no query, no search',
    },
    {
      from: ANY,
      event: 'query.changed',
      when: (_, ev) => short(ev.query.q),
      to: 'invalid',
      ctx: (_, ev) => ({ query: ev.query, page: null, inputError: 'SHORT3', errorCode: null, change: null }),
      spec: 'spec 5 SHORT3',
    },
    {
      from: ANY,
      event: 'query.changed',
      to: 'loading',
      reenter: true,
      ctx: (_, ev) => ({ query: ev.query, inputError: null, errorCode: null, change: null }),
      spec: 'A12 tabs and page links are plain links; the URL drives the search',
    },
    {
      from: ANY,
      event: 'search.submit',
      when: (_, ev) => short(ev.q),
      to: 'invalid',
      ctx: () => ({ inputError: 'SHORT3' }),
      spec: 'spec 5 SHORT3',
    },
    {
      from: ANY,
      event: 'search.submit',
      to: 'loading',
      reenter: true,
      ctx: (c, ev) => ({
        query: { q: ev.q.trim(), status: c.query.status, pageNo: 0 },
        inputError: null,
        errorCode: null,
        change: null,
      }),
      emits: (c, ev) => [
        { type: 'search.requested', query: { q: ev.q.trim(), status: c.query.status, pageNo: 0 } },
      ],
      spec: 'A12 a submitted query searches at once from page 0 keeping the tab, then goes to the URL',
    },
    {
      from: 'loading',
      event: done('searchUsers'),
      when: (_, ev) => ev.output.list.length === 0,
      to: 'empty',
      ctx: (_, ev) => ({ page: ev.output }),
      spec: 'A12 an empty result (also the page after the last)',
    },
    {
      from: 'loading',
      event: done('searchUsers'),
      to: 'loaded.browsing',
      ctx: (_, ev) => ({ page: ev.output }),
      spec: 'spec 7 user/search result list',
    },
    {
      from: 'loading',
      event: failed('searchUsers'),
      to: 'failed',
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: 'spec 8 status other than OKOK shows an error',
    },
    {
      from: 'failed',
      event: 'search.retry',
      to: 'loading',
      ctx: () => ({ errorCode: null }),
      spec: 'A12 retry',
    },
    {
      from: 'loaded.browsing',
      event: 'row.block',
      to: 'loaded.confirming',
      ctx: (_, ev) => ({
        change: { userId: ev.userId, userName: ev.userName, blocked: true },
        errorCode: null,
      }),
      spec: 'spec 4 row: block; A13 each action asks for confirmation naming the user',
    },
    {
      from: 'loaded.browsing',
      event: 'row.unblock',
      to: 'loaded.confirming',
      ctx: (_, ev) => ({
        change: { userId: ev.userId, userName: ev.userName, blocked: false },
        errorCode: null,
      }),
      spec: 'spec 4 row: unblock; A13',
    },
    {
      from: 'loaded.confirming',
      event: 'row.confirm',
      to: 'loaded.saving',
      spec: 'A13 in process while saving',
    },
    {
      from: 'loaded.confirming',
      event: 'row.cancel',
      to: 'loaded.browsing',
      ctx: () => ({ change: null, errorCode: null }),
      spec: 'A13',
    },
    {
      from: 'loaded.saving',
      event: done('setBlocked'),
      to: 'loading',
      ctx: () => ({ change: null, errorCode: null }),
      effects: () => [{ type: 'notifyBlockChanged' }],
      spec: 'A13 after a change the page is reloaded; U16 a notification names the user blocked or unblocked (spec 9)',
    },
    {
      from: 'loaded.saving',
      event: failed('setBlocked'),
      to: 'loaded.saveFailed',
      ctx: (_, ev) => ({ errorCode: codeOf(ev) }),
      spec: "A13 a refusal opens 'Ошибка!'",
    },
    {
      from: 'loaded.saveFailed',
      event: 'error.dismiss',
      to: 'loaded.browsing',
      ctx: () => ({ change: null, errorCode: null }),
      spec: 'A13',
    },
  ],
};
