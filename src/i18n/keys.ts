/**
 * Translation keys as data: the typed key union (from ru.json, the source locale) and a runtime check, so a code
 * that is itself a key (`'validation.latinOnly'`, `'eimzo.badPassword'`) can be shown without a lookup table.
 */
import type { ParseKeys } from 'i18next';

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

/**
 * The known keys, taken from the first language's messages to load (both languages have the same keys:
 * tests/i18n/parity.test.ts). Filled by the i18n instance before anything renders, so the messages are not bundled
 * a second time just for this check.
 */
const KEYS = new Set<string>();

/** Records the keys of a loaded message tree (once is enough). */
export function registerMessageKeys(tree: MessageTree): void {
  if (KEYS.size > 0) return;
  for (const key of Object.keys(flattenMessages(tree))) KEYS.add(key.replace(PLURAL_SUFFIX, ''));
}

/** True when `s` names a message (plural base keys included). */
export function isTranslationKey(s: string): s is TranslationKey {
  return KEYS.has(s);
}
