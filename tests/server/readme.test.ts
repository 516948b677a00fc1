import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/demo-accounts';

/** README's demo-logins table must say what the seed really holds. */
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

function rows(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const section = readme.split('## Demo logins')[1]?.split('\n## ')[0] ?? '';
  for (const line of section.split('\n')) {
    if (!line.startsWith('|') || line.includes('---')) continue;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells[0] && cells[0] !== 'login') out.set(cells[0], cells);
  }
  return out;
}

describe('README demo logins', () => {
  it('names the shared password', () => {
    expect(readme).toContain(`\`${DEMO_PASSWORD}\``);
  });

  it('lists exactly the seeded accounts', () => {
    expect([...rows().keys()].sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.login).sort());
  });

  it.each(DEMO_ACCOUNTS.map((a) => [a.login, a] as const))('row %s matches the seed', (login, account) => {
    const cells = rows().get(login);
    expect(cells).toBeDefined();
    expect(cells?.[1]).toBe(account.roles.join(', '));
    expect(cells?.[2]).toBe(account.profile);
    expect(cells?.[3]).toBe(account.tryThis);
  });
});

/** README "Run in production" (docs/decisions.md OPS1-OPS6): what it names must exist and be read. */
describe('README run in production', () => {
  const root = new URL('../../', import.meta.url);
  const section = readme.split('## Run in production')[1]?.split('\n## ')[0] ?? '';
  const tableVariables = () =>
    new Set(
      section
        .split('\n')
        .filter((l) => l.startsWith('| `'))
        .flatMap((l) =>
          [...(l.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] as string),
        ),
    );
  /** The environment variables the start path reads: the server, the launcher, the SPA's build-time config. */
  const readByCode = () => {
    const files: string[] = ['scripts/launch.js', 'src/config.ts'];
    const walk = (dir: string) => {
      for (const e of readdirSync(new URL(dir, root), { withFileTypes: true })) {
        if (e.isDirectory()) walk(`${dir}${e.name}/`);
        else if (e.name.endsWith('.ts')) files.push(`${dir}${e.name}`);
      }
    };
    walk('server/');
    const names = new Set<string>();
    for (const f of files) {
      for (const m of readFileSync(new URL(f, root), 'utf8').matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g))
        names.add(m[1] as string);
    }
    return names;
  };

  it('has the steps, then the table of environment variables', () => {
    expect(section).toContain('### Steps');
    expect(section.indexOf('### Steps')).toBeLessThan(section.indexOf('### Environment variables'));
  });

  it('names every environment variable the server, the launcher and the build-time config read', () => {
    expect([...readByCode()].filter((v) => !tableVariables().has(v)).sort()).toEqual([]);
  });

  it('names no variable the code does not read', () => {
    const read = readByCode();
    expect([...tableVariables()].filter((v) => !read.has(v)).sort()).toEqual([]);
  });

  it('names npm scripts and files that exist', () => {
    const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const scripts = [...section.matchAll(/npm run (?:--silent )?([a-z][a-z:-]*)/g)].map(
      (m) => m[1] as string,
    );
    for (const s of new Set(scripts)) expect(pkg.scripts[s], s).toBeDefined();
    expect(scripts).toContain('admin:create');
    expect(scripts).toContain('sbom');
    // the start command of step 3 is what npm start runs in production
    expect(section).toMatch(
      /NODE_ENV=production PORTAL_DB=\S+ HOST=0\.0\.0\.0 PORT=8080 PUBLIC_ORIGIN=\S+ npm start/,
    );
    expect(pkg.scripts.start).toBe('node scripts/launch.js start');
    for (const f of [
      'scripts/build-production.sh',
      'scripts/check-production.sh',
      'Dockerfile',
      'scripts/sbom.js',
    ])
      expect(existsSync(new URL(f, root)), f).toBe(true);
  });
});
