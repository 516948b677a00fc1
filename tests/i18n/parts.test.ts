import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The messages' two parts (scripts/lib/i18n-parts.cjs): `start` for the login page, the shell and errors, `pages`
 * for the code-split pages (src/i18n/page-keys.json). Together they are the whole file, with nothing twice, and no
 * module that the login page or the shell loads reads a text of the pages' part (it would show a bare key there).
 */
const parts = createRequire(import.meta.url)('../../scripts/lib/i18n-parts.cjs') as {
  pickPart: (source: string, part: string, keys: ReadonlySet<string>) => string;
  pageKeysFor: (path: string) => ReadonlySet<string>;
};

const FILES = ['src/i18n/ru.json', 'src/i18n/uz.json'];
const pageKeys = parts.pageKeysFor('src/i18n/ru.json');

/** What the login route and the signed-in shell load without waiting for a page chunk. */
const EAGER = [
  'src/main.tsx',
  'src/app/app.tsx',
  'src/app/shell.tsx',
  'src/app/lazy-route.tsx',
  'src/app/routes.tsx',
  'src/app/impersonation-navigation.tsx',
  'src/app/workflow-glue.tsx',
  'src/i18n/messages.ts',
  'src/views/auth',
  'src/views/layout',
  'src/views/session',
  'src/views/search',
  'src/views/impersonation',
  'src/views/common',
];

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => filesUnder(join(path, name)));
}

describe('messages in two parts', () => {
  it.each(FILES)('%s: start and pages together are the whole file, nothing twice', (file) => {
    const source = readFileSync(file, 'utf8');
    const start = JSON.parse(parts.pickPart(source, 'start', pageKeys));
    const pages = JSON.parse(parts.pickPart(source, 'pages', pageKeys));

    expect(Object.keys(pages).sort()).toEqual([...pageKeys].sort());
    expect(Object.keys(start).filter((k) => pageKeys.has(k))).toEqual([]);
    expect({ ...start, ...pages }).toEqual(JSON.parse(source));
    expect(start.auth).toBeDefined();
    expect(start.errors).toBeDefined();
  });

  it('refuses a part it does not know', () => {
    expect(() => parts.pickPart('{}', 'all', pageKeys)).toThrow(/unknown messages part/);
  });

  it('no module of the login page or the shell reads a text of the pages’ part', () => {
    const used: string[] = [];
    const key = new RegExp(`['"\`](${[...pageKeys].join('|')})\\.[a-zA-Z]`, 'g');
    for (const file of EAGER.flatMap(filesUnder).filter((f) => /\.tsx?$/.test(f))) {
      for (const m of readFileSync(file, 'utf8').matchAll(key)) used.push(`${file}: ${m[0]}`);
    }
    expect(used).toEqual([]);
  });
});
