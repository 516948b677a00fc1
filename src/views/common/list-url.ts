/**
 * A list page's parameters in its URL, so reload, Back and a shared link show the same list (debt control DC*,
 * orders GN9, AT 39 list, services, numbers). What each parameter means, and its default, is the area's domain rule
 * (`parse<Area>Params`); this module only moves text between the query string and that rule (docs/decisions.md AR15).
 */

/** Reads a list's parameters from a query string (with or without '?') through the area's domain parser. */
export function readListSearch<P>(search: string, parse: (get: (name: string) => string | null) => P): P {
  const sp = new URLSearchParams(search);
  return parse((name) => sp.get(name));
}

/** One parameter: its name in the URL, its value as text, and the text of its default (a default is left out). */
export type ListSearchEntry = readonly [name: string, value: string, fallback: string];

/**
 * The query string (without '?') for a list's parameters: each entry set, or removed when it holds its default;
 * the other parameters of `current` are kept in their places.
 */
export function writeListSearch(entries: readonly ListSearchEntry[], current = ''): string {
  const sp = new URLSearchParams(current);
  for (const [name, value, fallback] of entries) {
    if (value === fallback) sp.delete(name);
    else sp.set(name, value);
  }
  return sp.toString();
}

/** Reads a submitted filter form: each named field's text, trimmed ('' when absent or a file). */
export function formTexts(form: HTMLFormElement): (name: string) => string {
  const f = new FormData(form);
  return (name) => {
    const v = f.get(name);
    return typeof v === 'string' ? v.trim() : '';
  };
}
