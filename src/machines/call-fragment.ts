import { errorParams } from './error-code';
import type { StateMeta } from './state-meta';

/**
 * The call fragment: how a chart's invoked call fails and is tried again, the same in every chart, written once (as
 * the list fragment does for the list charts). A chart spreads these into its own config, so its diagram, its action
 * names and its events stay what they were. No words here: a state's description and meta stay at the call site,
 * in the chart's own file, where the build strips them.
 *
 * - `failTo`: an invoke's `onError`: the catalogue code into context through the chart's error action, on to a state;
 * - `retryOn`: the `on` of the state a failed call leaves: the chart's retry event runs the call again, the error
 *   cleared, and any other ways out the chart gives.
 */

type ErrorTo<TTarget, TAction> = {
  readonly target: TTarget;
  readonly actions: { readonly type: TAction; readonly params: typeof errorParams };
};

/** An invoke's `onError`: the rejection goes to the chart's error action (`assignError` unless named), which keeps its
 *  catalogue code, and the chart moves to `target`. */
export function failTo<const TTarget extends string>(target: TTarget): ErrorTo<TTarget, 'assignError'>;
export function failTo<const TTarget extends string, const TAction extends string>(
  target: TTarget,
  action: TAction,
): ErrorTo<TTarget, TAction>;
export function failTo(target: string, action = 'assignError') {
  return { target, actions: { type: action, params: errorParams } };
}

type RetryOn<TEvent extends string, TTarget, TClear, TRest> = {
  readonly [K in TEvent]: { readonly target: TTarget; readonly actions: TClear };
} & TRest;

/** The `on` of a failed call's state: `retry` re-enters `target`, where the call runs again, through the chart's
 *  clear action (`clearError` unless named); `rest` are the state's other events, after it. */
export function retryOn<
  const TEvent extends string,
  const TTarget extends string,
  const TRest extends object = Record<never, never>,
>(retry: TEvent, target: TTarget, rest?: TRest): RetryOn<TEvent, TTarget, 'clearError', TRest>;
export function retryOn<
  const TEvent extends string,
  const TTarget extends string,
  const TRest extends object,
  const TClear extends string,
>(retry: TEvent, target: TTarget, rest: TRest, clear: TClear): RetryOn<TEvent, TTarget, TClear, TRest>;
export function retryOn(retry: string, target: string, rest = {}, clear = 'clearError') {
  return { [retry]: { target, actions: clear }, ...rest };
}

/** What a state says of itself, written at the call site (list-fragment `StateWords`), so the build strips it there. */
type Words = { readonly description?: string; readonly meta?: StateMeta };

/**
 * The state a failed call leaves: its words, tag `error` (the error is on screen) and `retryOn(retry, target, rest)`,
 * the call run again with the error cleared, and any other ways out the state gives.
 */
export const retryState = <
  const TEvent extends string,
  const TTarget extends string,
  const TWords extends Words,
  const TRest extends object = Record<never, never>,
>(
  retry: TEvent,
  target: TTarget,
  words: TWords,
  rest?: TRest,
) => ({ ...words, tags: ['error'], on: retryOn(retry, target, rest) }) as const;

type GuardedErrorTo<TGuard, TTarget, TAction> = {
  readonly guard: { readonly type: TGuard; readonly params: typeof errorParams };
} & ErrorTo<TTarget, TAction>;

/** `failTo` for the failures the chart's `guard` (given the rejection) picks out, ahead of the general one. */
export function failWhen<const TGuard extends string, const TTarget extends string>(
  guard: TGuard,
  target: TTarget,
): GuardedErrorTo<TGuard, TTarget, 'assignError'>;
export function failWhen<
  const TGuard extends string,
  const TTarget extends string,
  const TAction extends string,
>(guard: TGuard, target: TTarget, action: TAction): GuardedErrorTo<TGuard, TTarget, TAction>;
export function failWhen(guard: string, target: string, action = 'assignError') {
  return { guard: { type: guard, params: errorParams }, ...failTo(target, action) };
}

type OutputTo<TTarget, TAction, TKey extends string> = {
  readonly target: TTarget;
  readonly actions: {
    readonly type: TAction;
    readonly params: <T>(args: { event: { output: T } }) => { [K in TKey]: T };
  };
};

/** An invoke's `onDone`: the actor's output is the `key` parameter of the chart's `action`, and the chart moves to
 *  `target`. */
export const outputTo = <
  const TTarget extends string,
  const TAction extends string,
  const TKey extends string,
>(
  target: TTarget,
  action: TAction,
  key: TKey,
): OutputTo<TTarget, TAction, TKey> => ({
  target,
  actions: {
    type: action,
    params: <T>({ event }: { event: { output: T } }) => ({ [key]: event.output }) as { [K in TKey]: T },
  },
});
