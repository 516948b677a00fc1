/**
 * What a browser may tell the server about a failure it saw (docs/decisions.md OBS9): the kind, the id of the request
 * it failed on, the route pattern and a short message — never personal data. Shared by the SPA's reporter, the
 * contract that checks the report and the server that logs it, so a rule is written once.
 */

/** An uncaught error, an unhandled promise rejection, or a server reply that broke the contract (the E001
 *  fallback of src/services/api/client.ts). */
export const CLIENT_ERROR_KINDS = ['error', 'rejection', 'contract'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

/** A failure as the page saw it; the reporter turns `reason` into a safe one-line message (`safeErrorMessage`). */
export interface SeenFailure {
  readonly kind: ClientErrorKind;
  readonly reason: unknown;
  readonly requestId?: string | undefined;
  /** the call's name for a contract break; the page's route pattern otherwise (the reporter finds it) */
  readonly route?: string;
}

/**
 * A well-formed request id (`X-Request-Id`): 1–128 characters of `A–Z a–z 0–9 . _ : -` — a UUID, a balancer's trace
 * id, a ULID. The server takes a caller's id only when it matches (docs/decisions.md OBS4) and replaces anything else.
 */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** A route pattern (`/:lang/orders/:id`, a call's name `session.user`, `unknown`): pattern characters only. */
export const CLIENT_ERROR_ROUTE_PATTERN = /^[A-Za-z0-9/:._*?-]{1,120}$/;

/** The longest message a report carries. */
export const CLIENT_ERROR_MESSAGE_MAX = 200;

/**
 * A failure's message made safe to send and log: the first line only (no stack), the query and fragment of any
 * address dropped, e-mail addresses, double-quoted text (a JSON parser quotes the input it choked on) and runs of
 * three or more digits (phone numbers, ids, codes) masked, cut to `CLIENT_ERROR_MESSAGE_MAX` characters. Code-level
 * words a browser puts in its messages (`TypeError: Cannot read properties of undefined (reading 'x')`) stay.
 */
export function safeErrorMessage(text: string): string {
  const line = (text.split(/\r?\n/)[0] ?? '')
    .replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#"']*)[?#][^\s"']*/gi, '$1')
    .replace(/[^\s@"'<>]+@[^\s@"'<>]+/g, '[email]')
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\d{3,}/g, '#')
    // control characters (a log line stays one line)
    .replace(/\p{Cc}/gu, ' ')
    .trim();
  return line.length > CLIENT_ERROR_MESSAGE_MAX ? `${line.slice(0, CLIENT_ERROR_MESSAGE_MAX - 1)}…` : line;
}
