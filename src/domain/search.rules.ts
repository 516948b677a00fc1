/**
 * The header search box (spec 2 "Search box", spec 5 "Search").
 */
import { EDIT_SEARCH_MIN, SEARCH_MAX_DIGITS } from './constants';

/** 'choose' finds a subscriber by number or BAN; 'editing' searches users. */
export type SearchMode = 'choose' | 'editing';

/** Result of reading the search input: what to look up, or the catalogue code of the input error. */
export type SearchParse =
  | { ok: true; kind: 'sn' | 'ban'; value: string }
  | { ok: true; kind: 'query'; value: string }
  | { ok: false; error: 'MANYINVALID' | 'SHORT3' };

/** A subscriber number: 89, then 0 or 1, then 7 digits (spec 5). */
const SN = /^89[01]\d{7}$/;
/** A BAN: exactly 9 digits (spec 5). */
const BAN = /^\d{9}$/;

/**
 * Reads the search input (spec 5), in this order:
 * - choose: strip non-digits; more than 10 digits → MANYINVALID; 89[01] + 7 digits → sn; otherwise exactly
 *   9 digits → ban; anything else (including empty) → MANYINVALID. The value is the digits only.
 * - editing: the trimmed input must have at least 3 characters, else SHORT3. The value is the trimmed input.
 */
export function parseSearch(mode: SearchMode, input: string): SearchParse {
  if (mode === 'editing') {
    const value = input.trim();
    return [...value].length >= EDIT_SEARCH_MIN
      ? { ok: true, kind: 'query', value }
      : { ok: false, error: 'SHORT3' };
  }
  const digits = input.replace(/\D/g, '');
  if (digits.length > SEARCH_MAX_DIGITS) return { ok: false, error: 'MANYINVALID' };
  if (SN.test(digits)) return { ok: true, kind: 'sn', value: digits };
  if (BAN.test(digits)) return { ok: true, kind: 'ban', value: digits };
  return { ok: false, error: 'MANYINVALID' };
}
