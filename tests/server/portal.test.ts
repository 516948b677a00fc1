/**
 * The one-process portal over real sockets: data survives a restart on the same database file, the SPA is served
 * with deep-link fallback and security headers, /api never falls back, API_TARGET proxies.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../server/logger';
import { type PortalOptions, startPortal } from '../../server/start';
import { needsBuild } from '../../server/static';
import { createAgent, TEST_COST } from './harness';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'portal-test-'));
  dirs.push(d);
  return d;
};

const base = (dbPath: string): PortalOptions => ({
  port: 0,
  dbPath,
  spa: false,
  logger: silentLogger,
  seed: { passwordCost: TEST_COST },
  config: { passwordCost: TEST_COST },
});

function fakeDist(): string {
  const dist = tempDir();
  mkdirSync(join(dist, 'static', 'js'), { recursive: true });
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><script src="/static/js/index.1a2b3c4d.js"></script>',
  );
  writeFileSync(join(dist, 'static', 'js', 'index.1a2b3c4d.js'), 'console.log(1)');
  writeFileSync(join(dist, 'favicon.ico'), 'ico');
  return dist;
}

describe('restart', () => {
  it('keeps users created and passwords changed through the API', async () => {
    const dbPath = join(tempDir(), 'portal.db');
    const first = await startPortal(base(dbPath));
    const admin = createAgent((req) => fetch(req), first.url);
    expect((await admin.login('admin')).status).toBe('OKOK');
    const created = await admin.call('POST', 'user/create', {
      kind: 'admin',
      user_name: 'restart.check',
      roles: ['R003'],
      branch_id: 11,
    });
    expect(created.status).toBe('OKOK');
    const curator = createAgent((req) => fetch(req), first.url);
    await curator.login('curator');
    expect(
      (await curator.call('POST', 'user/change-password', { current: 'Demo-2026', password: 'Kept-2026x' }))
        .status,
    ).toBe('OKOK');
    const token = curator.jar.get('portal_sid') as string;
    await first.close();

    const second = await startPortal(base(dbPath));
    try {
      const again = createAgent((req) => fetch(req), second.url);
      expect((await again.login('curator', 'Demo-2026')).status).toBe('E012');
      expect((await again.login('curator', 'Kept-2026x')).status).toBe('OKOK');
      const id = (created.result as { user_id: number }).user_id;
      const a2 = createAgent((req) => fetch(req), second.url);
      await a2.login('admin');
      expect((await a2.call('GET', `user/get/${id}`)).result).toMatchObject({
        user_name: 'restart.check',
        roles: ['R003'],
      });
      // sessions live in the database too
      const resumed = await createAgent((req) => fetch(req), second.url).call('GET', 'user/', undefined, {
        headers: { cookie: `portal_sid=${token}` },
      });
      expect(resumed.status).toBe('OKOK');
      // the seed did not run twice
      expect(second.db?.prepare("SELECT COUNT(*) AS n FROM users WHERE login = 'admin'").get()).toEqual({
        n: 1,
      });
    } finally {
      await second.close();
    }
  });
});

describe('SPA and headers', () => {
  it('serves files, falls back to index.html for deep links, never for /api', async () => {
    const portal = await startPortal({ ...base(':memory:'), spa: 'serve', distDir: fakeDist() });
    try {
      const deep = await fetch(`${portal.url}/ru/orders/12`);
      expect(deep.status).toBe(200);
      expect(deep.headers.get('content-type')).toMatch(/text\/html/);
      expect(deep.headers.get('cache-control')).toBe('no-cache');
      expect(await deep.text()).toContain('<!doctype html>');

      const asset = await fetch(`${portal.url}/static/js/index.1a2b3c4d.js`);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(asset.headers.get('content-type')).toMatch(/javascript/);

      expect((await fetch(`${portal.url}/static/js/missing.js`)).status).toBe(404);
      // an encoded traversal reaches the handler as is (fetch only normalises literal and %2e dots)
      const traversal = await fetch(`${portal.url}/..%2f..%2f..%2f..%2fetc%2fpasswd`);
      expect(traversal.status).toBe(404);
      expect(await traversal.text()).not.toContain('root:');

      const api = await fetch(`${portal.url}/api/no/such/call`);
      expect(api.status).toBe(404);
      expect(await api.json()).toEqual({ status: 'E101', description: 'unknown call' });

      for (const res of [deep, asset, api]) {
        const csp = res.headers.get('content-security-policy') ?? '';
        expect(csp).toContain("script-src 'self'");
        expect(csp).not.toContain('unsafe-inline');
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("base-uri 'none'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("connect-src 'self' ws://127.0.0.1:64646 wss://127.0.0.1:64443");
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('referrer-policy')).toBe('same-origin');
      }
    } finally {
      await portal.close();
    }
  });

  it('proxies /api/* to API_TARGET with cookies', async () => {
    const backend = await startPortal(base(':memory:'));
    const front = await startPortal({
      port: 0,
      apiTarget: backend.url,
      spa: 'serve',
      distDir: fakeDist(),
      logger: silentLogger,
    });
    try {
      expect(front.db).toBeUndefined();
      const a = createAgent((req) => fetch(req), front.url);
      expect((await a.login('curator')).status).toBe('OKOK');
      expect((await a.call('GET', 'user/')).result).toMatchObject({ user_name: 'curator' });
      expect((await fetch(`${front.url}/ru/profile`)).status).toBe(200);
    } finally {
      await front.close();
      await backend.close();
    }
  });
});

describe('build check', () => {
  it('needs a build when dist/index.html is missing or older than src or rsbuild.config.ts', () => {
    const root = tempDir();
    mkdirSync(join(root, 'src', 'app'), { recursive: true });
    writeFileSync(join(root, 'src', 'app', 'a.ts'), 'x');
    writeFileSync(join(root, 'rsbuild.config.ts'), 'x');
    expect(needsBuild(root)).toBe(true);
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist', 'index.html'), 'x');
    const t = Date.now() / 1000;
    utimesSync(join(root, 'src', 'app', 'a.ts'), t - 100, t - 100);
    utimesSync(join(root, 'src', 'app'), t - 100, t - 100);
    utimesSync(join(root, 'src'), t - 100, t - 100);
    utimesSync(join(root, 'rsbuild.config.ts'), t - 100, t - 100);
    utimesSync(join(root, 'dist', 'index.html'), t - 50, t - 50);
    expect(needsBuild(root)).toBe(false);
    utimesSync(join(root, 'src', 'app', 'a.ts'), t, t);
    expect(needsBuild(root)).toBe(true);
    utimesSync(join(root, 'src', 'app', 'a.ts'), t - 100, t - 100);
    utimesSync(join(root, 'rsbuild.config.ts'), t, t);
    expect(needsBuild(root)).toBe(true);
  });
});
