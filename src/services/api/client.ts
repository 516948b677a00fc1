import { ofetch } from 'ofetch';
import type { z } from 'zod';
import { SESSION_EXPIRED_CODE } from '@/domain/errors';
import { CSRF_HEADER, CSRF_VALUE } from '@/services/contract/csrf';
import { type EndpointDef, fillPath, isMutating, type Schema } from '@/services/contract/endpoint';
import type { EndpointName, EndpointResult, endpoints } from '@/services/contract/endpoints';
import { errorEnvelope, OK_STATUS, okEnvelope } from '@/services/contract/envelope';
import { PUBLIC_CALLS } from '@/services/contract/public-calls';
import { type ApiError, ApiFailure, doesNotKnowTheCall } from './api-error';
import { takeSentCall } from './early-call';

type Def<N extends EndpointName> = (typeof endpoints)[N];
type Part = 'params' | 'query' | 'body';

/** One part of a call's input: required when its schema has required fields, optional when it has none, absent
 *  (`undefined` only) when the endpoint declares no schema for it. */
type PartInput<D, K extends Part, As extends string = K> = D extends {
  readonly [P in K]: infer S extends Schema;
}
  ? object extends z.input<S>
    ? { [P in As]?: z.input<S> }
    : { [P in As]: z.input<S> }
  : { [P in As]?: undefined };

/** Input of a JSON or download call: path params, query and JSON body, each typed by the endpoint's schemas. */
export type CallInput<N extends EndpointName> = PartInput<Def<N>, 'params'> &
  PartInput<Def<N>, 'query'> &
  PartInput<Def<N>, 'body'>;

/** Input of an upload: params and query as for `call`, the non-file form `fields` typed by the endpoint's `body`
 *  schema, and the file itself. */
export type UploadInput<N extends EndpointName> = PartInput<Def<N>, 'params'> &
  PartInput<Def<N>, 'query'> &
  PartInput<Def<N>, 'body', 'fields'> & { file: Blob; fileName?: string };

/** Endpoints whose reply is a JSON envelope and whose body is JSON. */
export type JsonEndpointName = {
  [N in EndpointName]: Def<N> extends { reply: 'blob' } | { multipart: true } ? never : N;
}[EndpointName];
/** Endpoints whose reply is a file. */
export type BlobEndpointName = {
  [N in EndpointName]: Def<N> extends { reply: 'blob' } ? N : never;
}[EndpointName];
/** Endpoints that take a multipart body with a file. */
export type UploadEndpointName = {
  [N in EndpointName]: Def<N> extends { multipart: true } ? N : never;
}[EndpointName];

type Args<I, O> = object extends I ? [input?: I, opts?: O] : [input: I, opts?: O];

/** A JSON call of one area's endpoints (the name's part before the dot). */
type AreaCall<A extends string> = <N extends JsonEndpointName & `${A}.${string}`>(
  name: N,
  ...args: Args<CallInput<N>, CallOptions>
) => Promise<EndpointResult<N>>;
type AreaOf<N> = N extends `${infer A}.${string}` ? A : never;
/** One `AreaCall` per area, intersected: an overload each. */
type AreaCalls = (
  AreaOf<JsonEndpointName> extends infer A extends string
    ? A extends string
      ? (f: AreaCall<A>) => void
      : never
    : never
) extends (f: infer I) => void
  ? I
  : never;
/**
 * `call`'s type: an overload per area, then one over every endpoint. The same check as a single generic over every
 * endpoint, at a fraction of the type checker's time: there, each call's input was checked against the union of
 * all the endpoints' inputs (the constraint of the name's type parameter), about 0.2 s of `tsc` per call; an area's
 * overload checks it against its few. A call no area's overload takes falls to the last one, which says what is
 * wrong with it in full (docs/decisions.md TS2).
 */
type CallByArea = AreaCalls & AreaCall<string>;
/** Per-call options. `signal` aborts the call (it then fails with kind 'aborted'). */
export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Uploads: called as the file's bytes go out (`loaded` of `total`); the upload is then sent with XMLHttpRequest, the
   * one browser API that reports upload progress (fetch does not); the reply is read the same way. Downloads: called
   * as the file's bytes arrive (`total` 0 when the server does not say its length).
   */
  onProgress?: (loaded: number, total: number) => void;
}

const joinUrl = (base: string, path: string) => (base.endsWith('/') ? base + path : `${base}/${path}`);

export interface ApiClientOptions {
  /** where the API lives; default '/api/' (same origin, cookies travel) */
  baseURL?: string;
  /** a fetch to use instead of the global one (tests, cookie jars) */
  fetch?: typeof fetch;
  /** called before the E009 failure is thrown, so the session machine resets auth wherever the call came from */
  onSessionExpired?: () => void;
  /**
   * Called before a reply that breaks the contract (the E001 fallback) is thrown as a failure: the call's name, the
   * reply's `X-Request-Id` when it had one, the value-free issues. The app reports it to the server (docs/decisions.md
   * OBS9); the listener's own failure never changes the call's.
   */
  onContractBreak?: (info: { call: string; requestId: string | undefined; issues: string }) => void;
  /** CSRF header sent on mutating calls; default [CSRF_HEADER, CSRF_VALUE] from the contract */
  csrfHeader?: readonly [name: string, value: string];
  /** give up on a call after this many ms (fails with kind 'network'); default 60 000 */
  timeoutMs?: number;
  /**
   * Definitions the client holds from the start, by call name: the app gives the session calls (`sessionEndpoints`),
   * the first calls of its every visit. Any other call's definition is fetched as a chunk on its first use (see
   * `endpointDef`); default none.
   */
  atHand?: Readonly<Record<string, EndpointDef>>;
}

/** The API client (see `createApiClient`). */
export interface ApiClient {
  /** A JSON call: validates the input, sends it, parses the reply envelope, returns the parsed `result`. */
  call: CallByArea;
  /** A download (`reply: 'blob'`): the file, or the failure its error envelope / status describes. */
  download<N extends BlobEndpointName>(name: N, ...args: Args<CallInput<N>, CallOptions>): Promise<Blob>;
  /** A multipart upload: the file plus form fields; the reply is an ordinary envelope. */
  upload<N extends UploadEndpointName>(
    name: N,
    input: UploadInput<N>,
    opts?: CallOptions,
  ): Promise<EndpointResult<N>>;
}

type Mode = 'json' | 'blob' | 'upload';

interface RawInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  fields?: unknown;
  file?: unknown;
  fileName?: unknown;
}

const fail = (error: ApiError, cause?: unknown): ApiFailure => new ApiFailure(error, { cause });
const contract = (direction: 'request' | 'reply', issues: string) =>
  fail({ kind: 'contract', direction, issues });

/** A short, value-free summary of zod issues for logs (never the input values: they may be passwords). */
function summarize(error: z.core.$ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.code}`)
    .join('; ');
}

function validatePart(def: EndpointDef, part: Part, value: unknown, as: string = part): unknown {
  const schema = def[part];
  if (!schema) {
    if (value !== undefined) throw contract('request', `${as}: not expected`);
    return undefined;
  }
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw contract('request', `${as}: ${summarize(parsed.error)}`);
  return parsed.data;
}

/** Query values on the wire: lists comma-joined, null/undefined left out. */
function toSearch(query: unknown): string {
  if (query === undefined || query === null || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    search.set(k, Array.isArray(v) ? v.map(String).join(',') : String(v));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

type Table = Readonly<Record<string, EndpointDef>>;
let fullTable: Promise<Table> | undefined;
let publicTable: Promise<Table> | undefined;

/**
 * An endpoint's definition. The `atHand` ones are there at once (the app's session calls: the first calls of every
 * visit; the public root, which checks no session, holds none: docs/decisions.md NC15). The public
 * onboarding pages' calls are a chunk of their own (public.contract.ts, on zod/mini), fetched on the first of them, so
 * a visitor of /new-client loads neither full `zod` nor the signed-in areas' schemas. The whole table (every area's
 * schemas, a good part of the app's JavaScript) is its own chunk, fetched on the first other call, so the login page
 * neither downloads nor evaluates it.
 */
async function endpointDef(name: string, atHand: Table): Promise<EndpointDef | undefined> {
  if (Object.hasOwn(atHand, name)) return atHand[name];
  let table: Table;
  if (PUBLIC_CALLS.has(name)) {
    publicTable ??= import('@/services/contract/public.contract').then((m) => m.publicEndpoints);
    table = await publicTable;
  } else {
    fullTable ??= import('./endpoint-table.generated').then((m) => m.loadEndpointTable());
    table = await fullTable;
  }
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

let transfer: Promise<typeof import('./transfer')> | undefined;
/** The file transfers' chunk (./transfer.ts), fetched once on the first upload or counted download; a failed fetch
 *  is a network failure of the call, and may be tried again. */
function loadTransfer(): Promise<typeof import('./transfer')> {
  transfer ??= import('./transfer').catch((e: unknown) => {
    transfer = undefined;
    throw fail({ kind: 'network' }, e);
  });
  return transfer;
}

const isBlobLike = (v: unknown): v is Blob =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Blob).size === 'number' &&
  typeof (v as Blob).text === 'function';

/**
 * Creates the API client: every call goes to `baseURL` + the endpoint's path with cookies (`credentials:
 * 'include'`), every mutating call carries the CSRF header, every reply is parsed with the endpoint's schema.
 * Whatever goes wrong, the returned promise rejects with an `ApiFailure` and nothing else.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseURL = options.baseURL ?? '/api/';
  const [csrfName, csrfValue] = options.csrfHeader ?? [CSRF_HEADER, CSRF_VALUE];
  const timeoutMs = options.timeoutMs ?? 60_000;
  const atHand = options.atHand ?? {};
  const $fetch = ofetch.create(
    // retries off: a retried suspend would block twice; ignoreResponseError: statuses are ours to interpret
    { baseURL, credentials: 'include', retry: 0, ignoreResponseError: true },
    options.fetch ? { fetch: options.fetch } : {},
  );
  const okSchemas = new Map<string, Schema>();

  const sessionExpired = () => {
    try {
      options.onSessionExpired?.();
    } catch {
      // the listener's own failure must not replace the E009 the caller is about to receive
    }
  };

  function okSchemaOf(name: string, def: EndpointDef): Schema {
    let schema = okSchemas.get(name);
    if (!schema) {
      schema = okEnvelope(def.result);
      okSchemas.set(name, schema);
    }
    return schema;
  }

  /** Turns a JSON-ish reply into a result or an ApiFailure. `acceptOk` is false for downloads, where a JSON
   *  success envelope instead of a file is itself a contract break. */
  function interpret(
    name: string,
    def: EndpointDef,
    status: number,
    text: string,
    acceptOk: boolean,
  ): unknown {
    let json: unknown;
    let isJson = true;
    try {
      json = JSON.parse(text);
    } catch {
      isJson = false;
    }
    const is2xx = status >= 200 && status < 300;
    let okIssues: string | undefined;
    if (isJson) {
      if (is2xx && acceptOk) {
        const ok = okSchemaOf(name, def).safeParse(json);
        if (ok.success) return (ok.data as { result: unknown }).result;
        okIssues = summarize(ok.error);
      }
      const err = errorEnvelope.safeParse(json);
      if (err.success) {
        if (err.data.status === SESSION_EXPIRED_CODE) sessionExpired();
        const description = err.data.description ?? undefined;
        throw fail(
          description === undefined
            ? { kind: 'server', code: err.data.status }
            : { kind: 'server', code: err.data.status, description },
        );
      }
    }
    if (!is2xx) throw fail({ kind: 'http', status });
    if (!isJson) throw contract('reply', 'not JSON');
    const looksOk =
      typeof json === 'object' && json !== null && (json as { status?: unknown }).status === OK_STATUS;
    if (looksOk && okIssues) throw contract('reply', okIssues);
    throw contract('reply', acceptOk ? 'not an envelope' : 'envelope instead of a file');
  }

  async function request(name: string, rawInput: unknown, mode: Mode, callOpts: CallOptions | undefined) {
    const def = await endpointDef(name, atHand);
    if (!def) throw contract('request', `unknown endpoint ${name}`);
    const input = (rawInput ?? {}) as RawInput;
    if (typeof input !== 'object') throw contract('request', 'input: not an object');

    const params = validatePart(def, 'params', input.params) as Record<string, string | number> | undefined;
    const query = validatePart(def, 'query', input.query);
    let path: string;
    try {
      path = fillPath(def.path, params);
    } catch {
      throw contract('request', 'params: missing path parameter');
    }

    const headers: Record<string, string> = { accept: mode === 'blob' ? '*/*' : 'application/json' };
    if (isMutating(def)) headers[csrfName] = csrfValue;

    let body: unknown;
    if (mode === 'upload') {
      if (!def.multipart) throw contract('request', `${name} is not an upload`);
      if (!isBlobLike(input.file)) throw contract('request', 'file: not a Blob');
      const fields = validatePart(def, 'body', input.fields, 'fields');
      const fileName = typeof input.fileName === 'string' ? input.fileName : undefined;
      body = (await loadTransfer()).toFormData(fields, def.fileField ?? 'file', input.file, fileName);
    } else {
      if (def.multipart) throw contract('request', `${name} needs upload()`);
      if ((def.reply === 'blob') !== (mode === 'blob')) throw contract('request', `${name}: wrong call kind`);
      body = validatePart(def, 'body', input.body);
    }

    const callerSignal = callOpts?.signal;
    if (callerSignal?.aborted) throw fail({ kind: 'aborted' });
    // one controller per call, cleaned up when the reply is in: the caller's abort and our time-out both end it
    const controller = new AbortController();
    const onAbort = () => controller.abort(callerSignal?.reason);
    callerSignal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => controller.abort(new Error('time-out')), timeoutMs);

    let status: number;
    let contentType: string;
    let data: unknown;
    let requestId: string | undefined;
    try {
      const onProgress = callOpts?.onProgress;
      if (
        mode === 'upload' &&
        onProgress &&
        typeof XMLHttpRequest !== 'undefined' &&
        body instanceof FormData
      ) {
        const res = await (await loadTransfer()).xhrSend(
          joinUrl(baseURL, path + toSearch(query)),
          headers,
          body,
          controller.signal,
          onProgress,
        );
        status = res.status;
        contentType = res.contentType;
        data = res.text;
      } else {
        // a download with `onProgress` is read as a stream, so the bytes can be counted as they arrive
        const streamed = mode === 'blob' && onProgress !== undefined;
        // the sign-in call the prerendered page sent itself is not sent again: its answer is read (LB23)
        const sent = takeSentCall(path + JSON.stringify(body));
        const res = sent
          ? await sent
          : await $fetch.raw(path + toSearch(query), {
              method: def.method,
              headers,
              body: body as BodyInit | Record<string, unknown> | undefined,
              signal: controller.signal,
              responseType: streamed ? 'stream' : mode === 'blob' ? 'blob' : 'text',
            });
        status = res.status;
        contentType = res.headers.get('content-type') ?? '';
        requestId = res.headers.get('x-request-id') ?? undefined;
        data = sent ? await res.text() : (res as { _data?: unknown })._data;
        if (streamed && onProgress && data instanceof ReadableStream) {
          const total = Number(res.headers.get('content-length')) || 0;
          data = await (await loadTransfer()).readCounted(data, contentType, total, onProgress);
        }
      }
    } catch (e) {
      if (callerSignal?.aborted) throw fail({ kind: 'aborted' }, e);
      throw fail({ kind: 'network' }, e);
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onAbort);
    }

    try {
      if (mode === 'blob') {
        const is2xx = status >= 200 && status < 300;
        const isText = /json|html/i.test(contentType);
        if (is2xx && !isText && isBlobLike(data)) return data;
        let text = '';
        try {
          text = isBlobLike(data) ? await data.text() : typeof data === 'string' ? data : '';
        } catch (e) {
          throw fail({ kind: 'network' }, e);
        }
        return interpret(name, def, status, text, false);
      }
      return interpret(name, def, status, typeof data === 'string' ? data : '', true);
    } catch (e) {
      // a backend without a call the portal adds answers what the contract says such a backend offers (CAP1)
      if (def.ifUnknown !== undefined && doesNotKnowTheCall(e)) return def.ifUnknown;
      const error = (e as ApiFailure).error;
      if (error?.kind === 'contract') {
        try {
          options.onContractBreak?.({ call: name, requestId, issues: error.issues });
        } catch {
          // a failing listener must not replace the failure the caller is about to receive
        }
      }
      throw e;
    }
  }

  /** The single exit: anything that is not already an ApiFailure becomes a contract break (never a raw throw). */
  async function guarded(name: string, input: unknown, mode: Mode, opts: CallOptions | undefined) {
    try {
      return await request(name, input, mode, opts);
    } catch (e) {
      if (e instanceof ApiFailure) throw e;
      throw fail({ kind: 'contract', direction: 'reply', issues: 'unexpected exception' }, e);
    }
  }

  return {
    call: ((name: string, input?: unknown, opts?: CallOptions) =>
      guarded(name, input, 'json', opts)) as CallByArea,
    download: (name, ...[input, opts]) => guarded(name, input, 'blob', opts) as Promise<Blob>,
    upload: (name, input, opts) => guarded(name, input, 'upload', opts) as never,
  };
}
