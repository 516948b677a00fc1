import { describe, expect, it } from 'vitest';
import {
  canAddRow,
  canMoveOrder,
  canRemoveRow,
  draftOfWireRow,
  EMPTY_ROW,
  exceedsBalance,
  firstRowProblem,
  isRealDay,
  MAX_ORDER_ROWS,
  moneyOfMove,
  ORDER_NOMINAL_MAX,
  ORDER_ROW_MAX_COUNT,
  orderProblems,
  orderTotal,
  pageCount,
  pageOf,
  parseOrdersParams,
  parseRowsDraft,
  rowProblem,
  rowProblems,
  rowToWire,
  sameOrdersRange,
  validateRange,
  withoutRow,
  withRow,
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

describe('the money of a move (PRM1, PRM2: paid means the total left the balance)', () => {
  it.each([
    ['golden', 'paid', 'cancelled', { debit: 0, refund: 500 }],
    ['golden', 'paid', 'issued', { debit: 0, refund: 0 }],
    ['new', 'created', 'paid', { debit: 500, refund: 0 }],
    ['new', 'created', 'cancelled', { debit: 0, refund: 0 }],
    ['new', 'paid', 'cancelled', { debit: 0, refund: 500 }],
    ['new', 'paid', 'issued', { debit: 0, refund: 0 }],
    // a move the lifecycle forbids moves no money
    ['golden', 'issued', 'cancelled', { debit: 0, refund: 0 }],
    ['new', 'cancelled', 'paid', { debit: 0, refund: 0 }],
  ] as const)('%s order %s → %s: %j', (kind, status, to, money) =>
    expect(moneyOfMove({ kind, status, total: 500 }, to)).toEqual(money),
  );
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
    [{ kolvo: '1001' }, 'kolvo'],
    [{ kolvo: '1000' }, null],
    [{ kolvo: '1.5' }, 'kolvo'],
    [{ nominal: '1000000' }, null],
    [{ nominal: '1000001' }, 'nominal'],
    [{ nominal: '1.5' }, 'nominal'],
    [{ nominal: '1e21' }, 'nominal'],
    [{ category: '' }, 'category'],
    [{ tariff: '' }, 'tariff'],
    [{ nominal: '-5' }, 'nominal'],
    [{ nominal: '' }, null],
    [{}, null],
    // typed as the portal writes amounts: group spaces are taken, other separators are not
    [{ nominal: '10 000' }, null],
    [{ nominal: '10\u00A0000' }, null],
    [{ nominal: '1 000 000' }, null],
    [{ nominal: '1 000 001' }, 'nominal'],
    [{ kolvo: '1 000' }, null],
    [{ nominal: '10 00' }, 'nominal'],
    [{ nominal: '10,000' }, 'nominal'],
    [{ nominal: '1 0000' }, 'nominal'],
  ])('%j → %s', (over, problem) => expect(rowProblem({ ...row, ...over })).toBe(problem));
  it('sends and sums a grouped amount as its number', () => {
    expect(rowToWire({ ...row, kolvo: '1 000', nominal: '10 000' })).toMatchObject({
      kolvo: 1000,
      nominal: 10000,
    });
    expect(orderTotal([{ kolvo: '2', category: '192', nominal: '10 000' }], () => 5)).toBe(2 * 10_005);
  });
  it('names the first invalid row', () => {
    expect(firstRowProblem([row, { ...row, tariff: '' }])).toEqual({ index: 1, problem: 'tariff' });
    expect(firstRowProblem([row])).toBeNull();
  });
  it('states its bounds once (PRM3, PRM4)', () => {
    expect([ORDER_ROW_MAX_COUNT, ORDER_NOMINAL_MAX]).toEqual([1_000, 1_000_000]);
  });
});

describe('a row is what the catalogue offers (security finding 28, PRM3)', () => {
  const catalogue = {
    categories: [{ id: '192' }, { id: '79' }],
    pricePlans: [{ id: '1' }, { id: '2' }],
    services: [{ id: 'IP_M5' }],
  };
  const ok = { kolvo: '2', category: '192', tariff: '1', services: ['IP_M5'], nominal: '' };
  it.each([
    [{}, []],
    [{ category: '999' }, ['category']],
    [{ tariff: 'Biznes 50' }, ['tariff']],
    [{ services: ['IP_M5', 'roaming'] }, ['services']],
    [{ kolvo: '0', category: '', nominal: 'x' }, ['kolvo', 'category', 'nominal']],
  ])('%j → %j', (over, problems) => expect(rowProblems({ ...ok, ...over }, catalogue)).toEqual(problems));
  it('without a catalogue only checks what needs none', () => {
    expect(rowProblems({ ...ok, category: '999', services: ['x'] })).toEqual([]);
  });
  it('lists every wrong field of every row', () => {
    expect(orderProblems([ok, { ...ok, tariff: '9', nominal: '-1' }], catalogue)).toEqual([
      { index: 1, field: 'tariff' },
      { index: 1, field: 'nominal' },
    ]);
  });
  it.each([
    [{ kolvo: 2, category: 192, tariff: 1, services: ['IP_M5'], nominal: 0 }, []],
    [{ kolvo: 1.5, category: 192, tariff: 1 }, ['kolvo']],
    [{ kolvo: 2, category: 192, tariff: 1, nominal: 1500.5 }, ['nominal']],
    [{ kolvo: 2, category: 192, tariff: 1, nominal: 1e21 }, ['nominal']],
    [{ kolvo: -1, category: 192, tariff: 1, nominal: null }, ['kolvo']],
  ])('a wire row %j is read with the same rule: %j', (wire, problems) =>
    expect(rowProblems(draftOfWireRow(wire), catalogue)).toEqual(problems),
  );
});

describe('the order repeater: rows, sum and balance (spec 3 "New-number order row", spec 5, GN12)', () => {
  const row = { ...EMPTY_ROW, category: '192', tariff: '2' };
  const price = (id: string) => ({ '192': 84_200, '122': 0, '79': 1_263_000 })[id] ?? 0;
  it('stops adding at the contract limit', () => {
    expect(canAddRow(Array.from({ length: MAX_ORDER_ROWS - 1 }, () => row))).toBe(true);
    expect(canAddRow(Array.from({ length: MAX_ORDER_ROWS }, () => row))).toBe(false);
  });
  it('removes the row asked for, never the last one', () => {
    const b = { ...row, kolvo: '2' };
    expect(withoutRow([row, b], 0)).toEqual([b]);
    expect(withoutRow([row, b], 1)).toEqual([row]);
    expect(withoutRow([row], 0)).toEqual([row]);
  });
  it('changes one row only', () => {
    expect(withRow([row, row], 1, { kolvo: '7' })).toEqual([row, { ...row, kolvo: '7' }]);
  });
  it.each([
    [[{ kolvo: '3', category: '192', nominal: '10000' }], 3 * (84_200 + 10_000)],
    [[{ kolvo: '1', category: '122', nominal: '' }], 0],
    [
      [
        { kolvo: '2', category: '79', nominal: '' },
        { kolvo: '1', category: '192', nominal: '5' },
      ],
      2 * 1_263_000 + 84_205,
    ],
    [[{ kolvo: 'x', category: '192', nominal: '' }], 0],
    [[{ kolvo: '2', category: '', nominal: '100' }], 0],
    [[{ kolvo: 2, category: '192', nominal: null }], 168_400],
  ])('sum of %j is %d', (rows, total) => expect(orderTotal(rows, price)).toBe(total));
  it.each([
    [100, 99, true],
    [100, 100, false],
    [100, null, false],
    [0, 0, false],
  ])('total %d over balance %s: %s (E031)', (total, balance, over) =>
    expect(exceedsBalance(total, balance)).toBe(over),
  );
  it('sends counts and nominals as numbers, leaving out an empty nominal', () => {
    expect(rowToWire({ ...row, kolvo: ' 3 ', nominal: '1000', services: ['IP_M5'] })).toEqual({
      kolvo: 3,
      category: '192',
      tariff: '2',
      services: ['IP_M5'],
      nominal: 1000,
    });
    expect(rowToWire(row)).toEqual({ kolvo: 1, category: '192', tariff: '2', services: [] });
  });
  it('reads a kept draft back, and nothing that is not one', () => {
    const rows = [row, { ...row, services: ['IP_M5'] }];
    expect(parseRowsDraft(JSON.stringify(rows))).toEqual(rows);
    expect(parseRowsDraft(null)).toBeNull();
    expect(parseRowsDraft('not json')).toBeNull();
    expect(parseRowsDraft('[]')).toBeNull();
    expect(parseRowsDraft(JSON.stringify([{ ...row, kolvo: 3 }]))).toBeNull();
    expect(parseRowsDraft(JSON.stringify([{ ...row, services: [1] }]))).toBeNull();
    expect(parseRowsDraft(JSON.stringify([{ ...row, tariff: 'x'.repeat(41) }]))).toBeNull();
  });
});
