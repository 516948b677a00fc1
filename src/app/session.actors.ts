import { fromPromise } from 'xstate';
import { phoneDigits } from '@/domain/credentials.rules';
import { currentLang } from '@/i18n/i18n';
import { authFlowMachine } from '@/machines/auth-flow.machine';
import { sessionMachine } from '@/machines/session.machine';
import type { RestoreLinkState, User } from '@/services/contract/session.contract';
import { browserDraftStorage, clearDrafts } from '@/services/drafts/draft-storage';
import type { DraftStore } from '@/services/drafts/draft-store';
import type { AppApi } from './api';

/** What the session needs besides the API: where typed form data is kept across an expiry (absent: the browser's). */
export interface SessionDeps {
  readonly drafts?: DraftStore | undefined;
}

/** The language of the page: the SMS and links the server sends are written in it, links open in it (U14, MSG1). */
const pageLang = currentLang;

/**
 * The session chart (with the Auth flow as its child) provided with actors on the app's API client. The API client is
 * loaded as its own chunk on first use; the session check starts that download at once.
 */
export function createSessionLogic(appApi: AppApi, { drafts }: SessionDeps) {
  const api = appApi.load;

  const authLogic = authFlowMachine.provide({
    actors: {
      logIn: fromPromise<User, { login: string; password: string }>(async ({ input, signal }) =>
        (await api()).call('session.login', { body: input }, { signal }),
      ),
      requestCode: fromPromise<void, { phone: string }>(async ({ input, signal }) => {
        await (await api()).call(
          'session.register',
          { body: { phone: phoneDigits(input.phone), lang: pageLang() } },
          { signal },
        );
      }),
      resendCode: fromPromise<void, { phone: string }>(async ({ input, signal }) => {
        await (await api()).call(
          'session.resendCode',
          { body: { phone: phoneDigits(input.phone), lang: pageLang() } },
          { signal },
        );
      }),
      checkCode: fromPromise<User, { phone: string; code: string }>(async ({ input, signal }) =>
        (await api()).call(
          'session.check',
          { body: { phone: phoneDigits(input.phone), code: input.code, lang: pageLang() } },
          { signal },
        ),
      ),
      requestRestoreLink: fromPromise<void, { login: string }>(async ({ input, signal }) => {
        await (await api()).call('session.forgot', { body: { ...input, lang: pageLang() } }, { signal });
      }),
      checkRestoreLink: fromPromise<RestoreLinkState, { r: string }>(
        async ({ input, signal }) =>
          (await (await api()).call('session.restoreLink', { body: input }, { signal })).link,
      ),
      restorePassword: fromPromise<void, { r: string; password: string; confirm: string }>(
        async ({ input, signal }) => {
          await (await api()).call('session.restore', { body: input }, { signal });
        },
      ),
    },
  });

  return sessionMachine.provide({
    actors: {
      fetchSession: fromPromise<User | null>(async ({ signal }) =>
        (await api()).call('session.user', undefined, { signal }),
      ),
      // a backend that does not know the question answers none (the contract's `ifUnknown`, CAP1)
      fetchCapabilities: fromPromise<readonly string[]>(
        async ({ signal }) => (await (await api()).call('capabilities.get', undefined, { signal })).features,
      ),
      fetchProfile: fromPromise(async ({ signal }) =>
        (await api()).call('session.profile', undefined, { signal }),
      ),
      saveChosenRole: fromPromise<void, { role: string }>(async ({ input, signal }) => {
        await (await api()).call(
          'session.saveChosenRole',
          { body: { updatedValue: input.role } },
          { signal },
        );
      }),
      logOut: fromPromise<void>(async ({ signal }) => {
        await (await api()).call('session.logout', undefined, { signal });
      }),
      authFlow: authLogic,
    },
    actions: {
      forgetDrafts: () => (drafts ? drafts.clearAll() : clearDrafts(browserDraftStorage())),
    },
  });
}
