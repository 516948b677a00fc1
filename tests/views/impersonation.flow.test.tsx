// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { createAdminLogic } from '@/app/admin.actors';
import { appApiOf } from '@/app/api';
import { HeaderSearch, ImpersonationNavigation } from '@/app/workflow-glue';
import { i18n } from '@/i18n/i18n';
import { type SessionMachine, sessionMachine } from '@/machines/session.machine';
import type { ApiClient } from '@/services/api/client';
import type { Profile, User } from '@/services/contract/session.contract';
import { ImpersonationBanner } from '@/views/impersonation/banner.view';
import { SessionContext } from '@/views/session/session.context';
import { offersAll } from '../support/capabilities';
import { TestProviders } from '../support/render-workflow';

/**
 * The workflows wired through the app's actor system, in the DOM: the header search box hands the chosen subscriber to
 * the impersonation chart, which calls the server, tells the real session chart to refresh, navigates to the profile
 * and shows the banner; the way back clears the flag and returns to the administration search. The server is a small
 * in-memory fake.
 */
const t = i18n.getFixedT('ru');

const curatorProfile: Profile = {
  at: 5,
  ban: '100234561',
  sn: null,
  company_name: 'Toshkent Savdo Invest MChJ',
};

function fakeServer() {
  let viewing: string | null = null;
  const calls: string[] = [];
  const user = (): User => ({
    user_name: 'admin',
    user_id: 1,
    roles: ['R000'],
    chosenRole: 'R000',
    ban: viewing,
    headBan: null,
    backToHeadBan: viewing !== null,
    profile: viewing ? curatorProfile : null,
  });
  const call = async (name: string, input?: { params?: { n?: string }; body?: { ban?: string } }) => {
    calls.push(name);
    switch (name) {
      case 'lookup.ban':
        if (input?.params?.n !== '100234561') throw Object.assign(new Error('E018'), { code: 'E018' });
        return curatorProfile;
      case 'admin.impersonate':
        viewing = input?.body?.ban ?? null;
        return user();
      case 'admin.backToHead':
        viewing = null;
        return user();
      default:
        throw new Error(`unexpected call ${name}`);
    }
  };
  return { api: { call } as unknown as ApiClient, user, calls };
}

type Holder = { ref?: ActorRefFrom<SessionMachine> };
function Capture({ holder }: { holder: Holder }) {
  holder.ref = SessionContext.useActorRef();
  return null;
}

function mount() {
  const server = fakeServer();
  const holder: Holder = {};
  const session = sessionMachine.provide({
    actors: {
      fetchSession: fromPromise<User | null>(async () => server.user()),
      fetchCapabilities: offersAll(),
      fetchProfile: fromPromise(async () => curatorProfile),
    },
  });
  const admin = createAdminLogic(appApiOf(async () => server.api));
  const location = memoryLocation({ path: '/administration/search', record: true });
  render(
    <TestProviders fakes={{ session, ...admin }}>
      <Capture holder={holder} />
      <Router hook={location.hook}>
        <ImpersonationNavigation />
        <HeaderSearch />
        <ImpersonationBanner />
      </Router>
    </TestProviders>,
  );
  return { server, location, session: () => holder.ref };
}

afterEach(cleanup);

describe('search → choose → viewing as client → back', () => {
  it('sets the back-to-head flag on choose, shows the banner on the profile, clears it on back', async () => {
    const { server, location, session } = mount();
    const user = userEvent.setup();
    await waitFor(() =>
      expect(
        session()
          ?.getSnapshot()
          .matches({ authenticated: { main: 'ready' } }),
      ).toBe(true),
    );

    await user.type(screen.getByTestId('search-input'), '100234561{Enter}');
    await user.click(await screen.findByTestId('search-choose'));

    const banner = await screen.findByTestId('impersonation-banner');
    expect(banner.textContent).toContain('100234561');
    expect(banner.textContent).toContain('admin');
    await waitFor(() => expect(location.history.at(-1)).toBe('/profile'));
    expect(session()?.getSnapshot().context.user?.backToHeadBan).toBe(true);
    expect(server.calls).toEqual(['lookup.ban', 'admin.impersonate']);

    await user.click(within(banner).getByRole('button', { name: t('impersonation.back') }));
    await waitFor(() => expect(screen.queryByTestId('impersonation-banner')).toBeNull());
    await waitFor(() => expect(location.history.at(-1)).toBe('/administration/search'));
    expect(session()?.getSnapshot().context.user?.backToHeadBan).toBe(false);
    expect(screen.getByTestId('impersonation').dataset.state).toBe('direct');
  });

  it("a failed lookup shows the 'Ошибка!' dialog and starts nothing", async () => {
    const { server } = mount();
    const user = userEvent.setup();
    await user.type(screen.getByTestId('search-input'), '999999999{Enter}');
    const dialog = await screen.findByTestId('search-failed');
    expect(dialog.textContent).toContain(t('errors.E018'));
    expect(server.calls).toEqual(['lookup.ban']);
  });

  it("'editing' mode opens the administration user search with the query", async () => {
    const { location } = mount();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('search-mode-editing'));
    await user.type(screen.getByTestId('search-input'), 'ova{Enter}');
    expect(location.history.at(-1)).toBe('/administration/search?q=ova');
  });

  it('shows the banner whenever the session says a client is viewed (reload, another tab)', async () => {
    const { server, session } = mount();
    await waitFor(() =>
      expect(
        session()
          ?.getSnapshot()
          .matches({ authenticated: { main: 'ready' } }),
      ).toBe(true),
    );
    expect(screen.queryByTestId('impersonation-banner')).toBeNull();
    await act(async () => {
      await server.api.call('admin.impersonate', { body: { ban: '100234561' } } as never);
      session()?.send({ type: 'session.refresh' });
    });
    const banner = await screen.findByTestId('impersonation-banner');
    expect(banner.textContent).toContain('Toshkent Savdo Invest MChJ');
    expect(screen.getByTestId('impersonation').dataset.state).toBe('viewing');
  });
});
