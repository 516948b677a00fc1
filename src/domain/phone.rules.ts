/**
 * A phone number for reading, one format everywhere the portal shows a number (lists, profile, search result,
 * block/restore results, banner, CSV/XLSX export): `901234567` (sn, 9 digits), `8901234567` (the domestic form the
 * search box reads) and `998901234567` all read `+998 90 123 45 67`. Anything else is shown as it came (never guessed
 * at).
 */
export function formatPhone(value: string | null | undefined): string {
  if (value == null) return '';
  const digits = value.replace(/\D/g, '');
  const national =
    digits.length === 12 && digits.startsWith('998')
      ? digits.slice(3)
      : digits.length === 10 && digits.startsWith('8')
        ? digits.slice(1)
        : digits.length === 9
          ? digits
          : null;
  if (national === null) return value;
  return `+998 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5, 7)} ${national.slice(7)}`;
}

/**
 * A phone number as the screen shows it: `formatPhone` with non-breaking spaces, so that a line never breaks inside
 * a number (a card's cell or a sentence on a phone). Exports, fields and labels read by a screen reader keep
 * `formatPhone`'s plain spaces.
 */
export const phoneWord = (value: string | null | undefined): string =>
  formatPhone(value).replace(/ /g, '\u00a0');

/**
 * A text that quotes numbers in the portal's format (a document's body, written by the server) as the screen shows
 * it: each `+998 90 123 45 67` in it one word, like `phoneWord`; the rest of the text as it came.
 */
export const phonesAsWords = (text: string): string =>
  text.replace(/\+998 (\d\d) (\d\d\d) (\d\d) (\d\d)/g, '+998\u00a0$1\u00a0$2\u00a0$3\u00a0$4');

/**
 * A number as an SMS gateway addresses it: the country code and the nine national digits (`998901234567`), from any
 * form `formatPhone` reads; anything else (an e-mail address) as it came. It reads the number through `formatPhone`
 * rather than a parser of its own because this module is in the login page's script, whose bytes are budgeted
 * (decisions AR16, AR17): one more regular expression here costs less than a second reader of the forms.
 */
export function smsAddress(value: string): string {
  const shown = formatPhone(value);
  return /^\+998 \d\d \d\d\d \d\d \d\d$/.test(shown) ? shown.replace(/\D/g, '') : value;
}
