import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import { Shell } from '@/app/shell';
import { i18n } from '@/i18n/i18n';
import { sessionMachine } from '@/machines/session.machine';
import type { Profile, User } from '@/services/contract/session.contract';
import { NotificationsContext } from '@/views/layout/notifications.context';
import { SessionContext } from '@/views/session/session.context';

/** Renders the real shell at `path` with a session whose check answers `user` (null = signed out). */
export function renderShell(path: string, user: User | null, profile?: Profile) {
  const location = memoryLocation({ path, record: true });
  const logic = sessionMachine.provide({
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
  const utils = render(
    <I18nextProvider i18n={i18n}>
      <NotificationsContext.Provider>
        <SessionContext.Provider logic={logic}>
          <Router hook={location.hook}>
            <Shell />
          </Router>
        </SessionContext.Provider>
      </NotificationsContext.Provider>
    </I18nextProvider>,
  );
  return { ...utils, location };
}
