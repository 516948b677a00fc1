import { describe, expect, it } from 'vitest';
import {
  numberLookalike,
  parseSearch,
  type SearchParse,
  searchDigits,
  snOfDigits,
} from '@/domain/search.rules';

describe("parseSearch 'choose' (spec 5): strip non-digits; >10 digits MANYINVALID; 89[01]+7 digits sn; 9 digits ban", () => {
  const MANYINVALID: SearchParse = { ok: false, error: 'MANYINVALID' };
  const sn = (value: string): SearchParse => ({ ok: true, kind: 'sn', value });
  const ban = (value: string): SearchParse => ({ ok: true, kind: 'ban', value });
  it.each([
    ['empty', '', MANYINVALID],
    ['spaces only', '   ', MANYINVALID],
    ['letters only', 'abc', MANYINVALID],
    ['sn 890…', '8901234567', sn('8901234567')],
    ['sn 891…', '8911234567', sn('8911234567')],
    ['sn with dashes', '890-123-45-67', sn('8901234567')],
    ['sn with spaces', ' 89 0 123 45 67 ', sn('8901234567')],
    ['sn in brackets', '(890) 123-45-67', sn('8901234567')],
    ['10 digits 892… is not an sn', '8921234567', MANYINVALID],
    ['10 digits not starting with 89', '1234567890', MANYINVALID],
    ['10 digits 990…', '9901234567', MANYINVALID],
    ['ban, 9 digits', '123456789', ban('123456789')],
    ['ban with dashes', '12-345-6789', ban('123456789')],
    ['ban with text around', 'BAN: 123456789.', ban('123456789')],
    ['9 digits starting with 89 is a ban', '890123456', ban('890123456')],
    ['9 zeros', '000000000', ban('000000000')],
    ['8 digits', '12345678', MANYINVALID],
    ['1 digit', '7', MANYINVALID],
    ['11 digits', '89012345678', MANYINVALID],
    ['the portal’s own format +998 90 123 45 67 is a number', '+998 90 123 45 67', sn('8901234567')],
    ['+998 (90) 123-45-67', '+998 (90) 123-45-67', sn('8901234567')],
    ['998901234567 without the plus', '998901234567', sn('8901234567')],
    ['+998 91 …', '+998 91 123 45 67', sn('8911234567')],
    ['+998 71 … (a landline) is no sn', '+998 71 283 06 69', MANYINVALID],
    ['13 digits starting 998', '9989012345678', MANYINVALID],
    ['14 digits', '12345678901234', MANYINVALID],
  ])('%s: %j', (_, input, expected) => {
    expect(parseSearch('choose', input)).toEqual(expected);
  });
});

describe("parseSearch 'editing' (spec 5): at least 3 characters, else SHORT3", () => {
  const SHORT3: SearchParse = { ok: false, error: 'SHORT3' };
  const query = (value: string): SearchParse => ({ ok: true, kind: 'query', value });
  it.each([
    ['', SHORT3],
    ['a', SHORT3],
    ['ab', SHORT3],
    ['  ab  ', SHORT3],
    ['     ', SHORT3],
    ['12', SHORT3],
    ['abc', query('abc')],
    ['  abc ', query('abc')],
    ['123', query('123')],
    ['иван', query('иван')],
    ['a b', query('a b')],
    ['8901234567', query('8901234567')],
  ])('%j', (input, expected) => {
    expect(parseSearch('editing', input)).toEqual(expected);
  });
});

describe('searchDigits: the country code 998 reads as the domestic 8', () => {
  it.each([
    ['+998 90 123 45 67', '8901234567'],
    ['998 90 123 45 67', '8901234567'],
    ['8 90 123 45 67', '8901234567'],
    ['100234561', '100234561'],
    ['99890123456', '99890123456'],
  ])('%j → %j', (input, expected) => {
    expect(searchDigits(input)).toBe(expected);
  });
});

describe('numberLookalike: a 9-digit BAN that could be a number without its leading 8', () => {
  it.each([
    ['901234567', '8901234567'],
    ['911002030', '8911002030'],
    ['100234561', null],
    ['931234567', null],
    ['90123456', null],
  ])('%j → %j', (ban, expected) => {
    expect(numberLookalike(ban)).toBe(expected);
  });
});

describe('snOfDigits: the one number rule of the search box and the server lookup (spec 5 "89[01]…")', () => {
  it('reads the domestic, international and bare forms of a 90/91 number as its nine digits', () => {
    expect(['8901234567', '998901234567', '901234567', '8911234567', '911234567'].map(snOfDigits)).toEqual([
      '901234567',
      '901234567',
      '901234567',
      '911234567',
      '911234567',
    ]);
  });

  it('refuses what the search box refuses: other operator codes, wrong lengths, non-digits', () => {
    const refused = ['8931234567', '998991234567', '931234567', '89012345', '89012345678', '', '890123456a'];
    expect(refused.map(snOfDigits)).toEqual(refused.map(() => undefined));
  });

  it('agrees with parseSearch on every 10-digit input starting with 89', () => {
    for (let third = 0; third <= 9; third++) {
      const digits = `89${third}1234567`;
      const box = parseSearch('choose', digits);
      expect(snOfDigits(digits) !== undefined, digits).toBe(box.ok && box.kind === 'sn');
    }
  });
});
