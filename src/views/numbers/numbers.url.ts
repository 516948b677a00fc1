import { NUMBER_TABS, type NumberTab } from '@/domain/constants';
import type { NumbersParams } from '@/machines/numbers.machine';
import { writeListSearch } from '@/views/common/list-url';

/**
 * The number list's state in the URL ("the tab, page and filter live in the URL so reload and back keep
 * them"): `?status=blocked&page=3&q=9012`. Missing or malformed values fall back to the first tab, page 1, no filter;
 * other query parameters are left alone.
 */

/** The first tab is the default (spec 2 lists active first; content pages open on their first tab). */
export const DEFAULT_NUMBERS_PARAMS: NumbersParams = { status: 'active', page: 1, q: '' };
/** Longest digits filter the contract accepts (`q` max 20). */
export const MAX_FILTER_DIGITS = 20;
/** Digits of an sn on the wire (without the country code 998). */
const SN_DIGITS = 9;
/** Highest page number read from a URL (a typo must not become a huge offset). */
const MAX_PAGE = 1_000_000;

function isTab(s: string | null): s is NumberTab {
  return s !== null && (NUMBER_TABS as readonly string[]).includes(s);
}

/**
 * The filter as sent: digits only, at most 20. A leading country code 998 is dropped when it can only be one (typed
 * with '+', or more digits than an sn has), so a pasted '+998 90 123-45-67' finds 901234567.
 */
export function filterDigits(input: string): string {
  const digits = input.replace(/\D/g, '');
  const national =
    digits.startsWith('998') && (input.trim().startsWith('+') || digits.length > SN_DIGITS)
      ? digits.slice(3)
      : digits;
  return national.slice(0, MAX_FILTER_DIGITS);
}

/** Reads tab, page and filter from a query string (with or without '?'). */
export function parseNumbersSearch(search: string): NumbersParams {
  const sp = new URLSearchParams(search);
  const status = sp.get('status');
  const pageText = sp.get('page') ?? '';
  const page = /^\d{1,7}$/.test(pageText) ? Number(pageText) : 1;
  return {
    status: isTab(status) ? status : DEFAULT_NUMBERS_PARAMS.status,
    page: page >= 1 && page <= MAX_PAGE ? page : 1,
    q: filterDigits(sp.get('q') ?? ''),
  };
}

/** The query string (without '?') for `params`, keeping unrelated parameters of `current`; defaults are left out. */
export function numbersSearch(params: NumbersParams, current = ''): string {
  // the tab is always written (no default to leave out: a bare URL is the default tab, and the links name theirs)
  return writeListSearch(
    [
      ['status', params.status, ''],
      ['page', String(params.page), '1'],
      ['q', params.q, ''],
    ],
    current,
  );
}

/**
 * What the filter cannot read (never dropped silently; decision U15): the characters of
 * `input` other than digits and the separators a number is written with (spaces, '+', '-', '(', ')', '.'), each
 * once, in order; empty when the filter reads all of it.
 */
export function filterRejects(input: string): string[] {
  const out: string[] = [];
  for (const ch of input) if (!/[\d\s+\-().]/u.test(ch) && !out.includes(ch)) out.push(ch);
  return out;
}
