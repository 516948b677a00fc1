import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Services } from '../handler';
import type { Logger } from '../logger';
import { createDemoApp } from './demo.routes';

/** Default port of the demo page: next to the E-IMZO simulator's control page (64650). */
export const DEFAULT_DEMO_PORT = 64651;

export interface RunningDemo {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the demo outbox and controls on 127.0.0.1 only (never on the portal's host or port). A busy port is not
 * fatal: one log line, and the portal runs without the page.
 */
export async function startDemoServer(
  svc: Services,
  logger: Logger,
  opts: { port?: number } = {},
): Promise<RunningDemo | undefined> {
  const host = '127.0.0.1';
  const wanted = opts.port ?? DEFAULT_DEMO_PORT;
  let port = wanted;
  const hosts = () => [`${host}:${port}`, `localhost:${port}`];
  // the allowed Host values are known only once the port is (port 0 picks one)
  let app = createDemoApp(svc, { hosts: hosts() });
  const server = serve({ fetch: (req, env) => app.fetch(req, env), port: wanted, hostname: host });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', () => resolve());
      server.once('error', reject);
    });
  } catch (e) {
    logger.warn('demo.unavailable', { port: wanted, error: e instanceof Error ? e.message : String(e) });
    server.close();
    return undefined;
  }
  port = (server.address() as AddressInfo).port;
  if (port !== wanted) app = createDemoApp(svc, { hosts: hosts() });
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
