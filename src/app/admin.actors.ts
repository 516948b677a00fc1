import { fromPromise } from 'xstate';
import { type FoundSubscriber, type SubscriberTarget, searchBoxMachine } from '@/machines/search-box.machine';
import { type SaveOutcome, type SaveRequest, userAdminMachine } from '@/machines/user-admin.machine';
import {
  type RowChange,
  type UserPage,
  type UserSearchRequest,
  userSearchMachine,
} from '@/machines/user-search.machine';
import type { UserDetails } from '@/services/contract/admin.contract';
import type { AppApi } from './api';
import { createImpersonationLogic } from './impersonation.actors';

/**
 * Real actors of the administration area: the header search box (lookup), impersonation (choose and back; the chart
 * itself tells the session to refresh), the user search (search, block/unblock) and user creation / editing.
 */

/** The administration machines provided with actors that call the API. */
export function createAdminLogic(appApi: AppApi) {
  const api = appApi.load;
  const searchBoxLogic = searchBoxMachine.provide({
    actors: {
      lookup: fromPromise<FoundSubscriber, SubscriberTarget>(async ({ input }) => {
        const client = await api();
        const params = { params: { n: input.value } };
        const p =
          input.kind === 'sn'
            ? await client.call('lookup.sn', params)
            : await client.call('lookup.ban', params);
        return { target: input, ban: p.ban ?? null, sn: p.sn ?? null, name: p.company_name ?? null };
      }),
    },
  });

  const userSearchLogic = userSearchMachine.provide({
    actors: {
      searchUsers: fromPromise<UserPage, UserSearchRequest>(async ({ input }) => {
        const r = await (await api()).call('admin.search', {
          query: { q: input.q, pageNo: input.pageNo, pageSize: input.pageSize, status: input.status },
        });
        return { list: r.list, total: r.total, pageNo: r.pageNo, pageSize: r.pageSize };
      }),
      setBlocked: fromPromise<void, RowChange>(async ({ input }) => {
        await (await api()).call('admin.setBlocked', {
          params: { user_id: input.userId },
          body: { blocked: input.blocked },
        });
      }),
    },
  });

  const userAdminLogic = userAdminMachine.provide({
    actors: {
      getUser: fromPromise<UserDetails, { userId: string }>(async ({ input }) =>
        (await api()).call('admin.get', { params: { user_id: input.userId } }),
      ),
      saveUser: fromPromise<SaveOutcome, SaveRequest>(async ({ input }) => {
        const client = await api();
        if (input.mode === 'create') {
          const r = await client.call('admin.create', { body: input.body });
          return { userId: String(r.user_id), activation: r.activation ?? null };
        }
        await client.call('admin.update', { params: { user_id: input.userId }, body: input.body });
        return { userId: input.userId };
      }),
    },
  });

  return {
    searchBox: searchBoxLogic,
    impersonation: createImpersonationLogic(appApi),
    userSearch: userSearchLogic,
    userAdmin: userAdminLogic,
  };
}

/** The page workflows this area provides (its manifest ./admin.workflow.ts; composed in ./page-logic.generated.ts). */
export function pageLogic(api: AppApi) {
  const { searchBox, userSearch, userAdmin } = createAdminLogic(api);
  return { searchBox, userSearch, userAdmin };
}
