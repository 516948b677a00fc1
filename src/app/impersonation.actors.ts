import { fromPromise } from 'xstate';
import { impersonationMachine, type ViewedClient } from '@/machines/impersonation.machine';
import { viewedClientOf } from '@/machines/impersonation.selectors';
import type { SubscriberTarget } from '@/machines/search-box.machine';
import type { AppApi } from './api';

/**
 * Impersonation (choose and back; the chart itself tells the session to refresh). Apart from the rest of the
 * administration: the app mounts this chart from the start, the other administration charts load with their pages.
 */
export function createImpersonationLogic(appApi: AppApi) {
  const api = appApi.load;
  return impersonationMachine.provide({
    actors: {
      startImpersonation: fromPromise<ViewedClient, SubscriberTarget>(async ({ input }) => {
        const body = input.kind === 'sn' ? { sn: input.value } : { ban: input.value };
        const user = await (await api()).call('admin.impersonate', { body });
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
      }),
    },
  });
}

/** The page workflows this area provides (its manifest ./impersonation.workflow.ts; composed in ./page-logic.generated.ts). */
export const pageLogic = (api: AppApi) => ({ impersonation: createImpersonationLogic(api) });
