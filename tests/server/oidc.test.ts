/**
 * Staff single sign-on over OpenID Connect (docs/decisions.md SSO4), against an OpenID provider in
 * the same process (the `oidc-provider` package, its development login and consent pages): code flow with PKCE, state
 * and nonce, the login from a configured claim, the roles from the portal's own records.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOidcClient, oidcOptionsFromEnv } from '../../server/auth/oidc';
import { SSO_CALLBACK_ROUTE, SSO_INIT_ROUTE } from '../../server/auth/sso.routes';
import { type Agent, createHarness, type Harness } from './harness';

/**
 * The stand-in provider runs in its development mode on purpose (in-memory adapter, its own keys, its login pages) and
 * says so on the console, as it says that Node 20 is not its preferred runtime: expected here, so those lines are kept
 * off the test output (every other message passes, and the console is given back after the file).
 */
const quiet = (['warn', 'info'] as const).map((level) => {
  const original = console[level].bind(console);
  return vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider ')) return;
    original(...args);
  });
});
const { default: Provider } = await import('oidc-provider');

const ORIGIN = 'http://127.0.0.1:8080';
const SECRET = 'portal-client-secret-0123456789';

let server: Server;
let issuer: string;
/** what the provider is asked to put in the ID token besides `sub` (per test) */
const extraClaims: Record<string, unknown> = {};

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'b2b-portal',
        client_secret: SECRET,
        redirect_uris: [`${ORIGIN}${SSO_CALLBACK_ROUTE}`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    // the login typed on the provider's page becomes `sub`; `upn` as ADFS sends it
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({ sub, preferred_username: sub, upn: `${sub}@corp.example.uz`, ...extraClaims }),
    }),
    claims: { openid: ['sub'], profile: ['preferred_username', 'upn'] },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: ['test-cookie-key'] },
  });
  server.on('request', provider.callback());
});

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  for (const spy of quiet) spy.mockRestore();
});

/** A browser at the provider: follows its redirects and keeps its cookies until it is sent back to the portal. */
async function signInAtProvider(authUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers ?? {}), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = (pair ?? '').indexOf('=');
      jar.set((pair ?? '').slice(0, eq), (pair ?? '').slice(eq + 1));
    }
    return res;
  };
  let url = authUrl;
  for (let hop = 0; hop < 12; hop++) {
    const res = await go(url);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin === ORIGIN) return next;
      url = next.href;
      continue;
    }
    // a page with a form: the login form, then the consent form
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    expect(action, html.slice(0, 300)).toBeDefined();
    const body = new URLSearchParams(
      prompt === 'login' ? { prompt, login, password: 'any' } : { prompt: 'consent' },
    );
    const posted = await go(new URL(action as string, url).href, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    url = new URL(posted.headers.get('location') as string, url).href;
  }
  throw new Error('the provider did not send the browser back');
}

const env = (extra: Record<string, string> = {}) => ({
  OIDC_ISSUER: issuer,
  OIDC_CLIENT_ID: 'b2b-portal',
  OIDC_CLIENT_SECRET: SECRET,
  ...extra,
});

function portal(extra: Record<string, string> = {}): Harness {
  const options = oidcOptionsFromEnv(env(extra));
  if (!options) throw new Error('no options');
  return createHarness({
    config: { demoMode: false, publicOrigin: ORIGIN },
    oidc: createOidcClient(options),
  });
}

/** Starts the sign-on in the portal; the provider's authorization URL. */
async function initialise(agent: Agent, lang = 'ru'): Promise<URL> {
  const res = await agent.fetch(`${SSO_INIT_ROUTE}?lang=${lang}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') as string);
}

const callback = (agent: Agent, back: URL) =>
  agent.fetch(`${SSO_CALLBACK_ROUTE}${back.search}`, { redirect: 'manual' });

describe('staff sign-on over OpenID Connect', () => {
  it('signs a staff member in with PKCE, state and nonce; the roles are the portal’s', async () => {
    const h = portal();
    const agent = h.agent();
    const auth = await initialise(agent, 'uz');
    expect(auth.origin).toBe(issuer);
    const q = auth.searchParams;
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(q.get('redirect_uri')).toBe(`${ORIGIN}${SSO_CALLBACK_ROUTE}`);
    expect(agent.jar.get('sso_state')).toBe(`uz.${q.get('state')}`);

    const back = await signInAtProvider(auth.href, 'helpdesk');
    expect(back.searchParams.get('state')).toBe(q.get('state'));
    const res = await callback(agent, back);
    expect([res.status, res.headers.get('location')]).toEqual([302, '/uz/']);
    const me = await agent.call('GET', 'user/');
    expect(me.status).toBe('OKOK');
    expect(me.result).toMatchObject({ user_name: 'helpdesk' });
    expect(h.logs.some((l) => l.includes('"via":"oidc"'))).toBe(true);
    // nothing secret in the log: not the code, not the client secret
    expect(h.logs.join('\n')).not.toContain(back.searchParams.get('code') as string);
    expect(h.logs.join('\n')).not.toContain(SECRET);

    // the same code again: refused (one use at the provider, and the portal's attempt is spent)
    const again = h.agent();
    again.jar.set('sso_state', `ru.${q.get('state')}`);
    expect((await callback(again, back)).headers.get('location')).toBe('/ru/login?sso=failed');
  });

  it('reads the login from the configured claim (ADFS: upn)', async () => {
    const h = portal({ OIDC_LOGIN_CLAIM: 'preferred_username' });
    const agent = h.agent();
    extraClaims.preferred_username = 'admin';
    try {
      const back = await signInAtProvider((await initialise(agent)).href, 'someone-else');
      expect((await callback(agent, back)).headers.get('location')).toBe('/ru/');
      expect((await agent.call('GET', 'user/')).result).toMatchObject({ user_name: 'admin' });
    } finally {
      delete extraClaims.preferred_username;
    }
  });

  it('refuses an unknown login, a client account, and a callback from another browser', async () => {
    const h = portal();
    for (const login of ['nobody.here', 'curator16']) {
      const agent = h.agent();
      const back = await signInAtProvider((await initialise(agent)).href, login);
      expect((await callback(agent, back)).headers.get('location')).toBe('/ru/login?sso=failed');
      expect((await agent.call('GET', 'user/')).status).toBe('E009');
    }
    // login CSRF: the code and state brought to a browser that did not start this sign-on
    const victim = h.agent();
    const attacker = h.agent();
    const back = await signInAtProvider((await initialise(attacker)).href, 'helpdesk');
    await initialise(victim);
    expect((await callback(victim, back)).headers.get('location')).toBe('/ru/login?sso=failed');
    const reasons = h.logs
      .map((l) => JSON.parse(l) as { event: string; reason?: string })
      .filter((l) => l.event === 'auth.sso')
      .map((l) => l.reason);
    expect(reasons).toEqual(['user', 'user', 'state mismatch']);
  });

  it('a wrong client secret fails at the token call, not silently', async () => {
    const h = portal({ OIDC_CLIENT_SECRET: 'wrong-secret' });
    const agent = h.agent();
    const back = await signInAtProvider((await initialise(agent)).href, 'helpdesk');
    expect((await callback(agent, back)).headers.get('location')).toBe('/ru/login?sso=failed');
    const refused = h.logs
      .map((l) => JSON.parse(l) as { event: string; reason?: string })
      .filter((l) => l.event === 'auth.sso');
    expect(refused.map((l) => l.reason)).toEqual(['oidc invalid_client']);
  });

  it('a provider that is not there: the login page says the sign-on is unavailable', async () => {
    const options = oidcOptionsFromEnv(env({ OIDC_ISSUER: 'http://127.0.0.1:1/', OIDC_TIMEOUT_MS: '500' }));
    const h = createHarness({
      config: { demoMode: false, publicOrigin: ORIGIN },
      oidc: createOidcClient(options as NonNullable<typeof options>),
    });
    const res = await h.agent().fetch(`${SSO_INIT_ROUTE}?lang=uz`, { redirect: 'manual' });
    expect(res.headers.get('location')).toBe('/uz/login?sso=unavailable');
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it.each([
    [{ OIDC_CLIENT_ID: 'x' }, /OIDC_ISSUER is not/],
    [{ OIDC_ISSUER: 'https://idp.example.uz' }, /OIDC_CLIENT_ID/],
    [{ OIDC_ISSUER: 'https://idp.example.uz', OIDC_CLIENT_ID: 'x' }, /OIDC_CLIENT_SECRET/],
    [{ OIDC_ISSUER: 'http://idp.example.uz', OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 's' }, /https/],
    [
      {
        OIDC_ISSUER: 'https://idp',
        OIDC_CLIENT_ID: 'x',
        OIDC_CLIENT_SECRET: 's',
        OIDC_CLIENT_SECRET_FILE: '/f',
      },
      /both/,
    ],
  ])('refuses the settings %j in one line', (e, reason) => {
    expect(() => oidcOptionsFromEnv(e)).toThrow(reason);
  });

  it('is off when OIDC_ISSUER is unset, with the ADFS-friendly defaults when set', () => {
    expect(oidcOptionsFromEnv({})).toBeUndefined();
    expect(
      oidcOptionsFromEnv({
        OIDC_ISSUER: 'https://adfs.example.uz/adfs',
        OIDC_CLIENT_ID: 'x',
        OIDC_CLIENT_SECRET: 's',
      }),
    ).toMatchObject({
      loginClaim: 'preferred_username',
      scope: 'openid profile',
      timeoutMs: 10_000,
    });
  });
});
