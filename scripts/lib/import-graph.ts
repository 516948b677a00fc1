import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/**
 * The repository's static import graph, read from the sources with a regular expression (no TypeScript program, a
 * few hundred milliseconds): for each file under src/, tests/, server/ and scripts/, the repository files it imports
 * at run time (`import … from`, `export … from`, `import '…'`, `import('…')`, `require('…')`; not `import type`, which
 * the transform erases), with the `@/` alias of
 * tsconfig.json and vitest.config.ts. Packages are left out. `npm run mutation:source` (scripts/source-mutation.ts)
 * asks it which generated suites can run a mutated file, and which tests start it in a child process.
 */

const SOURCE = /\.(?:ts|tsx|js|mjs|cjs)$/;
const DIRS = ['src', 'tests', 'server', 'scripts'];
const SPECIFIER =
  /(?:\bimport\s+(?:[\w*{}\s,$]+\s+from\s+)?|\bexport\s+(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s+from\s+|\bimport\s*\(\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;
/** `import type …` and `export type …` statements: erased by the transform, they load nothing. */
const TYPE_ONLY = /\b(?:import|export)\s+type\s+(?:[\w*{}\s,$]+)\s+from\s+['"][^'"]+['"]/g;

export interface ImportGraph {
  /** Repository-relative path → the repository files it imports (paths relative to the root, `/` separated). */
  readonly imports: ReadonlyMap<string, readonly string[]>;
}

function walk(root: string, dir: string): string[] {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs).flatMap((name) => {
    if (name === 'node_modules') return [];
    const rel = `${dir}/${name}`;
    return statSync(join(root, rel)).isDirectory() ? walk(root, rel) : SOURCE.test(name) ? [rel] : [];
  });
}

const CANDIDATES = ['', '.ts', '.tsx', '.js', '.mjs', '.cjs', '/index.ts', '/index.tsx', '/index.js'];

/** The repository file a specifier names from `from`, or null (a package, or nothing there). */
export function resolveSpecifier(root: string, from: string, specifier: string): string | null {
  const bare = specifier.replace(/[?#].*$/, '');
  let base: string;
  if (bare.startsWith('@/')) base = join('src', bare.slice(2));
  else if (bare.startsWith('.')) base = join(dirname(from), bare);
  else return null;
  base = normalize(base);
  // TypeScript's convention: `./x.js` in a .ts file names ./x.ts
  const stems = /\.(?:js|mjs|cjs)$/.test(base) ? [base, base.replace(/\.(?:js|mjs|cjs)$/, '')] : [base];
  for (const stem of stems) {
    for (const ext of CANDIDATES) {
      const rel = `${stem}${ext}`;
      const abs = join(root, rel);
      if (existsSync(abs) && statSync(abs).isFile()) return rel.split('\\').join('/');
    }
  }
  return null;
}

/** The specifiers a source text imports at run time (type-only imports left out). */
export function specifiersOf(text: string): string[] {
  return [...text.replace(TYPE_ONLY, '').matchAll(SPECIFIER)].map((m) => m[1] as string);
}

export function buildImportGraph(root: string): ImportGraph {
  const imports = new Map<string, string[]>();
  for (const file of DIRS.flatMap((d) => walk(root, d))) {
    const text = readFileSync(join(root, file), 'utf8');
    const deps = specifiersOf(text)
      .map((s) => resolveSpecifier(root, file, s))
      .filter((d): d is string => d !== null && d !== file);
    imports.set(file, [...new Set(deps)]);
  }
  return { imports };
}

/**
 * Every file `start` reaches through imports (itself included). `stopAt` files are reached but not followed (the
 * generated index files, which import every chart). Dynamic `import()`s are followed like static ones.
 */
export function closure(
  graph: ImportGraph,
  start: readonly string[],
  stopAt: (file: string) => boolean = () => false,
): Set<string> {
  const seen = new Set<string>();
  const todo = [...start];
  while (todo.length > 0) {
    const f = todo.pop() as string;
    if (seen.has(f)) continue;
    seen.add(f);
    if (stopAt(f) && !start.includes(f)) continue;
    for (const d of graph.imports.get(f) ?? []) if (!seen.has(d)) todo.push(d);
  }
  return seen;
}

/** Repository-relative, `/`-separated. */
export const relativePath = (root: string, abs: string) => relative(root, abs).split('\\').join('/');
