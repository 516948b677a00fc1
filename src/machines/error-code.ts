import { fromPromise, type NonReducibleUnknown, type PromiseActorLogic } from 'xstate';
import { SESSION_EXPIRED_CODE, waitSecondsOf } from '@/domain/errors';

/** The catalogue code meaning "no session" (spec 8: E009 closes overlays and resets auth). */
export const NO_SESSION_CODE = SESSION_EXPIRED_CODE;

/**
 * The params of a guard or action that reads a rejected call: the `error` of the invoke's error event
 * (`{ type: 'assignError', params: errorParams }`), one function for every chart instead of the same arrow in each.
 */
export const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/**
 * Reads the catalogue code of a rejected call (the API client's `ApiFailure.code`: 'E012', 'http.400', 'network',
 * …); anything without a string `code` is `unknown`. Machines keep this code in context, never translated text.
 */
export function errorCodeOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return 'unknown';
}

/** The server's description of a rejected call (the API client's `ApiFailure.error.description`, read without
 *  importing the client), or null. */
export function errorDescriptionOf(error: unknown): string | null {
  const description =
    typeof error === 'object' && error !== null && 'error' in error
      ? (error.error as { description?: unknown } | null)?.description
      : undefined;
  return typeof description === 'string' ? description : null;
}

/** The seconds a throttled call says to wait (E137, E138 with the seconds as description), else null. */
export function errorWaitOf(error: unknown): number | null {
  return waitSecondsOf(errorCodeOf(error), errorDescriptionOf(error));
}

/** Whether a rejected call means the session is missing, closed or expired (E009). */
export function isNoSessionError(error: unknown): boolean {
  return errorCodeOf(error) === NO_SESSION_CODE;
}

/**
 * Whether Retry may be offered for the error code a chart keeps: there is one, and it is not E009 (the session is
 * ending; spec 8 "E009 closes overlays"). Each list and step selector re-exports it (docs/decisions.md AR15).
 */
export const canRetry = (code: string | null): boolean => code !== null && code !== NO_SESSION_CODE;

/** An error code a connect hands its view, with whether Retry may be offered for it (`canRetry`). */
export const errorWithRetry = <E extends string | null>(error: E): { error: E; retry: boolean } => ({
  error,
  retry: canRetry(error),
});

/** Actors declared in `setup` and filled in at the composition root with `machine.provide({ actors })`. */
export function notProvided(name: string): never {
  throw new Error(`${name}: machine.provide({ actors }) at the composition root`);
}

/**
 * A call declared in a chart's `setup` (its output and input types) and filled in at the composition root: one
 * short call per declaration, rather than a `fromPromise(async () => notProvided(name))` at each (the login page's
 * first script carries the session and sign-in charts' declarations; docs/decisions.md RL1).
 */
export function unprovided<TOutput, TInput = NonReducibleUnknown>(
  name: string,
): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(async () => notProvided(name));
}
