import { createElement, Fragment, type ReactNode, useContext, useEffect } from 'react';
import { type AnyActorRef, fromPromise, waitFor } from 'xstate';
import { impersonationMachine, type ViewedClient } from '@/machines/impersonation.machine';
import { viewedClientOf } from '@/machines/impersonation.selectors';
import { type FoundSubscriber, type SubscriberTarget, searchBoxMachine } from '@/machines/search-box.machine';
import { type SaveRequest, userAdminMachine } from '@/machines/user-admin.machine';
import {
  type RowChange,
  type UserPage,
  type UserSearchRequest,
  userSearchMachine,
} from '@/machines/user-search.machine';
import type { ApiClient } from '@/services/api/client';
import type { UserDetails } from '@/services/contract/admin.contract';
import { type AdminLogic, AdminLogicContext } from '@/views/admin/admin.context';
import { SessionContext } from '@/views/session/session.context';
import { appApi } from './api';

/**
 * Real actors of the administration area: the header search box (lookup), impersonation (choose and back, then a
 * session refresh), the user search (search, block/unblock) and user creation / editing. The lead may mount them
 * once with the app's API client (`AdminLogicContext.Provider value={createAdminServices({ api: services.api, … })}`);
 * otherwise `WithAdminServices` builds them with their own lazily loaded client.
 */

type Api = () => Promise<ApiClient>;

export interface AdminDeps {
  readonly api: Api;
  /** Re-reads the session user and profile (spec 4: the back-to-head flag lives on the server's user) and resolves
   *  when the session has settled again. */
  readonly refreshSession: () => Promise<void>;
}

/** How long a session refresh may take before the switch is reported anyway (the session shows its own error). */
export const REFRESH_TIMEOUT_MS = 60_000;

/** `refreshSession` for a session actor: sends `session.refresh` and waits until no call of the session runs. */
export function refreshSessionOf(session: AnyActorRef, timeout = REFRESH_TIMEOUT_MS): () => Promise<void> {
  return async () => {
    session.send({ type: 'session.refresh' });
    await waitFor(session, (s) => !s.hasTag('busy'), { timeout }).catch(() => undefined);
  };
}

/** The administration machines provided with actors that call the API. */
export function createAdminServices({ api, refreshSession }: AdminDeps): AdminLogic {
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

  const impersonationLogic = impersonationMachine.provide({
    actors: {
      startImpersonation: fromPromise<ViewedClient, SubscriberTarget>(async ({ input }) => {
        const body = input.kind === 'sn' ? { sn: input.value } : { ban: input.value };
        const user = await (await api()).call('admin.impersonate', { body });
        await refreshSession();
        return (
          viewedClientOf(user, user.profile ?? null) ?? {
            ban: user.ban ?? null,
            sn: input.kind === 'sn' ? input.value : null,
            name: null,
            actor: user.user_name,
          }
        );
      }),
      backToHead: fromPromise<void>(async () => {
        await (await api()).call('admin.backToHead');
        await refreshSession();
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
      saveUser: fromPromise<{ userId: string | null }, SaveRequest>(async ({ input }) => {
        const client = await api();
        if (input.mode === 'create') {
          const r = await client.call('admin.create', { body: input.body });
          return { userId: String(r.user_id) };
        }
        await client.call('admin.update', { params: { user_id: input.userId }, body: input.body });
        return { userId: input.userId };
      }),
    },
  });

  return { searchBoxLogic, impersonationLogic, userSearchLogic, userAdminLogic };
}

let shared: AdminLogic | undefined;
let sessionRef: AnyActorRef | undefined;

/** The app-wide administration services with their own lazily loaded API client (E009 forwarded to the session). */
function sharedAdminServices(): AdminLogic {
  if (!shared) {
    const refreshSession = async () => {
      if (sessionRef) await refreshSessionOf(sessionRef)();
    };
    shared = createAdminServices({ api: appApi, refreshSession });
  }
  return shared;
}

/**
 * Mounts the administration logic around its views unless the app already provides it. Built once per app, so the
 * impersonation actor of the header and the pages share their services.
 */
export function WithAdminServices({ children }: { children: ReactNode }) {
  const provided = useContext(AdminLogicContext);
  const session = SessionContext.useActorRef();
  useEffect(() => {
    sessionRef = session;
  }, [session]);
  if (provided) return createElement(Fragment, null, children);
  return createElement(AdminLogicContext.Provider, { value: sharedAdminServices() }, children);
}
