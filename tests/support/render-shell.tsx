import { fromPromise } from 'xstate';
import { sessionMachine } from '@/machines/session.machine';
import type { Profile, User } from '@/services/contract/session.contract';
import { offersAll } from './capabilities';
import { renderApp } from './render-workflow';

/**
 * Renders the real app at `path` with a session whose check answers `user` (null = signed out), on a backend that
 * offers `features` (every one unless said, as the reference backend; CAP1).
 */
export function renderShell(
  path: string,
  user: User | null,
  profile?: Profile,
  features?: readonly string[],
) {
  const session = sessionMachine.provide({
    actors: {
      fetchSession: fromPromise(async () => user),
      fetchCapabilities: features === undefined ? offersAll() : fromPromise(async () => features),
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
