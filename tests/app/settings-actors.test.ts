import { describe, expect, it } from 'vitest';
import { type AnyActorLogic, createActor, toPromise } from 'xstate';
import type { AppApi } from '@/app/api';
import { createSettingsLogic } from '@/app/settings.actors';

/** The Settings form shows the phone as the portal reads it; what is saved is its digits, however written. */
describe('saving the Settings contacts', () => {
  it.each([
    ['+998 71 283 06 69', '998712830669'],
    ['+998 (90) 123-45-67', '998901234567'],
    ['901234567', '901234567'],
    ['', ''],
  ])('%j goes on the wire as %j', async (typed, wire) => {
    const calls: unknown[] = [];
    const appApi = {
      load: async () => ({
        call: async (name: string, args: unknown) => {
          calls.push({ name, args });
          return undefined;
        },
      }),
      watchExpiry: () => () => {},
    } as unknown as AppApi;
    const drafts = { read: () => null, save: () => {}, clear: () => {} };
    const logic = createSettingsLogic(appApi, { drafts } as never);
    const save = logic.implementations.actors.saveContacts as AnyActorLogic;
    await toPromise(
      createActor(save, { input: { phone: typed, email: ' a@b.uz ', feedbackType: '' } }).start(),
    );
    expect(calls).toEqual([
      {
        name: 'settings.contacts',
        args: { body: { phone_number: wire, feedback_type: null, email_address: 'a@b.uz' } },
      },
    ]);
  });
});
