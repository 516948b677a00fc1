import { assign, emit, setup } from 'xstate';
import { blockNeedsSignature, type ToggleAction } from '@/domain/block.rules';
import { type PlanProblem, planProblem } from '@/domain/plans.rules';
import { blockTargets } from '@/domain/signing-document.rules';
import { isApiFailure } from '@/services/api/api-error';
import type { CompanyInfo } from '@/services/contract/block.contract';
import { SYSTEM_IDS, tellSystem } from './actor-system';
import { failTo, failWhen, outputTo, retryOn } from './call-fragment';
import { errorCodeOf, unprovided } from './error-code';
import { isSigningResult, type SigningOutput, signingMachine } from './signing.machine';
import type { StateMeta } from './state-meta';

/**
 * Block / restore of a number or a whole account from the status widget (spec 4 "Toggle", "Block flow"; spec 8
 * block/restore messages).
 *
 * idle → `toggle.press` → privileged-lock check → confirmation (paid warning unless privileged) → sign with E-IMZO
 * (child chart `signing`) unless the account type is 20 → client/suspend or client/restore → result (accepted,
 * failed numbers, or the failure with the server's reason) and a `document.create` emitted for the accepted
 * numbers. Cancelling before the call shows 'Отменено / Вы отменили действие' and calls nothing further.
 */

/** What one press of the toggle asks for (the status widget's props at the moment of the press). */
export interface BlockRestoreRequest {
  readonly action: ToggleAction;
  /** The number, or `null` for the whole account (or for a selection, see `sns`). */
  readonly sn: string | null;
  /** A selection of numbers of the list (decision U10): blocked or restored together, one signature, one call. */
  readonly sns?: readonly string[] | undefined;
  readonly ban: string;
  /** The company the account belongs to, named in the confirmation (U7). */
  readonly companyName?: string | null | undefined;
  /** The profile's account type (`at`): 20 applies without a signature. */
  readonly profileType: number;
  /** An administrator is impersonating the client: signing is refused. */
  readonly impersonating: boolean;
  /** The user may plan it for a later day instead (the curator or key owner, the backend offering plans; SP4). */
  readonly mayPlan?: boolean | undefined;
}

/** A later Tashkent day (and, for a restore, the hour) the action is planned for (docs/decisions.md SP1). */
export interface PlanWhenChoice {
  readonly date: string;
  readonly hour: number;
}

/** Input of the plan call (POST block-plans): what, on what, when. */
export interface PlanInput {
  readonly action: ToggleAction;
  readonly ban: string;
  /** the numbers; null: the whole account */
  readonly sns: readonly string[] | null;
  readonly date: string;
  readonly hour: number;
}

/** The plan the server made: its id and when it runs (an ISO instant). */
export interface PlannedAction {
  readonly id: number;
  readonly runAt: string;
}

/** GET client/isPrivilegedLock, normalised (spec 3 "Block-check result"). */
export interface PrivilegedLockInfo {
  /** Monthly price of a paid block in sums; `null` when the server sent none. */
  readonly price: number | null;
  readonly privileged: boolean;
  /** Echoed to suspend/restore as `isLopBan`. */
  readonly lopBan: boolean;
  /** How many numbers the action changes (U7: the account's active numbers for a block); null when unknown. */
  readonly numbers: number | null;
}

/** A number the server left as it was, and why (U7: terminated, tentative, in process …; not a failure). */
export interface SkippedNumber {
  readonly sn: string;
  readonly reason: string;
}

/** client/suspend or client/restore result, normalised (spec 3 "Block/restore result"). */
export interface BlockOutcome {
  readonly failedNumbers: readonly string[];
  readonly acceptedNumbers: readonly string[];
  readonly skippedNumbers: readonly SkippedNumber[];
  readonly companyInfo: CompanyInfo | null;
}

/** Input of the lock-check actor. */
export interface LockInput {
  readonly action: ToggleAction;
  readonly ban: string;
  readonly sn: string | null;
  readonly sns: readonly string[] | null;
}

/** What the lock check, the signing and the apply call are about: the pressed toggle's action and numbers (block,
 *  and no number, before any press). */
const targetOf = (request: BlockRestoreRequest | null): LockInput => ({
  action: request?.action ?? 'block',
  ban: request?.ban ?? '',
  sn: request?.sn ?? null,
  sns: request?.sns ?? null,
});

/** Input of the apply actor. */
export interface ApplyInput {
  readonly action: ToggleAction;
  readonly sn: string | null;
  /** A selection: sent as one client/batch call. */
  readonly sns: readonly string[] | null;
  readonly ban: string;
  readonly isLopBan: boolean;
}

/**
 * Emitted (actor.on('document.create')) when the server accepted numbers: the suspend/restore document of spec 4
 * step 4 is created from it by whoever listens (the documents area).
 */
export interface DocumentCreateEvent {
  readonly type: 'document.create';
  readonly action: ToggleAction;
  readonly sn: string | null;
  readonly ban: string;
  readonly acceptedNumbers: readonly string[];
  readonly companyInfo: CompanyInfo | null;
}

/** Context: small and enumerable, every value from the press or an actor result. */
export interface BlockRestoreContext {
  readonly request: BlockRestoreRequest | null;
  readonly lock: PrivilegedLockInfo | null;
  readonly failedNumbers: readonly string[];
  readonly acceptedNumbers: readonly string[];
  readonly skippedNumbers: readonly SkippedNumber[];
  /** Catalogue code (E007, network …) or i18n key of the last failure. */
  readonly errorCode: string | null;
  /** The server's description of a failed suspend/restore ('Причина - {description}'). */
  readonly errorDescription: string | null;
  /** When the user chose to plan it for (null: now, today's behaviour). */
  readonly when: PlanWhenChoice | null;
  /** What is wrong with that day or hour (`planProblem`), said in the dialog; null: fine or now. */
  readonly whenProblem: PlanProblem | null;
  /** The plan the server made. */
  readonly plan: PlannedAction | null;
}

/**
 * Events of the block/restore chart:
 * - `toggle.press`: the user pressed the status widget's block or restore button; carries the request.
 * - `dialog.confirm`: the user confirmed in the confirmation dialog.
 * - `dialog.cancel`: the user cancelled (Cancel button, Escape); accepted until the suspend/restore call is sent.
 * - `dialog.retry`: the user retries the privileged-lock check after it failed.
 * - `dialog.close`: the user closes a result or the cancelled message; the toggle is back at rest.
 */
export type BlockRestoreEvent =
  | { type: 'toggle.press'; request: BlockRestoreRequest }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'dialog.retry' }
  | { type: 'dialog.close' }
  | { type: 'when.set'; when: PlanWhenChoice | null; now: number };

/** Tags: `busy` while a call runs, `error` while a failure is shown, `open` while the dialog is shown. */
export type BlockRestoreTag = 'busy' | 'error' | 'open';

/** The server's description of a rejected call, when it sent one. */
export function blockErrorDescription(error: unknown): string | null {
  if (isApiFailure(error) && error.error.kind === 'server') return error.error.description ?? null;
  return null;
}

/** The catalogue code the server answers for a number or account already in process (spec 8 E022 'in progress'). */
export const IN_PROCESS_CODE = 'E022';

const idleContext: BlockRestoreContext = {
  request: null,
  lock: null,
  failedNumbers: [],
  acceptedNumbers: [],
  skippedNumbers: [],
  errorCode: null,
  errorDescription: null,
  when: null,
  whenProblem: null,
  plan: null,
};

const outcomeParams = ({ event }: { event: { output: BlockOutcome } }) => ({ outcome: event.output });

/** The block/restore chart. Actors are filled in by `createBlockRestoreLogic` (src/app/block-restore.actors.ts). */
export const blockRestoreMachine = setup({
  types: {
    context: {} as BlockRestoreContext,
    events: {} as BlockRestoreEvent,
    emitted: {} as DocumentCreateEvent,
    meta: {} as StateMeta,
    tags: {} as BlockRestoreTag,
  },
  actors: {
    /** GET client/isPrivilegedLock?ban[&sn]. */
    fetchPrivilegedLock: unprovided<PrivilegedLockInfo, LockInput>('fetchPrivilegedLock'),
    /** The E-IMZO signing chart over the sn/ban JSON. */
    signing: signingMachine,
    /** GET client/suspend or client/restore?sn&ban&isLopBan. */
    applyBlock: unprovided<BlockOutcome, ApplyInput>('applyBlock'),
    /** POST block-plans: the plan for a later day, under the signature just made (SP1, SP2). */
    createPlan: unprovided<PlannedAction, PlanInput>('createPlan'),
  },
  guards: {
    isInProcess: (_, params: { error: unknown }) => errorCodeOf(params.error) === IN_PROCESS_CODE,
    needsSignature: ({ context }) => blockNeedsSignature(context.request?.profileType),
    isSigned: (_, params: { output: SigningOutput }) => isSigningResult(params.output),
    hasNoAcceptedNumbers: (_, params: { outcome: BlockOutcome }) =>
      params.outcome.acceptedNumbers.length === 0,
    hasFailedNumbers: (_, params: { outcome: BlockOutcome }) => params.outcome.failedNumbers.length > 0,
    mayPlan: ({ context }) => context.request?.mayPlan === true,
    isPlanned: ({ context }) => context.when !== null,
    isSignedPlan: ({ context }, params: { output: SigningOutput }) =>
      isSigningResult(params.output) && context.when !== null,
    hasWhenProblem: ({ context }) => context.when !== null && context.whenProblem !== null,
  },
  actions: {
    assignRequest: assign((_, params: { request: BlockRestoreRequest }) => ({
      ...idleContext,
      request: params.request,
    })),
    assignLock: assign((_, params: { lock: PrivilegedLockInfo }) => ({ lock: params.lock, errorCode: null })),
    assignError: assign((_, params: { error: unknown }) => ({
      errorCode: errorCodeOf(params.error),
      errorDescription: blockErrorDescription(params.error),
    })),
    assignSigningCrash: assign({ errorCode: 'eimzo.generic', errorDescription: null }),
    clearError: assign({ errorCode: null, errorDescription: null }),
    assignOutcome: assign((_, params: { outcome: BlockOutcome }) => ({
      failedNumbers: params.outcome.failedNumbers,
      acceptedNumbers: params.outcome.acceptedNumbers,
      skippedNumbers: params.outcome.skippedNumbers,
    })),
    reset: assign(() => idleContext),
    assignWhen: assign(({ context }, params: { when: PlanWhenChoice | null; now: number }) => ({
      when: params.when,
      whenProblem:
        params.when === null
          ? null
          : planProblem({ action: context.request?.action ?? 'block', ...params.when }, params.now),
    })),
    assignPlan: assign((_, params: { plan: PlannedAction }) => ({ plan: params.plan })),
    /** Numbers were blocked or restored: the session reloads the profile in view (its status may have changed). */
    refreshSession: tellSystem(SYSTEM_IDS.session, { type: 'session.refresh' }),
    emitDocumentCreate: emit(({ context }, params: { outcome: BlockOutcome }) => ({
      type: 'document.create' as const,
      action: context.request?.action ?? 'block',
      sn: context.request?.sn ?? null,
      ban: context.request?.ban ?? '',
      acceptedNumbers: params.outcome.acceptedNumbers,
      companyInfo: params.outcome.companyInfo,
    })),
  },
}).createMachine({
  id: 'blockRestore',
  description:
    'Block or restore a number or an account: privileged-lock check, confirmation with the monthly price, ' +
    'E-IMZO signature unless the account type is 20, client/suspend or client/restore, result, document event.',
  context: idleContext,
  initial: 'idle',
  states: {
    idle: {
      description: "At rest: the status widget shows its toggle ('block' for active, 'restore' for blocked).",
      meta: { view: 'the toggle button, no dialog', testId: 'status-toggle' },
      on: {
        'toggle.press': {
          target: 'checkingLock',
          actions: { type: 'assignRequest', params: ({ event }) => ({ request: event.request }) },
        },
      },
    },
    checkingLock: {
      description:
        'Fetches the privileged-lock info (GET client/isPrivilegedLock): price, privileged, lopBan.',
      meta: { view: 'dialog with a progress text', testId: 'block-restore-checking' },
      tags: ['open', 'busy'],
      invoke: {
        id: 'fetchPrivilegedLock',
        src: 'fetchPrivilegedLock',
        input: ({ context }) => targetOf(context.request),
        onDone: outputTo('confirming', 'assignLock', 'lock'),
        onError: [failWhen('isInProcess', 'inProcess'), failTo('lockFailed')],
      },
      on: { 'dialog.cancel': { target: 'cancelled' } },
    },
    inProcess: {
      description:
        "The server says the number or account is already in process (E022): 'user already in process of blocking'.",
      meta: { view: 'in-process message, Close', testId: 'block-restore-in-process' },
      tags: ['open', 'error'],
      on: { 'dialog.close': { target: 'idle', actions: 'reset' } },
    },
    lockFailed: {
      description: 'The privileged-lock check failed; the user may retry or cancel.',
      meta: { view: 'dialog with the error text, Retry and Cancel', testId: 'block-restore-lock-failed' },
      tags: ['open', 'error'],
      on: retryOn('dialog.retry', 'checkingLock', { 'dialog.cancel': { target: 'cancelled' } }),
    },
    confirming: {
      description:
        'Confirmation dialog; a paid block shows the monthly price (two decimals) unless the lock is privileged.',
      meta: {
        view: 'confirmation text, paid warning or free note, Confirm and Cancel',
        testId: 'block-restore-confirm',
      },
      tags: ['open'],
      on: {
        'dialog.confirm': [
          { guard: 'hasWhenProblem', description: 'a day or hour the plan cannot have: the dialog says why' },
          { guard: 'needsSignature', target: 'signing' },
          { guard: 'isPlanned', target: 'planning' },
          { target: 'applying' },
        ],
        'dialog.cancel': { target: 'cancelled' },
        'when.set': [
          {
            guard: 'mayPlan',
            actions: {
              type: 'assignWhen',
              params: ({ event }) => ({ when: event.when, now: event.now }),
            },
          },
          { description: 'who may not plan has no choice: now' },
        ],
      },
    },
    signing: {
      description: 'Signs sn/ban with E-IMZO (child chart `signing`); account type 20 never comes here.',
      meta: {
        view: 'the signing panel (progress, password prompt, failures with Retry and Cancel)',
        testId: 'signing-panel',
      },
      tags: ['open'],
      invoke: {
        id: 'signing',
        src: 'signing',
        input: ({ context }) => ({
          action: context.request?.action ?? 'block',
          targets: blockTargets(targetOf(context.request)),
          impersonating: context.request?.impersonating ?? false,
          when: context.when,
        }),
        onDone: [
          {
            guard: { type: 'isSignedPlan', params: ({ event }) => ({ output: event.output }) },
            target: 'planning',
          },
          {
            guard: { type: 'isSigned', params: ({ event }) => ({ output: event.output }) },
            target: 'applying',
          },
          { target: 'cancelled' },
        ],
        onError: { target: 'failed', actions: 'assignSigningCrash' },
      },
      on: { 'dialog.cancel': { target: 'cancelled' } },
    },
    applying: {
      description:
        'Sends client/suspend or client/restore (sn, ban, isLopBan). Not cancellable: the request is on its way.',
      meta: { view: 'dialog with a progress text', testId: 'block-restore-applying' },
      tags: ['open', 'busy'],
      invoke: {
        id: 'applyBlock',
        src: 'applyBlock',
        input: ({ context }) => ({ ...targetOf(context.request), isLopBan: context.lock?.lopBan ?? false }),
        onDone: [
          {
            guard: { type: 'hasNoAcceptedNumbers', params: outcomeParams },
            target: 'partiallyFailed',
            actions: { type: 'assignOutcome', params: outcomeParams },
          },
          {
            guard: { type: 'hasFailedNumbers', params: outcomeParams },
            target: 'partiallyFailed',
            actions: [
              { type: 'assignOutcome', params: outcomeParams },
              { type: 'emitDocumentCreate', params: outcomeParams },
            ],
          },
          {
            target: 'succeeded',
            actions: [
              { type: 'assignOutcome', params: outcomeParams },
              { type: 'emitDocumentCreate', params: outcomeParams },
            ],
          },
        ],
        onError: failTo('failed'),
      },
    },
    planning: {
      description:
        'Sends the plan (POST block-plans: action, numbers or account, day, hour) under the signature just made. ' +
        'Not cancellable: the request is on its way.',
      meta: { view: 'dialog with a progress text', testId: 'block-restore-planning' },
      tags: ['open', 'busy'],
      invoke: {
        id: 'createPlan',
        src: 'createPlan',
        input: ({ context }) => {
          const t = targetOf(context.request);
          return {
            action: t.action,
            ban: t.ban,
            sns: t.sns ?? (t.sn === null ? null : [t.sn]),
            date: context.when?.date ?? '',
            hour: context.when?.hour ?? 0,
          };
        },
        onDone: outputTo('planned', 'assignPlan', 'plan'),
        onError: failTo('failed'),
      },
    },
    planned: {
      description:
        'The plan is stored: what will happen, to what and when (Tashkent); it can be cancelled until it starts.',
      meta: { view: 'the planned text with the day and hour, Close', testId: 'block-restore-planned' },
      tags: ['open'],
      on: { 'dialog.close': { target: 'idle', actions: 'reset' } },
    },
    succeeded: {
      description:
        "Every number accepted: block 'Активация услуги вступит в силу после 00:00'; restore with the 5-10 minutes note.",
      meta: {
        view: 'success text for the action, accepted numbers, numbers left as they were by reason, Close',
        testId: 'block-restore-success',
      },
      tags: ['open'],
      on: { 'dialog.close': { target: 'idle', actions: ['reset', 'refreshSession'] } },
    },
    partiallyFailed: {
      description:
        "Some or all numbers failed: 'Произошла ошибка с номерами' with the numbers prefixed by +99.",
      meta: {
        view: 'failed numbers (+998 …), numbers left as they were by reason, accepted numbers, Close',
        testId: 'block-restore-partial',
      },
      tags: ['open', 'error'],
      on: { 'dialog.close': { target: 'idle', actions: ['reset', 'refreshSession'] } },
    },
    failed: {
      description:
        "The call failed: 'Активация услуги неуспешна. Причина - {description}' (block) or " +
        "'Разблокировка номера невозможна. Причина - {description}' (restore).",
      meta: { view: 'failure text with the reason, Close', testId: 'block-restore-failed' },
      tags: ['open', 'error'],
      on: { 'dialog.close': { target: 'idle', actions: 'reset' } },
    },
    cancelled: {
      description: "The user cancelled before anything was applied: 'Отменено / Вы отменили действие'.",
      meta: { view: "'Отменено' title, 'Вы отменили действие', Close", testId: 'block-restore-cancelled' },
      tags: ['open'],
      on: { 'dialog.close': { target: 'idle', actions: 'reset' } },
    },
  },
});

/** The block/restore machine's type, for selectors, views and tests. */
export type BlockRestoreMachine = typeof blockRestoreMachine;
