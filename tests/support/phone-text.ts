/**
 * Phone numbers as the screen shows them, written here from the portal's one format (`+998 90 123 45 67`, spec 9)
 * rather than read from the code under test: on screen the number is one word, its spaces non-breaking, so a line
 * never breaks inside it (exports and fields keep plain spaces).
 */
export const NBSP = '\u00a0';

/** `text` with every `+998 90 123 45 67` in it written as the screen shows it. */
export const onScreen = (text: string): string =>
  text.replace(/\+998 (\d\d) (\d\d\d) (\d\d) (\d\d)/g, (_, a, b, c, d) => ['+998', a, b, c, d].join(NBSP));

/** A nine-digit subscriber number (`901234567`) as the screen shows it. */
export const shownSn = (sn: string): string =>
  ['+998', sn.slice(0, 2), sn.slice(2, 5), sn.slice(5, 7), sn.slice(7)].join(NBSP);
