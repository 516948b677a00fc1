/**
 * The portal's Prometheus metrics (prom-client: a maintained library writes the text format, docs/decisions.md
 * OBS2). One registry per portal, so several portals in one process (tests) count apart. Labels carry the route
 * pattern that answered (`/api/user/get/:user_id`, `spa`, `static`, `/healthz`) and never the raw path or query: a
 * path holds ids and a query may hold search text.
 */
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { ClientErrorKind } from '../src/domain/client-errors.rules';

export interface PortalMetrics {
  /** one answered request: its method, route pattern, HTTP status and duration in seconds */
  request(method: string, route: string, status: number, seconds: number): void;
  /** one error report from a browser */
  clientError(kind: ClientErrorKind): void;
  /** one proxied call the upstream did not answer in time */
  upstreamTimeout(): void;
  /** one message (SMS, e-mail) outside demo mode: sent, failed after its tries, or unsent (channel not configured) */
  message(channel: 'sms' | 'email', outcome: 'sent' | 'failed' | 'unsent'): void;
  /** the exposition text and its content type */
  render(): Promise<{ body: string; contentType: string }>;
}

/** Methods outside this set are counted as `other` (a label must not take any value a caller sends). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);

export function createMetrics(opts: { defaultMetrics?: boolean } = {}): PortalMetrics {
  const registry = new Registry();
  // process CPU, memory, event-loop delay, handles: what an operator looks at beside the request rate
  if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to the reply (headers and body built), by method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const clientErrors = new Counter({
    name: 'client_errors_total',
    help: 'Error reports from browsers: uncaught error, unhandled rejection, reply that broke the contract',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const upstreamTimeouts = new Counter({
    name: 'upstream_timeouts_total',
    help: 'Proxied calls the upstream (API_TARGET) did not answer within UPSTREAM_TIMEOUT_MS',
    registers: [registry],
  });
  const messages = new Counter({
    name: 'messages_total',
    help: 'SMS and e-mail outside demo mode, by channel and outcome (sent, failed after its tries, unsent: no channel)',
    labelNames: ['channel', 'outcome'] as const,
    registers: [registry],
  });
  return {
    request(method, route, status, seconds) {
      const labels = { method: METHODS.has(method) ? method : 'other', route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    clientError: (kind) => clientErrors.inc({ kind }),
    upstreamTimeout: () => upstreamTimeouts.inc(),
    message: (channel, outcome) => messages.inc({ channel, outcome }),
    render: async () => ({ body: await registry.metrics(), contentType: registry.contentType }),
  };
}
