import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../server/app';
import { SSO_CALLBACK_ROUTE } from '../../server/auth/sso.routes';
import { clientAddress, parseTrustProxy, type TrustProxy } from '../../server/client-address';
import { MINUTE } from '../../server/clock';
import { configFromEnv } from '../../server/config';
import { type Agent, createHarness, type Harness } from './harness';

/**
 * Findings 23, 24, 29, 30 and 31 (docs/security.md) and the client address behind trusted
 * proxies): parallel guesses, recovery flooding, deep JSON, cross-site calls, and throttles per account and address.
 */

/** A login from a client behind a proxy: the proxy is the socket's peer, the client is in X-Forwarded-For. */
const loginVia = (a: Agent, forwardedFor: string, login: string, password = 'Demo-2026') =>
  a.call('POST', 'user/login', { login, password }, { headers: { 'x-forwarded-for': forwardedFor } });

const wrong = (a: Agent, login: string, n: number) =>
  (async () => {
    const statuses: string[] = [];
    for (let i = 0; i < n; i++) statuses.push((await a.login(login, `wrong-password-${i}`)).status);
    return statuses;
  })();

const logLines = (h: Harness, event: string) =>
  h.logs.filter((l) => l.includes(`"event":"${event}"`)).map((l) => JSON.parse(l) as Record<string, unknown>);

describe('finding 23: parallel wrong passwords and the login throttle', () => {
  it('of 80 parallel wrong passwords only the 5 free ones are checked; the rest are refused before any hash', async () => {
    const h = createHarness();
    const a = h.agent();
    const replies = await Promise.all(Array.from({ length: 80 }, (_, i) => a.login('curator', `guess-${i}`)));
    const statuses = replies.map((r) => r.status);

    expect(statuses.filter((s) => s === 'E012')).toHaveLength(5);
    expect(statuses.filter((s) => s === 'E137')).toHaveLength(75);
    // the lock stands: the right password next is refused too
    expect((await a.login('curator')).status).toBe('E137');
  });

  it('a right password sent among parallel wrong ones does not reset the count', async () => {
    const h = createHarness();
    const a = h.agent();
    const replies = await Promise.all([
      ...Array.from({ length: 40 }, (_, i) => a.login('curator', `guess-${i}`)),
      a.login('curator'),
    ]);

    expect(replies.at(-1)?.status).toBe('E137');
    expect(replies.filter((r) => r.status === 'E012')).toHaveLength(5);
    expect((await a.login('curator', 'guess-again')).status).toBe('E137');
  });
});

describe('finding 24: password recovery is rate-limited', () => {
  it('sends one link per login a minute and five an hour; E138 says the seconds to wait', async () => {
    const h = createHarness();
    const a = h.agent();
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => a.call('POST', 'user/forgot', { login: 'curator' })),
    );
    const links = () => h.outbox({ login: 'curator' }).filter((m) => m.kind === 'restore-link').length;

    expect(burst.filter((r) => r.status === 'OKOK')).toHaveLength(1);
    expect(burst.filter((r) => r.status === 'E138')).toHaveLength(19);
    expect(Number(burst.find((r) => r.status === 'E138')?.description)).toBe(60);
    expect(links()).toBe(1);

    for (let i = 0; i < 6; i++) {
      h.clock.advance(61_000);
      await a.call('POST', 'user/forgot', { login: 'curator' });
    }
    expect(links()).toBe(5);
    h.clock.advance(60 * MINUTE);
    expect((await a.call('POST', 'user/forgot', { login: 'curator' })).status).toBe('OKOK');
  });

  it('limits the recipient too: two logins with one mailbox get one link a minute', async () => {
    const h = createHarness();
    h.db.prepare("UPDATE users SET email = 'shared@example.uz' WHERE login IN ('curator', 'seller')").run();
    const a = h.agent();

    expect((await a.call('POST', 'user/forgot', { login: 'curator' })).status).toBe('OKOK');
    const second = await a.call('POST', 'user/forgot', { login: 'seller' });
    expect([second.status, Number(second.description)]).toEqual(['E138', 60]);
  });

  it('limits an address over many logins (20 an hour), not the other addresses', async () => {
    const h = createHarness();
    const a = h.agent('192.0.2.10');
    const statuses: string[] = [];
    for (let i = 0; i < 20; i++)
      statuses.push((await a.call('POST', 'user/forgot', { login: `nobody-${i}` })).status);

    expect(statuses.every((s) => s === 'E086')).toBe(true);
    expect((await a.call('POST', 'user/forgot', { login: 'curator' })).status).toBe('E138');
    expect((await h.agent('192.0.2.11').call('POST', 'user/forgot', { login: 'curator' })).status).toBe(
      'OKOK',
    );
  });

  it('answers the limit alike for a login that exists and one that does not', async () => {
    const h = createHarness();
    const a = h.agent();
    const known = [
      await a.call('POST', 'user/forgot', { login: 'curator' }),
      await a.call('POST', 'user/forgot', { login: 'curator' }),
    ];
    const unknown = [
      await a.call('POST', 'user/forgot', { login: 'nobody-here' }),
      await a.call('POST', 'user/forgot', { login: 'nobody-here' }),
    ];

    expect(known.map((r) => r.status)).toEqual(['OKOK', 'E138']);
    // E086 is the spec's own answer to an unknown login (spec 8); the limit adds nothing to it
    expect(unknown.map((r) => r.status)).toEqual(['E086', 'E138']);
    expect(unknown[1]?.description).toBe(known[1]?.description);
  });
});

describe('finding 29: deeply nested JSON bodies', () => {
  it('refuses a body nested 5 000 or 20 000 levels deep with HTTP 400 + E101, before it is parsed', async () => {
    const h = createHarness();
    const a = h.agent();
    for (const n of [5_000, 20_000]) {
      const arrays = await a.call('POST', 'user/login', `${'['.repeat(n)}${']'.repeat(n)}`);
      const inField = await a.call(
        'POST',
        'user/login',
        `{"login":"curator","password":"x","extra":${'['.repeat(n)}${']'.repeat(n)}}`,
      );
      for (const r of [arrays, inField])
        expect([r.http, r.status, r.description]).toEqual([400, 'E101', 'body: too deep']);
    }
    expect(h.logs.join('\n')).not.toContain('request.failed');
  });

  it('lets ordinary bodies through, brackets inside strings included', async () => {
    const h = createHarness();
    const a = h.agent();
    const brackets = '['.repeat(100);
    expect((await a.login('curator', `${brackets}"\\"{{{`)).status).toBe('E012');
    expect((await a.login('curator')).status).toBe('OKOK');
  });

  it('counts depth outside strings only, escapes included', () => {
    const nested = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan(`{"s":"\\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}`, MAX_JSON_DEPTH)).toBe(
      false,
    );
    expect(nestsDeeperThan(`[[${'"\\\\",'.repeat(3)}[]]]`, 2)).toBe(true);
  });
});

describe('finding 30: a mutating call from a foreign origin', () => {
  const login = (a: Agent, headers: Record<string, string>) =>
    a.call('POST', 'user/login', { login: 'curator', password: 'Demo-2026' }, { headers });

  it('refuses a POST with the CSRF header but a foreign Origin or a cross-site Sec-Fetch-Site: 403 + E005', async () => {
    const h = createHarness();
    const a = h.agent();
    const refused = [
      await login(a, { origin: 'https://evil.example' }),
      await login(a, { origin: 'null' }),
      await login(a, { 'sec-fetch-site': 'cross-site' }),
      await login(a, { 'sec-fetch-site': 'same-site', origin: 'https://sub.portal.test' }),
      // Sec-Fetch-Site is the browser's own word: a matching Origin beside cross-site does not help
      await login(a, { 'sec-fetch-site': 'cross-site', origin: 'http://portal.test' }),
    ];

    for (const r of refused) expect([r.http, r.status]).toEqual([403, 'E005']);
    expect(a.jar.has('portal_sid')).toBe(false);
    expect(logLines(h, 'auth.denied').map((l) => l.reason)).toContain('foreign origin');
  });

  it('accepts the portal itself: same-origin, its Host, PUBLIC_ORIGIN, a trusted proxy’s host, and no browser', async () => {
    const h = createHarness({ config: { publicOrigin: 'https://b2b.example.uz' } });
    const ok = async (headers: Record<string, string>, peer?: string) =>
      (await login(h.agent(peer), headers)).status;

    expect(await ok({ 'sec-fetch-site': 'same-origin', origin: 'http://portal.test' })).toBe('OKOK');
    expect(await ok({ origin: 'http://portal.test' })).toBe('OKOK');
    expect(await ok({ origin: 'https://b2b.example.uz' })).toBe('OKOK');
    // curl, the CI and server-to-server calls send neither header
    expect(await ok({})).toBe('OKOK');
    // behind a trusted proxy that rewrites the Host: the browser's host comes in X-Forwarded-Host
    const proxied = {
      origin: 'https://b2b.other.uz',
      'x-forwarded-host': 'b2b.other.uz',
      'x-forwarded-proto': 'https',
    };
    expect(await ok(proxied)).toBe('OKOK');
    // … which an untrusted peer cannot claim
    expect(await ok(proxied, '192.0.2.77')).toBe('E005');
  });

  it('checks a GET that changes something (client/suspend) the same way', async () => {
    const h = createHarness();
    const a = h.agent();
    await a.login('curator');
    const r = await a.call('GET', 'client/suspend?sn=901234567', undefined, {
      headers: { 'x-requested-with': 'portal', 'sec-fetch-site': 'cross-site' },
    });
    expect([r.http, r.status]).toEqual([403, 'E005']);
  });

  it('leaves calls that change nothing alone', async () => {
    const h = createHarness();
    const r = await h
      .agent()
      .call('GET', 'user/', undefined, { headers: { origin: 'https://evil.example' } });
    expect([r.http, r.status]).toEqual([200, 'E009']);
  });
});

describe('finding 31: throttles per account and address, per address, per account', () => {
  it('five failures lock the account from that address only: the owner elsewhere gets in', async () => {
    const h = createHarness();
    const attacker = h.agent('192.0.2.1');
    const statuses = await wrong(attacker, 'curator', 5);

    expect(statuses).toEqual(['E012', 'E012', 'E012', 'E012', 'E012']);
    expect((await attacker.login('curator')).status).toBe('E137');
    expect((await h.agent('192.0.2.2').login('curator')).status).toBe('OKOK');
  });

  it('21 failures from one address do not lock the others behind it; 100 do, for that address only', async () => {
    const h = createHarness();
    const office = h.agent('192.0.2.1');
    for (let i = 0; i < 21; i++) await office.login(`nobody-${i}`, 'wrong-password');
    expect((await office.login('curator')).status).toBe('OKOK');

    // the success took back its own attempt only: 79 more failures reach the ceiling of 100
    for (let i = 21; i < 100; i++) await office.login(`nobody-${i}`, 'wrong-password');
    const locked = await h.agent('192.0.2.1').login('admin');
    expect([locked.status, Number(locked.description)]).toEqual(['E137', 30]);
    expect((await h.agent('192.0.2.2').login('admin')).status).toBe('OKOK');
  });

  it('20 failures from many addresses lock the account for 15 minutes at most, then not again within the hour', async () => {
    const h = createHarness();
    let next = 1;
    const spread = async (failures: number) => {
      // four a address: never enough to lock the pair
      for (let done = 0; done < failures; done += 4)
        await wrong(h.agent(`198.51.100.${next++}`), 'curator', 4);
    };
    await spread(20);
    const owner = h.agent('203.0.113.5');
    const locked = await owner.login('curator');
    expect(locked.status).toBe('E137');
    expect(Number(locked.description)).toBeLessThanOrEqual(15 * 60);

    h.clock.advance(15 * MINUTE + 1000);
    expect((await owner.login('curator')).status).toBe('OKOK');
    // the rest of the hour: failures from everywhere keep the account open for its owner
    await spread(40);
    expect((await h.agent('203.0.113.6').login('curator')).status).toBe('OKOK');
    h.clock.advance(44 * MINUTE);
    expect((await h.agent('203.0.113.7').login('curator')).status).toBe('OKOK');

    // a new hour: the account-wide count works again
    h.clock.advance(2 * MINUTE);
    await spread(20);
    expect((await h.agent('203.0.113.8').login('curator')).status).toBe('E137');
  });
});

describe('the client address behind trusted proxies (decision PRH1)', () => {
  const trusts: [string, TrustProxy][] = [
    ['a list of addresses', ['10.0.0.0/8']],
    ['a hop count', 1],
  ];
  it.each(trusts)(
    'two clients behind one trusted proxy (%s): one’s failures do not lock out the other',
    async (_, trustProxy) => {
      const h = createHarness({ config: { trustProxy } });
      const proxy = h.agent('10.0.0.1');
      for (let i = 0; i < 5; i++) await loginVia(proxy, '198.51.100.1', 'curator', `wrong-${i}`);

      expect((await loginVia(proxy, '198.51.100.1', 'curator')).status).toBe('E137');
      expect((await loginVia(proxy, '198.51.100.2', 'curator')).status).toBe('OKOK');
      // the handler's `ip` and the log carry the client, not the proxy
      const ips = logLines(h, 'auth.login').map((l) => l.ip);
      expect(new Set(ips)).toEqual(new Set(['198.51.100.1', '198.51.100.2']));
    },
  );

  it('ignores the X-Forwarded-For of a peer that is not trusted', async () => {
    const h = createHarness();
    const direct = h.agent('192.0.2.9');
    for (let i = 0; i < 5; i++) await loginVia(direct, `198.51.100.${i}`, 'curator', `wrong-${i}`);

    expect((await loginVia(direct, '198.51.100.99', 'curator')).status).toBe('E137');
    expect(logLines(h, 'auth.login').every((l) => l.ip === '192.0.2.9')).toBe(true);
  });

  it('counts SMS sends per client address behind the proxy', async () => {
    const h = createHarness({ config: { trustProxy: 1, smsPerWindow: 1 } });
    const proxy = h.agent('10.0.0.1');
    const phones = (
      h.db
        .prepare(
          "SELECT sn FROM numbers WHERE status = 'A' AND sn NOT IN (SELECT sn FROM users WHERE sn IS NOT NULL) LIMIT 6",
        )
        .all() as { sn: string }[]
    ).map((r) => r.sn);
    const send = (client: string, phone: string) =>
      proxy.call('POST', 'user/register', { phone }, { headers: { 'x-forwarded-for': client } });
    // the address cap is four times the per-phone count: 4 here
    const first: string[] = [];
    for (const phone of phones.slice(0, 5)) first.push((await send('198.51.100.1', phone)).status);
    expect(first.filter((s) => s === 'OKOK')).toHaveLength(4);
    expect(first.at(-1)).toBe('E138');
    expect((await send('198.51.100.2', phones[5] as string)).status).toBe('OKOK');
  });

  it('logs the client address of a staff sign-on callback', async () => {
    const h = createHarness();
    await h.agent().fetch(`http://portal.test${SSO_CALLBACK_ROUTE}?code=x&state=y`, {
      headers: { 'x-forwarded-for': '198.51.100.42' },
    });
    expect(logLines(h, 'auth.sso').map((l) => l.ip)).toEqual(['198.51.100.42']);
  });

  it('believes X-Forwarded-Proto only from a trusted proxy', async () => {
    const h = createHarness();
    const https = { 'x-forwarded-proto': 'https' };
    const body = { login: 'admin', password: 'Demo-2026' };
    const viaLocalProxy = await h.agent().call('POST', 'user/login', body, { headers: https });
    const fromAnyone = await h.agent('192.0.2.9').call('POST', 'user/login', body, { headers: https });

    expect(viaLocalProxy.setCookie.join()).toMatch(/Secure/);
    expect(viaLocalProxy.headers.get('strict-transport-security')).toMatch(/max-age/);
    expect(fromAnyone.setCookie.join()).not.toMatch(/Secure/);
    expect(fromAnyone.headers.get('strict-transport-security')).toBeNull();
  });

  it('walks X-Forwarded-For from the right, stopping at the first untrusted hop', async () => {
    const at = async (trust: TrustProxy, peer: string | undefined, forwardedFor?: string) => {
      const app = new Hono().get('/', (c) => c.text(clientAddress(c, trust)));
      const headers: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
      const env = peer ? { incoming: { socket: { remoteAddress: peer } } } : undefined;
      return (await app.fetch(new Request('http://portal.test/', { headers }), env)).text();
    };
    const chain = '203.0.113.9, 198.51.100.1, 10.1.2.3';

    expect(await at(['10.0.0.0/8'], '10.0.0.1', chain)).toBe('198.51.100.1');
    expect(await at(['10.0.0.0/8', '198.51.100.0/24'], '10.0.0.1', chain)).toBe('203.0.113.9');
    expect(await at(2, '10.0.0.1', chain)).toBe('198.51.100.1');
    expect(await at(1, '10.0.0.1', chain)).toBe('10.1.2.3');
    expect(await at(false, '10.0.0.1', chain)).toBe('10.0.0.1');
    expect(await at(['loopback'], '::ffff:127.0.0.1', '198.51.100.7')).toBe('198.51.100.7');
    expect(await at(['loopback'], '::ffff:192.0.2.4')).toBe('192.0.2.4');
    // a trusted hop that forwards garbage: the hop itself is the client
    expect(await at(1, '10.0.0.1', 'not-an-address')).toBe('10.0.0.1');
    expect(await at(['loopback'], undefined, chain)).toBe('local');
  });
});

describe('TRUST_PROXY: documented values, and a bad one refuses to start', () => {
  it('reads none, a hop count, addresses and ranges; loopback by default', () => {
    const read = (v: string | undefined) => configFromEnv({ TRUST_PROXY: v }).trustProxy;
    expect(read(undefined)).toEqual(['loopback']);
    expect(read('')).toEqual(['loopback']);
    expect([read('0'), read('false'), read('none')]).toEqual([false, false, false]);
    expect(read('2')).toBe(2);
    expect(read('10.0.0.0/8, 127.0.0.1,::1,fd00::/8,uniquelocal')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'uniquelocal',
    ]);
  });

  it.each(['true', 'yes', '10.0.0.0/33', 'proxy.local', '10.0.0.1,,10.0.0.2', '11', '1.2.3'])(
    'refuses TRUST_PROXY=%s with a one-line reason',
    (v) => {
      let message = '';
      try {
        configFromEnv({ TRUST_PROXY: v });
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toMatch(/^TRUST_PROXY=/);
      expect(message).not.toContain('\n');
      expect(() => parseTrustProxy(v)).toThrow(message);
    },
  );

  it('npm start exits at once with that line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-trust-'));
    try {
      const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = execFile(
          process.execPath,
          ['--import', 'tsx', 'server/start.ts'],
          {
            timeout: 30_000,
            env: {
              ...process.env,
              TRUST_PROXY: 'yes',
              // were the value accepted, this refusal (read after it) would still stop the start before anything runs
              NODE_ENV: 'production',
              DEMO_MODE: '1',
              PORTAL_DB: join(dir, 'p.db'),
              PORT: '0',
              DEMO_PORT: '0',
              EIMZO: '0',
            },
          },
          (error, _stdout, stderr) => resolve({ code: error ? (child.exitCode ?? -1) : 0, stderr }),
        );
      });
      expect(result.code).toBe(1);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(/^TRUST_PROXY=yes: /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);
});
