/**
 * Translation keys as data: the typed key union (from ru.json, the source locale) and a runtime check, so a code
 * that is itself a key (`'validation.latinOnly'`, `'eimzo.badPassword'`) can be shown without a lookup table.
 */
import type { ParseKeys } from 'i18next';
import ru from './ru.json';

/** Any key `t()` accepts, plural suffixes stripped ('numbers.total', not 'numbers.total_few'). */
export type TranslationKey = ParseKeys<'translation'>;

/** A nested message tree as stored in ru.json / uz.json. */
export interface MessageTree {
  readonly [key: string]: string | MessageTree;
}

/** Suffixes i18next appends to plural forms (ru: one/few/many, uz: one/other). */
export const PLURAL_SUFFIX = /_(?:zero|one|two|few|many|other)$/;

/** Flattens a message tree into dot-separated leaf keys → texts. */
export function flattenMessages(tree: MessageTree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(tree)) {
    const key = prefix === '' ? name : `${prefix}.${name}`;
    if (typeof value === 'string') out[key] = value;
    else Object.assign(out, flattenMessages(value, key));
  }
  return out;
}

const KEYS: ReadonlySet<string> = new Set(
  Object.keys(flattenMessages(ru)).map((key) => key.replace(PLURAL_SUFFIX, '')),
);

/** True when `s` names a message of the source locale (plural base keys included). */
export function isTranslationKey(s: string): s is TranslationKey {
  return KEYS.has(s);
}
