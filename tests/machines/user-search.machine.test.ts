import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  type RowChange,
  type UserPage,
  type UserSearchRequest,
  userSearchMachine,
} from '@/machines/user-search.machine';
import {
  connectUserSearch,
  parseUserQuery,
  rowAction,
  selectRowFailure,
  selectUserPageCount,
  selectUserSearchError,
  selectUserSearchFailure,
  userQuerySearch,
} from '@/machines/user-search.selectors';
import { snapshotAt } from '../support/connect-table';
import { lintMachine } from '../support/model-universe';
import { emptyPage, forbidden, offline, queries, usersPage } from './user-admin.payloads';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function search(
  opts: { find?: (r: UserSearchRequest) => Promise<UserPage>; block?: () => Promise<void> } = {},
) {
  const requests: UserSearchRequest[] = [];
  const changes: RowChange[] = [];
  const emitted: unknown[] = [];
  const machine = userSearchMachine.provide({
    actors: {
      searchUsers: fromPromise(({ input }: { input: UserSearchRequest }) => {
        requests.push(input);
        return (opts.find ?? (async () => usersPage))(input);
      }),
      setBlocked: fromPromise(({ input }: { input: RowChange }) => {
        changes.push(input);
        return (opts.block ?? (async () => {}))();
      }),
    },
  });
  const actor = createActor(machine);
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, requests, changes, emitted };
}

describe('user search (administration)', () => {
  it('follows the conventions', () => {
    expect(lintMachine(userSearchMachine)).toEqual([]);
  });

  it('waits while the URL has no query', () => {
    const { actor, requests } = search();
    actor.send({ type: 'query.changed', query: queries.empty });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(requests).toEqual([]);
  });

  it('shows SHORT3 for a query shorter than 3 characters, from the URL or the form', () => {
    const { actor, requests, emitted } = search();
    actor.send({ type: 'query.changed', query: queries.short });
    expect(selectUserSearchError(actor.getSnapshot())).toBe('SHORT3');
    actor.send({ type: 'query.changed', query: queries.empty });
    actor.send({ type: 'search.submit', q: ' a ' });
    expect(selectUserSearchError(actor.getSnapshot())).toBe('SHORT3');
    expect(requests).toEqual([]);
    expect(emitted).toEqual([]);
  });

  it('searches with pageNo from 0, page size 45 and the tab filter', async () => {
    const { actor, requests } = search();
    actor.send({ type: 'query.changed', query: { q: 'ova', status: 'blocked', pageNo: 2 } });
    expect(actor.getSnapshot().value).toBe('loading');
    await flush();
    expect(requests).toEqual([{ q: 'ova', status: 'blocked', pageNo: 2, pageSize: 45 }]);
    expect(actor.getSnapshot().value).toEqual({ loaded: 'browsing' });
  });

  it('searches a submitted query from the first page, keeping the tab, and asks for it in the URL', async () => {
    const { actor, emitted, requests } = search();
    actor.send({ type: 'query.changed', query: { q: 'ova', status: 'pending', pageNo: 3 } });
    await flush();
    actor.send({ type: 'search.submit', q: '  curator ' });
    expect(emitted).toEqual([
      { type: 'search.requested', query: { q: 'curator', status: 'pending', pageNo: 0 } },
    ]);
    expect(actor.getSnapshot().value).toBe('loading');
    await flush();
    expect(requests.map((r) => r.q)).toEqual(['ova', 'curator']);
    // the URL catches up: nothing is searched again
    actor.send({ type: 'query.changed', query: { q: 'curator', status: 'pending', pageNo: 0 } });
    expect(actor.getSnapshot().value).toEqual({ loaded: 'browsing' });
    expect(requests).toHaveLength(2);
  });

  it('submitting the same text searches again (a refresh)', async () => {
    const { actor, requests } = search();
    actor.send({ type: 'query.changed', query: queries.ova });
    await flush();
    actor.send({ type: 'search.submit', q: 'ova' });
    await flush();
    expect(requests).toHaveLength(2);
  });

  it('says when nothing matches, and offers a retry when the search fails', async () => {
    let fail = true;
    const { actor } = search({ find: async () => (fail ? Promise.reject(offline) : emptyPage) });
    actor.send({ type: 'query.changed', query: queries.ova });
    await flush();
    expect(selectUserSearchFailure(actor.getSnapshot())).toBe('network');
    fail = false;
    actor.send({ type: 'search.retry' });
    await flush();
    expect(actor.getSnapshot().value).toBe('empty');
  });

  it('blocks a row after confirmation, then reloads the page', async () => {
    const { actor, changes, requests } = search();
    actor.send({ type: 'query.changed', query: queries.ova });
    await flush();
    actor.send({ type: 'row.block', userId: '11', userName: 'curator' });
    expect(actor.getSnapshot().value).toEqual({ loaded: 'confirming' });
    actor.send({ type: 'row.confirm' });
    expect(actor.getSnapshot().value).toEqual({ loaded: 'saving' });
    await flush();
    expect(changes).toEqual([{ userId: '11', userName: 'curator', blocked: true }]);
    expect(requests).toHaveLength(2);
    expect(actor.getSnapshot().value).toEqual({ loaded: 'browsing' });
  });

  it('cancelling the confirmation changes nothing', async () => {
    const { actor, changes } = search();
    actor.send({ type: 'query.changed', query: queries.ova });
    await flush();
    actor.send({ type: 'row.unblock', userId: '12', userName: 'blocked.user' });
    actor.send({ type: 'row.cancel' });
    expect(actor.getSnapshot().value).toEqual({ loaded: 'browsing' });
    expect(actor.getSnapshot().context.change).toBeNull();
    expect(changes).toEqual([]);
  });

  it("a refused unblock shows the 'Ошибка!' dialog", async () => {
    const { actor } = search({ block: async () => Promise.reject(forbidden) });
    actor.send({ type: 'query.changed', query: queries.ova });
    await flush();
    actor.send({ type: 'row.unblock', userId: '12', userName: 'blocked.user' });
    actor.send({ type: 'row.confirm' });
    await flush();
    expect(selectRowFailure(actor.getSnapshot())).toBe('E005');
    actor.send({ type: 'error.dismiss' });
    expect(actor.getSnapshot().value).toEqual({ loaded: 'browsing' });
  });

  it('counts pages of 45', async () => {
    const { actor } = search({ find: async () => ({ ...usersPage, total: 91 }) });
    actor.send({ type: 'query.changed', query: queries.ova });
    await flush();
    expect(selectUserPageCount(actor.getSnapshot())).toBe(3);
  });
});

describe('the query in the URL', () => {
  it('reads q, status and pageNo, falling back on bad values', () => {
    expect(parseUserQuery('q=ova&status=blocked&pageNo=2')).toEqual({
      q: 'ova',
      status: 'blocked',
      pageNo: 2,
    });
    expect(parseUserQuery('?q=%D0%B0%D0%B1%D0%B2&status=nope&pageNo=-1')).toEqual({
      q: 'абв',
      status: 'all',
      pageNo: 0,
    });
    expect(parseUserQuery('')).toEqual({ q: '', status: 'all', pageNo: 0 });
    expect(parseUserQuery('pageNo=9999999').pageNo).toBe(0);
  });

  it('writes what differs from the defaults, and reads it back', () => {
    const q = { q: 'Ova Малика', status: 'pending', pageNo: 1 } as const;
    expect(parseUserQuery(userQuerySearch(q))).toEqual(q);
    expect(userQuerySearch({ q: '', status: 'all', pageNo: 0 })).toBe('');
    expect(userQuerySearch({ q: 'ova', status: 'all', pageNo: 0 })).toBe('q=ova');
  });
});

describe('row actions (spec 4 "block, unblock, in process")', () => {
  it.each([
    ['active', 'block'],
    ['blocked', 'unblock'],
    ['pending', 'inProcess'],
    [null, 'inProcess'],
  ] as const)('%s → %s', (status, action) => {
    expect(rowAction({ status })).toBe(action);
  });
});

/** What the user search page renders in a state (decisions AR18): the connect function as a table. This page offers
 *  Retry on every failed search (no `retry` field: the view never asked `canRetry`). */
describe('user search connect', () => {
  type Value = Parameters<typeof snapshotAt<typeof userSearchMachine>>[1];
  type Patch = Parameters<typeof snapshotAt<typeof userSearchMachine>>[2];
  const at = (value: Value, context: Patch = {}) => snapshotAt(userSearchMachine, value, context);
  const change = { userId: '11', userName: 'curator', blocked: true };

  it.each([
    [
      'no query yet',
      at('idle'),
      { statePath: 'idle', loading: false, loaded: false, empty: false, page: null, pages: 0, failure: null },
    ],
    [
      'a query too short',
      at('invalid', { query: queries.short, inputError: 'SHORT3' }),
      { statePath: 'invalid', inputError: 'SHORT3', query: queries.short },
    ],
    [
      'searching keeps no old input error',
      at('loading', { query: queries.ova, inputError: 'SHORT3' }),
      { loading: true, inputError: null },
    ],
    [
      'the search failed',
      at('failed', { query: queries.ova, errorCode: 'network' }),
      { failure: 'network', loading: false },
    ],
    ['a failure without a code', at('failed', { query: queries.ova }), { failure: 'unknown' }],
    [
      'nothing found',
      at('empty', { query: queries.ova, page: emptyPage }),
      { empty: true, loaded: false, pages: 1 },
    ],
    [
      'a page of users',
      at({ loaded: 'browsing' }, { query: queries.ova, page: usersPage }),
      {
        loaded: true,
        page: usersPage,
        pages: 1,
        confirming: false,
        saving: false,
        change: null,
        rowFailure: null,
      },
    ],
    [
      'a block asked',
      at({ loaded: 'confirming' }, { query: queries.ova, page: usersPage, change }),
      { confirming: true, saving: false, change },
    ],
    [
      'blocking',
      at({ loaded: 'saving' }, { page: usersPage, change }),
      { confirming: false, saving: true, change },
    ],
    [
      'the block refused',
      at({ loaded: 'saveFailed' }, { page: usersPage, change, errorCode: 'E005' }),
      { rowFailure: 'E005', failure: null, saving: false },
    ],
  ] as const)('%s', (_, snapshot, expected) => {
    expect(connectUserSearch(snapshot)).toMatchObject(expected);
  });
});
