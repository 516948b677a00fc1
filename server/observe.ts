/**
 * Request id, access log and request metrics, as one middleware (docs/decisions.md OBS3, OBS4). The first instance a
 * request meets owns it: the portal's (server/start.ts) in front of everything, or the reference backend's own
 * (server/app.ts) when the app is used alone (tests, the demo page). An inner instance finds the request already
 * observed and only names its route pattern, so one request has one id and one log line.
 */
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Logger } from './logger';
import type { PortalMetrics } from './metrics';
import {
  currentRequest,
  noteRoute,
  REQUEST_ID_HEADER,
  type RequestContext,
  requestIdFrom,
  withRequest,
} from './request-context';

export interface ObserveOptions {
  logger: Logger;
  metrics?: PortalMetrics;
  /** true once the portal is shutting down: replies then ask the client to close the connection */
  draining?: () => boolean;
}

/** The route pattern of a reply nobody named: the matched route's path (`/healthz`), or `unmatched`. */
function fallbackRoute(path: string): string {
  return path === '' || path === '*' || path === '/*' ? 'unmatched' : path;
}

export function observeRequests(opts: ObserveOptions): MiddlewareHandler {
  const { logger, metrics, draining } = opts;
  return async (c, next) => {
    if (currentRequest()) {
      // an outer instance owns this request: only say which of our routes answered
      await next();
      noteRoute(fallbackRoute(routePath(c)));
      return;
    }
    const ctx: RequestContext = { id: requestIdFrom(c.req.header(REQUEST_ID_HEADER)), route: undefined };
    const started = performance.now();
    await withRequest(ctx, async () => {
      await next();
      noteRoute(fallbackRoute(routePath(c)));
      c.header(REQUEST_ID_HEADER, ctx.id);
      // a balancer stops sending once /readyz says so; a kept-alive connection is closed after its current reply
      if (draining?.()) c.header('Connection', 'close');
      const ms = performance.now() - started;
      const route = ctx.route ?? 'unmatched';
      const status = c.res.status;
      metrics?.request(c.req.method, route, status, ms / 1000);
      // method, route pattern, status, duration (and, from the context, the request id): no path, query, cookie,
      // address or header value (docs/decisions.md OBS4)
      logger.info('http.request', { method: c.req.method, route, status, ms: Math.round(ms * 10) / 10 });
    });
  };
}
