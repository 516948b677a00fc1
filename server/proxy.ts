/**
 * Proxy mode (`API_TARGET`, docs/decisions.md OBS7): `/api/*` goes to the operator's backend with what a balancer's
 * backend expects — `X-Forwarded-For` (the incoming chain plus the peer), `-Proto`, `-Host`, the request id — and
 * comes back compressed as the reference backend's replies are. The upstream's own compression is undone by fetch
 * (it asks for gzip/br and decodes), so a reply is never compressed twice. Hop-by-hop headers go neither way.
 * `UPSTREAM_TIMEOUT_MS` bounds the whole reply: past it the browser gets E001 with HTTP 504, the log a line and the
 * metrics a count. The browsers' error reports (`POST /api/client-errors`) are the portal's own and stay here.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { routePath } from 'hono/route';
import type { EndpointDef } from '../src/services/contract/endpoint';
import { endpointNames, endpoints } from '../src/services/contract/endpoints';
import { honoPath } from './app';
import { clientAddress, fromTrustedProxy, isHttps, type TrustProxy } from './client-address';
import { type ClientErrorSink, clientErrorRoute } from './client-errors';
import { compressReplies } from './compress';
import type { Logger } from './logger';
import type { PortalMetrics } from './metrics';
import { currentRequest, REQUEST_ID_HEADER, requestIdFrom } from './request-context';

/** RFC 9110 7.6.1: connection-specific headers, never forwarded (nor any header the Connection header names). */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

export interface ProxyOptions {
  /** the operator's backend, `scheme://host[:port]` (a path prefix is kept) */
  target: string;
  /** the whole reply must be in within this many ms */
  timeoutMs: number;
  /** TRUST_PROXY: which peers are proxies whose X-Forwarded-* the portal believes (server/client-address.ts) */
  trustProxy: TrustProxy;
  logger: Logger;
  metrics: PortalMetrics;
  clientErrors: ClientErrorSink;
}

/** The address of the connection's other end (the balancer in front, or the browser). */
export function peerAddress(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}

function withoutHopByHop(source: Headers): Headers {
  const headers = new Headers(source);
  for (const name of (source.get('connection') ?? '').split(',')) {
    const trimmed = name.trim();
    if (/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(trimmed)) headers.delete(trimmed);
  }
  for (const name of HOP_BY_HOP) headers.delete(name);
  return headers;
}

class UpstreamTimeout extends Error {}

export function proxyRoutes(opts: ProxyOptions): Hono {
  const target = opts.target.replace(/\/+$/, '');
  const app = new Hono();
  app.use('/api/*', compressReplies());
  app.post(
    '/api/client-errors',
    ...clientErrorRoute(opts.clientErrors, (c) => clientAddress(c, opts.trustProxy)),
  );

  const forward = async (c: Context) => {
    const url = new URL(c.req.url);
    const headers = withoutHopByHop(c.req.raw.headers);
    headers.delete('host');
    // fetch asks for the encodings it decodes; the reply is compressed again for this client below
    headers.delete('accept-encoding');
    const peer = peerAddress(c);
    // the chain a trusted proxy in front wrote is kept and the peer appended; an untrusted peer's own chain is
    // dropped, so a client cannot hand the operator's backend an address of its choosing (PRH1)
    const trusted = fromTrustedProxy(c, opts.trustProxy);
    const chain = trusted ? c.req.header('x-forwarded-for') : undefined;
    headers.set('x-forwarded-for', chain ? `${chain}, ${peer}` : peer);
    headers.set('x-forwarded-proto', isHttps(c, opts.trustProxy) ? 'https' : 'http');
    const host = (trusted && c.req.header('x-forwarded-host')) || c.req.header('host') || url.host;
    headers.set('x-forwarded-host', host);
    headers.set(REQUEST_ID_HEADER, currentRequest()?.id ?? requestIdFrom(c.req.header(REQUEST_ID_HEADER)));

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new UpstreamTimeout()), opts.timeoutMs);
    const gone = () => controller.abort(new Error('client closed the connection'));
    c.req.raw.signal.addEventListener('abort', gone, { once: true });
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    try {
      const res = await fetch(`${target}${url.pathname}${url.search}`, {
        method: c.req.method,
        headers,
        body: hasBody ? c.req.raw.body : undefined,
        // a redirect (the staff sign-on's) is the browser's to follow, not ours
        redirect: 'manual',
        signal: controller.signal,
        ...(hasBody ? { duplex: 'half' } : {}),
      } as RequestInit);
      // the whole reply within the time-out, so a reply that stalls half-way is a time-out too
      const body = await res.arrayBuffer();
      const out = withoutHopByHop(res.headers);
      // fetch decoded the body: its length and coding are no longer the upstream's
      out.delete('content-encoding');
      out.delete('content-length');
      return new Response(c.req.method === 'HEAD' ? null : body, {
        status: res.status,
        statusText: res.statusText,
        headers: out,
      });
    } catch (e) {
      const route = routePath(c);
      if (controller.signal.reason instanceof UpstreamTimeout) {
        opts.metrics.upstreamTimeout();
        opts.logger.error('upstream.timeout', { route, timeoutMs: opts.timeoutMs });
        return c.json({ status: 'E001', description: 'the backend did not answer in time' }, 504);
      }
      opts.logger.error('upstream.failed', {
        route,
        error: e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e),
      });
      return c.json({ status: 'E001', description: 'the backend is unavailable' }, 502);
    } finally {
      clearTimeout(timer);
      c.req.raw.signal.removeEventListener('abort', gone);
    }
  };

  // each call of the contract under its own pattern, so the metrics and the access log name it; anything else under
  // /api/ (the sign-on's browser routes, calls this build does not know) is forwarded as well
  for (const name of endpointNames) {
    if (name === 'report.clientError') continue;
    const def = endpoints[name] as EndpointDef;
    app.on(def.method, honoPath(def.path), forward);
  }
  app.all('/api/*', forward);
  return app;
}
