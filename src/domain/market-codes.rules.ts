/**
 * The one catalogue of cities (market codes) a new client registers in (spec 3 "Market code = city of the
 * registration"; docs/decisions.md NC18): what `pre-order/market-codes` answers and what the wizard offers, and how a
 * pre-order names its city. Pages name a city from its code in their own language (src/i18n `newClient.cities.*`),
 * never show the bare code; the wire's `name` is the Uzbek name the reference server answers with.
 */
export const MARKET_CODES = [
  { name: 'Toshkent', code: 'TAS', storage: 'TAS01', regionId: 1, myIdMarkedCodeId: 11 },
  { name: 'Samarqand', code: 'SKD', storage: 'SKD01', regionId: 12, myIdMarkedCodeId: 12 },
  { name: 'Buxoro', code: 'BHK', storage: 'BHK01', regionId: 3, myIdMarkedCodeId: 13 },
  { name: 'Namangan', code: 'NMA', storage: 'NMA01', regionId: 8, myIdMarkedCodeId: 14 },
  { name: 'Fargʻona', code: 'FEG', storage: 'FEG01', regionId: 13, myIdMarkedCodeId: 15 },
] as const;

/** A city's market code. */
export type MarketCode = (typeof MARKET_CODES)[number]['code'];

/** True when the catalogue holds `code` (a city the pages can name). */
export function isKnownMarketCode(code: string): code is MarketCode {
  return MARKET_CODES.some((m) => m.code === code);
}
