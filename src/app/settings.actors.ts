import { fromPromise } from 'xstate';
import { phoneDigits } from '@/domain/credentials.rules';
import { type ContactValues, settingsMachine } from '@/machines/settings.machine';
import type { DraftStore, DraftValues } from '@/services/drafts/draft-store';
import type { AppApi } from './api';
import type { PageDeps } from './app-deps';

/** The Settings chart provided with actors on the app's API client and the draft store. */
export function createSettingsLogic(appApi: AppApi, { drafts }: { readonly drafts: DraftStore }) {
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
              // the wire takes the digits (`+998 71 283 06 69` → `998712830669`), however the phone was written
              phone_number: phoneDigits(input.phone),
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

/** The page workflows this area provides (its manifest ./settings.workflow.ts; composed in ./page-logic.generated.ts). */
export const pageLogic = (api: AppApi, deps: PageDeps) => ({ settings: createSettingsLogic(api, deps) });
