/**
 * Typed failures of the E-IMZO signing module (the module protocol's "Errors the module returns").
 *
 * Machines keep the `EimzoError` (or its i18n key) in context; views translate the key. No text is built here, so
 * the module's Russian `reason` never reaches the screen (spec 8 texts come from src/i18n).
 */

/** Reply statuses of the module that the portal tells apart. */
export const EIMZO_STATUS = {
  ok: 1,
  functionNotFound: 0,
  keyNotFound: -1010,
  badApiKey: -1020,
  noOrigin: -1021,
  domainNotAllowed: -1022,
  passwordCancelled: -5000,
} as const;

/** Substring of the `reason` older module builds return for a wrong key password. */
export const BAD_PADDING_MARKER = 'BadPaddingException';

/** Why a call to the module failed. */
export type EimzoError =
  /** the browser has no WebSocket (spec 8 "no websocket support message") */
  | { kind: 'noWebsocket' }
  /** the socket closed with a code other than 1000 before a reply, or timed out; `mobile` picks the mobile text */
  | { kind: 'connection'; mobile: boolean }
  /** the module is older than 4.40 (spec 7 / 9); `installed` is major*100+minor */
  | { kind: 'oldVersion'; installed: number }
  /** the module lists no certificates at all */
  | { kind: 'noCertificates' }
  /** certificates exist but none matches the signer's TIN (or every match is expired) */
  | { kind: 'noMatchingKey' }
  /** wrong key password (older builds: reason with BadPaddingException) */
  | { kind: 'badPassword' }
  /** password dialog cancelled, or 3 wrong tries on 6.x (-5000) */
  | { kind: 'cancelled' }
  /** unknown or expired keyId (-1010) */
  | { kind: 'keyNotFound' }
  /** the module refused the page's domain or API key (-1020, -1021, -1022) */
  | { kind: 'apiKey'; status: number }
  /** anything else: unknown function (status 0), missing key file (-2002/-2006), unreadable reply */
  | { kind: 'generic'; status?: number; reason?: string };

/** Kinds of EimzoError. */
export type EimzoErrorKind = EimzoError['kind'];

/** i18n keys (src/i18n, `eimzo.*`) a view shows for an EimzoError. */
export type EimzoMessageKey =
  | 'eimzo.noWebsocket'
  | 'eimzo.connection'
  | 'eimzo.connectionMobile'
  | 'eimzo.oldVersion'
  | 'eimzo.noCertificates'
  | 'eimzo.noMatchingKey'
  | 'eimzo.noInstalledOrMatchingKey'
  | 'eimzo.badPassword'
  | 'eimzo.cancelled'
  | 'eimzo.keyNotFound'
  | 'eimzo.domainNotAllowed'
  | 'eimzo.generic';

/** The exception every client method rejects with; `error` is the typed reason. */
export class EimzoFailure extends Error {
  readonly error: EimzoError;

  constructor(error: EimzoError) {
    // The message is a stable tag, never translated text, so it is safe in logs and test output.
    super(`eimzo:${error.kind}`);
    this.name = 'EimzoFailure';
    this.error = error;
  }
}

/** True when `e` is an EimzoFailure (also across realms, where instanceof may fail). */
export function isEimzoFailure(e: unknown): e is EimzoFailure {
  return (
    e instanceof EimzoFailure ||
    (typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'EimzoFailure' && 'error' in e)
  );
}

/** Maps an error to the i18n key of its message (spec 8 "Signature messages"). */
export function eimzoErrorKey(error: EimzoError): EimzoMessageKey {
  switch (error.kind) {
    case 'noWebsocket':
      return 'eimzo.noWebsocket';
    case 'connection':
      return error.mobile ? 'eimzo.connectionMobile' : 'eimzo.connection';
    case 'oldVersion':
      return 'eimzo.oldVersion';
    case 'noCertificates':
      return 'eimzo.noCertificates';
    case 'noMatchingKey':
      return 'eimzo.noMatchingKey';
    case 'badPassword':
      return 'eimzo.badPassword';
    case 'cancelled':
      return 'eimzo.cancelled';
    case 'keyNotFound':
      return 'eimzo.keyNotFound';
    case 'apiKey':
      return 'eimzo.domainNotAllowed';
    case 'generic':
      return 'eimzo.generic';
  }
}

/**
 * Reads a failed reply (`success` false) into an EimzoError.
 * The reason is checked first: older builds report a wrong password only through the Java exception name.
 */
export function errorFromReply(status: number | undefined, reason: string | undefined): EimzoError {
  if (reason?.includes(BAD_PADDING_MARKER)) return { kind: 'badPassword' };
  switch (status) {
    case EIMZO_STATUS.passwordCancelled:
      return { kind: 'cancelled' };
    case EIMZO_STATUS.keyNotFound:
      return { kind: 'keyNotFound' };
    case EIMZO_STATUS.badApiKey:
    case EIMZO_STATUS.noOrigin:
    case EIMZO_STATUS.domainNotAllowed:
      return { kind: 'apiKey', status };
    default: {
      const error: { kind: 'generic'; status?: number; reason?: string } = { kind: 'generic' };
      if (status !== undefined) error.status = status;
      if (reason !== undefined) error.reason = reason;
      return error;
    }
  }
}
