// `npm start`, `npm run admin:create`, `npm run db:backup` and `npm run db:retention`: plain JavaScript, so that it runs in the pruned production install, where no
// dev dependency (tsx, rsbuild, esbuild) is left (docs/decisions.md OPS2).
//
//   node scripts/launch.js start|admin-create|backup|retention [args…]
//
// NODE_ENV=production: runs the server `npm run build` bundled (dist-server/<entry>.js) and never builds anything; a
// missing build is a one-line reason and exit code 1. Otherwise (a laptop after `npm ci`): runs the server's sources
// through tsx, as `node --import tsx server/<entry>.ts` does; `npm start` then builds a stale SPA and runs the demo.
// Without tsx (a pruned install started without NODE_ENV=production) it runs the bundle as well.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ENTRIES = ['start', 'admin-create', 'backup', 'retention'];
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** @param {string} reason */
function refuse(reason) {
  process.stderr.write(`${reason}\n`);
  process.exit(1);
}

const [entry, ...args] = process.argv.slice(2);
if (!entry || !ENTRIES.includes(entry)) refuse(`usage: node scripts/launch.js ${ENTRIES.join('|')} [args…]`);

const bundle = join(root, 'dist-server', `${entry}.js`);
const missingBuild = `the production build is missing (${bundle}): run scripts/build-production.sh (npm ci, npm run build, npm prune --omit=dev) first; production never builds at start.`;

/** @returns {Promise<string>} the module to run */
async function chooseModule() {
  if (process.env.NODE_ENV === 'production') {
    if (!existsSync(bundle)) refuse(missingBuild);
    // stack traces name the sources (dist-server/*.js.map)
    process.setSourceMapsEnabled(true);
    return pathToFileURL(bundle).href;
  }
  try {
    // what `node --import tsx` does: TypeScript from here on
    await import('tsx');
    return pathToFileURL(join(root, 'server', `${entry}.ts`)).href;
  } catch {
    if (!existsSync(bundle))
      refuse(
        `tsx is not installed and ${missingBuild.replace('the production build is missing ', 'no build ')}`,
      );
    return pathToFileURL(bundle).href;
  }
}

const mod = await import(await chooseModule());
try {
  const code = await mod.main(args);
  if (typeof code === 'number') process.exitCode = code;
} catch (e) {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
}
