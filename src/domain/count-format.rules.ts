/**
 * The one number format of counts (spec 9: a count reads `9 553` on every page, never `9553`). A module of its own: the
 * i18n setup formats every `{{count}}` with it, so it is part of the login page's first script, which should not
 * carry the block rules with it (docs/decisions.md RL1).
 */

/** Built once, on the first count formatted: constructing an Intl.NumberFormat costs far more than formatting with it
 *  (the number list's four tab counts are formatted on every tab switch), and built when this module is evaluated it
 *  was a fifth of the login page's first script's evaluation, on a page that shows no count (docs/decisions.md LB18). */
let countFormat: Intl.NumberFormat | undefined;

/** A count of numbers in locale ru (spec 9): groups of three with U+00A0 (`9 603`), also for four digits. */
export function formatCount(n: number): string {
  countFormat ??= new Intl.NumberFormat('ru-RU', {
    useGrouping: 'always',
    maximumFractionDigits: 0,
  } as Intl.NumberFormatOptions);
  return countFormat.format(n).replace(/[\s\u202F]/g, '\u00A0');
}
