/**
 * Money display (spec 9: currency sum shown in locale ru; conventions: four-digit groups use non-breaking spaces).
 */
import { DEFAULT_LOCALE } from './constants';

const NBSP = '\u00A0';
/** Currency suffix, glued to the amount with a non-breaking space so it never wraps alone. */
export const SUM_SUFFIX = `${NBSP}сум`;

const formatters = new Map<number, Intl.NumberFormat>();

function formatter(decimals: 0 | 2): Intl.NumberFormat {
  let f = formatters.get(decimals);
  if (f === undefined) {
    f = new Intl.NumberFormat(DEFAULT_LOCALE, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      // Four-digit amounts are grouped too ('1 000'); 'always' pins that even where a locale's data groups from five.
      useGrouping: 'always',
      // no '-0' after rounding a small negative amount
      signDisplay: 'negative',
    });
    formatters.set(decimals, f);
  }
  return f;
}

/**
 * An amount in sums, locale ru-RU: groups of three separated by U+00A0 (also for four digits), decimal comma,
 * suffix ' сум' (U+00A0 before 'сум'). `decimals` is 0 (default, rounded) or 2. A non-finite amount reads '—'.
 * Examples: 84200 → '84 200 сум'; 1000 → '1 000 сум'; 12500.5 with 2 decimals → '12 500,50 сум'.
 */
export function formatSum(amount: number, opts?: { decimals?: 0 | 2 }): string {
  if (!Number.isFinite(amount)) return '—';
  // Some ICU builds use a narrow no-break space; normalise every separator space to U+00A0.
  const digits = formatter(opts?.decimals ?? 0)
    .format(amount)
    .replace(/[\s\u202F]/g, NBSP);
  return `${digits}${SUM_SUFFIX}`;
}

/** The monthly price of a paid block (spec 9: price from the server, two decimals, per month). */
export function formatMonthlyPrice(price: number): string {
  return formatSum(price, { decimals: 2 });
}
