/**
 * Error catalogue codes (spec 8).
 *
 * The server answers every call with an envelope whose `status` is `'OKOK'` on success or one of these codes on
 * failure. MANYINVALID and SHORT3 are produced by the client-side search validation (spec 5) and share the
 * catalogue because the spec lists them there. E009 and E108 are not rows of the spec table but are named in the
 * text above it (E009: session missing/closed/expired; E108: the message is followed by the parameter description).
 * Texts live in src/i18n (`errors.<CODE>`); this module holds codes only, so machines and the reference server can
 * share them without importing translations.
 */
export const ERROR_CODES = [
  'MANYINVALID',
  'SHORT3',
  'E001',
  'E002',
  'E003',
  'E004',
  'E005',
  'E006',
  'E007',
  'E008',
  'E009',
  'E012',
  'E013',
  'E014',
  'E016',
  'E018',
  'E019',
  'E020',
  'E021',
  'E022',
  'E023',
  'E024',
  'E025',
  'E026',
  'E030',
  'E031',
  'E052',
  'E086',
  'E091',
  'E094',
  'E101',
  'E105',
  'E108',
  'E118',
  'E121',
  'E122',
  'E123',
  'E124',
  'E125',
  'E126',
  'E127',
  'E128',
  'E129',
  'E130',
  'E131',
  'E132',
  'E133',
  'E134',
  'E135',
  'E136',
  // codes the reference backend added for the security hardening (docs/security.md); not in the spec's table
  /** too many failed logins: the account or the address is locked for a while */
  'E137',
  /** SMS send limit: a new code can be asked for later (the description carries the seconds to wait) */
  'E138',
  /** a user with several roles must choose one before anything else */
  'E139',
  /** the new password is one of the most common passwords */
  'E140',
  /** U23: the SMS code's tries are used up (the description carries the seconds until a code is checked again) */
  'E141',
  /** a message (SMS code, recovery or activation link) could not be sent: try later (decisions MSG2) */
  'E142',
  // the scheduled blocks and restores (docs/decisions.md SP3, SP7)
  /** a plan for this number or account on this day is already pending (one plan per number per day) */
  'E143',
  /** the plan has started, finished or been cancelled: it can no longer be cancelled */
  'E144',
] as const;

/** A code of the spec 8 catalogue. */
export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

/** The codes whose description carries the seconds to wait (docs/security.md): E137 login lock, E138 SMS limit. */
const WAIT_CODES: ReadonlySet<string> = new Set(['E137', 'E138', 'E141']);
/** The longest wait a reply may announce (a day); anything longer is read as no countdown. */
const MAX_WAIT_SECONDS = 86_400;

/**
 * The seconds to wait that a throttling reply announces in its description (E137, E138), or null: another code, no
 * description (a backend that does not say), or one that is not a whole number of seconds between 1 and a day.
 */
export function waitSecondsOf(code: string, description: string | null | undefined): number | null {
  if (!WAIT_CODES.has(code) || description == null || !/^\d{1,6}$/.test(description.trim())) return null;
  const seconds = Number(description.trim());
  return seconds >= 1 && seconds <= MAX_WAIT_SECONDS ? seconds : null;
}

/** True when `s` is a catalogue code (exact, case-sensitive: the server sends upper-case codes). */
export function isKnownErrorCode(s: string): s is ErrorCode {
  return KNOWN.has(s);
}

/**
 * Codes the client produces itself for failures that never reach the catalogue:
 * - `http.400` / `http.500`: the HTTP status of a reply without a usable envelope (spec 8 'HTTP: 500 …; 400 …').
 * - `contract`: the reply broke the contract (schema mismatch); shown with the E001 text.
 * - `network`: no connection to the server.
 * - `unknown`: anything else; in notifications it reads 'нет такой ошибки'.
 */
export const CLIENT_ERROR_CODES = ['http.400', 'http.500', 'contract', 'network', 'unknown'] as const;

/** A client-side pseudo error code. */
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

const CLIENT: ReadonlySet<string> = new Set(CLIENT_ERROR_CODES);

/** True when `s` is one of the client-side pseudo codes. */
export function isClientErrorCode(s: string): s is ClientErrorCode {
  return CLIENT.has(s);
}

/** The code that means 'session missing, closed or expired': it closes overlays and resets auth (spec 8). */
export const SESSION_EXPIRED_CODE = 'E009' satisfies ErrorCode;

/** The code whose message is followed by the server's parameter description (spec 8). */
export const PARAMETER_DESCRIPTION_CODE = 'E108' satisfies ErrorCode;

/** The catalogue fallback for an error dialog with an unknown code (spec 8 'falling back to E001'). */
export const FALLBACK_ERROR_CODE = 'E001' satisfies ErrorCode;
