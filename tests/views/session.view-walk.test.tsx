// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { FEATURES } from '@/domain/capabilities.rules';
import { i18n, setLanguage } from '@/i18n/i18n';
import { formatErrorMessage } from '@/i18n/messages';
import { sessionMachine } from '@/machines/session.machine';
import type { User } from '@/services/contract/session.contract';
import { loadMoreForms } from '@/views/auth/auth-page.view';
import { curatorProfile, curatorUser, multiroleUser } from '../machines/session.payloads';
import { getModelTestEntry } from '../support/model-registry';
import { buildModelGraph, generateModelPaths } from '../support/paths';
import { renderSessionApp, type SessionApp, sendOutside } from '../support/session.render';
import { performBy, type ViewDriver, type ViewStep, walkViewPath } from '../support/view-walk';

/**
 * The session chart walked through the real views: the shell (header, guard, navigator, overlay), the Auth page, the
 * role picker, the logout confirm, the session failure panels and the Settings page. Every generated path is
 * performed the way a user or the outside world would, and after each step the shell's `data-state` and the active
 * states' `meta.testId` elements must be on screen.
 */
const paths = generateModelPaths(buildModelGraph(sessionMachine, getModelTestEntry('session')));

/** A role list as spec 6 writes it ('R000, R011-R030, …'), expanded here: the oracle does not read src/domain. */
function specRoles(list: string): ReadonlySet<string> {
  return new Set(
    list.split(', ').flatMap((part) => {
      const [from, to = from] = part.split('-') as [string, string?];
      const out: string[] = [];
      for (let n = Number(from.slice(1)); n <= Number(to.slice(1)); n += 1)
        out.push(`R${String(n).padStart(3, '0')}`);
      return out;
    }),
  );
}
/** Spec 6 "Config groups": who is given the header's search box and its administration link. */
const SPEC_SEARCH = specRoles('R000, R003, R005, R008, R009, R011-R030, R032-R034');
const SPEC_ADMINISTRATION = specRoles('R000, R002, R003, R005, R008, R009, R011-R030, R032-R034');
/** Spec 2 guard and spec 6: the ban-type account types, for which the banExclude Services page is not offered. */
const SPEC_BAN_TYPES: ReadonlySet<number> = new Set([5, 15, 40]);

/**
 * What the shell shows a signed-in user by role and account (spec 5 header, spec 6 config groups and navigation), from
 * the chart's user, chosen role and profile: the search box and the administration link by the active role; for a
 * curator or a key owner without a selected BAN (spec 6: Services depends on the account type; spec 2: banExclude),
 * the Services entry exactly when the account is not ban-type.
 */
function expectRoleChrome(state: AnyMachineSnapshot): void {
  if (!state.matches({ authenticated: { main: 'ready' } })) return;
  const { user, selectedRole, profile } = state.context as {
    user: User | null;
    selectedRole: string | null;
    profile: { at: number } | null;
  };
  const role = selectedRole ?? user?.roles[0] ?? '';
  expect(document.querySelector('.search-box') !== null, `search box for ${role}`).toBe(
    SPEC_SEARCH.has(role),
  );
  expect(screen.queryByTestId('header-administration') !== null, `administration link for ${role}`).toBe(
    SPEC_ADMINISTRATION.has(role),
  );
  if ((role === 'R004' || role === 'R007') && user?.ban == null && profile !== null)
    expect(
      screen.queryByTestId('nav-services') !== null,
      `Services in the menu for account type ${profile.at}`,
    ).toBe(!SPEC_BAN_TYPES.has(profile.at));
}

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await setLanguage('ru');
});
afterEach(cleanup);

/** Signs in through the real login form; the login call answers `user`. */
async function signInThroughForm(app: SessionApp, user: User | undefined): Promise<void> {
  const ue = userEvent.setup();
  const form = await screen.findByTestId('auth-login');
  await ue.type(within(form).getByLabelText('Логин'), 'someone');
  await ue.type(within(form).getByLabelText('Пароль'), 'Demo-2026');
  await ue.click(within(form).getByRole('button', { name: 'Войти' }));
  await app.settle({ type: 'xstate.done.actor.logIn', output: user });
}

function driver(app: SessionApp, timeout = 3000): ViewDriver {
  const user = userEvent.setup();
  // LB16: on the sign-in page the session is checked behind the form, which stays usable: no overlay over it
  const onAuthPage = () => app.location.history?.at(-1)?.startsWith('/ru/login') === true;
  const behindForm = (state: AnyMachineSnapshot) => state.matches('checkingSession') && onAuthPage();
  let busyMark = 'loading-overlay';
  const expectedIds = (step: ViewStep) =>
    behindForm(step.state)
      ? step.expected.testIds.map((id) => (id === 'loading-overlay' ? 'auth-login' : id))
      : step.expected.testIds;
  const signIn = (event: EventObject) => signInThroughForm(app, (event as { output?: User }).output);
  const changePassword = async () => {
    const form = await screen.findByTestId('settings-password');
    await user.type(within(form).getByLabelText('Текущий пароль'), 'Demo-2026');
    await user.type(within(form).getByLabelText('Новый пароль'), 'NewPass-2026');
    await user.type(within(form).getByLabelText('Повторите новый пароль'), 'NewPass-2026');
    await user.click(within(form).getByRole('button', { name: 'Изменить пароль' }));
    await app.settle({ type: 'xstate.done.actor.changePassword', output: undefined });
  };
  const perform = performBy(
    {
      'xstate.done.actor.authFlow': signIn,
      // the Auth flow itself crashing is a programming error: it can only come from outside
      'xstate.error.actor.authFlow': (e) => sendOutside(app, e),
      'role.choose': async (e) =>
        user.click(screen.getByTestId(`role-${(e as EventObject & { role: string }).role}`)),
      'logout.request': async () => {
        const picker = screen.queryByTestId('role-picker');
        const button = picker
          ? within(picker).getByRole('button', { name: 'Выйти' })
          : screen.getByTestId('logout');
        await user.click(button);
      },
      'logout.confirm': () => user.click(screen.getByTestId('logout-confirm-yes')),
      'logout.cancel': () => user.click(screen.getByTestId('logout-confirm-no')),
      // LB16: the login form sent while the check runs (the walk sends it empty: the flow then asks for both fields)
      'session.skipCheck': async () => {
        await act(async () => app.location.navigate('/ru/login'));
        const form = await screen.findByTestId('auth-login');
        await user.click(within(form).getByRole('button', { name: 'Войти' }));
      },
      'session.retry': () =>
        user.click(within(screen.getByTestId('session-failed')).getByRole('button', { name: 'Повторить' })),
      'profile.retry': () =>
        user.click(
          within(screen.getByTestId('session-profile-failed')).getByRole('button', { name: 'Повторить' }),
        ),
      'password.changed': changePassword,
      // facts from the API client (E009) and from other workflows (impersonation)
      'session.expired': (e) => sendOutside(app, e),
      'session.refresh': (e) => sendOutside(app, e),
      // the guard reports a refused page itself: ask for one
      'route.denied': async () => {
        await act(async () => app.location.navigate('/ru/settings'));
      },
      // the navigator reports reaching the destination itself, right after it navigates (in the step before)
      'route.reached': async () => [],
    },
    app.settle,
  );
  return {
    perform,
    // the guard and the navigator report to the session themselves whenever a page is refused or reached
    sentByItself: ['route.denied', 'route.reached'],
    busy: [
      {
        // the role is saved: no role can be chosen again, nor logout asked, and the list says it is busy
        tag: 'busy',
        when: (state) => state.matches({ authenticated: { main: 'savingRole' } }),
        controls: () => within(screen.getByTestId('role-picker')).getAllByRole('button'),
        shown: () =>
          expect(
            screen.getByTestId('role-picker').querySelector('.role-picker__list')?.getAttribute('aria-busy'),
          ).toBe('true'),
      },
      {
        tag: 'busy',
        when: (state) => state.matches({ authenticated: { logout: 'loggingOut' } }),
        controls: () => within(screen.getByTestId('logout-confirm')).getAllByRole('button'),
        shown: () => expect(screen.getByTestId('logout-confirm-yes').getAttribute('aria-busy')).toBe('true'),
      },
      {
        // the session is checked or loaded: the loading overlay is over the page
        tag: 'busy',
        when: (state) => {
          busyMark = behindForm(state) ? 'auth-login' : 'loading-overlay';
          return (
            !state.matches({ authenticated: { main: 'savingRole' } }) &&
            !state.matches({ authenticated: { logout: 'loggingOut' } })
          );
        },
        controls: () => [],
        shown: () => expect(screen.queryAllByTestId(busyMark).length).toBeGreaterThan(0),
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(
        () => {
          expect(screen.getByTestId('session').dataset.state).toBe(step.expected.dataState);
          expectRoleChrome(step.state);
          for (const id of expectedIds(step))
            expect(screen.queryAllByTestId(id).length, id).toBeGreaterThan(0);
          // spec 4 logout: while the logout call runs, neither answer of the confirm can be given again
          const dialog = screen.queryByTestId('logout-confirm');
          if (dialog) {
            const pending = step.state.matches({ authenticated: { logout: 'loggingOut' } });
            for (const id of ['logout-confirm-no', 'logout-confirm-yes'])
              expect((within(dialog).getByTestId(id) as HTMLButtonElement).disabled).toBe(pending);
          }
          // the last error (E130, E133, E134 for the role; a failed logout) is shown in the dialog that is open, in
          // every state of it, and no alert without one
          const errorCode = (step.state.context as { errorCode: string | null }).errorCode;
          const picker = screen.queryByTestId('role-picker');
          for (const open of [dialog, picker]) {
            if (!open) continue;
            const alert = within(open).queryByRole('alert');
            expect(alert?.textContent ?? null).toBe(errorCode ? formatErrorMessage(i18n.t, errorCode) : null);
          }
        },
        { timeout },
      ),
  };
}

describe('session chart through the real views', () => {
  it('has paths to walk', () => {
    expect(paths.length).toBeGreaterThan(10);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const app = renderSessionApp('/ru/settings');

    const steps = await walkViewPath(sessionMachine, path, driver(app));

    expect(steps).toBe(path.steps.length - 1);
  });
});

describe('session views: what the walk does not assert', () => {
  it.each([
    ['/ru/login', 'auth-login', 'logIn', { login: 'curator', password: 'Demo-2026' }],
    ['/ru/forgot', 'auth-forgot', 'requestRestoreLink', { login: 'curator' }],
  ] as const)(
    '%s sent while the session is checked goes to the Auth flow it starts (LB16)',
    async (path, testId, call, input) => {
      // the other Auth forms are a chunk: in before the page renders, as the prerendered pages have it
      await loadMoreForms();
      const app = renderSessionApp(path);
      const ue = userEvent.setup();
      const form = await screen.findByTestId(testId, {}, { timeout: 5000 });
      expect(app.session().getSnapshot().matches('checkingSession')).toBe(true);
      await ue.type(within(form).getByLabelText('Логин'), 'curator');
      const password = within(form).queryByLabelText('Пароль');
      if (password) await ue.type(password, 'Demo-2026');
      await ue.click(within(form).getByTestId('auth-submit'));
      await waitFor(() =>
        expect(app.authFakes.pending().map((p) => [p.id, p.ref.getSnapshot().input])).toEqual([
          [call, input],
        ]),
      );
      // the check's answer is no longer waited for, and nothing was sent twice
      expect(app.session().getSnapshot().matches({ signedOut: 'anonymous' })).toBe(true);
      expect(app.sessionFakes.pending()).toEqual([]);
    },
  );

  it('lands a signed-in curator on the profile page by the rule, and says who is signed in', async () => {
    const app = renderSessionApp('/ru/login');
    await app.settle({ type: 'xstate.done.actor.fetchSession', output: null });
    await signInThroughForm(app, curatorUser);
    await app.settle({ type: 'xstate.done.actor.fetchProfile', output: curatorProfile });
    await app.settle({ type: 'xstate.done.actor.fetchCapabilities', output: [...FEATURES] });

    await waitFor(() => expect(app.location.history?.at(-1)).toBe('/ru/profile'));
    expect(screen.getByTestId('header-user').textContent).toBe('curator · Куратор');
    expect(screen.queryByTestId('header-administration')).toBeNull();
    expect(screen.getByTestId('session').dataset.state).toBe(
      'authenticated.main.ready authenticated.logout.idle',
    );
  });

  it('offers the role picker (not dismissable) to a multi-role user, then lands by the chosen role', async () => {
    const app = renderSessionApp('/ru/login');
    await app.settle({ type: 'xstate.done.actor.fetchSession', output: multiroleUser });
    const picker = await screen.findByTestId('role-picker');
    const user = userEvent.setup();

    await user.keyboard('{Escape}');
    expect(screen.getByTestId('role-picker')).toBeTruthy();
    expect(within(picker).getByRole('heading', { name: 'Выберите роль для входа' })).toBeTruthy();
    await user.click(within(picker).getByRole('button', { name: 'B2B-оператор (R008)' }));
    await app.settle({ type: 'xstate.done.actor.saveChosenRole', output: undefined });
    await app.settle({ type: 'xstate.done.actor.fetchCapabilities', output: [...FEATURES] });

    await waitFor(() => expect(app.location.history?.at(-1)).toBe('/ru/orders'));
    expect(screen.queryByTestId('role-picker')).toBeNull();
    expect(screen.getByTestId('header-administration')).toBeTruthy();
  });

  it('shows E130 in the role picker with its text', async () => {
    const app = renderSessionApp('/ru/login');
    await app.settle({ type: 'xstate.done.actor.fetchSession', output: multiroleUser });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('role-R005'));

    await app.settle({
      type: 'xstate.error.actor.saveChosenRole',
      error: Object.assign(new Error('E130'), { code: 'E130' }),
    });

    expect((await screen.findByTestId('role-picker-error')).textContent).toBe(i18n.t('errors.E130'));
  });

  it("asks 'Вы действительно хотите выйти?' and Escape keeps the session", async () => {
    const app = renderSessionApp('/ru/login');
    await app.settle({ type: 'xstate.done.actor.fetchSession', output: { ...curatorUser, profile: null } });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('logout'));

    const dialog = await screen.findByTestId('logout-confirm');
    // one order for every confirmation (docs/decisions.md U13): Cancel first, the action last
    expect(
      [...dialog.querySelectorAll('.modal__actions button')].map((b) => (b as HTMLElement).dataset.testid),
    ).toEqual(['logout-confirm-no', 'logout-confirm-yes']);
    expect(within(dialog).getByRole('heading', { name: 'Вы действительно хотите выйти?' })).toBeTruthy();
    within(dialog).getByTestId('logout-confirm-no').focus();
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByTestId('logout-confirm')).toBeNull());
    expect(app.sessionFakes.pending().map((p) => p.id)).not.toContain('logOut');
  });

  it('after expiry returns to the login page in the stored locale and says the session expired', async () => {
    localStorage.setItem('locale', 'uz');
    const app = renderSessionApp('/uz/settings');
    await app.settle({ type: 'xstate.done.actor.fetchSession', output: { ...curatorUser, profile: null } });
    await app.settle({ type: 'xstate.done.actor.fetchCapabilities', output: [...FEATURES] });
    await screen.findByTestId('settings-password');

    await sendOutside(app, { type: 'session.expired' });

    await waitFor(() => expect(app.location.history?.at(-1)).toBe('/uz/login'));
    expect((await screen.findByTestId('session-expired')).textContent).toBe(
      'Sessiya muddati tugadi. Qaytadan kiring — kiritgan maʼlumotlaringiz saqlangan.',
    );
    expect(app.session().getSnapshot().context.destination).toBe('/settings');
  });
});
