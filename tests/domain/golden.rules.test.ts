import { describe, expect, it } from 'vitest';
import {
  canSelectMore,
  categoryOfLocal,
  compileMask,
  DEFAULT_SEARCH_FORM,
  formForType,
  isValidMask,
  matchesMask,
  normaliseMask,
  priceSplit,
  takenDescription,
  takenNumbersOf,
  toggleSelection,
  validateSearch,
  withoutTaken,
} from '@/domain/golden.rules';
import { categoryIdOf, categoryPrice, FREE_CATEGORY_ID, vatOf } from '@/domain/golden-categories.rules';

describe('categories (spec 3 ids, spec 9 prices)', () => {
  it.each([
    ['simple', FREE_CATEGORY_ID, 0],
    ['bronze', 192, 84_200],
    ['silver', 153, 210_500],
    ['gold', 152, 421_000],
    ['platinum', 79, 1_263_000],
  ] as const)('%s is id %i at %i sums', (kind, id, price) => {
    expect(categoryIdOf(kind)).toBe(id);
    expect(categoryPrice(kind)).toBe(price);
  });

  it.each([
    ['1233333', 'platinum'],
    ['7777777', 'platinum'],
    ['1234567', 'platinum'],
    ['7654321', 'platinum'],
    ['1237777', 'gold'],
    ['1555888', 'gold'],
    ['1234999', 'silver'],
    ['1235678', 'silver'],
    ['1234545', 'silver'],
    ['1234455', 'bronze'],
    ['1234500', 'bronze'],
    ['1234567'.replace('7', '8'), 'simple'],
    ['9182736', 'simple'],
    ['12345', 'simple'],
  ] as const)('%s is %s by its pattern (GN3)', (local, kind) => {
    expect(categoryOfLocal(local)).toBe(kind);
  });
});

describe('search validation (spec 5; GN4)', () => {
  const form = (over: Partial<typeof DEFAULT_SEARCH_FORM>) => ({ ...DEFAULT_SEARCH_FORM, ...over });

  it('opens with operator code 90, group count 2 and an empty mask (spec 5, 9)', () => {
    expect(DEFAULT_SEARCH_FORM).toEqual({ operatorCode: '90', digits: '', count: '2', mask: '' });
  });

  it('a type other than random never keeps the empty code of random: it searches in 90, the code it shows', () => {
    const any = form({ operatorCode: '', mask: '***-**-00' });
    for (const type of ['byNumber', 'byGroup', 'byMask'] as const) {
      expect(formForType(any, type)).toEqual({ ...any, operatorCode: '90' });
      expect(formForType(form({ operatorCode: '97' }), type).operatorCode).toBe('97');
    }
    expect(formForType(any, 'random')).toBe(any);
    // the path: 'Любой', then mask, then Подобрать: a valid search in 90, not 'choose a code'
    expect(validateSearch('byMask', 192, formForType(any, 'byMask'))).toEqual({
      ok: true,
      query: { type: 'byMask', categoryId: 192, operatorCode: '90', number: '***-**-00' },
    });
  });

  it.each([
    ['random', {}, { type: 'random', categoryId: 192, operatorCode: '90' }],
    ['random', { operatorCode: '' }, { type: 'random', categoryId: 192 }],
    [
      'byNumber',
      { digits: '77-7' },
      { type: 'byNumber', categoryId: 192, operatorCode: '90', number: '777' },
    ],
    ['byGroup', { count: '3' }, { type: 'byGroup', categoryId: 192, operatorCode: '90', count: 3 }],
    [
      'byMask',
      { mask: '12*45ab' },
      { type: 'byMask', categoryId: 192, operatorCode: '90', number: '12*-45-AB' },
    ],
  ] as const)('%s with %j searches %j', (type, over, query) => {
    expect(validateSearch(type, 192, form(over))).toEqual({ ok: true, query });
  });

  it.each([
    ['byNumber', { operatorCode: '' }, 'operatorCode'],
    ['random', { operatorCode: '12' }, 'operatorCode'],
    ['byNumber', { digits: '' }, 'digits'],
    ['byNumber', { digits: '12345678' }, 'digits'],
    ['byNumber', { digits: '12a' }, 'digits'],
    ['byGroup', { count: '1' }, 'count'],
    ['byGroup', { count: '11' }, 'count'],
    ['byGroup', { count: 'x' }, 'count'],
    ['byMask', { mask: '' }, 'mask'],
    ['byMask', { mask: '999-99-9' }, 'mask'],
    ['byMask', { mask: '999-999-9' }, 'mask'],
    ['byMask', { mask: '99#-99-99' }, 'mask'],
  ] as const)('%s with %j is refused: %s', (type, over, problem) => {
    expect(validateSearch(type, 192, form(over))).toEqual({ ok: false, problem });
  });

  it('normalises a mask: letters upper-cased, dashes added to 7 places', () => {
    expect(normaliseMask(' 999aa00 ')).toBe('999-AA-00');
    expect(isValidMask('999-99-99')).toBe(true);
    expect(isValidMask('99-999-99')).toBe(false);
  });
});

describe('the mask (GN4): digits fixed, * any digit, equal letters equal digits, different letters different', () => {
  it('compiles to a GLOB and the places to compare', () => {
    expect(compileMask('9*A-AB-*B')).toEqual({
      glob: '9??????',
      same: [
        [3, 4],
        [5, 7],
      ],
      different: [[3, 5]],
    });
  });

  it.each([
    ['1234500', '***-**-00', true],
    ['1234501', '***-**-00', false],
    ['1234455', '***-AA-BB', true],
    ['1234444', '***-AA-BB', false],
    ['1234456', '***-AA-BB', false],
    ['9123456', '9**-**-**', true],
    ['8123456', '9**-**-**', false],
    ['1231231', 'ABC-AB-CA', true],
  ] as const)('%s against %s: %s', (local, mask, ok) => {
    expect(matchesMask(local, mask)).toBe(ok);
  });
});

describe('selection and price (GN2, GN6)', () => {
  const offer = (n: number, price = 84_200) => ({
    number: `90${String(n).padStart(7, '0')}`,
    categoryId: 192,
    price,
  });

  it('toggles a number in and out, never twice, at most 20 (GN6): the 20th is taken, the 21st is not', () => {
    const one = toggleSelection([], offer(1));
    expect(one).toEqual([offer(1)]);
    expect(toggleSelection(one, offer(1))).toEqual([]);
    expect(canSelectMore(one)).toBe(true);
    // the decision's number, written out: a change of the constant must fail here
    const nineteen = Array.from({ length: 19 }, (_, i) => offer(i));
    expect(canSelectMore(nineteen)).toBe(true);
    const full = toggleSelection(nineteen, offer(50));
    expect(full).toEqual([...nineteen, offer(50)]);
    expect(canSelectMore(full)).toBe(false);
    expect(toggleSelection(full, offer(99))).toEqual(full);
  });

  it('prices include VAT: the VAT part is total × p / (100 + p), rounded to whole sums', () => {
    expect(vatOf(112, 12)).toBe(12);
    expect(vatOf(84_200, 12)).toBe(9021);
    expect(vatOf(84_200, 0)).toBe(0);
    expect(priceSplit([offer(1), offer(2, 1_263_000)], 12)).toEqual({
      total: 1_347_200,
      vat: 144_343,
      net: 1_347_200 - 144_343,
    });
    expect(priceSplit([], 12)).toEqual({ total: 0, vat: 0, net: 0 });
  });

  it('reads the numbers another buyer took from E013 taken:… only', () => {
    const d = takenDescription(['901234567', '937770000']);
    expect(takenNumbersOf('E013', d)).toEqual(['901234567', '937770000']);
    expect(takenNumbersOf('E031', d)).toEqual([]);
    expect(takenNumbersOf('E013', 'wrong value')).toEqual([]);
    expect(takenNumbersOf('E013', undefined)).toEqual([]);
    expect(withoutTaken([offer(1), offer(2)], [offer(1).number])).toEqual([offer(2)]);
  });
});
