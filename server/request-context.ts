/**
 * What the portal knows about the request being handled, wherever the code runs while handling it: its id (the
 * caller's `X-Request-Id` when well-formed, else a fresh UUID) and the route pattern that answered it. Kept in an
 * AsyncLocalStorage, so a handler logging through `svc.logger` gets the id on its line without passing it along
 * (server/logger.ts reads it), and the outer portal and the reference backend's app see one id for one request.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { REQUEST_ID_PATTERN } from '../src/domain/client-errors.rules';

export interface RequestContext {
  /** the request id: echoed as `X-Request-Id`, on every log line of the request, forwarded to the upstream */
  readonly id: string;
  /** the route pattern that answered (`/api/user/get/:user_id`, `spa`, `static`, `/healthz`…), never the raw path */
  route: string | undefined;
}

/** The header carrying the request id, both ways (and to the upstream in proxy mode). */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * The id for a request whose caller sent `header` (or none): the caller's when it is well-formed (1–128 characters
 * of `A–Z a–z 0–9 . _ : -`, `REQUEST_ID_PATTERN`); anything else — empty, longer, spaces, control characters, quotes —
 * is replaced by a fresh UUID and never written anywhere (docs/decisions.md OBS4).
 */
export function requestIdFrom(header: string | null | undefined): string {
  return header != null && REQUEST_ID_PATTERN.test(header) ? header : randomUUID();
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The request being handled, or undefined outside any request (start-up, timers). */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** Runs `fn` as the handling of the request `ctx`. */
export function withRequest<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

/** Names the route pattern that answers the current request (the first name given wins: the innermost router
 *  names it before the outer one's fallback would). */
export function noteRoute(route: string): void {
  const ctx = storage.getStore();
  if (ctx && ctx.route === undefined) ctx.route = route;
}
