import type { z } from 'zod';
import type { ZodMiniType } from 'zod/mini';

/** A schema of either zod flavour. Every contract of src/ is written with `zod/mini` (docs/decisions.md LB5: the
 *  login route carries the session slice and the reply envelope, and no chunk bundles classic `zod`); a classic
 *  schema would parse the same way (`safeParse`, one core). */
export type Schema = z.ZodType | ZodMiniType;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** How the reply body is read: JSON envelope (default) or a binary download. */
export type ReplyKind = 'json' | 'blob';

/**
 * One call of spec 7. `path` is relative to `/api/` and may hold `{param}` placeholders filled from `params`.
 * `result` is the schema of the envelope's `result` on success (ignored for blob replies).
 * `auth: 'public'` calls work without a session; every other call needs one (E009 otherwise).
 */
export interface EndpointDef<
  P extends Schema = Schema,
  Q extends Schema = Schema,
  B extends Schema = Schema,
  R extends Schema = Schema,
> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly params?: P;
  readonly query?: Q;
  readonly body?: B;
  /** multipart bodies: `body` describes the non-file fields, the file is sent as a Blob under `fileField` */
  readonly multipart?: boolean;
  /** form field name of the uploaded file (multipart only); defaults to `file` */
  readonly fileField?: string;
  readonly result: R;
  readonly reply?: ReplyKind;
  readonly auth: 'public' | 'session';
  /** a GET that changes state (spec 7's client/suspend and client/restore): it carries the CSRF header too and is
   *  never retried */
  readonly mutating?: boolean;
  /** one-line description for docs and error messages */
  readonly summary: string;
  /**
   * A call the portal adds that a backend may not have (docs/decisions.md CAP1): the result the client returns when
   * the backend does not know the call (a 4xx or 501 without the envelope, or a reply that is not the contract's),
   * instead of failing. It must parse with `result` (tests/services/contract.test.ts).
   */
  readonly ifUnknown?: unknown;
}

/** Identity helper that keeps the literal shape of a definition (which of params/query/body it has), so the
 *  client can type its inputs per endpoint. */
export const defineEndpoint = <const D extends EndpointDef>(def: D): D => def;

/** Fills `{name}` placeholders of a path; values are URI-encoded. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(v));
  });
}

/** Whether a call changes state and so must carry the CSRF header (every non-GET, and GETs flagged `mutating`). */
export const isMutating = (def: Pick<EndpointDef, 'method' | 'mutating'>): boolean =>
  def.method !== 'GET' || def.mutating === true;
