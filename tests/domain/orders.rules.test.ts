import { describe, expect, it } from 'vitest';
import {
  canAddRow,
  canMoveOrder,
  canRemoveRow,
  EMPTY_ROW,
  firstRowProblem,
  isRealDay,
  pageCount,
  pageOf,
  parseOrdersParams,
  rowProblem,
  sameOrdersRange,
  validateRange,
} from '@/domain/orders.rules';

describe('order lifecycle (GN8)', () => {
  it.each([
    ['created', 'paid', true],
    ['created', 'cancelled', true],
    ['paid', 'issued', true],
    ['paid', 'cancelled', true],
    ['issued', 'cancelled', false],
    ['cancelled', 'paid', false],
    ['created', 'issued', false],
  ] as const)('%s → %s: %s', (from, to, ok) => expect(canMoveOrder(from, to)).toBe(ok));
});

describe('date range (spec 5)', () => {
  it.each([
    [{ from: '', to: '2026-01-01', ban: '' }, 'dateRange'],
    [{ from: '2026-01-01', to: '', ban: '' }, 'dateRange'],
    [{ from: '2026-02-30', to: '2026-03-01', ban: '' }, 'badDate'],
    [{ from: '2026-03-02', to: '2026-03-01', ban: '' }, 'badDate'],
    [{ from: '2024-01-01', to: '2026-03-01', ban: '' }, 'badDate'],
    [{ from: '2026-03-01', to: '2026-03-01', ban: '12' }, 'ban'],
    [{ from: '2026-03-01', to: '2026-03-01', ban: '' }, null],
    [{ from: '2026-01-01', to: '2026-12-31', ban: '100234561' }, null],
  ])('%j → %s', (p, problem) => expect(validateRange(p)).toBe(problem));

  it('knows real days', () => {
    expect(isRealDay('2028-02-29')).toBe(true);
    expect(isRealDay('2026-02-29')).toBe(false);
    expect(isRealDay('26-02-01')).toBe(false);
  });

  it('reads the URL, keeping a malformed date to report it, page 1 unless a positive number', () => {
    const sp = new URLSearchParams('from=2026-02-30&to=2026-03-01&ban=100 234 561&page=x');
    expect(parseOrdersParams((n) => sp.get(n))).toEqual({
      from: '2026-02-30',
      to: '2026-03-01',
      ban: '100234561',
      page: 1,
    });
    expect(
      sameOrdersRange({ from: 'a', to: 'b', ban: '', page: 1 }, { from: 'a', to: 'b', ban: '', page: 3 }),
    ).toBe(true);
  });

  it('pages a list by 20', () => {
    const rows = Array.from({ length: 45 }, (_, i) => i);
    expect(pageOf(rows, 3)).toEqual([40, 41, 42, 43, 44]);
    expect(pageCount(45)).toBe(3);
    expect(pageCount(0)).toBe(0);
  });
});

describe('the order repeater (spec 5)', () => {
  const row = { ...EMPTY_ROW, category: '192', tariff: 'Biznes 50' };
  it('cannot go below one row', () => {
    expect(canRemoveRow([row])).toBe(false);
    expect(canRemoveRow([row, row])).toBe(true);
    expect(canAddRow([row])).toBe(true);
  });
  it.each([
    [{ kolvo: '0' }, 'kolvo'],
    [{ kolvo: '10001' }, 'kolvo'],
    [{ category: '' }, 'category'],
    [{ tariff: '' }, 'tariff'],
    [{ nominal: '-5' }, 'nominal'],
    [{ nominal: '' }, null],
    [{}, null],
  ])('%j → %s', (over, problem) => expect(rowProblem({ ...row, ...over })).toBe(problem));
  it('names the first invalid row', () => {
    expect(firstRowProblem([row, { ...row, tariff: '' }])).toEqual({ index: 1, problem: 'tariff' });
    expect(firstRowProblem([row])).toBeNull();
  });
});
