import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The messages' three parts (scripts/lib/i18n-parts.cjs): `start` for the login page, the shell and errors, `public`
 * for the public onboarding pages (src/i18n/public-keys.json), `pages` for the signed-in code-split pages
 * (src/i18n/page-keys.json). Together they are the whole file, with nothing twice; no module that the login page or
 * the shell loads reads a text of the other two parts, and no module of the public pages reads one of `pages` (it
 * would show a bare key there).
 */
interface KeySets {
  pages: ReadonlySet<string>;
  public: ReadonlySet<string>;
  shell: ReadonlySet<string>;
}
const parts = createRequire(import.meta.url)('../../scripts/lib/i18n-parts.cjs') as {
  pickPart: (source: string, part: string, keys: KeySets) => string;
  keySetsFor: (path: string) => KeySets;
};

const FILES = ['src/i18n/ru.json', 'src/i18n/uz.json'];
const keySets = parts.keySetsFor('src/i18n/ru.json');
const pageKeys = keySets.pages;
const publicKeys = keySets.public;
const shellKeys = keySets.shell;

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

/** What the public onboarding pages (/new-client, /new-numbers) load: their views, charts, actors and rules, the
 *  signing module's client. */
const PUBLIC = [
  'src/views/new-client',
  'src/views/new-numbers',
  'src/app/new-client.services.ts',
  'src/app/eimzo.actors.ts',
  'src/app/eimzo-options.ts',
  'src/machines/new-client.machine.ts',
  'src/machines/new-client.selectors.ts',
  'src/machines/new-numbers.machine.ts',
  'src/machines/new-numbers.selectors.ts',
  'src/machines/pre-registration.machine.ts',
  'src/machines/pre-registration.selectors.ts',
  'src/machines/signing.machine.ts',
  'src/domain/preorder.rules.ts',
  'src/services/eimzo',
  'src/services/drafts',
];

/** What the public root (src/public-main.tsx, docs/decisions.md NC15) loads besides the public pages: its layout. */
const PUBLIC_ROOT = [
  'src/public-main.tsx',
  'src/app/public-app.tsx',
  'src/app/page-frame.tsx',
  'src/app/public-routes.tsx',
  'src/app/lazy-route.tsx',
  'src/i18n/messages.ts',
  'src/views/layout/header.view.tsx',
  'src/views/layout/footer.view.tsx',
  'src/views/layout/language-switch.view.tsx',
  'src/views/layout/chunk-failed.view.tsx',
  'src/views/common/loading-overlay.view.tsx',
  'src/views/common/modal.view.tsx',
  'src/views/common/form-field.view.tsx',
];

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => filesUnder(join(path, name)));
}

/** Every use, in the modules under `paths`, of a text whose top-level key is one of `keys`. */
function textsOf(paths: readonly string[], keys: ReadonlySet<string>): string[] {
  const used: string[] = [];
  const key = new RegExp(`['"\`](${[...keys].join('|')})\\.[a-zA-Z]`, 'g');
  for (const file of paths.flatMap(filesUnder).filter((f) => /\.tsx?$/.test(f))) {
    for (const m of readFileSync(file, 'utf8').matchAll(key)) used.push(`${file}: ${m[0]}`);
  }
  return used;
}

describe('messages in three parts', () => {
  it.each(FILES)('%s: start, public and pages together are the whole file, nothing twice', (file) => {
    const source = readFileSync(file, 'utf8');
    const start = JSON.parse(parts.pickPart(source, 'start', keySets));
    const pub = JSON.parse(parts.pickPart(source, 'public', keySets));
    const pages = JSON.parse(parts.pickPart(source, 'pages', keySets));

    expect([...pageKeys].filter((k) => publicKeys.has(k))).toEqual([]);
    expect(Object.keys(pages).sort()).toEqual([...pageKeys].sort());
    expect(Object.keys(pub).sort()).toEqual([...publicKeys].sort());
    expect(Object.keys(start).filter((k) => pageKeys.has(k) || publicKeys.has(k))).toEqual([]);
    expect({ ...start, ...pub, ...pages }).toEqual(JSON.parse(source));
    expect(start.auth).toBeDefined();
    expect(start.errors).toBeDefined();
    expect(pub.newClient).toBeDefined();
    expect(pub.eimzo).toBeDefined();
  });

  it.each(FILES)('%s: the public root’s shell part is the start part’s keys of shell-keys.json', (file) => {
    const source = readFileSync(file, 'utf8');
    const start = JSON.parse(parts.pickPart(source, 'start', keySets));
    const shell = JSON.parse(parts.pickPart(source, 'shell', keySets));
    expect(Object.keys(shell).sort()).toEqual([...shellKeys].sort());
    for (const key of Object.keys(shell)) expect(shell[key]).toEqual(start[key]);
    // what it leaves out is why it exists: the sign-in pages' texts and the signed-in header's
    expect(shell.auth).toBeUndefined();
    expect(shell.roles).toBeUndefined();
    expect(shell.errors).toBeDefined();
  });

  it('the public root reads no text outside its shell part and the public part', () => {
    const outside = new Set(
      [...Object.keys(JSON.parse(readFileSync(FILES[0] as string, 'utf8')))].filter(
        (k) => !shellKeys.has(k) && !publicKeys.has(k),
      ),
    );
    // the scan finds what it looks for: the layout reads the shell part
    expect(textsOf(PUBLIC_ROOT, shellKeys).length).toBeGreaterThan(5);
    expect(textsOf([...PUBLIC_ROOT, ...PUBLIC], outside)).toEqual([]);
    // the page title knows every page's title; under the public root it only ever shows a public page's (any other
    // address loads the app's root), so its sign-in titles are the one exception
    const title = 'src/views/layout/page-title.view.tsx';
    expect(new Set(textsOf([title], outside).map((hit) => hit.split(': ')[1]?.slice(1, 6)))).toEqual(
      new Set(['auth.']),
    );
    const authKeys = [...readFileSync(title, 'utf8').matchAll(/['"](auth\.[a-zA-Z.]+)['"]/g)].map(
      (m) => m[1],
    );
    expect(authKeys.length).toBe(5);
    expect(authKeys.every((key) => key?.endsWith('.title'))).toBe(true);
  });

  it('refuses a part it does not know', () => {
    expect(() => parts.pickPart('{}', 'all', keySets)).toThrow(/unknown messages part/);
  });

  it('no module of the login page or the shell reads a text of the public or the pages’ part', () => {
    expect(textsOf(EAGER, new Set([...pageKeys, ...publicKeys]))).toEqual([]);
  });

  it('no module of the public pages reads a text of the signed-in pages’ part', () => {
    // the scan finds what it looks for: the public pages do read their own part
    expect(textsOf(PUBLIC, publicKeys).length).toBeGreaterThan(20);
    expect(textsOf(PUBLIC, pageKeys)).toEqual([]);
  });
});
