/**
 * The company's employee list (spec 2 "Employees dispatcher: open the employee list, or return to the organisation";
 * spec 3 Profile `employee_data`; spec 6 "Dispatcher flag is set when the profile has employee_data", "Employee widget
 * hidden for subscribers"; docs/decisions.md EM1-EM5). Who opens the list is the route policy's
 * (`mayOpenEmployeeList` in routes.rules.ts, EM2): the shell asks it on every navigation, so it stays out of this module.
 */

/** Employees per page of the list (EM3). */
export const EMPLOYEE_LIST_PAGE_SIZE = 20;

/** The longest search text accepted (EM3). */
export const EMPLOYEE_QUERY_MAX = 50;

/** What the URL asks of the list: the search text and the page (1-based). */
export interface EmployeesParams {
  readonly q: string;
  readonly page: number;
}

/** Why a search text is refused: longer than EMPLOYEE_QUERY_MAX, or a character no name or number has. */
export type EmployeesQueryProblem = 'tooLong' | 'badChars';

/** Letters of any script (Cyrillic, Latin with oʻ/gʻ), digits, spaces, apostrophes, hyphen, dot, plus, brackets. */
const ACCEPTED = /^[\p{L}\p{M}\d\s'ʻʼ`’.+()-]*$/u;

/** The problem of a search text, or null when it may be asked (EM3). */
export function employeesQueryProblem(q: string): EmployeesQueryProblem | null {
  if (q.trim().length > EMPLOYEE_QUERY_MAX) return 'tooLong';
  if (!ACCEPTED.test(q)) return 'badChars';
  return null;
}

/** A phone-like text (digits with +, spaces, hyphens, brackets) searches numbers; anything else names. */
const PHONE_LIKE = /^[\d\s+()-]+$/;

/**
 * What the server is asked for a search text (EM3): nothing, digits of a number (a leading +998 or 998 of a longer
 * number dropped, so `+998 90 123` finds 90 123…), or a part of a name (trimmed, inner spaces single).
 */
export function employeesSearch(q: string): {
  readonly kind: 'none' | 'digits' | 'name';
  readonly value: string;
} {
  const text = q.trim().replace(/\s+/g, ' ');
  if (text === '') return { kind: 'none', value: '' };
  if (PHONE_LIKE.test(text) && /\d/.test(text)) {
    const digits = text.replace(/\D/g, '');
    const international = text.startsWith('+') || digits.length > 9;
    const national = international && digits.startsWith('998') ? digits.slice(3) : digits;
    return { kind: 'digits', value: national };
  }
  return { kind: 'name', value: text };
}

/** The apostrophes an Uzbek name is written with (ʻ ʼ ’ ‘ ` and the typewriter one): one letter sign to a search. */
const APOSTROPHES = /[\u0027\u0060\u02BB\u02BC\u2018\u2019]/g;

/**
 * A name as the search compares it: any script's letters in lower case (Cyrillic Ж and ж, Latin O and o, Uzbek Oʻ
 * and oʻ), composed alike (NFC), every apostrophe as one. `employee LIKE` runs on both sides of this (the SQL
 * function `search_fold`), so 'ЖУРАЕВ' finds 'Жураев' and "Gʻofur" finds "G'ofur" (EM3).
 */
export function searchFold(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(APOSTROPHES, "'");
}

/** The list's parameters from the URL: `q` as typed (validated by the chart), `page` a positive integer or 1. */
export function parseEmployeesParams(get: (name: string) => string | null): EmployeesParams {
  const raw = get('page') ?? '';
  const page = /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return { q: get('q') ?? '', page: page >= 1 ? page : 1 };
}

export function sameEmployeesParams(a: EmployeesParams, b: EmployeesParams): boolean {
  return a.q === b.q && a.page === b.page;
}

/** Pages of a list of `total` employees (0 for none). */
export function employeePageCount(total: number, size = EMPLOYEE_LIST_PAGE_SIZE): number {
  return Math.ceil(total / size);
}

/** A page past the last one (an old or typed address) goes to the last; below 1 to the first (EM3). */
export function clampEmployeesPage(page: number, pages: number): number {
  return Math.min(Math.max(1, page), Math.max(1, pages));
}
