/**
 * A day written in the portal's order: a date field's, a plan's (docs/decisions.md TZ2). Apart from dates.rules.ts, which the public
 * registration page carries: a module's code goes whole wherever it is imported, and that page stands at its budget.
 */

/** `dd.mm.yyyy` of a calendar day given as `YYYY-MM-DD` (a date field's value, a filter's day); '' when it is not a
 *  real day ('2026-02-30', '', a half-typed value). No time zone is involved: the day is the one written. */
export function formatDay(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return '';
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d
    ? `${m[3]}.${m[2]}.${m[1]}`
    : '';
}

/**
 * Whether a browser in `locale` writes a day as the portal does (`dd.mm.yyyy`, spec: dates in locale ru). A date
 * field is drawn by the browser in its own locale's order ('12/05/2026' in en-US, '05/12/2026' in en-GB), which the
 * portal cannot change; where it differs, the view says the chosen days again in the portal's way (TZ2).
 */
export function writesDaysLikePortal(locale: string | undefined): boolean {
  try {
    const f = new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    });
    return f.format(Date.UTC(2001, 11, 31)) === '31.12.2001';
  } catch {
    return false;
  }
}
