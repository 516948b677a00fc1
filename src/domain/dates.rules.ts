/**
 * Dates and times as the portal reads and writes them (docs/decisions.md TZ1): always Tashkent's, whatever zone the
 * browser or the server runs in. One `Intl.DateTimeFormat` with `timeZone: 'Asia/Tashkent'` gives an instant's wall
 * clock as parts; every date shown (`dd.mm.yyyy`, `dd.mm.yyyy HH:mm`), every "today", every day a filter chooses and
 * the midnight a block waits for come from those parts. The text is assembled from `formatToParts` numbers, so it does
 * not depend on the runtime's locale data (Chromium lacks some of Uzbek's); a month's name, if one is ever shown,
 * comes from src/i18n, not from Intl.
 */

/** The portal's zone: Uzbekistan, UTC+5 all year (no daylight saving), read through Intl rather than hard-coded. */
export const PORTAL_TIME_ZONE = 'Asia/Tashkent';

/** Spec 9 "default locale ru-RU": the locale the parts are asked in (latn digits); the text itself is assembled. */
const PARTS_LOCALE = 'ru-RU';

const DAY_MS = 86_400_000;

/** A wall-clock reading in Tashkent; month 1..12, hour 0..23. */
export interface TashkentWallTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

let partsFormat: Intl.DateTimeFormat | undefined;
/** Built on first use and kept: constructing an Intl.DateTimeFormat costs far more than formatting with it. */
function format(): Intl.DateTimeFormat {
  partsFormat ??= new Intl.DateTimeFormat(PARTS_LOCALE, {
    timeZone: PORTAL_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return partsFormat;
}

/** Tashkent's wall clock at an epoch-ms instant; null when the instant is not a finite number. */
export function tashkentWallTime(ms: number): TashkentWallTime | null {
  if (!Number.isFinite(ms)) return null;
  const at: Record<string, number> = {};
  for (const part of format().formatToParts(ms)) {
    if (part.type !== 'literal') at[part.type] = Number(part.value);
  }
  return {
    year: at.year ?? Number.NaN,
    month: at.month ?? Number.NaN,
    day: at.day ?? Number.NaN,
    // h23 gives 0..23; an engine that still says 24 for midnight is read as 0
    hour: (at.hour ?? Number.NaN) % 24,
    minute: at.minute ?? Number.NaN,
    second: at.second ?? Number.NaN,
  };
}

/** An instant given as epoch ms, a `Date` or an ISO text (as the wire carries it). */
export type Instant = number | string | Date;

const msOf = (at: Instant): number =>
  typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime();

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD` of an instant in Tashkent: the day a document is dated, "today" of a filter; '' when unreadable. */
export function tashkentDay(at: Instant): string {
  const w = tashkentWallTime(msOf(at));
  return w ? `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}` : '';
}

/** `dd.mm.yyyy` of an instant in Tashkent. An unreadable instant: a text is shown as it came, anything else as ''. */
export function formatDate(at: Instant): string {
  const w = tashkentWallTime(msOf(at));
  if (!w) return typeof at === 'string' ? at : '';
  return `${pad(w.day)}.${pad(w.month)}.${pad(w.year, 4)}`;
}

/** `dd.mm.yyyy HH:mm` of an instant in Tashkent (24-hour clock). Unreadable as in `formatDate`. */
export function formatDateTime(at: Instant): string {
  const w = tashkentWallTime(msOf(at));
  if (!w) return typeof at === 'string' ? at : '';
  return `${pad(w.day)}.${pad(w.month)}.${pad(w.year, 4)} ${pad(w.hour)}:${pad(w.minute)}`;
}

/** The month (1..12) an instant falls in, in Tashkent (the seasonal sale widget). NaN when unreadable. */
export function tashkentMonth(at: Instant): number {
  return tashkentWallTime(msOf(at))?.month ?? Number.NaN;
}

/** How far Tashkent's wall clock is ahead of UTC at an instant, in ms (5 h all year; read from Intl, not assumed). */
function offsetAt(ms: number): number {
  const w = tashkentWallTime(ms);
  if (!w) return Number.NaN;
  const wall = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/** Epoch ms of 00:00 in Tashkent of a calendar day (month 1..12; days past the month's end roll over, as Date.UTC). */
function startOfWallDay(year: number, month: number, day: number): number {
  const utcMidnight = Date.UTC(year, month - 1, day);
  const guess = utcMidnight - offsetAt(utcMidnight);
  // a zone whose offset changed between the two readings: the offset at the guess itself is the right one
  return utcMidnight - offsetAt(guess);
}

/**
 * Epoch ms at which a `YYYY-MM-DD` day starts in Tashkent (00:00 there, 19:00 UTC of the day before); NaN when the
 * text is not such a day.
 */
export function tashkentDayStart(iso: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return Number.NaN;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d)
    return Number.NaN;
  return startOfWallDay(y, mo, d);
}

/**
 * Epoch-ms bounds `[start, end)` of a range of Tashkent days, both included: `from` starts at its 00:00 in Tashkent,
 * `to` runs to the end of that day. NaN bounds when a day is unreadable.
 */
export function tashkentDayRange(from: string, to: string): { readonly start: number; readonly end: number } {
  const last = tashkentDayStart(to);
  const end = Number.isNaN(last) ? Number.NaN : nextTashkentMidnight(last);
  return { start: tashkentDayStart(from), end };
}

/**
 * The first Tashkent midnight strictly after `now` (spec 4 "Block takes effect after 00:00"): a pure function of the
 * instant, the same whatever zone the process runs in.
 */
export function nextTashkentMidnight(now: number): number {
  const w = tashkentWallTime(now);
  if (!w) return Number.NaN;
  const next = startOfWallDay(w.year, w.month, w.day + 1);
  // a day longer than 24 h can only come from a zone change; a day's start is at most one day ahead
  return next > now ? next : next + DAY_MS;
}
