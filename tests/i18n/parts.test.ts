import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The messages' four parts (scripts/lib/i18n-parts.cjs): `start` for the login page (its form, the shell, the errors
 * its calls return), `more` for what the pages beyond it share (src/i18n/more-keys.json), `public` for the public
 * onboarding pages (src/i18n/public-keys.json), `pages` for the signed-in code-split pages (src/i18n/page-keys.json).
 * Together they are the whole file, with nothing twice; no module the login page evaluates reads a text of the other
 * three parts, no module of the signed-in shell one of `public` or `pages`, and no module of the public pages one of
 * `pages` (it would show a bare key there).
 */
interface KeySets {
  more: ReadonlySet<string>;
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
const moreKeys = keySets.more;
const publicKeys = keySets.public;
const shellKeys = keySets.shell;

/** The source file a module specifier of `from` names ('@/x', './x'), or null (a package, a stylesheet). */
function resolveModule(from: string, spec: string): string | null {
  const base = spec.startsWith('@/')
    ? join('src', spec.slice(2))
    : spec.startsWith('.')
      ? join(dirname(from), spec)
      : null;
  if (base === null) return null;
  for (const file of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(file) && existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

/**
 * The modules a root evaluates: `entries` and what they import statically, transitively. An `import()` is a chunk
 * of its own, fetched later; an `import type` is no code. Read from the sources, not from the build: the oracle does
 * not share the bundler's view.
 */
function staticGraph(entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(
      /^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm,
    )) {
      const next = resolveModule(file, m[1] ?? '');
      if (next !== null) visit(next);
    }
  };
  for (const entry of entries) visit(entry);
  return [...seen].sort();
}

/** What the login page evaluates: the app's root and its static imports. The entry starts the app with an `import()`
 *  of ./start.tsx that makes no chunk (`webpackMode: "eager"`, docs/decisions.md LB23): its module is in the same
 *  script, so it counts as the root's. */
const LOGIN = staticGraph(['src/main.tsx', 'src/start.tsx']);

/** The session's layout, fetched once there is a user with the `more` part: the sidebar, the role picker, the logout
 *  dialog (one chunk), the header's search box and the impersonation banner. */
const SESSION_LAYOUT = staticGraph([
  'src/app/signed-in-layout.ts',
  'src/app/workflow-glue.tsx',
  'src/views/impersonation/banner.view.tsx',
]).filter((file) => !LOGIN.includes(file));

/** What the login route and the signed-in shell load without waiting for a page chunk. */
const EAGER = [...LOGIN, ...SESSION_LAYOUT];

/** What the public onboarding pages (/new-client, /new-numbers) load: their views, charts, actors and rules, the
 *  signing module's client. */
const PUBLIC = [
  'src/views/new-client',
  'src/views/new-numbers',
  'src/views/common/category-texts.ts',
  'src/app/new-client.actors.ts',
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

/** The charts' event names that are no text's key ('profile.retry', 'impersonation.started'): dotted like text keys,
 *  but not texts. A name that is both ('impersonation.back') still counts as a text. */
const TEXT_PATHS = textKeyPaths();
const EVENT_NAMES = new Set(
  readdirSync('src/machines')
    .filter((f) => f.endsWith('.ts'))
    .flatMap((f) => [...readFileSync(join('src/machines', f), 'utf8').matchAll(/type: '([a-zA-Z.]+)'/g)])
    .map((m) => m[1] ?? '')
    .filter((name) => !TEXT_PATHS.some((path) => path === name || path.startsWith(`${name}.`))),
);

/** Every text's dotted key path (ru.json; uz.json has the same keys: tests/i18n/parity.test.ts). */
function textKeyPaths(): string[] {
  return [...leaves(JSON.parse(readFileSync('src/i18n/ru.json', 'utf8'))).keys()];
}

/** A module's code without its comments (a comment may quote a key). */
const codeOf = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|\s)\/\/.*$/gm, '$1');

/** Every use, in the modules under `paths`, of a text that is one of `keys` or under one ('nav' → 'nav.profile',
 *  'app.cancel' → 'app.cancel'), written as a whole string; a chart's event name is not a text. */
function textsOf(paths: readonly string[], keys: ReadonlySet<string>): string[] {
  const used: string[] = [];
  const escapeDots = (k: string) => k.replaceAll('.', '\\.');
  const leafSet = new Set(TEXT_PATHS);
  const leafKeys = [...keys].filter((k) => leafSet.has(k)).map(escapeDots);
  const treeKeys = [...keys].filter((k) => !leafSet.has(k)).map(escapeDots);
  const alternatives = [
    ...(leafKeys.length > 0 ? [`(?:${leafKeys.join('|')})`] : []),
    ...(treeKeys.length > 0 ? [`(?:${treeKeys.join('|')})\\.[a-zA-Z][a-zA-Z0-9.]*`] : []),
  ];
  const key = new RegExp(`['"\`](${alternatives.join('|')})(?=['"\`])`, 'g');
  for (const file of paths.flatMap(filesUnder).filter((f) => /\.tsx?$/.test(f))) {
    for (const m of codeOf(file).matchAll(key)) {
      if (!EVENT_NAMES.has(m[1] ?? '')) used.push(`${file}: ${m[0]}`);
    }
  }
  return used;
}

/** Every leaf of a messages tree by its dotted path. */
function leaves(tree: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (tree === null || typeof tree !== 'object') return out.set(prefix, tree);
  for (const [key, value] of Object.entries(tree)) {
    for (const [path, leaf] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf);
  }
  return out;
}

/** Whether `path` is the key path `key` or inside it. */
const isUnder = (path: string, key: string) => path === key || path.startsWith(`${key}.`);

/** The uses of `textsOf` whose key is not in a key the public list names (a text of the signed-in pages' `purchase`
 *  that the public part holds, `purchase.categories`, is one the public pages may read). */
const outsidePublic = (hits: readonly string[]) =>
  hits.filter((hit) => {
    const key = hit.slice(hit.indexOf(': ') + 3);
    return ![...publicKeys].some((k) => isUnder(key, k));
  });

describe('messages in four parts', () => {
  it.each(FILES)(
    '%s: start, session, public and pages together are the whole file, nothing twice',
    (file) => {
      const source = readFileSync(file, 'utf8');
      const slices = Object.fromEntries(
        (['start', 'more', 'public', 'pages'] as const).map((part) => [
          part,
          leaves(JSON.parse(parts.pickPart(source, part, keySets))),
        ]),
      ) as Record<'start' | 'more' | 'public' | 'pages', Map<string, unknown>>;
      const whole = leaves(JSON.parse(source));

      // every text is in exactly one part, with its value
      const seen = new Map<string, string>();
      for (const [part, texts] of Object.entries(slices)) {
        for (const [path, value] of texts) {
          expect(seen.get(path), `${path} in ${seen.get(path)} and ${part}`).toBeUndefined();
          seen.set(path, part);
          expect(value).toEqual(whole.get(path));
        }
      }
      expect([...seen.keys()].sort()).toEqual([...whole.keys()].sort());

      // each list's keys are in its part, whole, and nowhere else, but where a list names a key inside another list's
      // key (`purchase.categories`, which the public pages show, inside the signed-in pages' `purchase`): there the
      // most specific entry wins
      const lists = { more: moreKeys, public: publicKeys, pages: pageKeys } as const;
      const listed = Object.entries(lists).flatMap(([part, keys]) => [...keys].map((key) => ({ part, key })));
      for (const [part, keys] of Object.entries(lists)) {
        for (const key of keys) {
          const inWhole = [...whole.keys()].filter((path) => isUnder(path, key));
          expect(inWhole.length, `${key} is a key of ${file}`).toBeGreaterThan(0);
          for (const path of inWhole) {
            const deeper = listed.filter((l) => l.key.startsWith(`${key}.`) && isUnder(path, l.key));
            const nearest = deeper.sort((x, y) => y.key.length - x.key.length)[0];
            expect(seen.get(path), path).toBe(nearest?.part ?? part);
          }
        }
      }
      // the lists do not overlap
      const all = [...moreKeys, ...publicKeys, ...pageKeys];
      expect(new Set(all).size).toBe(all.length);

      // the login page's own texts and the errors its calls return start; the rest waits for the part it is in
      const has = (part: keyof typeof slices, key: string) =>
        [...slices[part].keys()].some((path) => isUnder(path, key));
      expect(has('start', 'auth.login')).toBe(true);
      expect(has('start', 'errors')).toBe(true);
      expect(has('start', 'header.logo')).toBe(true);
      expect(has('more', 'header.search')).toBe(true);
      expect(has('start', 'header.search')).toBe(false);
      expect(has('more', 'nav')).toBe(true);
      expect(has('start', 'errors.E012')).toBe(true);
      expect(has('more', 'errors.E118')).toBe(true);
      expect(has('start', 'auth.register.title')).toBe(true);
      expect(has('more', 'auth.register.phone')).toBe(true);
      expect(has('public', 'newClient')).toBe(true);
      expect(has('public', 'eimzo')).toBe(true);
    },
  );

  it.each(FILES)('%s: the public root’s shell part is the keys of shell-keys.json, whole', (file) => {
    const source = readFileSync(file, 'utf8');
    const whole = JSON.parse(source);
    const shell = JSON.parse(parts.pickPart(source, 'shell', keySets));
    expect(Object.keys(shell).sort()).toEqual([...shellKeys].sort());
    // whole: what the app's root splits between `start` and `more` (the words, checks and errors), the public root
    // loads at once
    for (const key of Object.keys(shell)) expect(shell[key]).toEqual(whole[key]);
    expect(shell.errors.E118).toBe(whole.errors.E118);
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
    expect(outsidePublic(textsOf([...PUBLIC_ROOT, ...PUBLIC], outside))).toEqual([]);
    // the page title builds its keys from the route lists (`auth.${page}.title`, `sections.${section}`): it names
    // none, so the scan finds none (tests/views/page-title.view.test.tsx checks every page's key is a text)
    const title = 'src/views/layout/page-title.view.tsx';
    expect(textsOf([title], outside)).toEqual([]);
  });

  it('the scan leaves out event names, but not one that is a text’s key too', () => {
    expect(EVENT_NAMES.has('profile.retry')).toBe(true);
    expect(EVENT_NAMES.has('impersonation.started')).toBe(true);
    expect(EVENT_NAMES.has('impersonation.back')).toBe(false);
    expect(textsOf(['src/views/impersonation'], new Set(['impersonation'])).length).toBeGreaterThan(0);
  });

  it('refuses a part it does not know', () => {
    expect(() => parts.pickPart('{}', 'all', keySets)).toThrow(/unknown messages part/);
  });

  it('no module of the login page or the shell reads a text of the public or the pages’ part', () => {
    // the header search's selectors share the user search's query helpers, so its chart is evaluated with the
    // session's layout; it runs only on the administration pages, whose texts come with them
    const runsOnPages = 'src/machines/user-search.machine.ts';
    expect(EAGER).toContain(runsOnPages);
    expect(
      textsOf(
        EAGER.filter((file) => file !== runsOnPages),
        new Set([...pageKeys, ...publicKeys]),
      ),
    ).toEqual([]);
  });

  it('no module the login page evaluates reads a text of the more part', () => {
    // the graph is the login page's: the root, the shell, the login form, not the lazy layout or pages
    expect(LOGIN).toContain('src/app/shell.tsx');
    expect(LOGIN).toContain('src/views/auth/auth-page.view.tsx');
    expect(LOGIN).toContain('src/domain/credentials.rules.ts');
    expect(LOGIN).not.toContain('src/views/auth/auth-more-forms.view.tsx');
    expect(LOGIN).not.toContain('src/views/layout/sidebar.view.tsx');
    expect(LOGIN).not.toContain('src/domain/validators.rules.ts');
    // the scan finds what it looks for: the session's layout and the other Auth forms do read the part
    expect(textsOf(SESSION_LAYOUT, moreKeys).length).toBeGreaterThan(10);
    expect(textsOf(['src/views/auth/auth-more-forms.view.tsx'], moreKeys).length).toBeGreaterThan(5);
    // the page title builds the sections' keys from the route lists and shows the portal's name alone until they
    // are in (tests/views/page-title.view.test.tsx): it names none
    const title = 'src/views/layout/page-title.view.tsx';
    expect(textsOf([title], moreKeys)).toEqual([]);
    expect(
      textsOf(
        LOGIN.filter((file) => file !== title),
        moreKeys,
      ),
    ).toEqual([]);
  });

  it('no module of the public pages reads a text of the signed-in pages’ part', () => {
    // the scan finds what it looks for: the public pages do read their own part
    expect(textsOf(PUBLIC, publicKeys).length).toBeGreaterThan(20);
    expect(outsidePublic(textsOf(PUBLIC, pageKeys))).toEqual([]);
    // the category names and the free price are the purchase page's texts, in the public part (NC16)
    expect(textsOf(PUBLIC, publicKeys).some((hit) => hit.includes("'purchase.withoutVat"))).toBe(true);
  });
});
