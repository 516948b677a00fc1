/**
 * Proxy mode for real (docs/decisions.md OBS7): the portal started twice — the reference backend, and
 * a second portal proxying `/api/*` to it — and stub upstreams that record what they received or never answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../server/logger';
import { type PortalHandle, startPortal } from '../../server/start';
import { createAgent, TEST_COST } from './harness';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

describe('through a second portal to the reference backend', () => {
  let backend: PortalHandle;
  let front: PortalHandle;
  const backendLog = createMemoryLogger();
  const frontLog = createMemoryLogger();

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-proxy-'));
    dirs.push(dir);
    backend = await startPortal({
      port: 0,
      dbPath: join(dir, 'portal.db'),
      spa: false,
      logger: backendLog,
      seed: { passwordCost: TEST_COST },
      config: { passwordCost: TEST_COST, demoMode: true, demoPort: 0 },
    });
    front = await startPortal({
      port: 0,
      apiTarget: backend.url,
      spa: false,
      logger: frontLog,
      metrics: { port: 0 },
    });
  });
  afterAll(async () => {
    await front?.close();
    await backend?.close();
  });

  it('compresses the replies as the reference backend does', async () => {
    const agent = createAgent((req) => fetch(req), front.url);
    expect((await agent.login('curator')).status).toBe('OKOK');
    const path = 'api/client/numbers?ban=100234561&page=0&size=50';
    const cookie = `portal_sid=${agent.jar.get('portal_sid')}`;
    const size = async (url: string, encoding: string) => {
      const res = await fetch(url, { headers: { cookie, 'Accept-Encoding': encoding } });
      const body = await res.text();
      return { encoding: res.headers.get('content-encoding'), length: Buffer.byteLength(body), body, res };
    };
    const viaProxy = await size(`${front.url}/${path}`, 'br');
    const direct = await size(`${backend.url}/${path}`, 'br');
    expect(viaProxy.encoding).toBe('br');
    expect(direct.encoding).toBe('br');
    // decoded once (fetch undoes one coding): the same JSON as the backend's, not compressed bytes
    expect(JSON.parse(viaProxy.body)).toEqual(JSON.parse(direct.body));
    expect(JSON.parse(viaProxy.body).status).toBe('OKOK');
    const gz = await size(`${front.url}/${path}`, 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(JSON.parse(gz.body)).toEqual(JSON.parse(direct.body));
    const plain = await size(`${front.url}/${path}`, 'identity');
    expect(plain.encoding).toBeNull();
  });

  it('carries the request id to the backend and back, one id for the whole way', async () => {
    const res = await fetch(`${front.url}/api/user/`, { headers: { 'X-Request-Id': 'through-proxy-7' } });
    expect(res.headers.get('x-request-id')).toBe('through-proxy-7');
    const at = (lines: string[]) =>
      lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.requestId === 'through-proxy-7');
    // the proxy's access line names the call's pattern, the backend's too
    expect(at(frontLog.lines)).toEqual([
      expect.objectContaining({ event: 'http.request', route: '/api/user/', status: 200 }),
    ]);
    expect(at(backendLog.lines).map((l) => l.event)).toEqual(['auth.denied', 'http.request']);
  });

  it('names each proxied call by its pattern in the metrics', async () => {
    await fetch(`${front.url}/api/user/get/424242`);
    const text = await (await fetch(`${front.metricsUrl}/metrics`)).text();
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/user\/get\/:user_id",status="200"\} 1/,
    );
    expect(text).not.toContain('424242');
  });

  it('says in /readyz that it checked the upstream', async () => {
    const res = await fetch(`${front.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ready: true,
      mode: 'proxy',
      checks: { shutdown: 'ok', upstream: 'ok' },
    });
  });
});

describe('what the upstream receives and sends back', () => {
  let received: { url?: string; headers?: IncomingHttpHeaders; body?: string } = {};
  let upstream: Server;
  let front: PortalHandle;
  const big = { status: 'OKOK', result: Array.from({ length: 200 }, (_, i) => ({ sn: 900000000 + i })) };

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => {
        body += String(d);
      });
      req.on('end', () => {
        received = { url: req.url, headers: req.headers, body };
        // compressed already, with hop-by-hop headers a proxy must not pass on
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-encoding': 'gzip',
          connection: 'keep-alive, x-hop',
          'keep-alive': 'timeout=77',
          'x-hop': 'for the next hop only',
          'x-upstream': 'kept',
          'set-cookie': ['a=1; Path=/', 'b=2; Path=/'],
        });
        res.end(gzipSync(JSON.stringify(big)));
      });
    });
    const url = await listen(upstream);
    front = await startPortal({ port: 0, apiTarget: url, spa: false, logger: createMemoryLogger() });
  });
  afterAll(async () => {
    await front?.close();
    upstream?.close();
  });

  it('forwards X-Forwarded-For (the chain plus the peer), -Proto, -Host and the request id, no hop-by-hop header', async () => {
    const host = new URL(front.url).host;
    const res = await fetch(`${front.url}/api/user/login?x=1`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'portal',
        'x-forwarded-for': '203.0.113.7',
        'x-request-id': 'fwd-1',
        'proxy-authorization': 'Basic c2VjcmV0',
        te: 'trailers',
        cookie: 'portal_sid=abc',
      },
      body: JSON.stringify({ login: 'curator', password: 'x' }),
    });
    expect(res.status).toBe(200);
    expect(received.url).toBe('/api/user/login?x=1');
    expect(received.body).toBe(JSON.stringify({ login: 'curator', password: 'x' }));
    const h = received.headers ?? {};
    expect(h['x-forwarded-for']).toBe('203.0.113.7, 127.0.0.1');
    expect(h['x-forwarded-proto']).toBe('http');
    expect(h['x-forwarded-host']).toBe(host);
    expect(h['x-request-id']).toBe('fwd-1');
    expect(h.cookie).toBe('portal_sid=abc');
    expect(h['x-requested-with']).toBe('portal');
    expect(h['proxy-authorization']).toBeUndefined();
    expect(h.te).toBeUndefined();
    // the upstream's own host is the one it is reached at, not the portal's
    expect(h.host).not.toBe(host);
  });

  it('starts a chain with the peer and makes an id when the caller sent none', async () => {
    const res = await fetch(`${front.url}/api/user/`);
    expect(received.headers?.['x-forwarded-for']).toBe('127.0.0.1');
    expect(received.headers?.['x-request-id']).toBe(res.headers.get('x-request-id'));
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers with the upstream reply decoded once, compressed again for this client, hop-by-hop headers gone', async () => {
    const res = await fetch(`${front.url}/api/user/`, { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(await res.json()).toEqual(big);
    expect(res.headers.get('x-hop')).toBeNull();
    // the portal's own connection may have its Keep-Alive; never the upstream's
    expect(res.headers.get('keep-alive')).not.toBe('timeout=77');
    expect(res.headers.get('x-upstream')).toBe('kept');
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
  });
});

describe('an upstream that does not answer', () => {
  it('answers E001 with HTTP 504 after UPSTREAM_TIMEOUT_MS, logged and counted', async () => {
    const sockets = new Set<import('node:net').Socket>();
    const silent = createServer(() => undefined);
    silent.on('connection', (s) => sockets.add(s));
    const url = await listen(silent);
    const log = createMemoryLogger();
    const front = await startPortal({
      port: 0,
      apiTarget: url,
      spa: false,
      logger: log,
      upstreamTimeoutMs: 300,
      metrics: { port: 0 },
    });
    try {
      const started = performance.now();
      const res = await fetch(`${front.url}/api/profile`, { headers: { 'X-Request-Id': 'slow-1' } });
      expect(performance.now() - started).toBeLessThan(3000);
      expect(res.status).toBe(504);
      expect(await res.json()).toEqual({ status: 'E001', description: 'the backend did not answer in time' });
      const line = log.lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => l.event === 'upstream.timeout');
      expect(line).toMatchObject({
        level: 'error',
        requestId: 'slow-1',
        route: '/api/profile',
        timeoutMs: 300,
      });
      expect(await (await fetch(`${front.metricsUrl}/metrics`)).text()).toContain(
        'upstream_timeouts_total 1',
      );
      // a slow upstream does not make this instance unready: it accepts connections
      expect((await fetch(`${front.url}/readyz`)).status).toBe(200);
    } finally {
      await front.close();
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });

  it('answers E001 with HTTP 502 when it refuses connections, and /readyz turns 503', async () => {
    const gone = createServer();
    const url = await listen(gone);
    await new Promise<void>((r) => gone.close(() => r()));
    const front = await startPortal({ port: 0, apiTarget: url, spa: false, logger: createMemoryLogger() });
    try {
      const res = await fetch(`${front.url}/api/profile`);
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ status: 'E001', description: 'the backend is unavailable' });
      const ready = await fetch(`${front.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ ready: false, checks: { upstream: 'failed' } });
    } finally {
      await front.close();
    }
  });
});

describe('in front of the operator’s backend', () => {
  it('starts no E-IMZO simulator, however asked (the real module runs on each user’s machine)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-proxy-eimzo-'));
    dirs.push(dataDir);
    const front = await startPortal({
      port: 0,
      apiTarget: 'http://127.0.0.1:9',
      spa: false,
      logger: createMemoryLogger(),
      eimzo: { port: 0, controlPort: 0, dataDir },
    });
    try {
      expect(front.eimzo).toBeUndefined();
      expect(front.demoUrl).toBeUndefined();
      expect(front.db).toBeUndefined();
    } finally {
      await front.close();
    }
  });

  it('keeps the browsers’ error reports: counted here, never sent upstream', async () => {
    let upstreamCalls = 0;
    const upstream = createServer((_req, res) => {
      upstreamCalls++;
      res.end('{}');
    });
    const url = await listen(upstream);
    const log = createMemoryLogger();
    const front = await startPortal({
      port: 0,
      apiTarget: url,
      spa: false,
      logger: log,
      metrics: { port: 0 },
    });
    const report = (body: unknown, headers: Record<string, string> = { 'x-requested-with': 'portal' }) =>
      fetch(`${front.url}/api/client-errors`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    try {
      const ok = await report({
        kind: 'contract',
        requestId: 'r-1',
        route: 'session.user',
        message: 'result.x: invalid_type',
      });
      expect(await ok.json()).toEqual({ status: 'OKOK', result: { counted: true } });
      expect((await report({ kind: 'error', route: '/:lang', message: 'x' }, {})).status).toBe(403);
      expect(await (await report({ kind: 'nope', route: '/:lang', message: 'x' })).json()).toMatchObject({
        status: 'E101',
      });
      const tooBig = await report({ kind: 'error', route: '/:lang', message: 'x'.repeat(5000) });
      expect(tooBig.status).toBe(413);
      expect(upstreamCalls).toBe(0);
      expect(await (await fetch(`${front.metricsUrl}/metrics`)).text()).toContain(
        'client_errors_total{kind="contract"} 1',
      );
      expect(log.lines.filter((l) => l.includes('"client.error"'))).toHaveLength(1);
    } finally {
      await front.close();
      upstream.close();
    }
  });
});
