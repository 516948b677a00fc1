import { fromPromise } from 'xstate';
import {
  type ApplyInput,
  type BlockOutcome,
  blockRestoreMachine,
  type LockInput,
  type PlanInput,
  type PlannedAction,
  type PrivilegedLockInfo,
} from '@/machines/block-restore.machine';
import {
  type ChallengeInput,
  type ChallengeOutcome,
  type CreatedSignature,
  FORBIDDEN_CODE,
  type ListedKey,
  signingMachine,
  type TaxIdResult,
  type VerifyOutcome,
} from '@/machines/signing.machine';
import { ApiFailure, isApiFailure } from '@/services/api/api-error';
import type { EimzoClient } from '@/services/eimzo/eimzo-client';
import type { ApiLoader, AppApi } from './api';
import { eimzoClientOptions } from './eimzo-options';

/**
 * Real actors of the signing and block/restore charts, on the app's API client and the E-IMZO websocket client.
 * `createAppLogic` (src/app/app-logic.ts) builds them once; tests provide fakes to the same machines instead.
 */

type Api = ApiLoader;

/** Where the module listens: one home for the signing chart and the public onboarding (src/app/eimzo-options.ts). */
export { eimzoClientOptions };

/** Options of the signing and block/restore logic. */
export interface BlockRestoreServiceOptions {
  /** The E-IMZO client; default `createEimzoClient(eimzoClientOptions())`. */
  readonly eimzo?: EimzoClient;
  /** The clock that decides whether a listed key has expired (default: the browser's). */
  readonly now?: () => Date;
}

/** The signing chart with real actors. */
export function createSigningLogic(api: Api, opts: BlockRestoreServiceOptions = {}) {
  // the E-IMZO client is its own chunk, loaded on the first signing: it never weighs on the login page
  let client: Promise<EimzoClient> | undefined = opts.eimzo ? Promise.resolve(opts.eimzo) : undefined;
  const eimzo = () => {
    client ??= import('./eimzo.actors').then((m) => m.createClient(eimzoClientOptions()));
    return client;
  };
  const now = opts.now ?? (() => new Date());
  return signingMachine.provide({
    actors: {
      fetchTaxId: fromPromise<TaxIdResult, { impersonating: boolean }>(async ({ input, signal }) => {
        // Refused before any call: staff acting as a client never sign in the client's name (the server agrees).
        if (input.impersonating) throw new ApiFailure({ kind: 'server', code: FORBIDDEN_CODE });
        const result = await (await api()).call('signing.taxId', undefined, { signal });
        return { tin: result.tin ?? null };
      }),
      fetchChallenge: fromPromise<ChallengeOutcome, ChallengeInput>(async ({ input, signal }) => {
        try {
          const r = await (await api()).call('signing.challenge', { body: input }, { signal });
          return { challenge: r.challenge };
        } catch (e) {
          // A backend without the challenge call (API_TARGET): the same document is signed without one.
          if (isApiFailure(e) && e.error.kind === 'http' && [404, 405, 501].includes(e.error.status))
            return { challenge: null };
          throw e;
        }
      }),
      openModule: fromPromise<ListedKey[]>(async () => {
        const [client, actors] = await Promise.all([eimzo(), import('./eimzo.actors')]);
        return actors.openModule(client, now());
      }),
      signWithKey: fromPromise<CreatedSignature, { key: ListedKey; data: string }>(
        async ({ input, signal }) => {
          const [client, actors] = await Promise.all([eimzo(), import('./eimzo.actors')]);
          return actors.signWithKey(client, input, signal);
        },
      ),
      verifySignature: fromPromise<VerifyOutcome, { pkcs7: string }>(async ({ input, signal }) => {
        const result = await (await api()).call(
          'signing.verify',
          { body: { pcs7: input.pkcs7 } },
          { signal },
        );
        return { code: result.code, pkcs7b64WithTimestamp: result.pkcs7b64WithTimestamp ?? null };
      }),
    },
  });
}

/** The block/restore chart with real actors (and the real signing chart as its child). */
export function createBlockRestoreLogic(api: Api, opts: BlockRestoreServiceOptions = {}) {
  return blockRestoreMachine.provide({
    actors: {
      fetchPrivilegedLock: fromPromise<PrivilegedLockInfo, LockInput>(async ({ input, signal }) => {
        // a selection: the account's lock, and the count is the selection's; a number: its lock; the account:
        // the server counts the numbers the action changes (U7)
        const query =
          input.sns !== null && input.sns.length > 0
            ? { ban: input.ban }
            : input.sn === null
              ? { ban: input.ban, action: input.action }
              : { ban: input.ban, sn: input.sn };
        const lock = await (await api()).call('block.isPrivilegedLock', { query }, { signal });
        const numbers =
          input.sns !== null && input.sns.length > 0 ? new Set(input.sns).size : (lock.numbers ?? null);
        return {
          price: lock.price ?? null,
          privileged: lock.privileged,
          lopBan: lock.lopBan ?? false,
          numbers,
        };
      }),
      signing: createSigningLogic(api, opts),
      // Not aborted on exit: once sent, a suspend must not look cancelled while the server carries it out.
      applyBlock: fromPromise<BlockOutcome, ApplyInput>(async ({ input }) => {
        const outcome = (result: {
          failedNumbers?: string[] | null;
          acceptedNumbers?: string[] | null;
          skippedNumbers?: { sn: string; reason: string }[] | null;
          companyInfo?: BlockOutcome['companyInfo'] | undefined;
        }): BlockOutcome => ({
          failedNumbers: result.failedNumbers ?? [],
          acceptedNumbers: result.acceptedNumbers ?? [],
          skippedNumbers: (result.skippedNumbers ?? []).map((x) => ({ sn: x.sn, reason: x.reason })),
          companyInfo: result.companyInfo ?? null,
        });
        // a selection of the number list: one client/batch call under the one signature (U10)
        if (input.sns !== null && input.sns.length > 0) {
          const body = {
            action: input.action,
            ban: input.ban,
            sns: [...new Set(input.sns)],
            isLopBan: input.isLopBan,
          };
          return outcome(await (await api()).call('block.batch', { body }));
        }
        const query = {
          ban: input.ban,
          isLopBan: input.isLopBan,
          ...(input.sn === null ? {} : { sn: input.sn }),
        };
        const result = await (await api()).call(
          input.action === 'block' ? 'block.suspend' : 'block.restore',
          {
            query,
          },
        );
        return outcome(result);
      }),
      // SP1, SP2: the plan for a later day, under the signature just made (none for type 20)
      createPlan: fromPromise<PlannedAction, PlanInput>(async ({ input }) => {
        const body = {
          action: input.action,
          ban: input.ban,
          date: input.date,
          ...(input.sns === null ? {} : { sns: [...input.sns] }),
          ...(input.action === 'restore' ? { hour: input.hour } : {}),
        };
        const plan = await (await api()).call('plans.create', { body });
        return { id: plan.id, runAt: plan.runAt };
      }),
    },
  });
}

/** The provided block/restore logic, as views take it from `useWorkflowLogic().blockRestore`. */
export type BlockRestoreLogic = ReturnType<typeof createBlockRestoreLogic>;

/** The page workflows this area provides (its manifest ./block-restore.workflow.ts; composed in ./page-logic.generated.ts). */
export const pageLogic = (api: AppApi, deps: BlockRestoreServiceOptions) => ({
  blockRestore: createBlockRestoreLogic(api.load, deps),
});
