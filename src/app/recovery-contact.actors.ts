import { fromPromise } from 'xstate';
import {
  type CompanyAccounts,
  recoveryContactMachine,
  type SaveContactInput,
  type SaveContactResult,
} from '@/machines/recovery-contact.machine';
import type { ApiLoader, AppApi } from './api';
import type { PageDeps } from './app-deps';
import { type BlockRestoreServiceOptions, createSigningLogic } from './block-restore.actors';

/**
 * Real actors of the key owner's recovery-contact page (docs/decisions.md PRC4-PRC6) on the app's one API client and
 * the same signing chart block/restore uses. `createPageLogic` (src/app/page-logic.generated.ts) builds it once; tests provide
 * fakes to the same machine.
 */
export function createRecoveryContactLogic(api: ApiLoader, opts: BlockRestoreServiceOptions = {}) {
  return recoveryContactMachine.provide({
    actors: {
      fetchAccounts: fromPromise<CompanyAccounts>(async ({ signal }) => {
        const r = await (await api()).call('recovery.accounts', undefined, { signal });
        return {
          ban: r.ban,
          accounts: r.accounts.map((a) => ({
            userId: String(a.user_id),
            login: a.user_name,
            fullName: a.full_name ?? null,
            roles: a.roles,
            status: a.status ?? null,
            email: a.email ?? null,
            phone: a.phone ?? null,
          })),
        };
      }),
      signing: createSigningLogic(api, opts),
      // Not aborted on exit: once sent, the signed change must not look cancelled while the server makes it.
      saveContact: fromPromise<SaveContactResult, SaveContactInput>(async ({ input }) => {
        const r = await (await api()).call('recovery.setContact', {
          params: { user_id: input.userId },
          body: { email: input.email, phone: input.phone },
        });
        return { activationSent: r.activation_sent };
      }),
    },
  });
}

export type RecoveryContactLogic = ReturnType<typeof createRecoveryContactLogic>;

/** The page workflows this area provides (its manifest ./recovery-contact.workflow.ts; composed in ./page-logic.generated.ts). */
export const pageLogic = (api: AppApi, deps: PageDeps) => ({
  recoveryContact: createRecoveryContactLogic(api.load, deps),
});
