/**
 * Sessions, the CSRF layers, the session cookie and the login over HTTP only (spec 7, 8; docs/security.md). Every
 * check here signs in and out or sends calls that are refused; none changes data.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Client, createClient, signedIn, sweepReplies, target } from './client';

const { accounts, https } = target();
const { targets } = accounts;
const unknownLogin = () => `nobody-${randomBytes(6).toString('hex')}`;

/** Protected calls of spec 7, reads and writes, as [method, path, body]. */
const PROTECTED: [string, string, unknown?][] = [
  ['GET', 'user/'],
  ['GET', 'profile'],
  ['GET', 'user/search?q=ova&pageNo=0&pageSize=45'],
  ['GET', `user/get/${targets.adminUserId}`],
  ['GET', `client/ban/${targets.otherBan}`],
  ['GET', `client/numbers?ban=${targets.ownBan}&status=active&page=0&size=20`],
  ['GET', 'orders/balance'],
  ['POST', `user/update/${targets.clientUserId}`, { full_name: 'No Session' }],
  ['POST', 'user/impersonate', { ban: targets.otherBan }],
  [
    'POST',
    'user/create',
    { kind: 'admin', user_name: unknownLogin(), roles: ['R000'], email: 'probe@example.invalid' },
  ],
];

/** The session cookie's name: the one cookie a login sets that a logout clears. */
async function sessionCookieName(c: Client, setCookie: string[]): Promise<string> {
  const names = setCookie.map((l) => l.slice(0, l.indexOf('=')).trim());
  expect(names.length).toBeGreaterThan(0);
  return names.find((n) => c.jar.has(n)) ?? (names[0] as string);
}

describe('spec 8 E009: a call without a session is refused', () => {
  it('every protected call, read or write, answers E009 and no result when no session cookie is sent', async () => {
    const anonymous = createClient();
    const seen = [];
    for (const [method, path, body] of PROTECTED) {
      const r = await anonymous.call(method, path, body);
      seen.push([method, path, r.status, r.result === undefined]);
    }
    expect(seen).toEqual(PROTECTED.map(([method, path]) => [method, path, 'E009', true]));
  });

  it('a made-up session cookie and the cookie of a session that logged out answer E009', async () => {
    const c = createClient();
    const { login, password } = accounts.accounts.curator;
    const logged = await c.login(login, password);
    expect(logged.status).toBe('OKOK');
    const name = await sessionCookieName(c, logged.setCookie);
    const value = c.jar.get(name) as string;

    const forged = createClient();
    forged.jar.set(name, randomBytes(32).toString('base64url'));
    expect((await forged.call('GET', 'user/')).status).toBe('E009');

    expect((await c.call('POST', 'user/logout')).status).toBe('OKOK');
    const replay = createClient();
    replay.jar.set(name, value);
    expect((await replay.call('GET', 'user/')).status).toBe('E009');
    expect((await replay.call('GET', 'profile')).status).toBe('E009');
  });
});

describe('CSRF header (src/services/contract/csrf.ts): a state-changing call without it is refused', () => {
  it('a login without the header is refused (E005) and opens no session', async () => {
    const c = createClient();
    const { login, password } = accounts.accounts.curator;
    const r = await c.login(login, password, { csrf: false });
    expect(r.status).toBe('E005');
    expect(c.jar.size).toBe(0);
    expect((await c.call('GET', 'user/')).status).toBe('E009');
  });

  it('a signed-in logout without the header is refused (E005) and the session lives on; with it, it ends', async () => {
    const c = await signedIn('curator');
    expect((await c.call('POST', 'user/logout', undefined, { csrf: false })).status).toBe('E005');
    expect((await c.call('GET', 'user/')).status).toBe('OKOK');
    expect((await c.call('POST', 'user/logout')).status).toBe('OKOK');
    expect((await c.call('GET', 'user/')).status).toBe('E009');
  });
});

describe('finding 30: a state-changing call from a foreign origin is refused even with the header', () => {
  it('a foreign Origin and a cross-site Sec-Fetch-Site answer E005; the session is untouched', async () => {
    const c = await signedIn('curator');
    const origin = await c.call('POST', 'user/logout', undefined, {
      headers: { origin: 'https://evil.example' },
    });
    const site = await c.call('POST', 'user/logout', undefined, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect([origin.status, site.status]).toEqual(['E005', 'E005']);
    expect((await c.call('GET', 'user/')).status).toBe('OKOK');
    // a login from another site opens no session either
    const { login, password } = accounts.accounts.curator;
    const fresh = createClient();
    expect((await fresh.login(login, password, { headers: { origin: 'https://evil.example' } })).status).toBe(
      'E005',
    );
    expect(fresh.jar.size).toBe(0);
    await c.call('POST', 'user/logout');
  });
});

describe('the session cookie', () => {
  it(`is httpOnly and SameSite${https ? ', Secure over https' : ''}, and its value is not in the reply body`, async () => {
    const c = createClient();
    const { login, password } = accounts.accounts.curator;
    const r = await c.login(login, password);
    expect(r.status).toBe('OKOK');
    expect(r.setCookie.length).toBeGreaterThan(0);
    for (const line of r.setCookie) {
      const attrs = line
        .split(';')
        .slice(1)
        .map((a) => a.trim().toLowerCase());
      expect(attrs, line).toContain('httponly');
      expect(
        attrs.some((a) => a === 'samesite=strict' || a === 'samesite=lax'),
        line,
      ).toBe(true);
      if (https) expect(attrs, line).toContain('secure');
      const value = line.slice(line.indexOf('=') + 1).split(';')[0] ?? '';
      if (value.length >= 8) expect(r.text).not.toContain(value);
    }
    await c.call('POST', 'user/logout');
  });

  // over plain http the header would mean nothing (browsers ignore it there), so it is checked where it counts: the
  // https target carries it, the plain-http one (the default run) does not pretend to
  it(`finding 15: Strict-Transport-Security ${https ? 'on every https reply' : 'not sent over plain http'}`, async () => {
    const r = await createClient().call('GET', 'user/');
    const hsts = r.headers.get('strict-transport-security') ?? '';
    if (https) expect(hsts).toMatch(/max-age=\d{7,}/);
    else expect(hsts).toBe('');
  });
});

describe('a wrong password does not reveal whether the login exists', () => {
  it('an unknown login and a known one with a wrong password get the same reply (E012) and no session', async () => {
    const wrong = `Wrong-${randomBytes(4).toString('hex')}-9`;
    const known = createClient();
    const unknown = createClient();
    const a = await known.login(accounts.accounts.curator.login, wrong);
    const b = await unknown.login(unknownLogin(), wrong);
    const shape = (r: typeof a) => ({
      http: r.http,
      status: r.status,
      keys: Object.keys((r.json ?? {}) as object).sort(),
      description: r.description,
      result: r.result,
      setsCookie: r.setCookie.some((l) => !/=\s*;|max-age=0/i.test(l)),
    });
    expect(a.status).toBe('E012');
    expect(shape(a)).toEqual(shape(b));
    expect(known.jar.size + unknown.jar.size).toBe(0);
    // the right password still works (and a success takes back this one failure)
    const ok = await signedIn('curator');
    await ok.call('POST', 'user/logout');
  });
});

describe('findings 5 and 31: the login throttle', () => {
  // a login nobody has: the lock it earns hurts no account (it costs the address 6 of its 100 failures an hour)
  it('after five wrong passwords for one login from one address the sixth is refused unchecked (E137)', async () => {
    const c = createClient();
    const login = unknownLogin();
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) seen.push((await c.login(login, `Wrong-Pass-${i}-x`)).status);
    expect(seen).toEqual(['E012', 'E012', 'E012', 'E012', 'E012', 'E137']);
  });
});

describe('finding 29: a deeply nested JSON body', () => {
  it('is refused with HTTP 400 + E101 before it is parsed, not a server error', async () => {
    const c = createClient();
    for (const n of [5_000, 20_000]) {
      const r = await c.call('POST', 'user/login', `${'['.repeat(n)}${']'.repeat(n)}`);
      expect([n, r.http, r.status]).toEqual([n, 400, 'E101']);
    }
  });
});

describe('findings 1 and 19: no demo helper on the portal origin', () => {
  it('the demo outbox and the simulated sign-on answer not-found under /api/, and no recovery link leaks', async () => {
    const c = createClient();
    const paths: [string, string][] = [
      ['GET', 'demo/outbox?login=admin'],
      ['GET', 'demo/sso?state=x'],
      ['POST', 'demo/sso/issue'],
      ['GET', 'sso?state=x'],
      ['POST', 'sso/issue'],
    ];
    for (const [method, path] of paths) {
      const r = await c.call(method, path);
      expect([method, path, r.http, r.status === 'OKOK']).toEqual([method, path, 404, false]);
      expect(r.text).not.toMatch(/restore\?r=|code=/);
    }
  });
});

sweepReplies();
