import { wholeSetting } from './env-settings';

/**
 * The operations settings `npm start` reads (docs/operations.md): where the metrics are served, how long a proxied
 * call may take, how a shutdown drains. A value that is set but is not a number refuses the start with a one-line
 * reason, like every other setting that would otherwise be silently replaced.
 */
export interface OpsOptions {
  /** METRICS_PORT: the port of `/metrics` (unset: no metrics listener; the counts are still kept) */
  metricsPort?: number;
  /** METRICS_HOST (default 127.0.0.1): the address the metrics listener binds */
  metricsHost: string;
  /** UPSTREAM_TIMEOUT_MS (default 30 000): a proxied call's whole reply must be in within this */
  upstreamTimeoutMs: number;
  /** SHUTDOWN_DELAY_MS (default 3 000): after SIGTERM, how long /readyz answers 503 while requests are still served,
   *  so the balancer stops sending before the listener closes */
  shutdownDelayMs: number;
  /** DRAIN_TIMEOUT_MS (default 5 000): how long requests in flight may take to finish once the listener closed */
  drainTimeoutMs: number;
}

export const DEFAULT_OPS: OpsOptions = {
  metricsHost: '127.0.0.1',
  upstreamTimeoutMs: 30_000,
  shutdownDelayMs: 3000,
  drainTimeoutMs: 5000,
};

/** Reads the operations settings; throws with a one-line reason for a value that is not a whole number in range. */
export function opsOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): OpsOptions {
  // each variable is read as env.<its name> right here, so a search (and the README test) finds it
  const metricsPort = wholeSetting('METRICS_PORT', env.METRICS_PORT, 1, 65535);
  return {
    ...(metricsPort === undefined ? {} : { metricsPort }),
    metricsHost: env.METRICS_HOST || DEFAULT_OPS.metricsHost,
    upstreamTimeoutMs:
      wholeSetting('UPSTREAM_TIMEOUT_MS', env.UPSTREAM_TIMEOUT_MS, 100, 600_000) ??
      DEFAULT_OPS.upstreamTimeoutMs,
    shutdownDelayMs:
      wholeSetting('SHUTDOWN_DELAY_MS', env.SHUTDOWN_DELAY_MS, 0, 600_000) ?? DEFAULT_OPS.shutdownDelayMs,
    drainTimeoutMs:
      wholeSetting('DRAIN_TIMEOUT_MS', env.DRAIN_TIMEOUT_MS, 0, 600_000) ?? DEFAULT_OPS.drainTimeoutMs,
  };
}
