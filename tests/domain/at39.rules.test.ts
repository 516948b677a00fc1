import { describe, expect, it } from 'vitest';
import {
  exceedsLineLimit,
  exceedsPersonLimit,
  hasAllDocuments,
  isAuthCode,
  isBan,
  isEditableStatus,
  isMarkedCode,
  nationalNumber,
  parseAt39Params,
  resumeStep,
} from '@/domain/at39.rules';

describe('AT 39 rules', () => {
  it.each([
    ['draft', true],
    ['documents', true],
    ['rejected', true],
    ['submitted', false],
    ['registered', false],
  ] as const)('a %s registration is editable: %s (AT2)', (status, editable) => {
    expect(isEditableStatus(status)).toBe(editable);
  });

  it.each([
    [4, false],
    [5, true],
    [6, true],
  ])('a person with %i numbers is at the spec 9 limit of 5: %s (AT4)', (n, over) => {
    expect(exceedsPersonLimit(n)).toBe(over);
  });

  it('a line is full when its connections reach its limit (AT5)', () => {
    expect(exceedsLineLimit(0, 0)).toBe(true);
    expect(exceedsLineLimit(499, 500)).toBe(false);
  });

  it.each([
    ['+998 90 700 00 01', '907000001'],
    ['90 700-00-01', '907000001'],
    ['907000001', '907000001'],
    ['90 700', ''],
    ['8 90 700 00 01', ''],
  ])('reads the number %s as %s', (typed, digits) => {
    expect(nationalNumber(typed)).toBe(digits);
  });

  it('checks the formats of code, kit and BAN', () => {
    expect(isAuthCode('abcd2345')).toBe(true);
    expect(isAuthCode('ABC')).toBe(false);
    expect(isMarkedCode('8999801000001')).toBe(true);
    expect(isMarkedCode('89998')).toBe(false);
    expect(isBan('100234561')).toBe(true);
    expect(isBan('10023456')).toBe(false);
  });

  it.each([
    [{ status: 'draft', hasKit: false, hasNumber: false, docsComplete: false }, 'kit'],
    [{ status: 'draft', hasKit: true, hasNumber: false, docsComplete: false }, 'account'],
    [{ status: 'documents', hasKit: true, hasNumber: true, docsComplete: false }, 'documents'],
    [{ status: 'documents', hasKit: true, hasNumber: true, docsComplete: true }, 'submit'],
    [{ status: 'rejected', hasKit: true, hasNumber: false, docsComplete: true }, 'account'],
    [{ status: 'submitted', hasKit: false, hasNumber: false, docsComplete: false }, 'submit'],
  ] as const)('resumes %o at %s (AT7)', (progress, step) => {
    expect(resumeStep(progress)).toBe(step);
  });

  it('needs every document and at least one', () => {
    expect(hasAllDocuments([])).toBe(false);
    expect(hasAllDocuments([{ uploaded: true }, { uploaded: false }])).toBe(false);
    expect(hasAllDocuments([{ uploaded: true }, { uploaded: true }])).toBe(true);
  });

  it('reads the list filter from the URL, dropping what is malformed', () => {
    const q = new URLSearchParams('dt1=2026-11-01&dt2=bad&status=rejected&region=99&q=%20karimov%20&page=3');
    expect(parseAt39Params((n) => q.get(n))).toEqual({
      dt1: '2026-11-01',
      dt2: '',
      status: 'rejected',
      region: null,
      q: 'karimov',
      page: 3,
    });
  });
});
