import { describe, expect, it } from 'vitest';
import { formatDay, writesDaysLikePortal } from '@/domain/day-order.rules';

describe("a date field's day in the portal's order (TZ2)", () => {
  it.each([
    ['2026-09-06', '06.09.2026'],
    ['2024-02-29', '29.02.2024'],
    ['2026-12-31', '31.12.2026'],
    ['2026-02-30', ''],
    ['2025-02-29', ''],
    ['2026-13-01', ''],
    ['2026-9-6', ''],
    ['', ''],
    ['06.09.2026', ''],
  ])('%s reads %s', (iso, text) => {
    expect(formatDay(iso)).toBe(text);
  });

  it.each([
    ['ru-RU', true],
    ['ru', true],
    ['en-US', false],
    ['en-GB', false],
    ['not a locale!', false],
  ])('a browser in %s writes days as the portal does: %s', (locale, same) => {
    expect(writesDaysLikePortal(locale)).toBe(same);
  });
});
