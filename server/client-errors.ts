/**
 * The browsers' failure reports (docs/decisions.md OBS9): each one counted in `client_errors_total{kind}` and logged
 * as one `client.error` line, at most `PER_ADDRESS` a minute from one address and `OVERALL` a minute in all, so a
 * broken page in a loop (or a flood) cannot fill the log. The message is made safe again here (`safeErrorMessage`):
 * the schema bounds its length, not what a caller put in it.
 */
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { safeErrorMessage } from '../src/domain/client-errors.rules';
import { type ClientErrorReport, clientErrorBody } from '../src/services/contract/client-errors.contract';
import { CSRF_HEADER, CSRF_VALUE } from '../src/services/contract/csrf';
import { okReply } from '../src/services/contract/envelope';
import type { Logger } from './logger';
import type { PortalMetrics } from './metrics';

/** Reports one address may send per minute. */
export const PER_ADDRESS = 10;
/** Reports counted per minute over all addresses. */
export const OVERALL = 120;
const WINDOW_MS = 60_000;

export interface ClientErrorSink {
  /** Counts and logs a validated report from `address`; false when the rate limit dropped it. */
  report(report: ClientErrorReport, address: string): boolean;
}

export function createClientErrorSink(deps: {
  logger: Logger;
  metrics: PortalMetrics;
  now?: () => number;
}): ClientErrorSink {
  const now = deps.now ?? Date.now;
  // one fixed window for every address: the map never holds more than a minute's senders
  let windowStart = Number.NEGATIVE_INFINITY;
  let total = 0;
  const byAddress = new Map<string, number>();
  return {
    report(report, address) {
      const t = now();
      if (t - windowStart >= WINDOW_MS) {
        windowStart = t;
        total = 0;
        byAddress.clear();
      }
      const sent = byAddress.get(address) ?? 0;
      if (sent >= PER_ADDRESS || total >= OVERALL) return false;
      byAddress.set(address, sent + 1);
      total++;
      deps.metrics.clientError(report.kind);
      deps.logger.warn('client.error', {
        kind: report.kind,
        failedRequestId: report.requestId,
        route: report.route,
        message: safeErrorMessage(report.message),
      });
      return true;
    },
  };
}

/**
 * `POST /api/client-errors` where the portal proxies `/api/*` to the operator's backend (the reports are the portal's
 * own, like /metrics): the same checks the reference backend's pipeline makes — CSRF header, a small body, the
 * contract's schema — and the same replies.
 */
export function clientErrorRoute(sink: ClientErrorSink, address: (c: Context) => string) {
  const limit = bodyLimit({
    maxSize: 4 * 1024,
    onError: (c) => c.json({ status: 'E101', description: 'request body too large' }, 413),
  });
  return [
    limit,
    async (c: Context) => {
      if (c.req.header(CSRF_HEADER) !== CSRF_VALUE)
        return c.json({ status: 'E005', description: `${CSRF_HEADER} header required` }, 403);
      let raw: unknown;
      try {
        raw = await c.req.json();
      } catch {
        return c.json({ status: 'E101', description: 'body: not JSON' }, 400);
      }
      const parsed = clientErrorBody.safeParse(raw);
      if (!parsed.success) return c.json({ status: 'E101', description: 'body: not a client error report' });
      return c.json(okReply({ counted: sink.report(parsed.data, address(c)) }));
    },
  ] as const;
}
