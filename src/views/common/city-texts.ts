import type { TFunction } from 'i18next';
import { isKnownMarketCode } from '@/domain/market-codes.rules';

/**
 * How every page names a city (docs/decisions.md NC18): from its market code in the page's language
 * (`newClient.cities.*`), never the bare code; a code the catalogue does not hold keeps the name the server sent, or
 * else the code.
 */
export function cityName(t: TFunction, code: string, wireName?: string | null): string {
  return isKnownMarketCode(code) ? t(`newClient.cities.${code}`) : (wireName ?? code);
}
