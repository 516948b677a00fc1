import { fromPromise } from 'xstate';
import { type ContactValues, settingsMachine } from '@/machines/settings.machine';
import type { DraftValues } from '@/services/drafts/draft-store';
import type { AppApi } from './api';
import type { SessionDeps } from './session.services';

/** The Settings chart provided with actors on the app's API client and the draft store. */
export function createSettingsLogic(appApi: AppApi, { drafts }: SessionDeps) {
  const api = appApi.load;
  return settingsMachine.provide({
    actors: {
      changePassword: fromPromise<void, { current: string; password: string }>(async ({ input, signal }) => {
        await (await api()).call('session.changePassword', { body: input }, { signal });
      }),
      saveContacts: fromPromise<void, ContactValues>(async ({ input, signal }) => {
        await (await api()).call(
          'settings.contacts',
          {
            body: {
              phone_number: input.phone.trim(),
              feedback_type: input.feedbackType === '' ? null : input.feedbackType,
              email_address: input.email.trim(),
            },
          },
          { signal },
        );
      }),
      restoreDraft: fromPromise<DraftValues | null, { key: string | null }>(async ({ input }) =>
        input.key === null ? null : drafts.read(input.key),
      ),
    },
    actions: {
      saveDraft: (_, params: { key: string | null; values: ContactValues }) => {
        if (params.key !== null) drafts.save(params.key, { ...params.values });
      },
      clearDraft: (_, params: { key: string | null }) => {
        if (params.key !== null) drafts.clear(params.key);
      },
    },
  });
}
