/**
 * Golden (special) numbers: categories, the four searches, the VAT split of a purchase (spec 3 "Golden number
 * category", "Order types"; spec 5 "Number search by mask format 999-99-99 with operator code default 90; by group
 * count default 2"; spec 9 prices, page size 16 from page 0). Pure rules shared by the SPA (validation before a
 * search, totals on the review) and the reference server (the pool's categories, the mask compiled to SQL, the order
 * total and its VAT). Decisions GN1-GN9 in docs/decisions.md.
 */
import { DEFAULT_GROUP_COUNT, DEFAULT_OPERATOR_CODE } from './constants';
import { type GoldenCategory, vatOf } from './golden-categories.rules';

/** The four ways to search (spec 3 "Order types"). */
export const GOLDEN_SEARCH_TYPES = ['random', 'byNumber', 'byGroup', 'byMask'] as const;
export type GoldenSearchKind = (typeof GOLDEN_SEARCH_TYPES)[number];

/** Operator codes of the pool (GN3): the codes the operator sells numbers in. */
export const OPERATOR_CODES = ['90', '91', '93', '94', '97', '99'] as const;

/**
 * A number the operator gives out: 9 digits, an operator code of OPERATOR_CODES first (`901234567`). Spec 5's search
 * rule reads a number as `89[01]` + 7 digits, the domestic form of 90/91; the pool also sells the other codes (GN3),
 * so the inventory takes every operator code (docs/decisions.md PRI5).
 */
export function isOperatorNumber(sn: string): boolean {
  return /^\d{9}$/.test(sn) && (OPERATOR_CODES as readonly string[]).includes(sn.slice(0, 2));
}

/** Digits of a number after the operator code (`90 1234567`): the part a mask or digits are matched against. */
export const LOCAL_DIGITS = 7;
const LOCAL_NUMBER = new RegExp(`^\\d{${LOCAL_DIGITS}}$`);
const LOCAL_DIGITS_TYPED = new RegExp(`^\\d{1,${LOCAL_DIGITS}}$`);

/** Most numbers one checkout may buy (GN6). */
export const MAX_SELECTION = 20;

/** Group sizes byGroup offers (GN4): runs of 2 to 10 consecutive numbers. */
export const MAX_GROUP_COUNT = 10;

const run = (s: string, ch: string) => {
  let n = 0;
  for (let i = s.length - 1; i >= 0 && s[i] === ch; i--) n++;
  return n;
};

/** Longest run of one digit at the end of `s`. */
function tailRun(s: string): number {
  const last = s.at(-1);
  return last === undefined ? 0 : run(s, last);
}

/** Whether the digits of `s` climb or fall by one each step (`1234`, `9876`). */
function isStraight(s: string): boolean {
  if (s.length < 2) return false;
  const d = [...s].map(Number);
  const step = (d[1] ?? 0) - (d[0] ?? 0);
  if (step !== 1 && step !== -1) return false;
  return d.every((x, i) => i === 0 || x - (d[i - 1] ?? 0) === step);
}

/**
 * The price category of a number by the pattern of its 7 local digits (GN3), from the most to the least valuable:
 * - platinum: the last five digits alike (`1-2 33333`), or the 7 digits a straight (`1234567`);
 * - gold: the last four alike (`123 7777`), or the last six a pair of triples (`1 555 888` → `x-555-888`);
 * - silver: the last three alike (`1234 999`), or the last four a straight (`123 5678`), or `ab-ab` at the end;
 * - bronze: the last two pairs doubled (`123 44 55`), or ending in `00`;
 * - simple: every other number.
 */
export function categoryOfLocal(local: string): GoldenCategory {
  if (!LOCAL_NUMBER.test(local)) return 'simple';
  const tail = tailRun(local);
  if (tail >= 5 || isStraight(local)) return 'platinum';
  const last6 = local.slice(1);
  if (tail >= 4 || (last6.slice(0, 3) === (last6[0] ?? '').repeat(3) && tailRun(last6.slice(3)) === 3))
    return 'gold';
  const last4 = local.slice(3);
  if (tail >= 3 || isStraight(last4) || last4.slice(0, 2) === last4.slice(2)) return 'silver';
  if ((local[3] === local[4] && local[5] === local[6]) || local.endsWith('00')) return 'bronze';
  return 'simple';
}

// ── searches ──────────────────────────────────────────────────────────────────────────────────────────────────────

/** What the search form holds (text as typed). */
export interface GoldenSearchForm {
  readonly operatorCode: string;
  /** byNumber: digits to find in the number */
  readonly digits: string;
  /** byGroup: how many consecutive numbers */
  readonly count: string;
  /** byMask: `999-99-99` with digits, `*` for any digit, letters for a repeated digit */
  readonly mask: string;
}

/** The form as it opens (spec 5 and 9: operator code 90, group count 2, mask format 999-99-99). */
export const DEFAULT_SEARCH_FORM: GoldenSearchForm = {
  operatorCode: DEFAULT_OPERATOR_CODE,
  digits: '',
  count: String(DEFAULT_GROUP_COUNT),
  mask: '',
};

/**
 * The form when the search type changes. Only a random search may run over every operator code (its empty choice,
 * 'Любой'); the other types list the codes alone, so an empty code there would show 90 while the search asked to choose
 * one: it becomes the default code of spec 5, 90. The shown value and the searched one are one.
 */
export function formForType(form: GoldenSearchForm, type: GoldenSearchKind): GoldenSearchForm {
  return type !== 'random' && form.operatorCode.trim() === ''
    ? { ...form, operatorCode: DEFAULT_OPERATOR_CODE }
    : form;
}

/** A search the server runs (the wire body minus page and size). */
export interface GoldenQuery {
  readonly type: GoldenSearchKind;
  readonly categoryId: number;
  readonly operatorCode?: string;
  /** byNumber digits, or byMask mask (normalised: upper-case letters, dashes as typed at 3 and 5) */
  readonly number?: string;
  readonly count?: number;
}

/** Why a search cannot be run: the field and the message key under `purchase.errors`. */
export type SearchProblem = 'operatorCode' | 'digits' | 'count' | 'mask';

/** The mask's shape: three, two and two places (spec 5 `999-99-99`); a place is a digit, `*` or a letter. */
const MASK_RE = /^[0-9*A-Z]{3}-[0-9*A-Z]{2}-[0-9*A-Z]{2}$/;

/** Upper-cases letters and adds the dashes when only the 7 places were typed (`12*45ab` → `12*-45-AB`). */
export function normaliseMask(text: string): string {
  const t = text.trim().toUpperCase().replace(/\s+/g, '');
  if (/^[0-9*A-Z]{7}$/.test(t)) return `${t.slice(0, 3)}-${t.slice(3, 5)}-${t.slice(5)}`;
  return t;
}

export function isValidMask(text: string): boolean {
  return MASK_RE.test(normaliseMask(text));
}

/**
 * Checks the form for a search type (GN4) and gives the query, or the first problem:
 * - every type: the operator code is one of OPERATOR_CODES (random searches every code when it is empty);
 * - byNumber: 1 to 7 digits;
 * - byGroup: a whole count from 2 to MAX_GROUP_COUNT;
 * - byMask: the format 999-99-99 (spec 5).
 */
export function validateSearch(
  type: GoldenSearchKind,
  categoryId: number,
  form: GoldenSearchForm,
): { ok: true; query: GoldenQuery } | { ok: false; problem: SearchProblem } {
  const code = form.operatorCode.trim();
  const codeOk = (OPERATOR_CODES as readonly string[]).includes(code);
  if (!codeOk && !(type === 'random' && code === '')) return { ok: false, problem: 'operatorCode' };
  const base = { type, categoryId, ...(code === '' ? {} : { operatorCode: code }) };
  switch (type) {
    case 'random':
      return { ok: true, query: base };
    case 'byNumber': {
      const digits = form.digits.replace(/[\s-]/g, '');
      if (!LOCAL_DIGITS_TYPED.test(digits)) return { ok: false, problem: 'digits' };
      return { ok: true, query: { ...base, number: digits } };
    }
    case 'byGroup': {
      const t = form.count.trim();
      const n = Number(t);
      if (!/^\d{1,2}$/.test(t) || n < 2 || n > MAX_GROUP_COUNT) return { ok: false, problem: 'count' };
      return { ok: true, query: { ...base, count: n } };
    }
    case 'byMask': {
      const mask = normaliseMask(form.mask);
      if (!MASK_RE.test(mask)) return { ok: false, problem: 'mask' };
      return { ok: true, query: { ...base, number: mask } };
    }
  }
}

/**
 * A mask compiled for matching (GN4): `glob` for the database (`?` any digit, digits fixed; SQLite's GLOB), and the
 * places (1-based, as SQL `substr` counts) that must hold the same digit (one letter) or different digits (two
 * letters).
 */
export interface CompiledMask {
  readonly glob: string;
  readonly same: readonly (readonly [number, number])[];
  readonly different: readonly (readonly [number, number])[];
}

export function compileMask(mask: string): CompiledMask {
  const places = normaliseMask(mask).replace(/-/g, '');
  const firstOf = new Map<string, number>();
  const same: [number, number][] = [];
  let glob = '';
  [...places].forEach((ch, i) => {
    if (/\d/.test(ch)) glob += ch;
    else glob += '?';
    if (/[A-Z]/.test(ch)) {
      const first = firstOf.get(ch);
      if (first === undefined) firstOf.set(ch, i + 1);
      else same.push([first, i + 1]);
    }
  });
  const letters = [...firstOf.values()];
  const different: [number, number][] = [];
  for (let a = 0; a < letters.length; a++)
    for (let b = a + 1; b < letters.length; b++) different.push([letters[a] ?? 0, letters[b] ?? 0]);
  return { glob, same, different };
}

/** Whether 7 local digits match a mask: the same reading as the SQL of the reference server (tested against it). */
export function matchesMask(local: string, mask: string): boolean {
  const m = compileMask(mask);
  if (local.length !== m.glob.length) return false;
  for (let i = 0; i < local.length; i++) if (m.glob[i] !== '?' && m.glob[i] !== local[i]) return false;
  const at = (p: number) => local[p - 1];
  return m.same.every(([a, b]) => at(a) === at(b)) && m.different.every(([a, b]) => at(a) !== at(b));
}

// ── selection and price ───────────────────────────────────────────────────────────────────────────────────────────

/** A number on offer or chosen: the 9-digit sn, its category and price in sums. */
export interface GoldenOffer {
  readonly number: string;
  readonly categoryId: number;
  readonly price: number;
}

/** Adds or removes a number from the selection (GN6: at most MAX_SELECTION; a number is chosen once). */
export function toggleSelection(selected: readonly GoldenOffer[], offer: GoldenOffer): GoldenOffer[] {
  if (selected.some((s) => s.number === offer.number))
    return selected.filter((s) => s.number !== offer.number);
  if (selected.length >= MAX_SELECTION) return [...selected];
  return [...selected, offer];
}

/** Whether one more number may be chosen. */
export function canSelectMore(selected: readonly GoldenOffer[]): boolean {
  return selected.length < MAX_SELECTION;
}

/** What the review shows and the server records (GN2): prices include VAT; the total, its VAT and the net part. */
export interface PriceSplit {
  readonly total: number;
  readonly vat: number;
  readonly net: number;
}

export function priceSplit(items: readonly { readonly price: number }[], taxPercent: number): PriceSplit {
  const total = items.reduce((s, i) => s + i.price, 0);
  const vat = vatOf(total, taxPercent);
  return { total, vat, net: total - vat };
}

/** How the server says that numbers were taken by another buyer (GN5): E013 'wrong value' with this description
 *  prefix and the numbers (`taken:901234567,937770000`), so the catalogue needs no new code. */
export const TAKEN_PREFIX = 'taken:';

/** The description of a checkout refused because another buyer took these numbers first. */
export function takenDescription(numbers: readonly string[]): string {
  return `${TAKEN_PREFIX}${numbers.join(',')}`;
}

/** Numbers another buyer took first, from a refused checkout (code and description); [] for any other failure. */
export function takenNumbersOf(code: string, description: string | undefined): string[] {
  if (code !== 'E013' || !description?.startsWith(TAKEN_PREFIX)) return [];
  return description
    .slice(TAKEN_PREFIX.length)
    .split(',')
    .filter((s) => /^\d{9}$/.test(s));
}

/** The selection without the numbers another buyer took. */
export function withoutTaken(selected: readonly GoldenOffer[], taken: readonly string[]): GoldenOffer[] {
  const gone = new Set(taken);
  return selected.filter((s) => !gone.has(s.number));
}
