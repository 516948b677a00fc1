import type { ActorRefFrom, AnyActorRef, SnapshotFrom } from 'xstate';
import {
  isBlockPaid,
  SKIP_REASONS,
  type SkipReason,
  type ToggleAction,
  toggleActionFor,
  totalBlockPrice,
} from '@/domain/block.rules';
import { UNBILLED_ACCOUNT_TYPE } from '@/domain/constants';
import { phoneWord } from '@/domain/phone.rules';
import type { PlanProblem } from '@/domain/plans.rules';
import type {
  BlockRestoreMachine,
  BlockRestoreRequest,
  PlannedAction,
  PlanWhenChoice,
} from './block-restore.machine';
import type { SigningMachine } from './signing.machine';
import { statePathOf } from './state-path';

/** A snapshot of the block/restore chart, as `useSelector` hands it to a selector. */
export type BlockRestoreSnapshot = SnapshotFrom<BlockRestoreMachine>;

/** The dotted path of the active state (`data-state` of the dialog), e.g. `confirming`. */
export const selectBlockRestoreStatePath = (s: BlockRestoreSnapshot): string => statePathOf(s.value);

/** `meta.testId` of the active state: the element the dialog shows for it. */
export const selectBlockRestoreTestId = (s: BlockRestoreSnapshot): string | undefined => {
  const meta = s.getMeta() as Record<string, { testId?: string } | undefined>;
  return meta[`blockRestore.${statePathOf(s.value)}`]?.testId;
};

/** The dialog is shown (any state but `idle`). */
export const selectIsDialogOpen = (s: BlockRestoreSnapshot): boolean => s.hasTag('open');
/** A call is running. */
export const selectIsBlockRestoreBusy = (s: BlockRestoreSnapshot): boolean => s.hasTag('busy');
/** The request of the running flow, `null` at rest. */
export const selectRequest = (s: BlockRestoreSnapshot): BlockRestoreRequest | null => s.context.request;
/** The action of the running flow. */
export const selectAction = (s: BlockRestoreSnapshot): ToggleAction => s.context.request?.action ?? 'block';

/** What the confirmation says about the price: paid with the monthly price per number (sums) and, when the count
 *  is known, the total for every number the block changes (U7); or free. */
export type PriceNote =
  | { kind: 'paid'; price: number; numbers: number | null; total: number | null }
  | { kind: 'free' }
  | { kind: 'none' };

/**
 * The price note of the confirmation (spec 4 block flow step 2): a block that is not privileged is paid and shows
 * the monthly price; a privileged one is free; a restore has no note.
 */
export const selectPriceNote = (s: BlockRestoreSnapshot): PriceNote => {
  const lock = s.context.lock;
  if (lock === null || s.context.request?.action !== 'block') return { kind: 'none' };
  if (!isBlockPaid(lock)) return { kind: 'free' };
  const price = lock.price ?? 0;
  const numbers = lock.numbers;
  return { kind: 'paid', price, numbers, total: numbers === null ? null : totalBlockPrice(price, numbers) };
};

/**
 * What the dialog acts on (U7: it names it): the whole account with its company and how many numbers the action
 * changes, one number, or a selection of the number list. Numbers in the portal's one format.
 */
export type BlockSubject =
  | { kind: 'account'; ban: string; companyName: string | null; numbers: number | null }
  | { kind: 'number'; ban: string; number: string }
  | { kind: 'selection'; ban: string; numbers: readonly string[] };

export const selectSubject = (s: BlockRestoreSnapshot): BlockSubject | null => {
  const r = s.context.request;
  if (r === null) return null;
  if (r.sns && r.sns.length > 0) return { kind: 'selection', ban: r.ban, numbers: r.sns.map(phoneWord) };
  if (r.sn !== null) return { kind: 'number', ban: r.ban, number: phoneWord(r.sn) };
  return {
    kind: 'account',
    ban: r.ban,
    companyName: r.companyName ?? null,
    numbers: s.context.lock?.numbers ?? null,
  };
};

/** Numbers left as they were, grouped by reason in a fixed order (U7), each in the portal's format. */
export const selectSkippedGroups = (
  s: BlockRestoreSnapshot,
): readonly { reason: SkipReason | 'other'; numbers: readonly string[] }[] => {
  const by = new Map<string, string[]>();
  for (const { sn, reason } of s.context.skippedNumbers) {
    const key = (SKIP_REASONS as readonly string[]).includes(reason) ? reason : 'other';
    let list = by.get(key);
    if (!list) {
      list = [];
      by.set(key, list);
    }
    list.push(phoneWord(sn));
  }
  return [...SKIP_REASONS, 'other' as const]
    .filter((reason) => by.has(reason))
    .map((reason) => ({ reason, numbers: by.get(reason) ?? [] }));
};

/**
 * Failed numbers as shown under 'Произошла ошибка с номерами', in the one format of the portal
 * (`+998 90 000 02 46`): spec 8's '+99' prefix glued to the server's 9-digit numbers read `+99900022513`.
 */
export const selectFailedNumbers = (s: BlockRestoreSnapshot): readonly string[] =>
  s.context.failedNumbers.map(phoneWord);
/** Accepted numbers, in the same format. */
export const selectAcceptedNumbers = (s: BlockRestoreSnapshot): readonly string[] =>
  s.context.acceptedNumbers.map(phoneWord);

/** The failure shown: catalogue code (or i18n key) and the server's description. */
export const selectBlockRestoreError = (
  s: BlockRestoreSnapshot,
): { code: string; description: string | null } | null =>
  s.context.errorCode === null
    ? null
    : { code: s.context.errorCode, description: s.context.errorDescription };

/** The event that dismisses the dialog now (Escape, ×): cancel before the call, close after it, none while it runs. */
export const selectDismissEvent = (s: BlockRestoreSnapshot): 'dialog.cancel' | 'dialog.close' | null => {
  if (s.can({ type: 'dialog.cancel' })) return 'dialog.cancel';
  if (s.can({ type: 'dialog.close' })) return 'dialog.close';
  return null;
};

/**
 * The running signing chart, when the flow is signing. `null` otherwise, and also when the child is not a state
 * machine (tests may stand a promise in for it).
 */
export const selectSigningRef = (s: BlockRestoreSnapshot): ActorRefFrom<SigningMachine> | null => {
  const child = (s.children as Record<string, AnyActorRef | undefined>).signing;
  if (!child) return null;
  const snap = child.getSnapshot() as { hasTag?: unknown };
  return typeof snap.hasTag === 'function' ? (child as ActorRefFrom<SigningMachine>) : null;
};

/** What the status widget's toggle shows (spec 4 "Toggle", spec 6 "Block toggle not shown for type 16"). */
export type ToggleMode = ToggleAction | 'inProcess' | 'none';

/**
 * The toggle of a status: active → block; a block under way → the in-process message; blocked → restore; type 16,
 * terminated, tentative or unknown statuses → nothing.
 */
export function toggleModeOf(props: {
  status: string | null | undefined;
  profileType: number | null | undefined;
  inProcess?: boolean | undefined;
}): ToggleMode {
  if (props.profileType === UNBILLED_ACCOUNT_TYPE) return 'none';
  if (props.inProcess) return 'inProcess';
  return (props.status == null ? null : toggleActionFor(props.status)) ?? 'none';
}

/** The dialog's step: the chart's state, typed, so renaming a state fails the dialog's `switch` at compile time. */
export type BlockRestoreStep = BlockRestoreSnapshot['value'];
export const selectBlockRestoreStep = (s: BlockRestoreSnapshot): BlockRestoreStep => s.value;

/**
 * The dialog's "now or a later day" choice (docs/decisions.md SP1): whether this user may plan (the request's
 * `mayPlan`), the day and hour chosen (null: now) and what is wrong with them.
 */
export const selectPlanChoice = (
  s: BlockRestoreSnapshot,
): { may: boolean; when: PlanWhenChoice | null; problem: PlanProblem | null } => ({
  may: s.context.request?.mayPlan === true,
  when: s.context.when,
  problem: s.context.whenProblem,
});

/** The plan the server made (the `planned` state), or null. */
export const selectPlanned = (s: BlockRestoreSnapshot): PlannedAction | null => s.context.plan;

/** What the block/restore dialog renders (decisions AR18): read by `useWorkflow` in one selector. */
export const connectBlockRestoreDialog = (s: BlockRestoreSnapshot) => ({
  statePath: selectBlockRestoreStatePath(s),
  step: selectBlockRestoreStep(s),
  testId: selectBlockRestoreTestId(s),
  action: selectAction(s),
  priceNote: selectPriceNote(s),
  failedNumbers: selectFailedNumbers(s),
  acceptedNumbers: selectAcceptedNumbers(s),
  error: selectBlockRestoreError(s),
  dismiss: selectDismissEvent(s),
  signingRef: selectSigningRef(s),
  subject: selectSubject(s),
  skipped: selectSkippedGroups(s),
  // flat, so the field-by-field compare sees the same values as unchanged
  mayPlan: selectPlanChoice(s).may,
  when: s.context.when,
  whenProblem: s.context.whenProblem,
  planned: selectPlanned(s),
});

/** What the status widget's toggle renders: whether its dialog is open. */
export const connectStatusToggle = (s: BlockRestoreSnapshot) => ({
  open: selectIsDialogOpen(s),
});
