import { fromPromise } from 'xstate';
import { type Profile, type SessionUser, sessionMachine } from '@/machines/session.machine';
import type { ApiClient } from '@/services/api/client';
import { appConfig } from './config';

/**
 * The real actors of every machine, built once: the API client and the machines provided with it. Tests build the
 * same machines with fakes instead (tests/support).
 *
 * The API client (and with it zod and the contract schemas) is loaded as its own chunk on first use, so the login
 * page's initial JavaScript stays near the React floor; the first call starts that download at once.
 */
export function createAppServices() {
  let onExpired: () => void = () => {};
  let client: Promise<ApiClient> | undefined;
  const api = (): Promise<ApiClient> => {
    client ??= import('@/services/api/client').then((m) =>
      m.createApiClient({ baseURL: appConfig.apiBase, onSessionExpired: () => onExpired() }),
    );
    return client;
  };

  const sessionLogic = sessionMachine.provide({
    actors: {
      fetchSession: fromPromise<SessionUser | null>(async () => {
        const user = await (await api()).call('session.user');
        return { userName: user.user_name, roles: user.roles, hasProfile: Boolean(user.profile) };
      }),
      fetchProfile: fromPromise<Profile>(async () => {
        const p = await (await api()).call('session.profile');
        return { ban: p.ban ?? '', sn: p.sn ?? '', at: p.at, status: p.status ?? '' };
      }),
    },
  });

  return {
    api,
    sessionLogic,
    /** connects the API client's E009 signal to the session actor */
    bindSessionExpired(fn: () => void) {
      onExpired = fn;
    },
  };
}
