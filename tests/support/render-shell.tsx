import { fromPromise } from 'xstate';
import { sessionMachine } from '@/machines/session.machine';
import type { Profile, User } from '@/services/contract/session.contract';
import { renderApp } from './render-workflow';

/** Renders the real app at `path` with a session whose check answers `user` (null = signed out). */
export function renderShell(path: string, user: User | null, profile?: Profile) {
  const session = sessionMachine.provide({
    actors: {
      fetchSession: fromPromise(async () => user),
      fetchProfile: fromPromise(async () => {
        if (!profile) throw new Error('no profile in this test');
        return profile;
      }),
      saveChosenRole: fromPromise<void, { role: string }>(async () => {}),
      logOut: fromPromise<void>(async () => {}),
    },
  });
  return renderApp(path, { fakes: { session } });
}
