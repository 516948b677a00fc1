/**
 * A phone number for reading: `901234567` (sn, 9 digits) and `998901234567` both read `+998 90 123 45 67`.
 * Anything else is shown as it came (never guessed at).
 */
export function formatPhone(value: string | null | undefined): string {
  if (value == null) return '';
  const digits = value.replace(/\D/g, '');
  const national =
    digits.length === 12 && digits.startsWith('998') ? digits.slice(3) : digits.length === 9 ? digits : null;
  if (national === null) return value;
  return `+998 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5, 7)} ${national.slice(7)}`;
}
