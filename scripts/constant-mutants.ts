/**
 * `node --import tsx scripts/constant-mutants.ts [out.json]`: writes source mutants (the format `npm run
 * mutation:source` reads) for every numeric constant the domain exports (`export const NAME = <number>` in
 * src/domain/*.ts): the value one higher and one lower, the off-by-ones a developer makes when copying a limit, a page
 * size or a time window from the spec. A constant whose value is a product (`4 * 1024 * 1024`) is moved by one as a
 * whole. Default output: coverage/constant-mutants.json (generated, not committed: the set follows the code).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SourceMutantSpec {
  readonly id: string;
  readonly kind: string;
  readonly file: string;
  readonly find: string;
  readonly replace: string;
  readonly chart: string | null;
  readonly note: string;
}

const CONSTANT_RE = /^export const ([A-Z][A-Z0-9_]*) = ([0-9][0-9_]*(?: \* [0-9][0-9_]*)*);$/;

/** The constant mutants of one file's text (`file` relative to the repo root). */
export function constantMutantsOf(file: string, text: string): SourceMutantSpec[] {
  const out: SourceMutantSpec[] = [];
  const lines = text.split('\n');
  for (const line of lines) {
    const m = CONSTANT_RE.exec(line);
    const name = m?.[1];
    const expr = m?.[2];
    if (name === undefined || expr === undefined) continue;
    // the same line twice in a file cannot be told apart by `find`
    if (lines.filter((l) => l === line).length > 1) continue;
    const simple = /^[0-9_]+$/.test(expr);
    const value = simple ? Number(expr.replace(/_/g, '')) : undefined;
    const moved = (d: 1 | -1): string =>
      value !== undefined ? String(value + d) : `${expr} ${d > 0 ? '+' : '-'} 1`;
    for (const d of [1, -1] as const) {
      if (value === 0 && d < 0) continue;
      out.push({
        id: `${file.replace(/^src\/domain\//, '').replace(/\.ts$/, '')}:${name}${d > 0 ? '+1' : '-1'}`,
        kind: 'constant',
        file,
        find: line,
        replace: `export const ${name} = ${moved(d)};`,
        chart: null,
        note: `${name} ${expr} → ${moved(d)}`,
      });
    }
  }
  return out;
}

function main(): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const out = resolve(process.argv[2] ?? join(root, 'coverage', 'constant-mutants.json'));
  const dir = join(root, 'src', 'domain');
  const mutants = readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()
    .flatMap((f) => constantMutantsOf(`src/domain/${f}`, readFileSync(join(dir, f), 'utf8')));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(mutants, null, 2)}\n`);
  console.log(`${mutants.length} constant mutants → ${out}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
