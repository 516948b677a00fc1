import { describe, expect, it } from 'vitest';
import {
  catalogueCategories,
  categoriesReply,
  categoryIdOf,
  categoryPrice,
  DEFAULT_TAX_PERCENT,
  FREE_CATEGORY_ID,
  GOLDEN_CATEGORIES,
  GOLDEN_KINDS,
  type GoldenCategory,
  goldenCategoryOf,
  isFreeCategory,
  vatOf,
} from '@/domain/golden-categories.rules';

/**
 * The one catalogue of number categories (docs/decisions.md NC16), straight from the spec: spec 3 "Ids: 192 bronze,
 * 153 silver, 152 gold, 79 platinum, others simple", "Id 122 is shown with withoutVat 'free'"; spec 9 "Number
 * category prices in sums: simple 0, bronze 84200, silver 210500, gold 421000, platinum 1263000"; GN2 prices include
 * VAT at 12 %.
 */
const SPEC: [GoldenCategory, number, number][] = [
  ['simple', 122, 0],
  ['bronze', 192, 84_200],
  ['silver', 153, 210_500],
  ['gold', 152, 421_000],
  ['platinum', 79, 1_263_000],
];

describe('the catalogue (spec 3 ids, spec 9 prices)', () => {
  it.each(SPEC)('%s is id %i at %i sums', (kind, id, price) => {
    expect(GOLDEN_CATEGORIES[kind]).toEqual({ id, price });
    expect(categoryIdOf(kind)).toBe(id);
    expect(categoryPrice(kind)).toBe(price);
  });

  it('lists the five categories, the cheapest first, the simple one as the free id 122 (never 0)', () => {
    expect(GOLDEN_KINDS).toEqual(SPEC.map(([k]) => k));
    expect(catalogueCategories()).toEqual([
      { id: 122, name: 'simple', price: 0, withoutVat: 'free' },
      { id: 192, name: 'bronze', price: 84_200 },
      { id: 153, name: 'silver', price: 210_500 },
      { id: 152, name: 'gold', price: 421_000 },
      { id: 79, name: 'platinum', price: 1_263_000 },
    ]);
    expect(FREE_CATEGORY_ID).toBe(122);
  });

  it('the categories reply carries the catalogue and the VAT rule of the purchase page (payer, 12 %)', () => {
    expect(categoriesReply()).toEqual({ categories: catalogueCategories(), taxPayer: true, taxPercent: 12 });
    expect(DEFAULT_TAX_PERCENT).toBe(12);
  });

  it.each([
    [192, 'bronze'],
    [153, 'silver'],
    [152, 'gold'],
    [79, 'platinum'],
    [122, 'simple'],
    [1, 'simple'],
    [0, 'simple'],
    [-1, 'simple'],
  ] as [number, GoldenCategory][])('goldenCategoryOf(%i) → %s', (id, expected) => {
    expect(goldenCategoryOf(id)).toBe(expected);
  });

  it.each([
    [122, true],
    [192, false],
    [0, false],
  ])('isFreeCategory(%i) → %s', (id, expected) => {
    expect(isFreeCategory(id)).toBe(expected);
  });

  it.each([
    ['simple', 0],
    ['bronze', 9_021],
    ['silver', 22_554],
    ['gold', 45_107],
    ['platinum', 135_321],
  ] as [GoldenCategory, number][])('%s: the VAT part of its price at 12 %% is %i sums', (kind, vat) => {
    expect(vatOf(categoryPrice(kind), DEFAULT_TAX_PERCENT)).toBe(vat);
  });

  it('a price without a positive rate has no VAT part', () => {
    expect(vatOf(84_200, 0)).toBe(0);
    expect(vatOf(84_200, Number.NaN)).toBe(0);
  });
});
