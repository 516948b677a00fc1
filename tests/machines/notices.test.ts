import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { SYSTEM_IDS } from '@/machines/actor-system';
import { type ContactValues, settingsMachine } from '@/machines/settings.machine';
import { userSearchMachine } from '@/machines/user-search.machine';
import type { DraftValues } from '@/services/drafts/draft-store';
import { createTestSystem } from '../support/actor-system';
import { settingsInput } from './session.payloads';
import { queries, usersPage } from './user-admin.payloads';

/**
 * The new-user review "Notifications (spec: gone after 4 s) never appear" (decision U16): the workflows tell the notifications
 * actor, through the actor system, when contact data is saved and a password changed.
 */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('notices through the actor system (U16)', () => {
  it('settings: a changed password and saved contact data are each said in a notification', async () => {
    const system = createTestSystem();
    const notices = system.listen(SYSTEM_IDS.notifications);
    system.listen(SYSTEM_IDS.session);
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
    settings.send({ type: 'contacts.submit' });
    await flush();

    expect(notices).toEqual([
      { type: 'notice.push', notice: { tone: 'success', key: 'settings.password.done' } },
      { type: 'notice.push', notice: { tone: 'success', key: 'settings.contacts.saved' } },
    ]);
    system.stop();
  });

  it('administration: a blocked user is named in a notification', async () => {
    const system = createTestSystem();
    const notices = system.listen(SYSTEM_IDS.notifications);
    const search = system.spawn(
      userSearchMachine.provide({
        actors: {
          searchUsers: fromPromise(async () => usersPage),
          setBlocked: fromPromise(async () => {}),
        },
      }),
    );
    search.send({ type: 'query.changed', query: queries.ova });
    await flush();
    search.send({ type: 'row.block', userId: '7', userName: 'ivanova' });
    search.send({ type: 'row.confirm' });
    await flush();

    expect(notices).toEqual([
      {
        type: 'notice.push',
        notice: { tone: 'success', key: 'ux.notice.userBlocked', params: { user: 'ivanova' } },
      },
    ]);
    system.stop();
  });
});
