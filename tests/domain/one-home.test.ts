import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each business rule and constant is written once, in src/domain (or the zod schema), and imported everywhere else.
 * This test reads the code of src/, server/ and scripts/ (comments removed) and fails when a rule's spelling shows up
 * outside its home.
 */
const ROOT = join(import.meta.dirname, '..', '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(name) ? [relative(ROOT, path)] : [];
  });
}

/** The code without comments, so a comment may still name the rule it relies on. */
function code(path: string): string {
  return readFileSync(join(ROOT, path), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

const SOURCES = ['src', 'server', 'scripts'].flatMap((d) => files(join(ROOT, d)));

/**
 * Files that still spell a rule themselves while another change moves them (the reference server's demo routes):
 * listed by name so the list can only shrink.
 */
const PENDING: Record<string, readonly string[]> = {};

const RULES: readonly { name: string; pattern: RegExp; home: readonly string[] }[] = [
  { name: 'E009 code', pattern: /['"`]E009['"`]/, home: ['src/domain/errors.ts'] },
  { name: 'OKOK status', pattern: /['"`]OKOK['"`]/, home: ['src/domain/constants.ts'] },
  {
    name: 'client roles',
    pattern: /['"]R001['"],\s*['"]R004['"],\s*['"]R007['"]/,
    home: ['src/domain/roles.rules.ts'],
  },
  { name: 'e-mail pattern', pattern: /\)\+\[A-Za-z\]\{2,\}\$/, home: ['src/domain/validators.rules.ts'] },
  { name: 'password rule', pattern: /\\p\{L\}\/u\.test/, home: ['src/domain/credentials.rules.ts'] },
  { name: 'login pattern', pattern: /A-Za-z0-9\._-\]\*\$/, home: ['src/domain/credentials.rules.ts'] },
  { name: 'document types', pattern: /numberSupply:\s*5/, home: ['src/domain/constants.ts'] },
  { name: 'typed phone', pattern: /\[\^\\d\\s\+\(\)-\]/, home: ['src/domain/credentials.rules.ts'] },
  {
    name: 'roles in effect (chosen role first)',
    pattern: /\.\.\.roles\.filter\(\(r\) => r !== \w+\)/,
    home: ['src/domain/roles.rules.ts'],
  },
  {
    name: 'feedback types',
    pattern: /['"]sms['"],\s*['"]email['"],\s*['"]call['"]/,
    home: ['src/domain/contacts.rules.ts'],
  },
  // the build's environment is read by one module; everything else asks src/config.ts (docs/decisions.md AR9)
  {
    name: 'build environment',
    pattern: /import\.meta[^.]*\.env\b|import\.meta as/,
    home: ['src/config.ts'],
  },
  // Retry is offered unless the session is ending (E009): one rule for every list and step (docs/decisions.md AR15)
  {
    name: 'retry after an error',
    pattern: /!== null && \w+ !== NO_SESSION_CODE/,
    home: ['src/machines/error-code.ts'],
  },
  {
    name: 'key choice (TIN and expiry)',
    pattern: /\.find\(.*\b(tin|TIN)\b.*[Ee]xpired|\.find\(.*[Ee]xpired.*\b(tin|TIN)\b/,
    home: ['src/domain/eimzo.rules.ts'],
  },
];

describe('one home per rule', () => {
  it.each(RULES)('$name is spelled only in its home', ({ name, pattern, home }) => {
    const found = SOURCES.filter((f) => pattern.test(code(f)));
    const allowed = new Set([...home, ...(PENDING[name] ?? [])]);
    expect(found.filter((f) => !allowed.has(f))).toEqual([]);
    // the home really holds it (a rule renamed away would make this test vacuous)
    expect(found).toEqual(expect.arrayContaining([...home]));
  });
});
