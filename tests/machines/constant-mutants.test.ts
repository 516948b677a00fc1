import { describe, expect, it } from 'vitest';
import { constantMutantsOf } from '../../scripts/constant-mutants';

describe('constant mutants (scripts/constant-mutants.ts)', () => {
  it('moves each exported numeric constant one up and one down, as a whole when it is a product', () => {
    const text = [
      'export const PAGE = 20;',
      'export const BYTES = 4 * 1024;',
      'export const FIRST = 0;',
      'export const BIG = 1_000;',
      'const LOCAL = 5;',
      "export const NAME = 'x';",
    ].join('\n');
    const got = constantMutantsOf('src/domain/x.rules.ts', text).map((m) => [m.id, m.find, m.replace]);
    expect(got).toEqual([
      ['x.rules:PAGE+1', 'export const PAGE = 20;', 'export const PAGE = 21;'],
      ['x.rules:PAGE-1', 'export const PAGE = 20;', 'export const PAGE = 19;'],
      ['x.rules:BYTES+1', 'export const BYTES = 4 * 1024;', 'export const BYTES = 4 * 1024 + 1;'],
      ['x.rules:BYTES-1', 'export const BYTES = 4 * 1024;', 'export const BYTES = 4 * 1024 - 1;'],
      ['x.rules:FIRST+1', 'export const FIRST = 0;', 'export const FIRST = 1;'],
      ['x.rules:BIG+1', 'export const BIG = 1_000;', 'export const BIG = 1001;'],
      ['x.rules:BIG-1', 'export const BIG = 1_000;', 'export const BIG = 999;'],
    ]);
  });

  it('leaves out a line that occurs twice (its find would not say which)', () => {
    expect(constantMutantsOf('src/domain/y.ts', 'export const A = 1;\nexport const A = 1;')).toEqual([]);
  });
});
