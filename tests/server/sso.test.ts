import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../server/logger';
import { type PortalHandle, startPortal } from '../../server/start';
import { type Agent, createHarness, type Harness } from './harness';

/**
 * Staff single sign-on, simulated on the demo port (docs/decisions.md SSO1-SSO4, docs/security.md findings 16-19): an
 * authorization-code flow whose code is exchanged by the portal's server.
 */

const DEMO = 'http://127.0.0.1:64651';
const INIT = '/api/v1/adfs/initialise-authorization';

const demoHarness = (config: { demoMode?: boolean; demoOrigin?: string } = {}) =>
  createHarness({ config: { demoMode: true, demoOrigin: DEMO, ...config } });

const manual = { redirect: 'manual' } as const;

/** The newest `auth.sso` log line: why the callback refused. */
const lastRefusal = (h: Harness) => h.logs.filter((l) => l.includes('"auth.sso"')).at(-1);

/** Starts the flow in `agent`'s browser: the state it was given and the sign-on page's address. */
async function initialise(agent: Agent, lang = 'ru') {
  const res = await agent.fetch(`${INIT}?lang=${lang}`, manual);
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location') ?? '');
  return { res, location, state: location.searchParams.get('state') ?? '' };
}

/** The sign-on page's form for `state`, submitted for `login`: the redirect it answers. */
async function choose(
  h: Harness,
  state: string,
  login = 'staff-sso',
  lang = 'ru',
  extra: Record<string, string> = {},
) {
  const html = await (await h.demo.fetch(new Request(`${DEMO}/sso?state=${state}&lang=${lang}`))).text();
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const body = new URLSearchParams({ token, state, lang, login, ...extra });
  return h.demo.fetch(
    new Request(`${DEMO}/sso/issue`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    }),
  );
}

/** Follows the sign-on page's redirect to the portal's callback in `agent`'s browser. */
async function callback(agent: Agent, url: string) {
  const res = await agent.fetch(url, manual);
  return { status: res.status, location: res.headers.get('location'), setCookie: res.headers.getSetCookie() };
}

/** The whole flow as a browser goes through it; returns the callback's answer and the callback URL. */
async function signOn(h: Harness, agent: Agent, lang = 'ru') {
  const { state } = await initialise(agent, lang);
  const issued = await choose(h, state, 'staff-sso', lang);
  expect(issued.status).toBe(302);
  const url = issued.headers.get('location') ?? '';
  return { url, state, ...(await callback(agent, url)) };
}

const cookieFlags = (line: string | undefined) =>
  (line ?? '')
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase())
    .sort();

describe('staff single sign-on: initialise-authorization', () => {
  it('sets a short-lived httpOnly SameSite=Lax state cookie and sends the browser to the demo port', async () => {
    const h = demoHarness();
    const { res, location, state } = await initialise(h.agent(), 'uz');
    expect(location.origin).toBe(DEMO);
    expect(location.pathname).toBe('/sso');
    expect(location.searchParams.get('lang')).toBe('uz');
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sso_state='));
    expect(cookie).toContain(`uz.${state}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=600/);
    expect(cookie).toMatch(/Path=\/api\/v1\/adfs\//);
  });

  it('gives every start its own state', async () => {
    const h = demoHarness();
    const a = await initialise(h.agent());
    const b = await initialise(h.agent());
    expect(a.state).not.toBe(b.state);
  });

  it('outside demo mode (no corporate sign-on configured) says "unavailable" on the login page, in the language asked', async () => {
    const h = createHarness({ config: { demoMode: false, demoOrigin: DEMO } });
    for (const lang of ['ru', 'uz']) {
      const res = await h.agent().fetch(`${INIT}?lang=${lang}`, manual);
      expect([res.status, res.headers.get('location')]).toEqual([302, `/${lang}/login?sso=unavailable`]);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('in demo mode without a running demo server says "unavailable" too', async () => {
    const h = createHarness({ config: { demoMode: true } });
    const res = await h.agent().fetch(`${INIT}?lang=ru`, manual);
    expect(res.headers.get('location')).toBe('/ru/login?sso=unavailable');
  });

  it('takes only ru or uz as the language (anything else is ru)', async () => {
    const h = createHarness({ config: { demoMode: false } });
    const res = await h.agent().fetch(`${INIT}?lang=https://evil.example/`, manual);
    expect(res.headers.get('location')).toBe('/ru/login?sso=unavailable');
  });
});

describe('staff single sign-on: the sign-on page on the demo port', () => {
  it('lists the single-sign-on-only staff accounts, one button each, in both languages', async () => {
    const h = demoHarness();
    const { state } = await initialise(h.agent());
    const res = await h.demo.fetch(new Request(`${DEMO}/sso?state=${state}&lang=ru`));
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('Корпоративный вход (симуляция)');
    expect(html).toContain('Korporativ kirish (simulyatsiya)');
    expect(html).toContain('name="login" value="staff-sso"');
    expect(html).not.toContain('value="helpdesk"');
    // without it the demo server's no-referrer makes the form's Origin "null" and the post is refused
    expect(html).toContain('<meta name="referrer" content="same-origin">');
    expect(res.headers.get('content-security-policy')).toMatch(
      /form-action 'self' http:\/\/127\.0\.0\.1:8080/,
    );
  });

  it('refuses a missing or malformed state and escapes what it shows', async () => {
    const h = demoHarness();
    const res = await h.demo.fetch(
      new Request(`${DEMO}/sso?state=%22%3E%3Cscript%3Ealert(1)%3C/script%3E&lang=%3Cb%3E`),
    );
    const html = await res.text();
    expect(res.status).toBe(400);
    expect(html).not.toMatch(/<script|<b>/);
    expect(html).toContain('<html lang="ru">');
  });

  it('refuses a post without the page token, and an account that is not sign-on only', async () => {
    const h = demoHarness();
    const { state } = await initialise(h.agent());
    const noToken = await h.demo.fetch(
      new Request(`${DEMO}/sso/issue`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ state, login: 'staff-sso' }),
      }),
    );
    expect(noToken.status).toBe(403);
    expect((await choose(h, state, 'admin')).status).toBe(400);
    expect((await choose(h, state, 'helpdesk')).status).toBe(400);
  });

  it('sends the browser back to the configured portal origin only: no open redirect', async () => {
    const h = demoHarness();
    const { state } = await initialise(h.agent());
    const res = await choose(h, state, 'staff-sso', 'ru', {
      redirect_uri: 'https://evil.example/steal',
      callback: 'https://evil.example/steal',
    });
    const location = new URL(res.headers.get('location') ?? '');
    expect(location.origin).toBe('http://127.0.0.1:8080');
    expect(location.pathname).toBe('/api/v1/adfs/callback');
    expect(location.searchParams.get('state')).toBe(state);
    expect(location.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('staff single sign-on: the callback', () => {
  it('opens the staff-sso session exactly as the password login does, and clears the state cookie', async () => {
    const h = demoHarness();
    const agent = h.agent();
    const r = await signOn(h, agent);
    expect([r.status, r.location]).toEqual([302, '/ru/']);
    const me = await agent.call('GET', 'user/');
    expect(me.status).toBe('OKOK');
    expect(me.result).toMatchObject({ user_name: 'staff-sso', roles: ['R002'] });
    expect(agent.jar.has('sso_state')).toBe(false);
    // the same cookie flags as a password login's
    const sso = r.setCookie.find((c) => c.startsWith('portal_sid='));
    const password = (await h.agent().login('helpdesk')).setCookie.find((c) => c.startsWith('portal_sid='));
    expect(cookieFlags(sso)).toEqual(cookieFlags(password));
    expect(cookieFlags(sso)).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', 'path=/']));
    // the log names the login, never the code or the state
    const log = h.logs.filter((l) => l.includes('auth.login')).join('\n');
    expect(log).toMatch(/"login":"staff-sso","ok":true/);
    const url = new URL(r.url);
    for (const secret of [url.searchParams.get('code'), url.searchParams.get('state')])
      expect(h.logs.join('\n')).not.toContain(secret);
  });

  it('lands in the language the flow started in', async () => {
    const h = demoHarness();
    const r = await signOn(h, h.agent(), 'uz');
    expect(r.location).toBe('/uz/');
  });

  it('replaces a session the browser already had', async () => {
    const h = demoHarness();
    const agent = h.agent();
    await agent.login('helpdesk');
    await signOn(h, agent);
    expect((await agent.call('GET', 'user/')).result).toMatchObject({ user_name: 'staff-sso' });
  });

  it('refuses a replayed code, even with the right state cookie', async () => {
    const h = demoHarness();
    const victim = h.agent();
    const r = await signOn(h, victim);
    expect(r.location).toBe('/ru/');
    const replay = h.agent();
    replay.jar.set('sso_state', `ru.${r.state}`);
    const again = await callback(replay, r.url);
    expect([again.status, again.location]).toEqual([302, '/ru/login?sso=failed']);
    expect((await replay.call('GET', 'user/')).status).toBe('E009');
    expect(lastRefusal(h)).toMatch(/"reason":"used"/);
  });

  it('lets only one of several simultaneous callbacks with the same code win', async () => {
    const h = demoHarness();
    const { state } = await initialise(h.agent());
    const url = (await choose(h, state)).headers.get('location') ?? '';
    const agents = Array.from({ length: 6 }, () => {
      const a = h.agent();
      a.jar.set('sso_state', `ru.${state}`);
      return a;
    });
    const answers = await Promise.all(agents.map((a) => callback(a, url)));
    expect(answers.filter((a) => a.location === '/ru/')).toHaveLength(1);
  });

  it('refuses an expired code (about a minute)', async () => {
    const h = demoHarness();
    const agent = h.agent();
    const { state } = await initialise(agent);
    const url = (await choose(h, state)).headers.get('location') ?? '';
    h.clock.advance(61_000);
    const r = await callback(agent, url);
    expect(r.location).toBe('/ru/login?sso=failed');
    expect((await agent.call('GET', 'user/')).status).toBe('E009');
    expect(lastRefusal(h)).toMatch(/"reason":"expired"/);
  });

  it('accepts a code used within its minute', async () => {
    const h = demoHarness();
    const agent = h.agent();
    const { state } = await initialise(agent);
    const url = (await choose(h, state)).headers.get('location') ?? '';
    h.clock.advance(59_000);
    expect((await callback(agent, url)).location).toBe('/ru/');
  });

  it('refuses a callback without the state cookie (login CSRF: a code pushed into another browser)', async () => {
    const h = demoHarness();
    const attacker = h.agent();
    const { state } = await initialise(attacker);
    const url = (await choose(h, state)).headers.get('location') ?? '';
    const victim = h.agent();
    const r = await callback(victim, url);
    expect(r.location).toBe('/ru/login?sso=failed');
    expect((await victim.call('GET', 'user/')).status).toBe('E009');
    expect(lastRefusal(h)).toMatch(/"reason":"no state cookie"/);
  });

  it("refuses a state that is not the browser's own (the victim started a flow of their own)", async () => {
    const h = demoHarness();
    const attacker = h.agent();
    const { state } = await initialise(attacker);
    const url = (await choose(h, state)).headers.get('location') ?? '';
    const victim = h.agent();
    await initialise(victim);
    const r = await callback(victim, url);
    expect(r.location).toBe('/ru/login?sso=failed');
    expect(lastRefusal(h)).toMatch(/"reason":"state mismatch"/);
    // the attacker's own browser may still use it: the code was not spent on the refused try
    expect((await callback(attacker, url)).location).toBe('/ru/');
  });

  it('refuses a code bound to another state even when the state in the URL matches the cookie', async () => {
    const h = demoHarness();
    const attacker = h.agent();
    const { state: theirs } = await initialise(attacker);
    const url = new URL((await choose(h, theirs)).headers.get('location') ?? '');
    const victim = h.agent();
    const { state: mine } = await initialise(victim);
    url.searchParams.set('state', mine);
    const r = await callback(victim, url.href);
    expect(r.location).toBe('/ru/login?sso=failed');
    expect(lastRefusal(h)).toMatch(/"reason":"state"/);
  });

  it('refuses an unknown or malformed code and a tampered callback', async () => {
    const h = demoHarness();
    const agent = h.agent();
    const { state } = await initialise(agent, 'uz');
    for (const code of ['A'.repeat(43), 'x', '']) {
      const r = await callback(agent, `/api/v1/adfs/callback?code=${code}&state=${state}`);
      expect(r.location).toBe('/uz/login?sso=failed');
      agent.jar.set('sso_state', `uz.${state}`);
    }
  });

  it('is refused with demo mode off, even for a code issued by the sign-on page', async () => {
    const on = demoHarness();
    const off = createHarness({ config: { demoMode: false, demoOrigin: DEMO }, db: on.db });
    const { state } = await initialise(on.agent());
    const url = (await choose(on, state)).headers.get('location') ?? '';
    const agent = off.agent();
    agent.jar.set('sso_state', `ru.${state}`);
    const r = await callback(agent, url);
    expect(r.location).toBe('/ru/login?sso=failed');
    expect(r.setCookie.some((c) => c.startsWith('portal_sid='))).toBe(false);
    expect((await agent.call('GET', 'user/')).status).toBe('E009');
  });

  it('still refuses the password login for staff-sso (E132)', async () => {
    const h = demoHarness();
    expect((await h.agent().login('staff-sso', 'anything')).status).toBe('E132');
  });
});

describe('staff single sign-on: nothing of the simulation on the portal origin', () => {
  const started: PortalHandle[] = [];
  afterEach(async () => {
    for (const p of started.splice(0)) await p.close();
  });

  it('serves the sign-on page on the demo port only, and the whole flow works across the two ports', async () => {
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
    for (const [method, path] of [
      ['GET', '/sso?state=x'],
      ['POST', '/sso/issue'],
      ['GET', '/api/sso'],
      ['GET', '/api/demo/sso'],
    ] as const)
      expect([method, path, (await fetch(`${portal.url}${path}`, { method })).status]).toEqual([
        method,
        path,
        404,
      ]);

    const init = await fetch(`${portal.url}${INIT}?lang=ru`, manual);
    const idp = new URL(init.headers.get('location') ?? '');
    expect(idp.origin).toBe(portal.demoUrl);
    const stateCookie = (init.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const html = await (await fetch(idp)).text();
    expect(html).toContain('Корпоративный вход (симуляция)');
    const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const issued = await fetch(`${portal.demoUrl}/sso/issue`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: portal.demoUrl as string },
      body: new URLSearchParams({
        token,
        state: idp.searchParams.get('state') ?? '',
        lang: 'ru',
        login: 'staff-sso',
      }),
    });
    const back = issued.headers.get('location') ?? '';
    expect(back.startsWith(`${portal.url}/api/v1/adfs/callback?`)).toBe(true);
    const done = await fetch(back, { redirect: 'manual', headers: { cookie: stateCookie } });
    expect(done.headers.get('location')).toBe('/ru/');
    const sid =
      done.headers
        .getSetCookie()
        .find((c) => c.startsWith('portal_sid='))
        ?.split(';')[0] ?? '';
    const me = (await (await fetch(`${portal.url}/api/user/`, { headers: { cookie: sid } })).json()) as {
      result: { user_name: string };
    };
    expect(me.result.user_name).toBe('staff-sso');
  });
});
