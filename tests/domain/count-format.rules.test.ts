import { describe, expect, it } from 'vitest';
import { formatCount } from '@/domain/count-format.rules';

/** One truth: every count reads the same, `9 553` (groups of three joined by U+00A0), four digits too. */
describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [9553, '9\u00A0553'],
    [12000, '12\u00A0000'],
    [1234567, '1\u00A0234\u00A0567'],
    [-9603, '-9\u00A0603'],
  ])('%d reads %j', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });

  it('rounds to whole units and never uses a narrow or breaking space', () => {
    expect(formatCount(9552.6)).toBe('9\u00A0553');
    expect(formatCount(1_000_000)).not.toMatch(/[ \u202F]/);
  });
});
