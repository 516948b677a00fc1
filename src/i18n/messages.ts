/**
 * From an error code to the text the user reads (spec 8). Machines keep errors as codes; views call
 * `formatErrorMessage(t, code, description, { context })` at render time, so a language switch re-renders them.
 */
import type { TFunction } from 'i18next';
import { FALLBACK_ERROR_CODE, isKnownErrorCode, PARAMETER_DESCRIPTION_CODE } from '@/domain/errors';
import { isTranslationKey, type TranslationKey } from './keys';

/** Where the message is shown: the error dialog (default) or a transient notification. */
export type ErrorContext = 'dialog' | 'notification';

/** Namespaces whose keys may be used as error codes directly (domain validators, signing, block/restore). */
const KEY_CODE_NAMESPACES = ['validation.', 'eimzo.', 'blockRestore.', 'activityLog.', 'plansList.'] as const;

/** 'http.400', '400', 'http.404' … (4xx) and 'http.500', '503' … (5xx). */
const HTTP_CODE = /^(?:http\.)?([45])\d\d$/;

/**
 * The message key of an error code, and whether the code is known:
 * - a catalogue code (E012, MANYINVALID …) → `errors.<code>`;
 * - 'http.4xx' / '4xx' → errors.http400 ('Неверный запрос'), 'http.5xx' / '5xx' → errors.http500;
 * - 'contract' (or 'contract.<detail>') → errors.contract (the E001 text); 'network' → errors.network;
 * - a key of validation.*, eimzo.* or blockRestore.* → that key;
 * - anything else, including the pseudo code 'unknown' → errors.unknown, `known: false`.
 */
export function errorMessageKey(code: string): { key: TranslationKey; known: boolean } {
  if (isKnownErrorCode(code)) return { key: `errors.${code}`, known: true };
  const http = HTTP_CODE.exec(code);
  if (http) return { key: http[1] === '5' ? 'errors.http500' : 'errors.http400', known: true };
  if (code === 'contract' || code.startsWith('contract.')) return { key: 'errors.contract', known: true };
  if (code === 'network') return { key: 'errors.network', known: true };
  if (KEY_CODE_NAMESPACES.some((ns) => code.startsWith(ns)) && isTranslationKey(code)) {
    return { key: code, known: true };
  }
  return { key: 'errors.unknown', known: false };
}

/**
 * The text of an error (spec 8):
 * - known code: its mapped text; E108 is followed by the server's parameter description (`'<text> <description>'`;
 *   the E108 text ends with a colon); `{{description}}` placeholders (block/restore failures) are filled;
 * - unknown code in a dialog: the E001 text ('falling back to E001');
 * - unknown code in a notification: 'нет такой ошибки', then ': <description>' when there is one;
 * - a known code whose text is not loaded yet (the login page holds the texts of its own calls' codes): the E001 text.
 * A blank description counts as none.
 */
export function formatErrorMessage(
  t: TFunction,
  code: string,
  description?: string | null,
  opts?: { context?: ErrorContext },
): string {
  const detail = description?.trim() ? description.trim() : undefined;
  const { key, known } = errorMessageKey(code);
  if (!known) {
    if ((opts?.context ?? 'dialog') === 'dialog') return t(`errors.${FALLBACK_ERROR_CODE}`);
    const text = t('errors.unknown');
    return detail === undefined ? text : `${text}: ${detail}`;
  }
  const text = t(key, { description: detail ?? '' });
  // a catalogue text not loaded yet (on the login page, a code only the pages' calls return; the `more` part holds
  // it): the E001 text, never the bare key
  if (text === key) return t(`errors.${FALLBACK_ERROR_CODE}`);
  return code === PARAMETER_DESCRIPTION_CODE && detail !== undefined ? `${text} ${detail}` : text;
}
