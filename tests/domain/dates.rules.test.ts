import { afterEach, describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  nextTashkentMidnight,
  tashkentDay,
  tashkentDayRange,
  tashkentDayStart,
  tashkentMonth,
  tashkentWallTime,
} from '@/domain/dates.rules';

const at = (iso: string) => Date.parse(iso);

describe('one formatter: every date and time in Tashkent (Asia/Tashkent, UTC+5)', () => {
  it.each([
    // an evening order in UTC is already the next day in Tashkent
    ['2026-11-28T20:30:00Z', '29.11.2026', '29.11.2026 01:30', '2026-11-29'],
    // 18:59 UTC is still the same day there (23:59)
    ['2026-11-28T18:59:00Z', '28.11.2026', '28.11.2026 23:59', '2026-11-28'],
    // exactly Tashkent midnight
    ['2026-11-28T19:00:00Z', '29.11.2026', '29.11.2026 00:00', '2026-11-29'],
    // the year turns five hours before it does in UTC
    ['2026-12-31T19:30:00Z', '01.01.2027', '01.01.2027 00:30', '2027-01-01'],
    ['2026-01-01T06:30:00Z', '01.01.2026', '01.01.2026 11:30', '2026-01-01'],
    // summer: no daylight saving, still UTC+5
    ['2026-07-15T12:00:00Z', '15.07.2026', '15.07.2026 17:00', '2026-07-15'],
  ])('%s → %s / %s / %s', (instant, date, dateTime, day) => {
    expect(formatDate(at(instant))).toBe(date);
    expect(formatDate(instant)).toBe(date);
    expect(formatDate(new Date(instant))).toBe(date);
    expect(formatDateTime(instant)).toBe(dateTime);
    expect(tashkentDay(instant)).toBe(day);
  });

  it('an unreadable instant: a text is shown as it came, a number as nothing', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDate(Number.NaN)).toBe('');
    expect(tashkentDay(Number.NaN)).toBe('');
    expect(tashkentWallTime(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('the month of an instant is Tashkent’s (the October sale starts at 19:00 UTC on 30 September)', () => {
    expect(tashkentMonth(at('2026-09-30T19:00:00Z'))).toBe(10);
    expect(tashkentMonth(at('2026-09-30T18:59:59Z'))).toBe(9);
  });
});

describe('the same text whatever zone the process runs in', () => {
  const saved = process.env.TZ;
  afterEach(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });

  const instants = [
    '2026-11-28T20:30:00Z',
    '2026-11-28T18:59:00Z',
    '2026-12-31T19:30:00Z',
    '2026-03-08T07:00:00Z', // New York's daylight saving starts that day
  ];
  const render = () =>
    instants.map((i) => [formatDate(i), formatDateTime(i), tashkentDay(i), nextTashkentMidnight(at(i))]);

  it('UTC and America/New_York give identical dates, times, days and midnights', () => {
    process.env.TZ = 'UTC';
    const inUtc = render();
    const utcHour = new Date(at('2026-11-28T20:30:00Z')).getHours();
    process.env.TZ = 'America/New_York';
    const inNewYork = render();
    // the zone did change for Date's local getters: the formatter does not follow it
    expect(new Date(at('2026-11-28T20:30:00Z')).getHours()).not.toBe(utcHour);
    expect(inNewYork).toEqual(inUtc);
    expect(inUtc[0]).toEqual(['29.11.2026', '29.11.2026 01:30', '2026-11-29', at('2026-11-29T19:00:00Z')]);
  });
});

describe('Tashkent days as epoch bounds (filters "from/to", a block’s midnight)', () => {
  it('a day starts at its 00:00 in Tashkent, 19:00 UTC the day before', () => {
    expect(tashkentDayStart('2026-11-29')).toBe(at('2026-11-28T19:00:00Z'));
    expect(tashkentDayStart('2027-01-01')).toBe(at('2026-12-31T19:00:00Z'));
    expect(tashkentDayStart('2026-02-30')).toBeNaN();
    expect(tashkentDayStart('29.11.2026')).toBeNaN();
  });

  it('a range includes both whole days: [from 00:00, the day after to 00:00)', () => {
    expect(tashkentDayRange('2026-11-28', '2026-11-29')).toEqual({
      start: at('2026-11-27T19:00:00Z'),
      end: at('2026-11-29T19:00:00Z'),
    });
    const bad = tashkentDayRange('x', '2026-11-29');
    expect(bad.start).toBeNaN();
  });

  it.each([
    // 01:00 on the 29th in Tashkent → the coming midnight is the 30th's
    ['2026-11-28T20:00:00Z', '2026-11-29T19:00:00Z'],
    // 23:59 on the 28th → the 29th's midnight, one minute away
    ['2026-11-28T18:59:00Z', '2026-11-28T19:00:00Z'],
    // at midnight exactly → the next one, a day later
    ['2026-11-28T19:00:00Z', '2026-11-29T19:00:00Z'],
    ['2026-12-31T12:00:00Z', '2026-12-31T19:00:00Z'],
  ])('the first Tashkent midnight after %s is %s', (now, next) => {
    expect(nextTashkentMidnight(at(now))).toBe(at(next));
  });
});
