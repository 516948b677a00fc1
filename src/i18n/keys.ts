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
 * tests/i18n/parity.test.ts), so the messages are not bundled a second time just for this check. The set is built on
 * first use (an error text, a role title), not while the first page is being drawn.
 */
let source: MessageTree | undefined;
let keys: ReadonlySet<string> | undefined;
const registered = new Set<string>();

/** Two message trees as one: a key both hold (a part may hold some keys of an object, another part the rest) merged
 *  key by key. */
function mergeTrees(a: MessageTree, b: MessageTree): MessageTree {
  const out: Record<string, string | MessageTree> = { ...a };
  for (const [name, value] of Object.entries(b)) {
    const mine = out[name];
    out[name] = typeof mine === 'object' && typeof value === 'object' ? mergeTrees(mine, value) : value;
  }
  return out;
}

/** Records a part of the messages the keys come from: one language's copy of each part is enough (start, then more,
 *  public, pages…), merged. */
export function registerMessageKeys(part: string, tree: MessageTree): void {
  if (registered.has(part)) return;
  registered.add(part);
  source = source === undefined ? tree : mergeTrees(source, tree);
  keys = undefined;
}

function collectKeys(tree: MessageTree, prefix: string, into: Set<string>): Set<string> {
  for (const [name, value] of Object.entries(tree)) {
    const key = prefix === '' ? name : `${prefix}.${name}`;
    if (typeof value === 'string') into.add(key.replace(PLURAL_SUFFIX, ''));
    else collectKeys(value, key, into);
  }
  return into;
}

/** True when `s` names a message (plural base keys included). */
export function isTranslationKey(s: string): s is TranslationKey {
  if (keys === undefined && source !== undefined) keys = collectKeys(source, '', new Set());
  return keys?.has(s) ?? false;
}
