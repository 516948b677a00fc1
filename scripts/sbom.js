// `npm run sbom`: what the production install ships (docs/decisions.md OPS6), into reports/
// (gitignored, made anew each run):
//   reports/sbom.cdx.json   `npm sbom --omit=dev` in CycloneDX 1.5: every production package with version, licence,
//                           purl and integrity, read from package-lock.json (no network)
//   reports/licences.md     the licences of the production packages: a count per licence, then every package
//   reports/licences.json   the same as data
// Plain JavaScript with no dependency, so it also runs in the pruned install (CI runs it there). It fails (exit 1) when
// a production package declares no licence, or one of the strong copyleft family (GPL, AGPL, SSPL, …): a reviewer
// must look at such a package before it ships.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'reports');
mkdirSync(out, { recursive: true });

/** @param {string[]} args */
const npm = (args) =>
  execFileSync('npm', args, {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });

// from package-lock.json (what `npm ci` installs): in the pruned install `npm sbom` reading node_modules refuses the
// dev dependencies the prune removed as "missing", even with --omit=dev
const sbom = npm([
  'sbom',
  '--omit=dev',
  '--package-lock-only',
  '--sbom-format',
  'cyclonedx',
  '--sbom-type',
  'application',
]);
const components = JSON.parse(sbom).components?.length ?? 0;
writeFileSync(join(out, 'sbom.cdx.json'), sbom);

/** The licence a package.json declares: `license` (SPDX expression), or the old `licenses` list. */
function licenceOf(/** @type {Record<string, unknown>} */ pkg) {
  const l = pkg.license ?? pkg.licenses;
  if (typeof l === 'string') return l;
  if (Array.isArray(l))
    return l
      .map((x) => (typeof x === 'string' ? x : x?.type))
      .filter(Boolean)
      .join(' OR ');
  if (l && typeof l === 'object' && 'type' in l) return String(l.type);
  return '';
}

const paths = [
  ...new Set(
    npm(['ls', '--omit=dev', '--all', '--parseable'])
      .split('\n')
      .map((p) => p.trim())
      .filter((p) => p && p !== root),
  ),
];
/** one entry per name@version (npm may install a version at several paths) */
/** @type {Map<string, { name: string; version: string; licence: string; path: string }>} */
const unique = new Map();
for (const path of paths) {
  const pkg = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8'));
  const key = `${pkg.name}@${pkg.version}`;
  if (!unique.has(key))
    unique.set(key, {
      name: pkg.name,
      version: pkg.version,
      licence: licenceOf(pkg),
      path: relative(root, path),
    });
}
const packages = [...unique.values()].sort(
  (a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version),
);

/** A strong copyleft licence (or one not for commercial use). */
const COPYLEFT = /\b(A?GPL|SSPL|EUPL|OSL|CC-BY-(NC|SA))/i;
/** Acceptable when the package declares one, and an `A OR B` choice has at least one alternative that is not
 *  copyleft (jszip "MIT OR GPL-3.0-or-later", node-forge "BSD-3-Clause OR GPL-2.0": taken under MIT / BSD). */
const acceptable = (/** @type {string} */ licence) =>
  licence !== '' &&
  licence
    .replace(/[()]/g, '')
    .split(/\s+OR\s+/i)
    .some((choice) => !COPYLEFT.test(choice));
/** Looked at and accepted for now, with the reason (docs/decisions.md OPS6): name@version → note. */
const REVIEWED = new Map([
  [
    'buffers@0.1.1',
    'declares no licence; reached only through exceljs → unzipper → binary (reading zip archives, which the portal never does: it writes XLSX); open until exceljs drops it',
  ],
]);
const byLicence = new Map();
for (const p of packages)
  byLicence.set(p.licence || '(none declared)', (byLicence.get(p.licence || '(none declared)') ?? 0) + 1);
const summary = [...byLicence].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));

const md = [
  '# Licences of the production dependencies',
  '',
  `Made by \`npm run sbom\` (scripts/sbom.js) from the installed packages without dev dependencies: ${packages.length} packages. The full bill of materials is \`sbom.cdx.json\` beside this file.`,
  '',
  '| licence | packages |',
  '| --- | --- |',
  ...summary.map(([l, n]) => `| ${l} | ${n} |`),
  '',
  '| package | version | licence |',
  '| --- | --- | --- |',
  ...packages.map((p) => `| ${p.name} | ${p.version} | ${p.licence || '(none declared)'} |`),
  '',
  'Reviewed exceptions (scripts/sbom.js `REVIEWED`):',
  '',
  ...[...REVIEWED].map(([key, note]) => `- ${key}: ${note}`),
  '',
].join('\n');
writeFileSync(join(out, 'licences.md'), md);
writeFileSync(join(out, 'licences.json'), `${JSON.stringify(packages, null, 2)}\n`);

const flagged = packages.filter((p) => !acceptable(p.licence) && !REVIEWED.has(`${p.name}@${p.version}`));
process.stdout.write(
  `sbom: ${components} components in reports/sbom.cdx.json; licences of ${packages.length} production packages in reports/licences.md (${summary.map(([l, n]) => `${l} ${n}`).join(', ')})\n`,
);
if (flagged.length > 0) {
  process.stderr.write(
    `sbom: to review before shipping (no licence, or a copyleft one): ${flagged.map((p) => `${p.name}@${p.version} (${p.licence || 'none'})`).join(', ')}\n`,
  );
  process.exit(1);
}
