/**
 * A fake `fetch` for the API client: records every request and answers with what the test scripted.
 * Replies are real `Response`s (unit tests) or, for the property test, a minimal response-like object that
 * carries only what ofetch reads (status, headers, body, text, blob): same behaviour, a fraction of the cost.
 */

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
  signal: AbortSignal | undefined;
}

export type Responder = (req: RecordedRequest) => Response | Promise<Response>;

export function fakeFetch(responder: Responder) {
  const requests: RecordedRequest[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req: RecordedRequest = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: init?.body,
      credentials: init?.credentials,
      signal: init?.signal ?? undefined,
    };
    requests.push(req);
    return responder(req);
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

/** A JSON reply. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A raw text reply with a content type. */
export const text = (body: string, status = 200, contentType = 'text/html; charset=utf-8') =>
  new Response(body, { status, headers: { 'content-type': contentType } });

const NULL_BODY = new Set([204, 205, 304]);

/** The cheap response-like object of the property test. */
export function lightResponse(status: number, contentType: string, body: string): Response {
  const hasBody = !NULL_BODY.has(status);
  const headers = { get: (k: string) => (k.toLowerCase() === 'content-type' ? contentType : null) };
  return {
    status,
    ok: status >= 200 && status < 300,
    headers,
    body: hasBody ? {} : null,
    text: async () => body,
    blob: async () => new Blob([body], { type: contentType }),
  } as unknown as Response;
}
