/**
 * The production install (docs/decisions.md OPS2, OPS5). Docker cannot run here, so the Dockerfile's
 * facts are read from the file; CI builds and runs the same script on a clean clone (scripts/check-production.sh).
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, serverPath } from '../../server/paths';

const root = join(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The Dockerfile's instructions (continuation lines joined, comments dropped), in order. */
function instructions(): { op: string; args: string }[] {
  return read('Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const [op = '', ...rest] = l.split(/\s+/);
      return { op: op.toUpperCase(), args: rest.join(' ') };
    });
}

function stages(): { base: string; name: string; steps: { op: string; args: string }[] }[] {
  const out: { base: string; name: string; steps: { op: string; args: string }[] }[] = [];
  for (const i of instructions()) {
    if (i.op === 'FROM') {
      const [base = '', , name = ''] = i.args.split(/\s+/);
      out.push({ base, name, steps: [] });
    } else out.at(-1)?.steps.push(i);
  }
  return out;
}

describe('Dockerfile', () => {
  it('has a build stage and a run stage, both Debian with Node 22', () => {
    const s = stages();
    expect(s.length).toBeGreaterThanOrEqual(2);
    for (const stage of s) expect(stage.base).toMatch(/^node:22(\.\d+)*-(bookworm|trixie)(-slim)?$/);
  });

  it('builds with the shared script, with the tools better-sqlite3 compiles with', () => {
    const [build] = stages();
    const runs = build?.steps.filter((i) => i.op === 'RUN').map((i) => i.args) ?? [];
    expect(
      runs.some((r) => /apt-get install .*python3/.test(r) && /\bmake\b/.test(r) && /\bg\+\+/.test(r)),
    ).toBe(true);
    expect(runs.at(-1)).toBe('scripts/build-production.sh');
  });

  it('runs as a user that is not root, in production, with the database on a volume and a health check on /healthz', () => {
    const run = stages().at(-1);
    const steps = run?.steps ?? [];
    const user = steps.filter((i) => i.op === 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    const env = steps
      .filter((i) => i.op === 'ENV')
      .map((i) => i.args)
      .join(' ');
    expect(env).toMatch(/\bNODE_ENV=production\b/);
    const db = env.match(/\bPORTAL_DB=(\S+)/)?.[1] ?? '';
    const volume = steps.find((i) => i.op === 'VOLUME')?.args ?? '';
    const volumePath = JSON.parse(volume)[0] as string;
    expect(db.startsWith(`${volumePath}/`)).toBe(true);
    const health = steps.find((i) => i.op === 'HEALTHCHECK')?.args ?? '';
    expect(health).toMatch(/\/healthz\b/);
    // the run stage starts what `npm start` starts, never a build
    expect(steps.find((i) => i.op === 'CMD')?.args).toBe('["node", "scripts/launch.js", "start"]');
    expect(steps.some((i) => i.op === 'RUN' && /build|npm (ci|install)/.test(i.args))).toBe(false);
  });

  it('sends no local install or build output into the image', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', 'dist', 'dist-server', '.git']) expect(ignored).toContain(entry);
  });
});

describe('the shared build script', () => {
  it('installs, builds and prunes, in this order, and CI runs it', () => {
    const script = read('scripts/build-production.sh');
    const steps = [...script.matchAll(/^\s*(?:NODE_ENV=\S+ )?(npm (?:ci|run build|prune)\b[^\n]*)/gm)].map(
      (m) => m[1],
    );
    expect(steps.map((s) => s?.split(' ').slice(0, 2).join(' '))).toEqual(['npm ci', 'npm run', 'npm prune']);
    expect(steps[2]).toContain('--omit=dev');
    // CI: its own clean clone runs the same script, then Node 22 again
    expect(read('scripts/check-production.sh')).toMatch(/^scripts\/build-production\.sh\b/m);
    const ci = read('.ci/run');
    expect(ci.match(/bash scripts\/check-production\.sh/g)).toHaveLength(2);
    expect(ci).toMatch(/npm install --prefix \S+ .*node@22/);
  });

  it('npm start and admin:create run through the plain-JavaScript launcher, never through tsx directly', () => {
    const pkg = JSON.parse(read('package.json')) as {
      scripts: Record<string, string>;
      engines: { node: string };
      dependencies: Record<string, string>;
    };
    expect(pkg.scripts.start).toBe('node scripts/launch.js start');
    expect(pkg.scripts['admin:create']).toBe('node scripts/launch.js admin-create');
    expect(pkg.scripts.build).toMatch(/^rsbuild build && .*scripts\/build-server\.ts$/);
    expect(pkg.engines.node).toBe('^20.19 || >=22');
    expect(pkg.dependencies.tsx).toBeUndefined();
  });
});

describe('the production launcher', () => {
  it('refuses NODE_ENV=production without the build: one line, exit code 1, nothing built', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-launch-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'scripts'));
    copyFileSync(join(root, 'scripts', 'launch.js'), join(dir, 'scripts', 'launch.js'));
    writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
    for (const entry of ['start', 'admin-create']) {
      const run = spawnSync(process.execPath, ['scripts/launch.js', entry], {
        cwd: dir,
        env: { ...process.env, NODE_ENV: 'production' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.status).toBe(1);
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^the production build is missing \(.*dist-server\/.*\.js\): run scripts\/build-production\.sh/,
      );
      expect(readdirSync(dir).sort()).toEqual(['package.json', 'scripts']);
    }
  });
});

describe('files the server reads beside its code', () => {
  it('are found from the project root, never from a module’s own address (the bundle has one address)', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (file.endsWith('.ts')) {
          const lines = readFileSync(file, 'utf8').split('\n');
          for (const [i, line] of lines.entries()) {
            if (!line.includes('import.meta.url')) continue;
            const rel = relative(root, file);
            // server/paths.ts finds the root; start.ts compares it with argv[1] to know it is the entry point
            if (rel === 'server/paths.ts') continue;
            if (rel === 'server/start.ts' && line.includes('process.argv[1]')) continue;
            offenders.push(`${rel}:${i + 1}`);
          }
        }
      }
    };
    walk(join(root, 'server'));
    expect(offenders).toEqual([]);
    expect(PROJECT_ROOT).toBe(root);
    expect(statSync(serverPath('db', 'migrations')).isDirectory()).toBe(true);
  });
});
