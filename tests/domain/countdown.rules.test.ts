import { describe, expect, it } from 'vitest';
import { formatCountdown } from '@/domain/countdown.rules';
import { waitSecondsOf } from '@/domain/errors';

describe('formatCountdown', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [42, '0:42'],
    [60, '1:00'],
    [245, '4:05'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
    [1.2, '0:02'],
    [-3, '0:00'],
    [Number.NaN, '0:00'],
  ])('%s s reads %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });
});

describe('waitSecondsOf (E137/E138 carry the seconds to wait in their description)', () => {
  it.each([
    ['E138', '60', 60],
    ['E138', ' 7 ', 7],
    ['E137', '900', 900],
    ['E138', '86400', 86_400],
    ['E138', '86401', null],
    ['E138', '0', null],
    ['E138', '-5', null],
    ['E138', '1.5', null],
    ['E138', 'soon', null],
    ['E138', undefined, null],
    ['E138', null, null],
    ['E012', '60', null],
  ] as const)('%s with %j → %s', (code, description, seconds) => {
    expect(waitSecondsOf(code, description)).toBe(seconds);
  });
});
