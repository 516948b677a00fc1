import { type EimzoError, eimzoErrorKey, isEimzoFailure } from '@/services/eimzo/eimzo-errors';
import { errorCodeOf } from './error-code';

/*
 * How a signing failure is named (an i18n key for the module's failures, the API's code otherwise): shared by the
 * signing chart and the charts that use the module without it (the registration wizard's key list, pre-registration),
 * which so do not carry the signing chart (docs/decisions.md NC15).
 */

/** Statuses of a load failure meaning the key file or its alias is gone (protocol doc: -2002 / -2006). */
const KEY_FILE_STATUSES: readonly number[] = [-2002, -2006];

/** The error code a rejected actor leaves in context: an i18n key for module failures, the API code otherwise. */
export function signingErrorCode(error: unknown): string {
  if (isEimzoFailure(error)) return eimzoErrorCode(error.error);
  const code = errorCodeOf(error);
  return code === 'unknown' ? 'eimzo.generic' : code;
}

function eimzoErrorCode(error: EimzoError): string {
  if (error.kind === 'keyNotFound') return 'eimzo.noInstalledOrMatchingKey';
  if (error.kind === 'generic' && error.status !== undefined && KEY_FILE_STATUSES.includes(error.status)) {
    return 'eimzo.noInstalledOrMatchingKey';
  }
  return eimzoErrorKey(error);
}
