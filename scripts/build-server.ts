/**
 * The server's production bundle (docs/decisions.md OPS2), the second half of `npm run build`: esbuild bundles the
 * entries the pruned install runs (server/start.ts for `npm start`, server/admin-create.ts for `npm run admin:create`)
 * with our own TypeScript (server/, src/domain, src/services/contract) compiled in and every package left to
 * node_modules (`packages: 'external'`: better-sqlite3 is native, the rest are production dependencies), as ES modules
 * into dist-server/. The files the server reads beside its code stay in server/ and are found from the project's root
 * (server/paths.ts), so nothing is copied. After `npm prune --omit=dev` scripts/launch.js runs these without tsx.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..');
const outdir = join(root, 'dist-server');

/** The production dependencies: a bundle importing anything else would fail in the pruned install. */
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const allowed = new Set(Object.keys(pkg.dependencies));
const packageOf = (path: string) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');

rmSync(outdir, { recursive: true, force: true });
const started = performance.now();
const result = await build({
  absWorkingDir: root,
  entryPoints: {
    start: 'server/start.ts',
    'admin-create': 'server/admin-create.ts',
    backup: 'server/backup.ts',
    retention: 'server/retention.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // the oldest Node the project supports (package.json engines)
  target: 'node20.19',
  packages: 'external',
  // one file per entry: a shared chunk would only save disk
  splitting: false,
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
  legalComments: 'none',
});

const wrong = new Set<string>();
for (const output of Object.values(result.metafile.outputs)) {
  for (const i of output.imports) {
    if (i.external && !i.path.startsWith('node:') && !allowed.has(packageOf(i.path))) wrong.add(i.path);
  }
}
if (wrong.size > 0) {
  process.stderr.write(
    `build-server: the server imports ${[...wrong].join(', ')}, not a production dependency: it would fail after npm prune --omit=dev\n`,
  );
  process.exit(1);
}
const sizes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .map(([file, o]) => `${file} ${(o.bytes / 1024).toFixed(0)} KB`);
process.stdout.write(`server bundle: ${sizes.join(', ')} (${Math.round(performance.now() - started)} ms)\n`);
