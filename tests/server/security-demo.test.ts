import { afterEach, describe, expect, it } from 'vitest';
import { configFromEnv, demoModeRefusal } from '../../server/config';
import { createMemoryLogger } from '../../server/logger';
import { type PortalHandle, startPortal } from '../../server/start';
import { createHarness } from './harness';

/** Finding 1 (docs/security.md): the demo helpers leave the portal's origin. */

const started: PortalHandle[] = [];
afterEach(async () => {
  for (const p of started.splice(0)) await p.close();
});

describe('finding 1: demo helpers leave the portal origin', () => {
  const paths = [
    ['GET', 'demo/outbox?login=admin'],
    ['POST', 'demo/expire-sessions?login=admin'],
    ['POST', 'demo/block/fast-forward'],
    ['POST', 'demo/block/rollback?ban=100234561'],
    // the simulated corporate sign-on (finding 16) lives on the demo port only
    ['GET', 'demo/sso?state=x'],
    ['POST', 'demo/sso/issue'],
    ['GET', 'sso?state=x'],
    ['POST', 'sso/issue'],
  ] as const;

  it('answers not-found for /api/demo/* on the portal, in demo mode and outside it', async () => {
    for (const demoMode of [true, false]) {
      const a = createHarness({ config: { demoMode } }).agent();
      for (const [method, path] of paths) {
        const r = await a.call(method, path);
        expect([method, path, demoMode, r.http, r.status]).toEqual([method, path, demoMode, 404, 'E101']);
      }
    }
  });

  it('cannot take the admin account in three calls any more: the recovery token is only on the demo page', async () => {
    const h = createHarness();
    const attacker = h.agent();
    expect((await attacker.call('POST', 'user/forgot', { login: 'admin' })).status).toBe('OKOK');
    const leak = await attacker.call('GET', 'demo/outbox?login=admin');
    expect(leak.http).toBe(404);
    expect(JSON.stringify(leak)).not.toMatch(/restore\?r=/);
    // the same message is on the demo page (its own origin, 127.0.0.1 only)
    const page = await h.demo.fetch(new Request('http://127.0.0.1/'));
    expect(await page.text()).toMatch(/password recovery link/);
  });

  it('serves the demo page on its own port on 127.0.0.1, with the outbox and the controls', async () => {
    const portal = await startPortal({
      port: 0,
      dbPath: ':memory:',
      spa: false,
      logger: createMemoryLogger(),
      config: { demoMode: true, demoPort: 0 },
      seed: { passwordCost: { N: 1024, r: 8, p: 1 } },
    });
    started.push(portal);
    expect(portal.demoUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(portal.demoUrl).not.toBe(portal.url);
    await fetch(`${portal.url}/api/user/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'portal' },
      body: JSON.stringify({ login: 'curator' }),
    });
    const html = await (await fetch(`${portal.demoUrl}/`)).text();
    expect(html).toMatch(/Demo outbox/);
    expect(html).toMatch(new RegExp(`${portal.url.replace(/[.:/]/g, '\\$&')}/ru/restore\\?r=`));
    const json = (await (await fetch(`${portal.demoUrl}/api/outbox?login=curator`)).json()) as {
      result: { kind: string }[];
    };
    expect(json.result[0]?.kind).toBe('restore-link');
    expect((await fetch(`${portal.url}/api/demo/outbox?login=curator`)).status).toBe(404);
    // the simulated corporate sign-on page: on the demo port, never on the portal's
    expect((await fetch(`${portal.url}/sso?state=${'a'.repeat(43)}`)).status).toBe(404);
    expect((await fetch(`${portal.demoUrl}/sso?state=${'a'.repeat(43)}`)).status).toBe(200);
  });

  it('refuses a foreign Host (DNS rebinding) and a cross-site form post on the demo page', async () => {
    const portal = await startPortal({
      port: 0,
      dbPath: ':memory:',
      spa: false,
      logger: createMemoryLogger(),
      config: { demoMode: true, demoPort: 0 },
      seed: { passwordCost: { N: 1024, r: 8, p: 1 } },
    });
    started.push(portal);
    const port = new URL(portal.demoUrl as string).port;
    const { request } = await import('node:http');
    const status = (headers: Record<string, string>, method = 'GET', path = '/api/outbox?login=admin') =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    expect(await status({ host: `evil.example:${port}` })).toBe(421);
    expect(
      await status(
        { host: `127.0.0.1:${port}`, origin: 'http://evil.example' },
        'POST',
        '/api/expire-sessions?login=admin',
      ),
    ).toBe(403);
    expect(await status({ host: `127.0.0.1:${port}` }, 'POST', '/controls/expire-sessions')).toBe(403);
    expect(await status({ host: `localhost:${port}` })).toBe(200);
  });

  it('is on by default on a laptop and off by default under NODE_ENV=production or API_TARGET', () => {
    expect(configFromEnv({}).demoMode).toBe(true);
    expect(configFromEnv({ NODE_ENV: 'production' }).demoMode).toBe(false);
    expect(configFromEnv({ API_TARGET: 'https://api.example' }).demoMode).toBe(false);
  });

  it('refuses to start with demo mode on under NODE_ENV=production or API_TARGET, with a one-line reason', async () => {
    const prod = demoModeRefusal({ NODE_ENV: 'production' }, true);
    const target = demoModeRefusal({ API_TARGET: 'https://api.example' }, true);
    expect(prod).toMatch(/NODE_ENV=production/);
    expect(target).toMatch(/API_TARGET/);
    for (const line of [prod, target]) expect(line).not.toMatch(/\n/);
    expect(demoModeRefusal({ NODE_ENV: 'production' }, false)).toBeNull();
    expect(demoModeRefusal({}, true)).toBeNull();
    await expect(
      startPortal({ port: 0, spa: false, apiTarget: 'http://127.0.0.1:9', config: { demoMode: true } }),
    ).rejects.toThrow(/API_TARGET/);
  });
});
