import { describe, expect, it } from 'vitest';
import { formatMonthlyPrice, formatSum } from '@/domain/money.rules';

/** Expected strings are written with plain spaces; every space in them stands for U+00A0. */
const nb = (s: string) => s.replace(/ /g, '\u00A0');

describe('formatSum: ru-RU, U+00A0 groups (four digits too), decimal comma, suffix " сум"', () => {
  it.each([
    [0, undefined, '0 сум'],
    [7, undefined, '7 сум'],
    [999, undefined, '999 сум'],
    [1000, undefined, '1 000 сум'],
    [9999, undefined, '9 999 сум'],
    [84_200, undefined, '84 200 сум'],
    [210_500, undefined, '210 500 сум'],
    [1_263_000, undefined, '1 263 000 сум'],
    [1000.4, undefined, '1 000 сум'],
    [1000.5, undefined, '1 001 сум'],
    [-1500, undefined, '-1 500 сум'],
    [-0.4, undefined, '0 сум'],
    [12_500.5, 2, '12 500,50 сум'],
    [1000, 2, '1 000,00 сум'],
    [0.005, 2, '0,01 сум'],
    [84_200, 0, '84 200 сум'],
  ] as [number, 0 | 2 | undefined, string][])('%d (decimals %s) → %s', (amount, decimals, expected) => {
    expect(formatSum(amount, decimals === undefined ? undefined : { decimals })).toBe(nb(expected));
  });
  it('never contains a breaking space', () => {
    expect(formatSum(1_263_000, { decimals: 2 })).not.toMatch(/ /);
  });
  it.each([Number.NaN, Number.POSITIVE_INFINITY])('%d → "—"', (amount) => {
    expect(formatSum(amount)).toBe('—');
  });
});

describe('formatMonthlyPrice: two decimals', () => {
  it.each([
    [12_500, '12 500,00 сум'],
    [0, '0,00 сум'],
    [3999.9, '3 999,90 сум'],
  ])('%d → %s', (price, expected) => {
    expect(formatMonthlyPrice(price)).toBe(nb(expected));
  });
});

describe('the currency is named in the language of the page (digits always locale ru, spec 9)', () => {
  it.each([
    ['ru', 84_200, '84 200 сум'],
    ['uz', 84_200, '84 200 soʻm'],
    ['uz', -1500, '-1 500 soʻm'],
  ] as const)('%s %d → %s', (lang, amount, expected) => {
    expect(formatSum(amount, { lang })).toBe(nb(expected));
  });
  it('no language given reads Russian', () => {
    expect(formatSum(1000)).toBe(nb('1 000 сум'));
  });
  it('the monthly price too', () => {
    expect(formatMonthlyPrice(12_500, 'uz')).toBe(nb('12 500,00 soʻm'));
  });
});
