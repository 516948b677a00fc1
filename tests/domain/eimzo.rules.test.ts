import { describe, expect, it } from 'vitest';
import {
  eimzoInstalledVersion,
  hasEimzoNewApi,
  isEimzoVersionSupported,
  isKeyExpired,
  pickSigningKey,
} from '@/domain/eimzo.rules';

describe('eimzoInstalledVersion: major*100 + minor', () => {
  it.each([
    ['4', '40', 440],
    [4, 40, 440],
    ['3', '36', 336],
    ['4', '64', 464],
    ['6', '4', 604],
    ['4', '39', 439],
    ['x', '1', 1],
    ['', '', 0],
    ['-1', '50', 50],
  ] as [string | number, string | number, number][])('(%j, %j) → %i', (major, minor, expected) => {
    expect(eimzoInstalledVersion(major, minor)).toBe(expected);
  });
});

describe('isEimzoVersionSupported: minimum 4.40', () => {
  it.each([
    [0, false],
    [336, false],
    [439, false],
    [440, true],
    [464, true],
    [604, true],
  ])('%i → %s', (v, expected) => {
    expect(isEimzoVersionSupported(v)).toBe(expected);
  });
});

describe('hasEimzoNewApi: from 3.36', () => {
  it.each([
    [0, false],
    [335, false],
    [336, true],
    [440, true],
  ])('%i → %s', (v, expected) => {
    expect(hasEimzoNewApi(v)).toBe(expected);
  });
});

describe('pickSigningKey (spec 4): TIN matches, expired keys skipped', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const listed = (alias: string, tin: string | null, validTo: Date) => ({
    alias,
    tin,
    expired: isKeyExpired(validTo, now),
  });
  const expired = listed('expired', '201234567', new Date('2025-06-15T11:59:59Z'));
  const other = listed('other', '309999999', new Date('2030-01-01T00:00:00Z'));
  const good = listed('good', '201234567', new Date('2030-01-01T00:00:00Z'));
  const second = listed('second', '201234567', new Date('2031-01-01T00:00:00Z'));
  const endsNow = listed('endsNow', '201234567', now);
  const noTin = listed('noTin', null, new Date('2030-01-01T00:00:00Z'));
  it.each([
    ['matching valid key', [other, good], '201234567', 'good'],
    ['expired key is skipped', [expired, good], '201234567', 'good'],
    ['only expired', [expired, other], '201234567', undefined],
    ['no matching TIN', [good], '300000000', undefined],
    ['no keys', [], '201234567', undefined],
    ['first fitting key wins', [second, good], '201234567', 'second'],
    ['valid until exactly now', [endsNow], '201234567', 'endsNow'],
    ['TIN compared trimmed', [good], ' 201234567 ', 'good'],
    ['a key without a TIN never fits', [noTin], '201234567', undefined],
    ['a user without a tax id gets none', [good], null, undefined],
  ] as [string, (typeof good)[], string | null, string | undefined][])('%s', (_, keys, tin, expected) => {
    expect(pickSigningKey(keys, tin)?.alias).toBe(expected);
  });
});
