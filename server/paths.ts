import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the server finds the files it ships beside its code (migrations, templates, fonts, the common-password list).
 *
 * The server runs from its sources (`server/*.ts` through tsx: tests, `npm run dev`, `npm start` on a laptop) and from
 * the production bundle (`dist-server/*.js`, built by `npm run build`, run without any dev dependency: docs/decisions.md
 * OPS2). In the bundle every module's `import.meta.url` is the bundle's own, so no module may find a file relative to
 * itself: they all ask here, and this module finds the project's root (the nearest folder above it holding
 * package.json) from either place. tests/server/production-install.test.ts keeps it that way.
 */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return resolve(from, '..');
  }
}

export const PROJECT_ROOT = projectRoot(dirname(fileURLToPath(import.meta.url)));

/** A file or folder of the server's sources (`serverPath('db', 'migrations')` → `<root>/server/db/migrations`). */
export function serverPath(...parts: string[]): string {
  return join(PROJECT_ROOT, 'server', ...parts);
}
