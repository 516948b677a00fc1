import { describe, expect, it } from 'vitest';
import {
  addDays,
  DEFAULT_DEBT_PARAMS,
  type DebtFacts,
  daysOverdue,
  documentDate,
  matchesDebtFilter,
  nextSort,
  noticeFields,
  pageDebts,
  parseDebtParams,
  sameDebtParams,
  sortDebts,
} from '@/domain/debt.rules';

const today = '2026-03-10';
const acc = (over: Partial<DebtFacts> & { ban: string }): DebtFacts => ({
  company: 'Toshkent Savdo MChJ',
  debt: 1000,
  dueDate: '2026-03-01',
  lastPaymentDate: null,
  lastPaymentAmount: null,
  noticeSentAt: null,
  ...over,
});

describe('daysOverdue: whole days after the due date, 0 on or before it', () => {
  it.each([
    ['2026-03-10', 0],
    ['2026-03-11', 0],
    ['2026-03-09', 1],
    ['2026-02-08', 30],
    ['2025-03-10', 365],
    ['2026-02-28', 10],
    ['bad', 0],
  ])('due %s → %d', (due, days) => {
    expect(daysOverdue(due, today)).toBe(days);
  });
  it('adds days across months and years', () => {
    expect(addDays('2026-12-28', 10)).toBe('2027-01-07');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('matchesDebtFilter', () => {
  const a = acc({ ban: '200100001', company: 'Fargʻona Paxta MChJ', dueDate: '2026-01-09' }); // 60 days
  it.each([
    [{ q: '', minDays: 0, notice: 'all' }, true],
    [{ q: '', minDays: 60, notice: 'all' }, true],
    [{ q: '', minDays: 90, notice: 'all' }, false],
    [{ q: 'FARGONA', minDays: 0, notice: 'all' }, true],
    [{ q: 'fargʻona  paxta', minDays: 0, notice: 'all' }, true],
    [{ q: 'namangan', minDays: 0, notice: 'all' }, false],
    [{ q: '2001', minDays: 0, notice: 'all' }, true],
    [{ q: '0100001', minDays: 0, notice: 'all' }, false],
    [{ q: '', minDays: 0, notice: 'pending' }, true],
    [{ q: '', minDays: 0, notice: 'sent' }, false],
  ] as const)('%j → %s', (p, expected) => {
    expect(matchesDebtFilter(a, p, today)).toBe(expected);
  });
  it('a sent notice passes "sent" and not "pending"; an account not yet overdue never passes', () => {
    const sent = { ...a, noticeSentAt: 1 };
    expect(matchesDebtFilter(sent, { q: '', minDays: 0, notice: 'sent' }, today)).toBe(true);
    expect(matchesDebtFilter(sent, { q: '', minDays: 0, notice: 'pending' }, today)).toBe(false);
    expect(matchesDebtFilter(acc({ ban: '1', dueDate: today }), DEFAULT_DEBT_PARAMS, today)).toBe(false);
  });
});

describe('sortDebts and pageDebts', () => {
  const rows = [
    acc({ ban: '3', company: 'Bekobod', debt: 500, dueDate: '2026-03-01', lastPaymentDate: '2026-01-01' }),
    acc({ ban: '1', company: 'Andijon', debt: 900, dueDate: '2026-02-01', lastPaymentDate: null }),
    acc({ ban: '2', company: 'Chirchiq', debt: 500, dueDate: '2026-03-05', lastPaymentDate: '2026-02-01' }),
  ];
  it.each([
    ['ban', 'asc', ['1', '2', '3']],
    ['ban', 'desc', ['3', '2', '1']],
    ['company', 'asc', ['1', '3', '2']],
    ['debt', 'asc', ['2', '3', '1']],
    ['debt', 'desc', ['1', '3', '2']],
    ['daysOverdue', 'desc', ['1', '3', '2']],
    ['lastPayment', 'asc', ['1', '3', '2']],
  ] as const)('%s %s → %j', (key, dir, bans) => {
    expect(sortDebts(rows, key, dir, today).map((r) => r.ban)).toEqual(bans);
  });
  it('pages the filtered, sorted list and totals the whole filter', () => {
    const p = pageDebts(rows, { ...DEFAULT_DEBT_PARAMS, sort: 'ban', dir: 'asc', page: 2 }, today, 2);
    expect(p.content.map((r) => r.ban)).toEqual(['3']);
    expect([p.total, p.totalPages, p.totalDebt]).toEqual([3, 2, 1900]);
  });
});

describe('notice fields', () => {
  it('numbers the notice per account and day and gives ten days to pay', () => {
    const f = noticeFields(acc({ ban: '200100002', dueDate: '2026-02-08' }), today);
    expect(f).toMatchObject({
      number: 'DN-200100002-20260310',
      date: today,
      payBy: '2026-03-20',
      daysOverdue: 30,
    });
    expect(documentDate(f.payBy)).toBe('20.03.2026');
  });
});

describe('URL parameters', () => {
  const parse = (s: string) => {
    const sp = new URLSearchParams(s);
    return parseDebtParams((n) => sp.get(n));
  };
  it('reads valid values and falls back to the defaults on anything malformed', () => {
    expect(parse('q=Paxta&minDays=60&notice=sent&sort=debt&dir=asc&page=3')).toEqual({
      q: 'Paxta',
      minDays: 60,
      notice: 'sent',
      sort: 'debt',
      dir: 'asc',
      page: 3,
    });
    expect(parse('minDays=45&notice=x&sort=name&dir=up&page=0')).toEqual(DEFAULT_DEBT_PARAMS);
    expect(parse('page=-2')).toEqual(DEFAULT_DEBT_PARAMS);
  });
  it('a header click sorts a new column in its natural direction and flips the current one, back to page 1', () => {
    const p = { ...DEFAULT_DEBT_PARAMS, page: 4 };
    expect(nextSort(p, 'company')).toMatchObject({ sort: 'company', dir: 'asc', page: 1 });
    expect(nextSort(p, 'debt')).toMatchObject({ sort: 'debt', dir: 'desc', page: 1 });
    expect(nextSort(p, 'daysOverdue')).toMatchObject({ sort: 'daysOverdue', dir: 'asc', page: 1 });
    expect(sameDebtParams(p, { ...p })).toBe(true);
    expect(sameDebtParams(p, { ...p, q: 'x' })).toBe(false);
  });
});
