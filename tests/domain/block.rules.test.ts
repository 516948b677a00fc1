import { describe, expect, it } from 'vitest';
import { blockNeedsSignature, isBlockPaid, toggleActionFor } from '@/domain/block.rules';

describe('toggleActionFor (spec 4 "Toggle")', () => {
  it.each([
    ['A', 'block'],
    ['O', 'block'],
    ['S', 'restore'],
    ['N', null],
    ['T', null],
    ['X', null],
    ['', null],
  ])('%j → %s', (code, expected) => {
    expect(toggleActionFor(code)).toBe(expected);
  });
});

describe('blockNeedsSignature (spec 4 block flow step 3: type 20 applies directly)', () => {
  it.each([
    [20, false],
    [16, true],
    [5, true],
    [null, true],
    [undefined, true],
  ] as [number | null | undefined, boolean][])('type %s → %s', (at, expected) => {
    expect(blockNeedsSignature(at)).toBe(expected);
  });
});

describe('isBlockPaid: paid unless the lock is privileged', () => {
  it.each([
    [true, false],
    [false, true],
  ])('privileged %s → paid %s', (privileged, expected) => {
    expect(isBlockPaid({ privileged })).toBe(expected);
  });
});
