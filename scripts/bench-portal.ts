/**
 * The portal as the bench measures it (scripts/bench.ts): the built SPA served as production serves it (`spa: 'serve'`,
 * never built here, replies not re-validated) over the reference backend with the demo data, which the curator's
 * 12 000-number list and the golden-number pool need. A production start refuses demo data (docs/decisions.md OPS1),
 * so the bench starts this instead of `NODE_ENV=production npm start`. Reads PORT, HOST, PORTAL_DB and DEMO_PORT.
 */
import { configFromEnv } from '../server/config';
import { startPortal } from '../server/start';

const env = process.env;
const portal = await startPortal({
  port: Number(env.PORT ?? 0),
  host: env.HOST || '127.0.0.1',
  dbPath: env.PORTAL_DB ?? ':memory:',
  spa: 'serve',
  eimzo: false,
  config: { ...configFromEnv(env), demoMode: true, validateReplies: false },
});
process.stdout.write(`bench portal: ${portal.url}\n`);
const stop = () => {
  void portal.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
