import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { SYSTEM_IDS } from '@/machines/actor-system';
import { blockRestoreMachine } from '@/machines/block-restore.machine';
import { impersonationMachine, type ViewedClient } from '@/machines/impersonation.machine';
import type { SubscriberTarget } from '@/machines/search-box.machine';
import { sessionMachine } from '@/machines/session.machine';
import { type ContactValues, settingsMachine } from '@/machines/settings.machine';
import type { Profile, User } from '@/services/contract/session.contract';
import type { DraftValues } from '@/services/drafts/draft-store';
import { createTestSystem } from '../support/actor-system';
import { offersAll } from '../support/capabilities';
import { allAccepted, blockSigned, paidLock, signed } from './block-restore.payloads';
import { curatorProfile, curatorUser, settingsInput } from './session.payloads';

/**
 * Cross-workflow facts travel through the actor system (src/machines/actor-system.ts): each chart tells the app-wide
 * actor registered under a system id. A recorder stands in for the receiving actor.
 */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('workflows talk through the actor system', () => {
  it('settings: a changed password tells the session (a forced change ends); saved contacts refresh it', async () => {
    const system = createTestSystem();
    const session = system.listen(SYSTEM_IDS.session);
    const settings = system.spawn(
      settingsMachine.provide({
        actors: {
          changePassword: fromPromise<void, { current: string; password: string }>(async () => {}),
          saveContacts: fromPromise<void, ContactValues>(async () => {}),
          restoreDraft: fromPromise<DraftValues | null, { key: string | null }>(async () => null),
        },
      }),
      { input: settingsInput },
    );
    settings.send({ type: 'password.submit', current: 'a', password: 'b1-Strong', confirm: 'b1-Strong' });
    await flush();
    expect(session).toEqual([{ type: 'password.changed' }]);
    settings.send({ type: 'contacts.submit' });
    await flush();
    expect(session).toEqual([{ type: 'password.changed' }, { type: 'session.refresh' }]);
    system.stop();
  });

  it('impersonation: choosing and going back each tell the session to refresh', async () => {
    const system = createTestSystem();
    const session = system.listen(SYSTEM_IDS.session);
    const impersonation = system.spawn(
      impersonationMachine.provide({
        actors: {
          startImpersonation: fromPromise<ViewedClient, SubscriberTarget>(async () => ({
            ban: '100234561',
            sn: null,
            name: null,
            actor: 'admin',
          })),
          backToHead: fromPromise<void>(async () => {}),
        },
      }),
    );
    impersonation.send({ type: 'impersonation.choose', target: { kind: 'ban', value: '100234561' } });
    await flush();
    expect(session).toEqual([{ type: 'session.refresh' }]);
    impersonation.send({ type: 'impersonation.back' });
    await flush();
    expect(session).toEqual([{ type: 'session.refresh' }, { type: 'session.refresh' }]);
    system.stop();
  });

  it('block/restore: closing the result tells the session to reload the profile; a cancel does not', async () => {
    const system = createTestSystem();
    const session = system.listen(SYSTEM_IDS.session);
    const toggle = system.spawn(
      blockRestoreMachine.provide({
        actors: {
          fetchPrivilegedLock: fromPromise(async () => paidLock),
          signing: fromPromise(async () => signed),
          applyBlock: fromPromise(async () => allAccepted),
        } as never,
      }),
    );
    toggle.send({ type: 'toggle.press', request: blockSigned });
    await flush();
    toggle.send({ type: 'dialog.cancel' });
    toggle.send({ type: 'dialog.close' });
    expect(session).toEqual([]);
    toggle.send({ type: 'toggle.press', request: blockSigned });
    await flush();
    toggle.send({ type: 'dialog.confirm' });
    await flush();
    await flush();
    expect(toggle.getSnapshot().value).toBe('succeeded');
    toggle.send({ type: 'dialog.close' });
    expect(session).toEqual([{ type: 'session.refresh' }]);
    system.stop();
  });

  it('session: tells the impersonation chart whom it views, and that nobody is viewed after expiry', async () => {
    const system = createTestSystem();
    const impersonation = system.listen(SYSTEM_IDS.impersonation);
    const viewing: User = { ...curatorUser, backToHeadBan: true, ban: curatorProfile.ban ?? null };
    const session = system.spawn(
      sessionMachine.provide({
        actors: {
          fetchSession: fromPromise<User | null>(async () => viewing),
          fetchCapabilities: offersAll(),
          fetchProfile: fromPromise<Profile>(async () => curatorProfile),
        },
      }),
      { systemId: SYSTEM_IDS.session },
    );
    await flush();
    await flush();
    expect(session.getSnapshot().matches('authenticated')).toBe(true);
    expect(impersonation.at(-1)).toMatchObject({
      type: 'session.synced',
      client: { ban: curatorProfile.ban, actor: curatorUser.user_name },
    });
    session.send({ type: 'session.expired' });
    expect(session.getSnapshot().matches({ signedOut: 'expired' })).toBe(true);
    expect(impersonation.at(-1)).toEqual({ type: 'session.synced', client: null });
    system.stop();
  });
});
