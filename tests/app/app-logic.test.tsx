// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { Suspense, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { appApiOf, createAppApi } from '@/app/api';
import { createAppLogic } from '@/app/app-logic';
import { AppProviders } from '@/app/app-providers';
import { SYSTEM_IDS, systemRootMachine } from '@/machines/actor-system';
import { sessionMachine } from '@/machines/session.machine';
import { settingsMachine } from '@/machines/settings.machine';
import type { ApiClient } from '@/services/api/client';
import type { User } from '@/services/contract/session.contract';
import type { DraftStore } from '@/services/drafts/draft-store';
import { useWorkflowLogic } from '@/views/common/workflow-logic.context';
import { ImpersonationContext } from '@/views/impersonation/impersonation.context';
import { NumbersList } from '@/views/numbers/numbers-list.view';
import { SettingsPage } from '@/views/settings/settings-page.view';
import { profile, user } from '../support/fixtures';
import { testAppLogic } from '../support/render-workflow';

afterEach(cleanup);

const drafts: DraftStore = { read: () => null, save: () => {}, clear: () => {}, clearAll: () => {} };

describe('the composition root', () => {
  it('createAppLogic provides every workflow the views can ask for: the start ones at once, the rest on load', async () => {
    const logic = createAppLogic(
      appApiOf(async () => ({}) as ApiClient),
      { drafts },
    );
    const { connect, loadPageLogic, loadPublicLogic, ...start } = logic;
    expect(Object.keys(start).sort()).toEqual(['notifications', 'session']);
    const pages = await loadPageLogic();
    // the impersonation chart comes with the page workflows: the app starts it once there is a user
    expect(Object.keys(pages)).toContain('impersonation');
    // the public pages' workflows come from their own loader, never with the signed-in pages' ones
    expect(Object.keys(pages)).not.toContain('newClient');
    // and each public page's from a loader of its own
    expect(Object.keys(loadPublicLogic ?? {}).sort()).toEqual(['newClient', 'newNumbers']);
    const publicPages = {
      newClient: await loadPublicLogic?.newClient(),
      newNumbers: await loadPublicLogic?.newNumbers(),
    };
    expect(publicPages.newClient?.id).toBe('newClient');
    expect(publicPages.newNumbers?.id).toBe('newNumbers');
    // the actor system's root options are the tests' own (an inspector, a simulated clock): production takes xstate's
    expect(Object.keys({ ...start, ...pages, ...publicPages }).sort()).toEqual(
      Object.keys(testAppLogic())
        .filter((k) => k !== 'actor')
        .sort(),
    );
    expect(typeof connect).toBe('function');
  });

  it.each([
    ['a signed-out visitor', null],
    [
      'an administration user viewing a client',
      user({ backToHeadBan: true, ban: '100234561', profile: profile() }),
    ],
  ])(
    'the impersonation chart starts only once there is a user, with the page workflows (%s)',
    async (_, who) => {
      const logic = createAppLogic(
        appApiOf(async () => ({}) as ApiClient),
        { drafts },
      );
      let answer: (u: User | null) => void = () => {};
      let loads = 0;
      const provided = {
        ...logic,
        session: logic.session.provide({
          actors: {
            fetchSession: fromPromise<User | null>(
              () =>
                new Promise((resolve) => {
                  answer = resolve;
                }),
            ),
          },
        }),
        loadPageLogic: () => {
          loads += 1;
          return logic.loadPageLogic();
        },
      };
      function Probe() {
        const actor = ImpersonationContext.useOptionalActorRef();
        const state = useSelector(actor ?? undefined, (s) => (s ? String(s.value) : 'none'));
        return <p data-testid="probe">{state}</p>;
      }
      const view = render(
        <AppProviders logic={provided}>
          <Probe />
        </AppProviders>,
      );
      // checking the session: no chart, nothing of the page workflows fetched
      await act(async () => {});
      expect(view.getByTestId('probe').textContent).toBe('none');
      expect(loads).toBe(0);
      await act(async () => answer(who));
      if (who === null) {
        await act(async () => {});
        expect(view.getByTestId('probe').textContent).toBe('none');
        expect(loads).toBe(0);
      } else {
        // started, and told at once whom the session views: the session's own word went to no one before
        await waitFor(() => expect(view.getByTestId('probe').textContent).toBe('viewing'));
        expect(loads).toBe(1);
      }
    },
  );

  it('a view of a page workflow waits for the loaded logic (one load, shared), then runs on it', async () => {
    const logic = createAppLogic(
      appApiOf(async () => ({}) as ApiClient),
      { drafts },
    );
    let loads = 0;
    let loading: Promise<unknown> = Promise.resolve();
    const counted = {
      ...logic,
      loadPageLogic: () => {
        loads += 1;
        const pages = logic.loadPageLogic();
        loading = pages;
        return pages;
      },
    };
    const seen: unknown[] = [];
    let waited = false;
    function Probe({ name }: { name: string }) {
      seen.push(useWorkflowLogic().settings);
      // a hook after the suspending one: React replays the view when the logic arrives
      const [shown] = useState(name);
      return <p>{shown}</p>;
    }
    function Waiting() {
      waited = true;
      return <p>loading</p>;
    }
    // React retries a suspended tree inside act() in tests
    const view = await act(async () =>
      render(
        <AppProviders logic={counted}>
          <Suspense fallback={<Waiting />}>
            <Probe name="one" />
            <Probe name="two" />
          </Suspense>
        </AppProviders>,
      ),
    );
    await act(async () => {
      await loading;
    });
    expect(waited).toBe(true);
    expect(view.getByText('one')).toBeTruthy();
    expect(view.getByText('two')).toBeTruthy();
    expect(loads).toBe(1);
    expect(new Set(seen).size).toBe(1);
    expect(seen[0]).not.toBe(settingsMachine);
  });

  it.each([
    ['the numbers list', <NumbersList key="n" ban="100234561" />],
    ['the settings page', <SettingsPage key="s" />],
  ])('a view rendered without AppProviders throws instead of running unprovided (%s)', (_, ui) => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(ui)).toThrow(/AppProviders/);
    quiet.mockRestore();
  });

  it("E009 from the API client ends a signed-in session through the actor system, and never a first visit's", async () => {
    const api = createAppApi({ baseURL: '/api/' });
    let expire: () => void = () => {};
    const watched = {
      ...api,
      watchExpiry: (listener: () => void) => {
        expire = listener;
        return api.watchExpiry(listener);
      },
    };
    const logic = createAppLogic(watched, { drafts });
    const root = createActor(systemRootMachine).start();
    const disconnect = logic.connect?.(root.system);
    let answer: User | null = null;
    root.send({
      type: 'member.start',
      id: 'session',
      systemId: SYSTEM_IDS.session,
      logic: sessionMachine.provide({
        actors: { fetchSession: fromPromise<User | null>(async () => answer) },
      }),
    });
    const session = root.system.get(SYSTEM_IDS.session);
    await waitFor(() => expect(session.getSnapshot().matches('signedOut')).toBe(true));
    expire();
    expect(session.getSnapshot().matches({ signedOut: 'anonymous' })).toBe(true);

    answer = user({ profile: null });
    root.send({ type: 'member.stop', id: 'session' });
    root.send({
      type: 'member.start',
      id: 'session2',
      systemId: SYSTEM_IDS.session,
      logic: sessionMachine.provide({
        actors: { fetchSession: fromPromise<User | null>(async () => answer) },
      }),
    });
    const signedIn = root.system.get(SYSTEM_IDS.session);
    await waitFor(() => expect(signedIn.getSnapshot().matches('authenticated')).toBe(true));
    expire();
    expect(signedIn.getSnapshot().matches({ signedOut: 'expired' })).toBe(true);
    disconnect?.();
    root.stop();
  });
});
