/**
 * The header search box (spec 2 "Search box", spec 5 "Search").
 */
import { EDIT_SEARCH_MIN, SEARCH_MAX_DIGITS } from './constants';
import { isBan } from './validators.rules';

/** 'choose' finds a subscriber by number or BAN; 'editing' searches users. */
export type SearchMode = 'choose' | 'editing';

/** Result of reading the search input: what to look up, or the catalogue code of the input error. */
export type SearchParse =
  | { ok: true; kind: 'sn' | 'ban'; value: string }
  | { ok: true; kind: 'query'; value: string }
  | { ok: false; error: 'MANYINVALID' | 'SHORT3' };

/** A subscriber number: 89, then 0 or 1, then 7 digits (spec 5). */
const SN = /^89[01]\d{7}$/;

/** The country code as people type it before a number: `+998 90 123 45 67`, `998901234567`. */
const WITH_COUNTRY_CODE = /^998(\d{9})$/;

/**
 * The digits of a 'choose' input, with the international form of a number turned into the domestic one the spec's
 * rule reads: `+998 (90) 123-45-67` → `8901234567` (the portal shows numbers as `+998 90 123 45 67`, so the box must
 * take that form back). Anything else: the digits as typed.
 */
export function searchDigits(input: string): string {
  const digits = input.replace(/\D/g, '');
  const international = WITH_COUNTRY_CODE.exec(digits);
  return international ? `8${international[1]}` : digits;
}

/**
 * Reads the search input (spec 5), in this order:
 * - choose: strip non-digits and read a leading country code 998 as the domestic 8 (`searchDigits`); more than
 *   10 digits → MANYINVALID; 89[01] + 7 digits → sn; otherwise exactly 9 digits → ban; anything else (including
 *   empty) → MANYINVALID. The value is the digits only.
 * - editing: the trimmed input must have at least 3 characters, else SHORT3. The value is the trimmed input.
 */
export function parseSearch(mode: SearchMode, input: string): SearchParse {
  if (mode === 'editing') {
    const value = input.trim();
    return [...value].length >= EDIT_SEARCH_MIN
      ? { ok: true, kind: 'query', value }
      : { ok: false, error: 'SHORT3' };
  }
  const digits = searchDigits(input);
  if (digits.length > SEARCH_MAX_DIGITS) return { ok: false, error: 'MANYINVALID' };
  if (SN.test(digits)) return { ok: true, kind: 'sn', value: digits };
  if (isBan(digits)) return { ok: true, kind: 'ban', value: digits };
  return { ok: false, error: 'MANYINVALID' };
}

/**
 * The 9-digit sn of a number in a form the search accepts — `8 9[01]…` (spec 5's rule), `998 9[01]…`, or the nine
 * digits `9[01]…` — or undefined. The one rule of the search box and of the server's lookup and impersonation.
 */
export function snOfDigits(digits: string): string | undefined {
  const domestic = WITH_COUNTRY_CODE.test(digits)
    ? `8${digits.slice(3)}`
    : isBan(digits)
      ? `8${digits}`
      : digits;
  return SN.test(domestic) ? domestic.slice(1) : undefined;
}

/**
 * A 9-digit input is a BAN by spec 5, but `901234567` is also how a number looks without its leading 8. When such a
 * BAN is not found, the box offers the number lookup: this is that number (`8901234567`), or null when the digits
 * could not be a number by the same rule.
 */
export function numberLookalike(ban: string): string | null {
  const candidate = `8${ban}`;
  return isBan(ban) && SN.test(candidate) ? candidate : null;
}
