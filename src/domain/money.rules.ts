/**
 * Money display (spec 9: currency sum shown in locale ru; conventions: four-digit groups use non-breaking spaces).
 */
import { DEFAULT_LOCALE, type Lang } from './constants';

const NBSP = '\u00A0';
/**
 * The currency's name in the language of the page: the digits follow locale ru in both languages (spec 9), but an
 * Uzbek sentence names the currency in Uzbek ('soʻm', Latin script), never in Russian.
 */
export const CURRENCY_NAME: Readonly<Record<Lang, string>> = { ru: 'сум', uz: 'soʻm' };

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
 * suffix ' сум' in Russian or ' soʻm' in Uzbek (U+00A0 before it, so it never wraps alone). `decimals` is 0 (default,
 * rounded) or 2; `lang` the page's language (default ru). A non-finite amount reads '—'.
 * Examples: 84200 → '84 200 сум'; 1000 → '1 000 сум'; 12500.5 with 2 decimals → '12 500,50 сум'; uz → '84 200 soʻm'.
 */
export function formatSum(amount: number, opts?: { decimals?: 0 | 2; lang?: Lang | undefined }): string {
  if (!Number.isFinite(amount)) return '—';
  // Some ICU builds use a narrow no-break space; normalise every separator space to U+00A0.
  const digits = formatter(opts?.decimals ?? 0)
    .format(amount)
    .replace(/[\s\u202F]/g, NBSP);
  const lang = opts?.lang ?? 'ru';
  return `${digits}${NBSP}${CURRENCY_NAME[lang]}`;
}

/** The monthly price of a paid block (spec 9: price from the server, two decimals, per month). */
export function formatMonthlyPrice(price: number, lang?: Lang): string {
  return formatSum(price, { decimals: 2, lang });
}
