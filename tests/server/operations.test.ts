/**
 * Operations (docs/operations.md): probes, metrics, the access log and the request id, real 404s, HTTP
 * caching and robots.txt, the drain on shutdown. Over real sockets, one portal shared where the test only reads.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../server/logger';
import { opsOptionsFromEnv } from '../../server/ops-config';
import { type PortalHandle, type PortalOptions, startPortal } from '../../server/start';
import { notModified, robotsTxt, spaRoutes } from '../../server/static';
import { createAgent, createHarness, TEST_COST } from './harness';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'portal-ops-'));
  dirs.push(d);
  return d;
};

const PAGE = `<!doctype html><html lang="ru"><head><title>app</title></head><body><div id="root"></div>${'<p>page</p>'.repeat(200)}</body></html>`;

function fakeDist(): string {
  const dist = tempDir();
  mkdirSync(join(dist, 'static', 'js'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), PAGE);
  writeFileSync(join(dist, 'static', 'js', 'index.1a2b3c4d.js'), 'console.log(1)');
  writeFileSync(join(dist, 'favicon.ico'), 'ico');
  return dist;
}

/** One seeded database file for every portal of this file (the seed runs once). */
let dbPath: string;
const base = (over: Partial<PortalOptions> = {}): PortalOptions => ({
  port: 0,
  dbPath,
  spa: 'serve',
  distDir: fakeDist(),
  seed: { passwordCost: TEST_COST },
  config: { passwordCost: TEST_COST, demoMode: true, demoPort: 0 },
  ...over,
});

let portal: PortalHandle;
const logger = createMemoryLogger();

beforeAll(async () => {
  dbPath = join(tempDir(), 'portal.db');
  portal = await startPortal(base({ logger, metrics: { port: 0 } }));
});
afterAll(async () => {
  await portal?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Sends `text` as it is over a TCP connection and returns everything the server answered. */
function rawRequest(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.end(text));
    let reply = '';
    socket.on('data', (d) => {
      reply += String(d);
    });
    socket.on('end', () => resolve(reply));
    socket.on('error', reject);
  });
}

const linesOf = (event: string) =>
  logger.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === event);

describe('probes (OBS1)', () => {
  it('/healthz answers that the process is alive, as JSON, never the SPA page', async () => {
    const res = await fetch(`${portal.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'alive' });
  });

  it('/readyz says what it checked: the database of the reference backend', async () => {
    const res = await fetch(`${portal.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ready: true,
      mode: 'reference',
      checks: { shutdown: 'ok', database: 'ok' },
    });
  });

  it('/readyz answers 503 when the database is closed, while /healthz stays alive', async () => {
    const own = createMemoryLogger();
    const p = await startPortal(base({ logger: own, spa: false }));
    try {
      p.db?.close();
      const res = await fetch(`${p.url}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ ready: false, checks: { database: 'failed' } });
      expect((await fetch(`${p.url}/healthz`)).status).toBe(200);
      // one line when the check starts failing, not one per probe
      await fetch(`${p.url}/readyz`);
      expect(own.lines.filter((l) => l.includes('readiness.changed'))).toHaveLength(1);
    } finally {
      await p.close().catch(() => undefined);
    }
  });
});

describe('metrics (OBS2)', () => {
  it('count requests by route pattern and status on their own port, never the raw path or query', async () => {
    const agent = createAgent((req) => fetch(req), portal.url);
    await agent.call('GET', 'user/get/zzRawIdzz?q=zzQueryzz');
    await fetch(`${portal.url}/ru/orders/12345678?q=zzSearchzz`);
    await fetch(`${portal.url}/ru/zzNoSuchPagezz`);
    await fetch(`${portal.url}/static/js/index.1a2b3c4d.js`);
    await fetch(`${portal.url}/api/zzUnknownzz`);
    await fetch(`${portal.url}/healthz`);

    const timed = async () => {
      const started = performance.now();
      const r = await fetch(`${portal.metricsUrl}/metrics`);
      const body = await r.text();
      return { r, body, ms: performance.now() - started };
    };
    await timed();
    const { r: res, body: text, ms } = await timed();
    console.log(`/metrics answered in ${ms.toFixed(1)} ms (${text.length} bytes)`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/user\/get\/:user_id",status="200"\} 1/,
    );
    expect(text).toMatch(/http_requests_total\{method="GET",route="spa",status="200"\} \d/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="spa",status="404"\} \d/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="static",status="200"\} \d/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/\*",status="404"\} \d/);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/healthz",status="200"\} \d/,
    );
    expect(text).toContain('process_resident_memory_bytes');
    for (const raw of ['zzRawIdzz', 'zzQueryzz', 'zzSearchzz', '12345678', 'zzNoSuchPagezz', 'zzUnknownzz'])
      expect(text).not.toContain(raw);
  });

  it('are not served on the portal’s own port', async () => {
    const res = await fetch(`${portal.url}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('http_requests_total');
  });
});

describe('request id and access log (OBS4)', () => {
  it('echoes a well-formed X-Request-Id on every kind of reply', async () => {
    for (const path of [
      '/api/user/',
      '/ru/login',
      '/static/js/index.1a2b3c4d.js',
      '/favicon.ico',
      '/healthz',
    ]) {
      const res = await fetch(`${portal.url}${path}`, { headers: { 'X-Request-Id': 'trace-42.a:b_c' } });
      expect(res.headers.get('x-request-id'), path).toBe('trace-42.a:b_c');
    }
  });

  it('makes up a UUID when none or a malformed one is sent, and never writes the malformed one', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect((await fetch(`${portal.url}/healthz`)).headers.get('x-request-id')).toMatch(uuid);
    for (const bad of ['x'.repeat(129), 'has space', 'quote"d', 'zzBadIdzz/..']) {
      const res = await fetch(`${portal.url}/api/user/`, { headers: { 'X-Request-Id': bad } });
      expect(res.headers.get('x-request-id'), bad).toMatch(uuid);
    }
    // a control character (fetch refuses to send one): over a raw socket
    const reply = await rawRequest(
      portal.url,
      'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Request-Id: zzCtl\u0001zz\r\nConnection: close\r\n\r\n',
    );
    const echoed = /^x-request-id: (.*)$/im.exec(reply)?.[1]?.trim();
    // Node's parser may refuse the request outright (400, never reaching the portal); if it reaches it, it is replaced
    if (echoed !== undefined) expect(echoed).toMatch(uuid);
    else expect(reply).toMatch(/^HTTP\/1\.1 400/);
    const log = logger.lines.join('\n');
    expect(log).not.toContain('zzCtl');
    expect(log).not.toContain('x'.repeat(129));
    expect(log).not.toContain('has space');
    expect(log).not.toContain('zzBadIdzz');
  });

  it('writes one JSON line per request: method, route pattern, status, duration, id — no path, query, cookie or address', async () => {
    const agent = createAgent((req) => fetch(req), portal.url);
    const login = await agent.call(
      'POST',
      'user/login',
      { login: 'curator', password: 'Demo-2026' },
      {
        headers: { 'X-Request-Id': 'login-trace-1' },
      },
    );
    expect(login.status).toBe('OKOK');
    await agent.call('GET', 'client/numbers?ban=100234561&page=0&size=5', undefined, {
      headers: { 'X-Request-Id': 'numbers-trace-1' },
    });
    const access = linesOf('http.request').filter((l) => l.requestId === 'numbers-trace-1');
    expect(access).toHaveLength(1);
    expect(Object.keys(access[0] ?? {}).sort()).toEqual(
      ['event', 'level', 'method', 'ms', 'requestId', 'route', 'status', 't'].sort(),
    );
    expect(access[0]).toMatchObject({
      level: 'info',
      method: 'GET',
      route: '/api/client/numbers',
      status: 200,
    });
    expect(typeof access[0]?.ms).toBe('number');
    const line = JSON.stringify(access[0]);
    for (const secret of ['100234561', 'portal_sid', agent.jar.get('portal_sid') ?? '?', '127.0.0.1'])
      expect(line).not.toContain(secret);
    // a handler's own line while handling the request carries the same id (AsyncLocalStorage)
    const handlerLines = logger.lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.requestId === 'login-trace-1');
    expect(handlerLines.map((l) => l.event)).toEqual(expect.arrayContaining(['http.request']));
    expect(handlerLines.length).toBeGreaterThan(1);
  });

  it('applies to the reference backend used alone, with one id per request (harness)', async () => {
    const h = createHarness();
    const res = await h.app.request('/api/user/', { headers: { 'X-Request-Id': 'alone-1' } });
    expect(res.headers.get('x-request-id')).toBe('alone-1');
    const lines = h.logs.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.filter((l) => l.event === 'http.request')).toEqual([
      expect.objectContaining({ requestId: 'alone-1', route: '/api/user/', status: 200 }),
    ]);
    expect(lines.filter((l) => l.event === 'auth.denied')).toEqual([
      expect.objectContaining({ requestId: 'alone-1' }),
    ]);
  });

  it('logs the anonymous session check as info, an unknown or expired cookie as a warning', async () => {
    const h = createHarness();
    await h.app.request('/api/user/');
    await h.app.request('/api/user/', { headers: { cookie: 'portal_sid=not-a-session' } });
    const denied = h.logs
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.event === 'auth.denied');
    expect(denied.map((l) => [l.level, l.reason])).toEqual([
      ['info', 'no session cookie'],
      ['warn', 'none'],
    ]);
  });
});

describe('status codes (OBS5, OBS6)', () => {
  it('answers an address that is no page with the app’s page and 404, and every page with 200', async () => {
    for (const path of ['/ru/nope', '/en/login', '/ru/profile/deeper', '/xx', '/healthz/x']) {
      const res = await fetch(`${portal.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(await res.text(), path).toContain('<div id="root"></div>');
    }
    for (const path of [
      '/',
      '/ru',
      '/ru/login',
      '/uz/register?from=sms',
      '/ru/restore?r=abc',
      '/ru/orders/12',
      '/ru/administration/edit-user/5',
      '/ru/new-client',
      '/uz/new-numbers',
    ])
      expect((await fetch(`${portal.url}${path}`)).status, path).toBe(200);
  });

  it('answers an unknown call with 404 and an error envelope', async () => {
    const res = await fetch(`${portal.url}/api/no/such/call?x=1`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ status: 'E101', description: 'unknown call' });
  });
});

describe('HTTP caching, compression, robots.txt (OBS8)', () => {
  it('tags the page and the favicon and answers 304 to a current copy', async () => {
    for (const path of ['/ru/login', '/favicon.ico']) {
      const first = await fetch(`${portal.url}${path}`);
      const etag = first.headers.get('etag');
      const lastModified = first.headers.get('last-modified');
      expect(etag, path).toMatch(/^"[\w-]+"$/);
      expect(lastModified, path).toBeTruthy();
      const again = await fetch(`${portal.url}${path}`, { headers: { 'If-None-Match': etag ?? '' } });
      expect(again.status, path).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      const since = await fetch(`${portal.url}${path}`, {
        headers: { 'If-Modified-Since': lastModified ?? '' },
      });
      expect(since.status, path).toBe(304);
      const changed = await fetch(`${portal.url}${path}`, { headers: { 'If-None-Match': '"other"' } });
      expect(changed.status, path).toBe(200);
    }
    // the not-found page is never "not modified"
    const missing = await fetch(`${portal.url}/ru/nope`);
    const stale = await fetch(`${portal.url}/ru/nope`, {
      headers: { 'If-None-Match': missing.headers.get('etag') ?? '' },
    });
    expect(stale.status).toBe(404);
  });

  it.each([
    ['/ru/LOGIN', '/ru/login'],
    ['/ru/Login', '/ru/login'],
    ['/uz/New-Client?x=1', '/uz/new-client?x=1'],
    ['/ru/Orders/6', '/ru/orders/6'],
  ])('moves a page typed in capitals (%s) for good to its lowercase address', async (path, to) => {
    const res = await spaRoutes(fakeDist()).request(path);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(to);
  });

  it.each([
    ['/RU/login', 404],
    ['/ru/NOPE', 404],
    ['/ru/login', 200],
  ])('leaves %s as it is (%i): only a page of a known language moves', async (path, status) => {
    const res = await spaRoutes(fakeDist()).request(path);
    expect(res.status).toBe(status);
    expect(res.headers.get('location')).toBeNull();
  });

  it('sends the page compressed, the same entity tag for any of its codings matching', async () => {
    const res = await fetch(`${portal.url}/ru/profile`, { headers: { 'Accept-Encoding': 'br' } });
    // fetch decodes: the header tells the coding, the text is the page itself
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    expect(await res.text()).toBe(PAGE);
    const plain = await fetch(`${portal.url}/ru/profile`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const plainTag = plain.headers.get('etag') ?? '';
    expect(res.headers.get('etag')).toBe(`${plainTag.slice(0, -1)}-br"`);
    expect(
      notModified(res.headers.get('etag') ?? '', undefined, {
        hash: plainTag.slice(1, -1),
        lastModified: new Date(),
      }),
    ).toBe(true);
  });

  it('rewrites a page before it compresses and tags it', async () => {
    const dist = fakeDist();
    const app = spaRoutes(dist, {
      transformHtml: (html) => html.replace('</head>', '<meta name="x" content="y"></head>'),
    });
    const res = await app.request('/ru/login', { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    const html = brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
    expect(html).toContain('<meta name="x" content="y"></head>');
  });

  it('serves robots.txt as text: the login and public pages allowed, the cabinet not', async () => {
    const res = await fetch(`${portal.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    expect(text).toBe(robotsTxt());
    for (const lang of ['ru', 'uz'])
      for (const page of ['login', 'new-client', 'new-numbers'])
        expect(text).toContain(`Allow: /${lang}/${page}$\n`);
    expect(text).toContain('Disallow: /\n');
    expect(text).not.toMatch(/Allow: \/(ru|uz)\/(profile|orders|administration|restore)/);
  });
});

describe('drain on shutdown (OBS1)', () => {
  /** An upstream whose replies take `ms` (a request in flight that the drain must let finish). */
  async function slowUpstream(ms: number): Promise<{ server: Server; url: string }> {
    const server = createServer((_req, res) => {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: 'OKOK', result: { slow: true } }));
      }, ms);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
  }

  it('turns /readyz 503 first, lets the request in flight finish, then closes', async () => {
    const upstream = await slowUpstream(600);
    const own = createMemoryLogger();
    const p = await startPortal({ port: 0, apiTarget: upstream.url, spa: false, logger: own });
    try {
      const inFlight = fetch(`${p.url}/api/user/`);
      await new Promise((r) => setTimeout(r, 100));
      const drained = p.drain({ delayMs: 300, timeoutMs: 3000 });
      const ready = await fetch(`${p.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ ready: false, checks: { shutdown: 'draining' } });
      expect(ready.headers.get('connection')).toBe('close');
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'OKOK', result: { slow: true } });
      await drained;
      await expect(fetch(`${p.url}/healthz`)).rejects.toThrow();
      expect(own.lines.some((l) => l.includes('portal.drained'))).toBe(true);
    } finally {
      upstream.server.close();
    }
  });

  it('waits for a request in flight no longer than its bound', async () => {
    const upstream = await slowUpstream(60_000);
    const p = await startPortal({
      port: 0,
      apiTarget: upstream.url,
      spa: false,
      logger: createMemoryLogger(),
      upstreamTimeoutMs: 60_000,
    });
    try {
      const inFlight = fetch(`${p.url}/api/user/`).catch((e: unknown) => e);
      await new Promise((r) => setTimeout(r, 100));
      const started = performance.now();
      await p.drain({ timeoutMs: 300 });
      expect(performance.now() - started).toBeLessThan(2000);
      expect(await inFlight).toBeInstanceOf(Error);
    } finally {
      upstream.server.closeAllConnections();
      upstream.server.close();
    }
  });
});

describe('operations settings', () => {
  it('reads the documented variables and refuses a bad value with a one-line reason', () => {
    expect(opsOptionsFromEnv({})).toEqual({
      metricsHost: '127.0.0.1',
      upstreamTimeoutMs: 30_000,
      shutdownDelayMs: 3000,
      drainTimeoutMs: 5000,
    });
    expect(
      opsOptionsFromEnv({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', UPSTREAM_TIMEOUT_MS: '5000' }),
    ).toMatchObject({ metricsPort: 9464, metricsHost: '0.0.0.0', upstreamTimeoutMs: 5000 });
    expect(() => opsOptionsFromEnv({ METRICS_PORT: 'abc' })).toThrow(
      /^METRICS_PORT="abc" is not a whole number/,
    );
    expect(() => opsOptionsFromEnv({ UPSTREAM_TIMEOUT_MS: '-1' })).toThrow(/UPSTREAM_TIMEOUT_MS/);
  });
});
