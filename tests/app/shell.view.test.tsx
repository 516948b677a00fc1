// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { setLanguage } from '@/i18n/i18n';
import { type SessionMachine, sessionMachine } from '@/machines/session.machine';
import type { Profile, User } from '@/services/contract/session.contract';
import { SessionContext } from '@/views/session/session.context';
import { offersAll } from '../support/capabilities';
import { profile, user } from '../support/fixtures';
import { renderShell } from '../support/render-shell';
import { renderApp } from '../support/render-workflow';

beforeEach(async () => {
  localStorage.clear();
  await setLanguage('ru');
});
afterEach(cleanup);

const curatorProfile: Profile = profile();
const curator: User = user({ chosenRole: null, profile: curatorProfile });
const helpdesk: User = user({ user_name: 'hd', user_id: 2, roles: ['R002'], chosenRole: null });

describe('the shell: routes and guard of spec 2', () => {
  it('redirects the empty path to /ru and then a signed-out visitor to /ru/login', async () => {
    const { location } = renderShell('/', null);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/ru/login'));
    expect(await screen.findByTestId('header-signed-out')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Стать корпоративным клиентом' })).toBeTruthy();
  });

  it('sends a signed-out visitor from an auth route to login in the stored locale', async () => {
    localStorage.setItem('locale', 'uz');
    const { location } = renderShell('/ru/details', null);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/uz/login'));
  });

  it('lets a signed-out visitor open the public pages', async () => {
    const { location } = renderShell('/ru/new-client', null);
    expect(await screen.findByTestId('page-newClient')).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/ru/new-client');
    // the staff sign-on opens in this tab, in the page's language (decisions SSO4)
    const employee = screen.getByTestId('employee-login');
    expect(employee.getAttribute('target')).toBeNull();
    expect(employee.getAttribute('href')).toBe('/api/v1/adfs/initialise-authorization?lang=ru');
  });

  it.each(['/ru/nope', '/en/login', '/ru/profile/deeper', '/xx'])('shows not-found for %s', async (path) => {
    renderShell(path, null);
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Страница не найдена' })).toBeTruthy();
  });

  it('shows a signed-in curator the layout with the navigation of the domain rule', async () => {
    renderShell('/ru/profile', curator, curatorProfile);
    expect(await screen.findByTestId('header-signed-in')).toBeTruthy();
    const nav = await screen.findByTestId('sidebar');
    const keys = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('data-testid'));
    expect(keys).toContain('nav-profile');
    expect(keys).toContain('nav-settings');
    expect(keys).not.toContain('nav-orders');
    expect(await screen.findByTestId('page-profile')).toBeTruthy();
    expect(screen.getByTestId('nav-profile').getAttribute('aria-current')).toBe('page');
  });

  it('sends a signed-in user from /{lang} to the landing route', async () => {
    const { location } = renderShell('/ru', curator, curatorProfile);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/ru/profile'));
  });

  it('keeps a ban-type account out of a banExclude route', async () => {
    const { location } = renderShell('/ru/services', curator, curatorProfile);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/ru/profile'));
  });

  it.each([
    ['/ru/administration/search', curator, curatorProfile, '/ru/profile'],
    ['/ru/purchase', helpdesk, undefined, '/ru/administration/editing'],
    ['/uz/orders/7', curator, curatorProfile, '/uz/profile'],
  ] satisfies [string, User, Profile | undefined, string][])(
    'a direct navigation to %s without the right lands on the landing page',
    async (path, user, profile, landing) => {
      const { location } = renderShell(path, user, profile);
      await waitFor(() => expect(location.history?.at(-1)).toBe(landing));
      expect(screen.queryByTestId('page-stub')).toBeNull();
    },
  );

  it('on a backend that offers none of the optional features (CAP1) the menu and the pages leave them out', async () => {
    const okk = user({ user_name: 'okk', user_id: 3, roles: ['R010'], chosenRole: 'R010' });
    const first = renderShell('/ru/debt-control', okk, undefined, []);
    // the OKK operator's landing page is debt control; without it, settings, and no menu entry leads to it
    await waitFor(() => expect(first.location.history?.at(-1)).toBe('/ru/settings'));
    const nav = await screen.findByTestId('sidebar');
    expect(within(nav).queryByTestId('nav-debt')).toBeNull();
    expect(within(nav).getByTestId('nav-settings')).toBeTruthy();
    cleanup();

    const offered = renderShell('/ru/debt-control', okk, undefined, ['debtControl']);
    expect(await within(await screen.findByTestId('sidebar')).findByTestId('nav-debt')).toBeTruthy();
    expect(offered.location.history?.at(-1)).toBe('/ru/debt-control');
  });

  it('switches the language and keeps the page', async () => {
    const { location } = renderShell('/ru/new-client', null);
    await screen.findByTestId('page-newClient');
    await userEvent.click(screen.getByTestId('lang-uz'));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/uz/new-client'));
    expect(await screen.findByRole('heading', { name: 'Korporativ mijoz boʻlish' })).toBeTruthy();
    expect(localStorage.getItem('locale')).toBe('uz');
  });
});

describe('the guard while the session re-reads the user', () => {
  it('waits for the refreshed user before refusing a page: impersonation opens the profile, never the landing page', async () => {
    // the administrator has no profile of their own: the old user may not open /profile, the refreshed one may
    const admin = user({ user_name: 'admin', user_id: 1, roles: ['R000'], chosenRole: 'R000' });
    const viewing = user({ ...admin, ban: '100234561', backToHeadBan: true, profile: curatorProfile });
    let answer: (u: User) => void = () => {};
    let calls = 0;
    const session = sessionMachine.provide({
      actors: {
        fetchSession: fromPromise<User | null>(async () => {
          calls += 1;
          if (calls === 1) return admin;
          return new Promise<User>((resolve) => {
            answer = resolve;
          });
        }),
        fetchCapabilities: offersAll(),
        fetchProfile: fromPromise(async () => curatorProfile),
        saveChosenRole: fromPromise<void, { role: string }>(async () => {}),
        logOut: fromPromise<void>(async () => {}),
      },
    });
    const holder: { ref?: ActorRefFrom<SessionMachine> } = {};
    const { location } = renderApp('/ru/administration/search', {
      fakes: { session },
      children: <Capture holder={holder} />,
    });
    await waitFor(() => expect(screen.getByTestId('session').dataset.state).toMatch(/main\.ready/));
    // what the impersonation chart does once the server switched the account: refresh, then go to the profile
    act(() => {
      holder.ref?.send({ type: 'session.refresh' });
      location.navigate('/ru/profile');
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(location.history?.at(-1)).toBe('/ru/profile');
    act(() => answer(viewing));
    expect(await screen.findByTestId('page-profile')).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/ru/profile');
  });
});

function Capture({ holder }: { holder: { ref?: ActorRefFrom<SessionMachine> } }) {
  holder.ref = SessionContext.useActorRef();
  return null;
}
