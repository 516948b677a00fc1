import { describe, expect, it } from 'vitest';
import { formatPhone } from '@/domain/phone.rules';
import {
  DEFAULT_NUMBERS_PARAMS,
  filterDigits,
  numbersSearch,
  parseNumbersSearch,
} from '@/views/numbers/numbers.url';

describe('parseNumbersSearch', () => {
  it.each([
    ['', DEFAULT_NUMBERS_PARAMS],
    ['?status=blocked&page=3&q=9012', { status: 'blocked', page: 3, q: '9012' }],
    ['status=pending', { status: 'pending', page: 1, q: '' }],
    ['?status=all&page=1', { status: 'all', page: 1, q: '' }],
    ['?status=ALL', DEFAULT_NUMBERS_PARAMS],
    ['?status=terminated', DEFAULT_NUMBERS_PARAMS],
    ['?page=0', DEFAULT_NUMBERS_PARAMS],
    ['?page=-2', DEFAULT_NUMBERS_PARAMS],
    ['?page=2.5', DEFAULT_NUMBERS_PARAMS],
    ['?page=1e3', DEFAULT_NUMBERS_PARAMS],
    ['?page=99999999', DEFAULT_NUMBERS_PARAMS],
    ['?page=1000000', { status: 'active', page: 1_000_000, q: '' }],
    ['?q=90-12 a', { status: 'active', page: 1, q: '9012' }],
    ['?q=123456789012345678901234', { status: 'active', page: 1, q: '12345678901234567890' }],
  ])('%j → %j', (search, expected) => {
    expect(parseNumbersSearch(search)).toEqual(expected);
  });
});

describe('numbersSearch', () => {
  it('writes the tab always, page and filter only when not default', () => {
    expect(numbersSearch({ status: 'active', page: 1, q: '' })).toBe('status=active');
    expect(numbersSearch({ status: 'blocked', page: 4, q: '90' })).toBe('status=blocked&page=4&q=90');
  });

  it('keeps unrelated parameters and drops stale page / filter', () => {
    expect(numbersSearch({ status: 'all', page: 1, q: '' }, 'tab=info&page=7&q=1&status=active')).toBe(
      'tab=info&status=all',
    );
  });

  it('round-trips through parseNumbersSearch', () => {
    const p = { status: 'pending', page: 12, q: '901' } as const;
    expect(parseNumbersSearch(numbersSearch(p))).toEqual(p);
  });
});

describe('filterDigits', () => {
  it.each([
    ['901234567', '901234567'],
    ['90 123-45-67', '901234567'],
    ['+998 90 123 45 67', '901234567'],
    ['998901234567', '901234567'],
    ['+998', ''],
    ['998', '998'],
    ['99890', '99890'],
    ['+99890', '90'],
    ['abc', ''],
    ['1'.repeat(30), '1'.repeat(20)],
  ])('%j → %j', (input, expected) => {
    expect(filterDigits(input)).toBe(expected);
  });
});

describe('formatPhone', () => {
  it.each([
    ['901234567', '+998 90 123 45 67'],
    ['998712345678', '+998 71 234 56 78'],
    ['+998 71 234 56 78', '+998 71 234 56 78'],
    ['12345', '12345'],
    ['1234567890123', '1234567890123'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
});
