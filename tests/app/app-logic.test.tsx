// @vitest-environment jsdom
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { appApiOf, createAppApi } from '@/app/api';
import { createAppLogic } from '@/app/app-logic';
import { SYSTEM_IDS, systemRootMachine } from '@/machines/actor-system';
import { sessionMachine } from '@/machines/session.machine';
import type { ApiClient } from '@/services/api/client';
import type { User } from '@/services/contract/session.contract';
import type { DraftStore } from '@/services/drafts/draft-store';
import { NumbersList } from '@/views/numbers/numbers-list.view';
import { SettingsPage } from '@/views/settings/settings-page.view';
import { user } from '../support/fixtures';
import { testAppLogic } from '../support/render-workflow';

afterEach(cleanup);

const drafts: DraftStore = { read: () => null, save: () => {}, clear: () => {}, clearAll: () => {} };

describe('the composition root', () => {
  it('createAppLogic provides every workflow the views can ask for', () => {
    const logic = createAppLogic(
      appApiOf(async () => ({}) as ApiClient),
      { drafts },
    );
    const { connect, ...workflows } = logic;
    expect(Object.keys(workflows).sort()).toEqual(Object.keys(testAppLogic()).sort());
    expect(typeof connect).toBe('function');
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
