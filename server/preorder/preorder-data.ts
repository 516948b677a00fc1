/**
 * Reference data of the public onboarding on the reference backend: cities (spec 3 "Market code"), agents,
 * the services catalogue of step two (spec 3 "Order/pre-order"), and the number categories of the QR page (spec 3
 * "Golden number category": 192 bronze, 153 silver, 152 gold, 79 platinum, 122 free) with a few example numbers each.
 */

export const MARKET_CODES = [
  { name: 'Toshkent', code: 'TAS', storage: 'TAS01', regionId: 1, myIdMarkedCodeId: 11 },
  { name: 'Samarqand', code: 'SKD', storage: 'SKD01', regionId: 12, myIdMarkedCodeId: 12 },
  { name: 'Buxoro', code: 'BHK', storage: 'BHK01', regionId: 3, myIdMarkedCodeId: 13 },
  { name: 'Namangan', code: 'NMA', storage: 'NMA01', regionId: 8, myIdMarkedCodeId: 14 },
  { name: 'Fargʻona', code: 'FEG', storage: 'FEG01', regionId: 13, myIdMarkedCodeId: 15 },
] as const;

export const AGENTS = [
  { id: 1, name: 'Aloqa Servis Agent MChJ' },
  { id: 2, name: 'Raqamli Yechimlar MChJ' },
] as const;

export const CATALOGUE = {
  numberCategories: [
    { id: 0, name: 'Oddiy', price: 0 },
    { id: 192, name: 'Bronza', price: 150_000 },
    { id: 153, name: 'Kumush', price: 500_000 },
    { id: 152, name: 'Oltin', price: 1_500_000 },
  ],
  pricePlans: [
    { id: 'BIZ50', name: 'Biznes 50', price: 50_000 },
    { id: 'BIZ100', name: 'Biznes 100', price: 100_000 },
  ],
  services: [
    { id: 'roaming', name: 'Roaming', price: 0 },
    { id: 'ip', name: 'Internet-paket 10 GB', price: 40_000 },
  ],
} as const;

/**
 * Categories of the QR page (golden-number/categories/qr). Their example numbers are not listed here: they are free
 * numbers of the one inventory, read when the page asks (NC9, PRI4).
 */
export const QR_CATEGORIES = [
  { id: 122, name: 'Bepul', price: 0, withoutVat: 'free' },
  { id: 192, name: 'Bronza', price: 150_000 },
  { id: 153, name: 'Kumush', price: 500_000 },
  { id: 152, name: 'Oltin', price: 1_500_000 },
  { id: 79, name: 'Platina', price: 5_000_000 },
] as const;

/** Example numbers a QR category carries (NC9: up to 20, the page shows three). */
export const QR_EXAMPLES = 20;

/** VAT of the QR prices (spec 3 "Categories response": taxPercent). */
export const QR_TAX_PERCENT = 12;
