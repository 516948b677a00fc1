import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type ContactValues, settingsMachine } from '@/machines/settings.machine';
import {
  connectContactsForm,
  connectPasswordForm,
  connectSettingsPage,
  selectContacts,
  selectContactsBusy,
  selectContactsError,
  selectContactsSaved,
  selectPasswordBusy,
  selectPasswordChanged,
  selectPasswordError,
  selectSettingsStatePath,
} from '@/machines/settings.selectors';
import { ApiFailure } from '@/services/api/api-error';
import type { DraftValues } from '@/services/drafts/draft-store';
import { snapshotAt } from '../support/connect-table';
import { curatorContacts, PASSWORDS, settingsInput } from './session.payloads';

const failure = (code: string) => new ApiFailure({ kind: 'server', code });
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Fakes {
  draft?: () => Promise<DraftValues | null>;
  changePassword?: () => Promise<void>;
  saveContacts?: () => Promise<void>;
}

/** The Settings machine with fakes that answer at once, recording calls and draft writes. */
function settings(f: Fakes = {}) {
  const calls = {
    restoreDraft: [] as unknown[],
    changePassword: [] as unknown[],
    saveContacts: [] as ContactValues[],
    saveDraft: [] as unknown[],
    clearDraft: [] as unknown[],
  };
  const machine = settingsMachine.provide({
    actors: {
      restoreDraft: fromPromise<DraftValues | null, { key: string | null }>(({ input }) => {
        calls.restoreDraft.push(input);
        return (f.draft ?? (async () => null))();
      }),
      changePassword: fromPromise<void, { current: string; password: string }>(({ input }) => {
        calls.changePassword.push(input);
        return (f.changePassword ?? (async () => {}))();
      }),
      saveContacts: fromPromise<void, ContactValues>(({ input }) => {
        calls.saveContacts.push(input);
        return (f.saveContacts ?? (async () => {}))();
      }),
    },
    actions: {
      saveDraft: (_, params) => {
        calls.saveDraft.push(params);
      },
      clearDraft: (_, params) => {
        calls.clearDraft.push(params);
      },
    },
  });
  const actor = createActor(machine, { input: settingsInput }).start();
  return { actor, calls };
}

describe('settings: contact data and its draft', () => {
  it('starts from the profile values and reads the draft kept under the key', async () => {
    const { actor, calls } = settings();

    const restoring = selectContactsBusy(actor.getSnapshot());
    await flush();

    expect(restoring).toBe(true);
    expect(calls.restoreDraft).toEqual([{ key: settingsInput.draftKey }]);
    expect(selectContacts(actor.getSnapshot())).toEqual(curatorContacts);
    expect(selectSettingsStatePath(actor.getSnapshot())).toBe('password.editing contacts.editing');
  });

  it('restores what was typed before an expiry over the profile values', async () => {
    const { actor } = settings({ draft: async () => ({ email: 'typed@savdo.uz', feedbackType: 'call' }) });

    await flush();

    expect(selectContacts(actor.getSnapshot())).toEqual({
      ...curatorContacts,
      email: 'typed@savdo.uz',
      feedbackType: 'call',
    });
  });

  it('ignores a draft value that is not a feedback type, and a failing draft store', async () => {
    const odd = settings({ draft: async () => ({ feedbackType: 'pigeon' }) });
    const broken = settings({ draft: () => Promise.reject(new Error('storage')) });

    await flush();

    expect(selectContacts(odd.actor.getSnapshot())).toEqual(curatorContacts);
    expect(selectContacts(broken.actor.getSnapshot())).toEqual(curatorContacts);
    expect(selectSettingsStatePath(broken.actor.getSnapshot())).toBe('password.editing contacts.editing');
  });

  it('keeps every change as a draft at once (typed data survives an expiry)', async () => {
    const { actor, calls } = settings();
    await flush();

    actor.send({ type: 'contacts.change', field: 'email', value: 'new@savdo.uz' });

    expect(selectContacts(actor.getSnapshot()).email).toBe('new@savdo.uz');
    expect(calls.saveDraft).toEqual([
      { key: settingsInput.draftKey, values: { ...curatorContacts, email: 'new@savdo.uz' } },
    ]);
  });

  it('refuses a malformed email at its field, without a call', async () => {
    const { actor, calls } = settings();
    await flush();
    actor.send({ type: 'contacts.change', field: 'email', value: 'not-an-email' });

    actor.send({ type: 'contacts.submit' });

    expect(selectContactsError(actor.getSnapshot())).toEqual({ code: 'validation.email', field: 'email' });
    expect(calls.saveContacts).toEqual([]);
  });

  it('saves the values, drops the draft and says so', async () => {
    const { actor, calls } = settings();
    await flush();
    actor.send({ type: 'contacts.change', field: 'phone', value: '+998 90 765 43 21' });

    actor.send({ type: 'contacts.submit' });
    const busy = selectContactsBusy(actor.getSnapshot());
    await waitFor(actor, (s) => selectContactsSaved(s));

    expect(busy).toBe(true);
    expect(calls.saveContacts).toEqual([{ ...curatorContacts, phone: '+998 90 765 43 21' }]);
    expect(calls.clearDraft).toEqual([{ key: settingsInput.draftKey }]);
  });

  it('shows a server error for the whole form and keeps the values', async () => {
    const { actor } = settings({ saveContacts: () => Promise.reject(failure('E101')) });
    await flush();

    actor.send({ type: 'contacts.submit' });
    await flush();

    expect(selectContactsError(actor.getSnapshot())).toEqual({ code: 'E101', field: null });
    expect(selectContacts(actor.getSnapshot())).toEqual(curatorContacts);
  });

  it('goes back to editing when the user types after saving', async () => {
    const { actor } = settings();
    await flush();
    actor.send({ type: 'contacts.submit' });
    await flush();

    actor.send({ type: 'contacts.change', field: 'feedbackType', value: 'email' });

    expect(selectContactsSaved(actor.getSnapshot())).toBe(false);
    expect(selectContacts(actor.getSnapshot()).feedbackType).toBe('email');
  });
});

describe('settings: password change', () => {
  it('names the first blank field, without a call', () => {
    const { actor, calls } = settings();

    actor.send({ type: 'password.submit', current: '', password: PASSWORDS.next, confirm: PASSWORDS.next });

    expect(selectPasswordError(actor.getSnapshot())).toEqual({
      code: 'validation.required',
      field: 'current',
    });
    expect(calls.changePassword).toEqual([]);
  });

  it("says 'Пароли не совпадают' at the confirmation, without a call", () => {
    const { actor, calls } = settings();

    actor.send({
      type: 'password.submit',
      current: PASSWORDS.current,
      password: PASSWORDS.next,
      confirm: 'x',
    });

    expect(selectPasswordError(actor.getSnapshot())).toEqual({
      code: 'validation.passwordMismatch',
      field: 'confirm',
    });
    expect(calls.changePassword).toEqual([]);
  });

  it('changes the password with the current and new one; never keeps them', async () => {
    const { actor, calls } = settings();

    actor.send({
      type: 'password.submit',
      current: PASSWORDS.current,
      password: PASSWORDS.next,
      confirm: PASSWORDS.next,
    });
    const busy = selectPasswordBusy(actor.getSnapshot());
    await waitFor(actor, (s) => selectPasswordChanged(s));

    expect(busy).toBe(true);
    expect(calls.changePassword).toEqual([{ current: PASSWORDS.current, password: PASSWORDS.next }]);
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain(PASSWORDS.next);
  });

  it('says the current password is wrong (E012) at that field, not "wrong login or password" (U21)', async () => {
    const { actor } = settings({ changePassword: () => Promise.reject(failure('E012')) });

    actor.send({
      type: 'password.submit',
      current: 'wrong',
      password: PASSWORDS.next,
      confirm: PASSWORDS.next,
    });
    await flush();

    expect(selectPasswordError(actor.getSnapshot())).toEqual({
      code: 'validation.wrongCurrentPassword',
      field: 'current',
    });
  });

  it('shows other server errors (E013) for the whole form', async () => {
    const { actor } = settings({ changePassword: () => Promise.reject(failure('E013')) });

    actor.send({
      type: 'password.submit',
      current: 'a',
      password: 'Secret-Pass-9',
      confirm: 'Secret-Pass-9',
    });
    await flush();

    expect(selectPasswordError(actor.getSnapshot())).toEqual({ code: 'E013', field: null });
  });

  it.each([
    ['a short new password', 'a', 'abc123', { code: 'validation.passwordRule', field: 'password' }],
    [
      'a new password without digits',
      'a',
      'abcdefghij',
      { code: 'validation.passwordRule', field: 'password' },
    ],
    [
      'a 300-character new password',
      'a',
      `a1${'x'.repeat(298)}`,
      { code: 'validation.max200', field: 'password' },
    ],
    [
      'a 300-character current password',
      'c'.repeat(300),
      'Secret-Pass-9',
      { code: 'validation.max200', field: 'current' },
    ],
  ])('refuses %s at its field before any call (U21)', async (_, current, password, expected) => {
    const { actor, calls } = settings();
    actor.send({ type: 'password.submit', current, password, confirm: password });
    await flush();
    expect(selectPasswordError(actor.getSnapshot())).toEqual(expected);
    expect(calls.changePassword).toHaveLength(0);
  });

  it('lets the user change it again after a change', async () => {
    const { actor, calls } = settings();
    const submit = {
      type: 'password.submit',
      current: 'a',
      password: 'Secret-Pass-9',
      confirm: 'Secret-Pass-9',
    } as const;
    actor.send(submit);
    await flush();

    actor.send(submit);
    await flush();

    expect(calls.changePassword).toHaveLength(2);
    expect(selectPasswordChanged(actor.getSnapshot())).toBe(true);
  });
});

/** What each part of the Settings page renders in a state (decisions AR18): the connect functions as a table. The
 *  page offers no retry (a refused form is submitted again), so no row has one. */
describe('settings connect', () => {
  const at = (
    password: 'editing' | 'submitting' | 'changed',
    contacts: 'restoring' | 'editing' | 'saving' | 'saved',
    context: Parameters<typeof snapshotAt<typeof settingsMachine>>[2] = {},
  ) => snapshotAt(settingsMachine, { password, contacts }, context, settingsInput);
  const wrongCurrent = { code: 'E017', field: 'current' as const };
  const badEmail = { code: 'validation.email', field: 'email' as const };
  const drafted: ContactValues = { ...curatorContacts, email: 'draft@savdo.uz' };

  it.each([
    ['the draft is read', at('editing', 'restoring'), { statePath: 'password.editing contacts.restoring' }],
    ['both forms sent', at('submitting', 'saving'), { statePath: 'password.submitting contacts.saving' }],
    ['both done', at('changed', 'saved'), { statePath: 'password.changed contacts.saved' }],
  ] as const)('page: %s', (_, snapshot, expected) => {
    expect(connectSettingsPage(snapshot)).toEqual(expected);
  });

  it.each([
    ['editing', at('editing', 'editing'), { busy: false, changed: false, error: null }],
    ['sent: busy', at('submitting', 'editing'), { busy: true, changed: false, error: null }],
    [
      'a refused current password is the field’s',
      at('editing', 'editing', { passwordError: wrongCurrent }),
      { busy: false, changed: false, error: wrongCurrent },
    ],
    ['changed', at('changed', 'saving'), { busy: false, changed: true, error: null }],
  ] as const)('password: %s', (_, snapshot, expected) => {
    expect(connectPasswordForm(snapshot)).toEqual(expected);
  });

  it.each([
    [
      'the draft is read: not usable yet',
      at('editing', 'restoring'),
      { contacts: curatorContacts, busy: true, saved: false, error: null },
    ],
    [
      'a restored draft, editing',
      at('editing', 'editing', { contacts: drafted }),
      { contacts: drafted, busy: false, saved: false, error: null },
    ],
    [
      'a refused e-mail',
      at('editing', 'editing', { contactsError: badEmail }),
      { busy: false, saved: false, error: badEmail },
    ],
    ['saving', at('submitting', 'saving'), { busy: true, saved: false }],
    ['saved', at('editing', 'saved'), { busy: false, saved: true, error: null }],
  ] as const)('contacts: %s', (_, snapshot, expected) => {
    expect(connectContactsForm(snapshot)).toMatchObject(expected);
  });
});
