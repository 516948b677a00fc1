/**
 * Every way a call can fail, as data. The client throws nothing but `ApiFailure`, whose `.error` is one of these;
 * machines keep `errorCode(error)` in context and views translate it (spec 8).
 */
export type ApiError =
  /** the server answered with an error envelope: `code` is the catalogue code (E001…E136 or unknown) */
  | { readonly kind: 'server'; readonly code: string; readonly description?: string }
  /** an HTTP error status without an error envelope (400 'Неверный запрос', 5xx 'Ошибка сервера…') */
  | { readonly kind: 'http'; readonly status: number }
  /** a reply (or, `direction: 'request'`, our own input) that breaks the contract: HTML page, truncated JSON,
   *  wrong types; `issues` is a short technical summary for logs, never shown as is */
  | { readonly kind: 'contract'; readonly direction: 'request' | 'reply'; readonly issues: string }
  /** no reply at all: offline, DNS, reset connection, time-out */
  | { readonly kind: 'network' }
  /** the caller aborted (machine left the state that invoked the call) */
  | { readonly kind: 'aborted' };

export type ApiErrorKind = ApiError['kind'];

/** The error code to translate and to keep in machine context: the server code as is ('E012'), 'http.400' for
 *  any 4xx without an envelope, 'http.500' for 5xx and any other status, 'contract', 'network', 'aborted'. */
export function errorCode(e: ApiError): string {
  switch (e.kind) {
    case 'server':
      return e.code;
    case 'http':
      return e.status >= 400 && e.status < 500 ? 'http.400' : 'http.500';
    case 'contract':
      return 'contract';
    case 'network':
      return 'network';
    case 'aborted':
      return 'aborted';
  }
}

/** The one exception the API client throws. Its message is the error code only: descriptions may echo user input
 *  and must not end up in logs through `String(error)`. */
export class ApiFailure extends Error {
  override readonly name = 'ApiFailure';
  readonly error: ApiError;

  constructor(error: ApiError, options?: { cause?: unknown }) {
    super(errorCode(error), options);
    this.error = error;
  }

  /** Shortcut for `errorCode(this.error)`. */
  get code(): string {
    return errorCode(this.error);
  }
}

export const isApiFailure = (e: unknown): e is ApiFailure => e instanceof ApiFailure;

/**
 * Whether a call failed because the backend does not know it (docs/decisions.md CAP1): a 4xx or 501 without the
 * contract's error envelope, or a reply that is not the contract's (an HTML page, another API's JSON). A failure to
 * reach the backend (network, 5xx) or an answer in the envelope (E001…) is not that: the backend knows the call.
 */
export function doesNotKnowTheCall(e: unknown): boolean {
  const error = isApiFailure(e) ? e.error : null;
  // an 'http' failure is a status of 400 or more without the envelope
  return error?.kind === 'contract'
    ? error.direction === 'reply'
    : error?.kind === 'http' && (error.status < 500 || error.status === 501);
}

/** The ApiError of anything thrown by a call (a foreign exception counts as a contract break, which the client
 *  itself never produces). Handy for machines: `errorCode(toApiError(event.error))`. */
export function toApiError(e: unknown): ApiError {
  if (e instanceof ApiFailure) return e.error;
  return { kind: 'contract', direction: 'reply', issues: 'unexpected exception' };
}
