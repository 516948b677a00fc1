import { describe, expect, it } from 'vitest';
import { flattenMessages, type MessageTree, PLURAL_SUFFIX } from '@/i18n/keys';
import ruJson from '@/i18n/ru.json';
import uzJson from '@/i18n/uz.json';

const ru = flattenMessages(ruJson);
const uz = flattenMessages(uzJson);

/** Plural forms per language (conventions: ru one/few/many, uz one/other). */
const PLURAL_FORMS = { ru: ['few', 'many', 'one'], uz: ['one', 'other'] } as const;

const baseKeys = (flat: Record<string, string>) =>
  [...new Set(Object.keys(flat).map((k) => k.replace(PLURAL_SUFFIX, '')))].sort();

/** Plural base key → sorted suffixes present. */
function pluralGroups(flat: Record<string, string>): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const key of Object.keys(flat)) {
    const m = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
    if (m?.[1] && m[2]) groups.set(m[1], [...(groups.get(m[1]) ?? []), m[2]].sort());
  }
  return groups;
}

/** Interpolation variable names of all forms of a base key ('{{price, currency}}' → 'price'). */
function variables(flat: Record<string, string>, base: string): string[] {
  const names = new Set<string>();
  for (const [key, text] of Object.entries(flat)) {
    if (key.replace(PLURAL_SUFFIX, '') !== base) continue;
    for (const m of text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)) if (m[1]) names.add(m[1]);
  }
  return [...names].sort();
}

describe('ru.json and uz.json', () => {
  it('hold only strings and nested objects', () => {
    const check = (tree: unknown, path: string): string[] => {
      if (typeof tree === 'string') return [];
      if (tree === null || typeof tree !== 'object' || Array.isArray(tree)) return [path];
      return Object.entries(tree).flatMap(([k, v]) => check(v, path ? `${path}.${k}` : k));
    };
    expect(check(ruJson, '')).toEqual([]);
    expect(check(uzJson, '')).toEqual([]);
  });

  it('have exactly the same keys (plural forms aside)', () => {
    expect(Object.keys(ru).length).toBeGreaterThan(300);
    expect(baseKeys(uz)).toEqual(baseKeys(ru));
    const pluralBases = new Set([...pluralGroups(ru).keys(), ...pluralGroups(uz).keys()]);
    const plain = (flat: Record<string, string>) =>
      Object.keys(flat)
        .filter((k) => !pluralBases.has(k.replace(PLURAL_SUFFIX, '')))
        .sort();
    expect(plain(uz)).toEqual(plain(ru));
  });

  it('use the plural forms of each language and the same plural keys', () => {
    const ruGroups = pluralGroups(ru);
    const uzGroups = pluralGroups(uz);
    expect(ruGroups.size).toBeGreaterThan(0);
    expect([...uzGroups.keys()].sort()).toEqual([...ruGroups.keys()].sort());
    for (const forms of ruGroups.values()) expect(forms).toEqual(PLURAL_FORMS.ru);
    for (const forms of uzGroups.values()) expect(forms).toEqual(PLURAL_FORMS.uz);
  });

  it('have no empty or blank texts', () => {
    const blank = (flat: Record<string, string>) => Object.keys(flat).filter((k) => flat[k]?.trim() === '');
    expect(blank(ru)).toEqual([]);
    expect(blank(uz)).toEqual([]);
  });

  it('use the same interpolation variables per key in both languages', () => {
    const mismatches = baseKeys(ru)
      .map((base) => ({ base, ru: variables(ru, base), uz: variables(uz, base) }))
      .filter((v) => v.ru.join() !== v.uz.join());
    expect(mismatches).toEqual([]);
    expect(variables(ru, 'blockRestore.paidWarning')).toEqual(['price']);
  });

  it('have balanced {{ }} in every text', () => {
    const broken = (flat: Record<string, string>) =>
      Object.entries(flat)
        .filter(([, text]) => text.replace(/\{\{\s*[\w.]+\s*(?:,[^}]*)?\}\}/g, '').match(/\{\{|\}\}/))
        .map(([k]) => k);
    expect(broken(ru)).toEqual([]);
    expect(broken(uz)).toEqual([]);
  });
});

describe('uz.json is Uzbek in Latin script', () => {
  /** The language switch names each language in itself (autonym); only this key may hold Cyrillic. */
  const AUTONYM_KEYS = new Set(['header.langName.ru']);

  it('contains no Cyrillic letters', () => {
    const cyrillic = Object.entries(uz)
      .filter(([key, text]) => !AUTONYM_KEYS.has(key) && /\p{Script=Cyrillic}/u.test(text))
      .map(([key]) => key);
    expect(cyrillic).toEqual([]);
    expect(uz['header.langName.ru']).toBe('Русский');
  });

  it('writes oʻ and gʻ with U+02BB, never with an apostrophe look-alike', () => {
    const wrong = Object.entries(uz)
      .filter(([, text]) => /[oOgG]['`\u2018\u2019\u02BC]/.test(text))
      .map(([key]) => key);
    expect(wrong).toEqual([]);
    expect(uz['header.langName.uz']).toBe('O\u02BBzbekcha');
    expect(Object.values(uz).filter((text) => text.includes('\u02BB')).length).toBeGreaterThan(50);
  });

  it('uses no ASCII apostrophe at all (tutuq belgisi is U+02BC)', () => {
    expect(Object.entries(uz).filter(([, text]) => text.includes("'"))).toEqual([]);
  });
});

describe('flattenMessages', () => {
  it('joins nested keys with dots', () => {
    const tree: MessageTree = { a: { b: 'x', c: { d: 'y' } }, e: 'z' };
    expect(flattenMessages(tree)).toEqual({ 'a.b': 'x', 'a.c.d': 'y', e: 'z' });
  });
});
