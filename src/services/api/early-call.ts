import { appConfig } from '@/config';
import { CSRF_HEADER, CSRF_VALUE } from '@/services/contract/csrf';

/** The call the page sent before the app took it over: its path and JSON body, and its answer (LB23). */
let sent: { readonly call: string; readonly reply: Promise<Response> } | null = null;

/**
 * Sends a JSON call as the API client would (cookies, the CSRF header), before the client is there; one at most.
 * `body` is the JSON the client would send for the same input.
 */
export function sendEarly(win: Window, path: string, body: string): void {
  sent ??= {
    call: path + body,
    reply: win.fetch(appConfig.apiBase + path, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_VALUE },
      body,
    }),
  };
}

/**
 * The answer of the call sent early to exactly `call` (the path and the JSON body), once; undefined when none was sent
 * or another one (the form changed since): the API client then sends its own.
 */
export function takeSentCall(call: string): Promise<Response> | undefined {
  const early = sent;
  if (early?.call !== call) return undefined;
  sent = null;
  return early.reply;
}
