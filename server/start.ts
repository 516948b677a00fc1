import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { Hono, type MiddlewareHandler } from 'hono';
import { proxy } from 'hono/proxy';
import { createApp, createServices } from './app';
import type { Clock } from './clock';
import { configFromEnv, DEFAULT_CONFIG, demoModeRefusal, type ServerConfig } from './config';
import { assertKnownSchema, type Db, defaultDbPath, migrate, openDatabase } from './db/database';
import { seedDebt } from './db/debt-seed';
import { DEMO_PASSWORD, demoAccountLines } from './db/demo-accounts';
import { seedEmployeeDetails } from './db/employees-seed';
import { seedGolden } from './db/golden-seed';
import { seedReference } from './db/reference-seed';
import { isSeeded, type SeedOptions, seedDatabase } from './db/seed';
import { type RunningDemo, startDemoServer } from './demo/demo.server';
import { createLogger, type Logger } from './logger';
import { PROJECT_ROOT } from './paths';
import { buildSpa, EIMZO_CONNECT, needsBuild, securityHeaders, spaRoutes } from './static';

export interface PortalOptions {
  /** default 8080 (`PORT`); 0 picks a free port */
  port?: number;
  /** default 127.0.0.1 (`HOST`) */
  host?: string;
  /** SQLite file (`PORTAL_DB`, default ~/.local/share/b2b-portal/portal.db); ':memory:' for a throwaway one */
  dbPath?: string;
  /** proxy /api/* to this backend instead of serving the reference one (`API_TARGET`) */
  apiTarget?: string;
  /** serve the SPA from dist (default true); 'auto' / true also builds it when stale, 'serve' never builds */
  spa?: boolean | 'serve';
  distDir?: string;
  /** start the E-IMZO simulator (server/eimzo/simulator.ts) in the same process, in demo mode only (default false;
   *  `npm start` on a laptop: on);
   *  an object sets its ports, data dir and mode (`npm start` reads EIMZO_PORT, EIMZO_CONTROL_PORT, EIMZO_DATA_DIR,
   *  EIMZO_MODE) */
  eimzo?: boolean | EimzoStartOptions;
  clock?: Clock;
  logger?: Logger;
  config?: Partial<ServerConfig>;
  seed?: SeedOptions;
  /** extra connect-src origins for the CSP (e.g. a simulator on another port) */
  extraConnect?: readonly string[];
}

export interface PortalHandle {
  url: string;
  port: number;
  /** the reference backend's database (undefined when proxying to API_TARGET) */
  db: Db | undefined;
  /** the E-IMZO simulator's socket and control page, when it was started */
  eimzo: { url: string; controlUrl?: string } | undefined;
  /** the demo page (outbox and controls, 127.0.0.1 only), when demo mode is on */
  demoUrl: string | undefined;
  close(): Promise<void>;
}

/** Where and how the simulator runs (defaults: the simulator's own, i.e. the real module's port 64646). */
export interface EimzoStartOptions {
  port?: number;
  controlPort?: number;
  dataDir?: string;
  mode?: 'scripted' | 'interactive';
}

/** The simulator options `npm start` reads from the environment. */
export function eimzoOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): EimzoStartOptions {
  const num = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
  const opts: EimzoStartOptions = {};
  const port = num(env.EIMZO_PORT);
  const controlPort = num(env.EIMZO_CONTROL_PORT);
  if (port !== undefined) opts.port = port;
  if (controlPort !== undefined) opts.controlPort = controlPort;
  if (env.EIMZO_DATA_DIR) opts.dataDir = env.EIMZO_DATA_DIR;
  if (env.EIMZO_MODE === 'scripted' || env.EIMZO_MODE === 'interactive') opts.mode = env.EIMZO_MODE;
  return opts;
}

/**
 * Tells the SPA where the simulator listens when it is not the module's usual address: a
 * `<meta name="eimzo-url">` in every HTML page (read by src/app/block-restore.services.ts).
 */
function announceEimzoUrl(url: string): MiddlewareHandler {
  const tag = `<meta name="eimzo-url" content="${url.replace(/[^A-Za-z0-9:/._-]/g, '')}">`;
  return async (c, next) => {
    await next();
    if (!c.res.headers.get('content-type')?.startsWith('text/html')) return;
    const html = await c.res.text();
    const headers = new Headers(c.res.headers);
    headers.delete('content-length');
    c.res = new Response(html.replace('</head>', `${tag}</head>`), { status: c.res.status, headers });
  };
}

interface RunningEimzo {
  url: string;
  controlUrl?: string;
  close(): Promise<void>;
}

/** Starts the E-IMZO simulator (loaded only then; the production bundle carries it too); a busy port is not fatal. */
async function startEimzo(logger: Logger, opts: EimzoStartOptions = {}): Promise<RunningEimzo | undefined> {
  const { startSimulator } = await import('./eimzo/simulator');
  try {
    const sim = await startSimulator({ mode: 'interactive', ...opts });
    logger.info('eimzo.started', { url: sim.url, control: sim.controlUrl });
    return sim;
  } catch (e) {
    logger.warn('eimzo.unavailable', { error: e instanceof Error ? e.message : String(e) });
    return undefined;
  }
}

export interface PrepareOptions {
  /** demo mode (`config.demoMode`): seed the demo data on first start. Off (production, API_TARGET): only the reference
   *  catalogues, and a database holding demo data is refused (docs/decisions.md OPS1) */
  demo: boolean;
  seed?: SeedOptions;
}

/**
 * Opens and migrates the database (refusing one a newer build migrated: OPS3), adds the reference catalogues, and in
 * demo mode only (first time) the demo data. Throws a one-line reason naming the file when it cannot.
 */
export function prepareDatabase(path: string, logger: Logger, opts: PrepareOptions): Db {
  const db = openDatabase(path);
  try {
    const applied = migrate(db);
    if (applied.length > 0) logger.info('db.migrated', { path, versions: applied });
    const reference = seedReference(db);
    if (reference > 0) logger.info('db.reference', { path, rows: reference });
    if (!opts.demo) {
      // a production start never runs on the demo's accounts (a database `npm start` on a laptop seeded)
      if (isSeeded(db))
        throw new Error(
          'it holds the demo data (demo accounts with a published password): outside demo mode use a new database file',
        );
      return db;
    }
    if (!isSeeded(db)) {
      const summary = seedDatabase(db, { debtAsOf: Date.now(), ...opts.seed });
      logger.info('db.seeded', { path, ...summary });
    }
    // a demo database seeded before debt control existed gets its overdue accounts now (no-op otherwise)
    seedDebt(db, Date.now());
    // likewise the pool of golden numbers (decision GN3)
    seedGolden(db);
    // and the employees' departments of the employee list (EM1)
    seedEmployeeDetails(db);
    return db;
  } catch (e) {
    db.close();
    throw new Error(`cannot use the database ${path}: ${e instanceof Error ? e.message : String(e)}`, {
      cause: e,
    });
  }
}

/**
 * The one-process portal: the SPA from dist (built first when stale), the reference API (or a proxy to
 * `apiTarget`), security headers on every response, and optionally the E-IMZO simulator.
 */
export async function startPortal(opts: PortalOptions = {}): Promise<PortalHandle> {
  const logger = opts.logger ?? createLogger(undefined, opts.clock?.now);
  const demoMode = opts.config?.demoMode ?? DEFAULT_CONFIG.demoMode;
  const refusal = demoModeRefusal(
    { NODE_ENV: process.env.NODE_ENV, API_TARGET: opts.apiTarget ?? process.env.API_TARGET },
    demoMode && !(opts.apiTarget && opts.config?.demoMode === undefined),
  );
  if (refusal) throw new Error(refusal);
  const spa = opts.spa ?? true;
  const distDir = opts.distDir ?? join(PROJECT_ROOT, 'dist');
  if (spa === true && !opts.distDir && needsBuild(PROJECT_ROOT)) {
    logger.info('spa.build', { reason: 'dist/index.html missing or older than src/' });
    buildSpa(PROJECT_ROOT);
  }

  // The simulator starts first so the page's CSP and the SPA can name its socket when it is not the usual one.
  const eimzo =
    opts.eimzo && demoMode && !opts.apiTarget
      ? await startEimzo(logger, opts.eimzo === true ? {} : opts.eimzo)
      : undefined;
  const eimzoOrigin = eimzo ? new URL(eimzo.url).origin : undefined;
  const unusualEimzo =
    eimzo !== undefined && !(EIMZO_CONNECT as readonly string[]).includes(eimzoOrigin ?? '');

  const app = new Hono();
  app.use(
    '*',
    securityHeaders([...(opts.extraConnect ?? []), ...(unusualEimzo && eimzoOrigin ? [eimzoOrigin] : [])]),
  );
  if (unusualEimzo && eimzo) app.use('*', announceEimzoUrl(eimzo.url));

  let db: Db | undefined;
  let demo: RunningDemo | undefined;
  let config: ServerConfig | undefined;
  if (opts.apiTarget) {
    const target = opts.apiTarget.replace(/\/+$/, '');
    app.all('/api/*', (c) => {
      const url = new URL(c.req.url);
      return proxy(`${target}${url.pathname}${url.search}`, {
        raw: c.req.raw,
        headers: { ...c.req.header(), host: undefined, 'x-forwarded-host': c.req.header('host') },
      });
    });
    logger.info('api.proxy', { target });
  } else {
    db = prepareDatabase(opts.dbPath ?? defaultDbPath(), logger, { demo: demoMode, seed: opts.seed });
    const services = createServices({ db, clock: opts.clock, logger, config: opts.config });
    config = services.config;
    const api = createApp({ db, services });
    app.all('/api/*', (c) => api.fetch(c.req.raw, c.env));
    if (services.config.demoMode)
      demo = await startDemoServer(services, logger, { port: services.config.demoPort });
    // the staff sign-on page lives there (decisions SSO1): the portal sends browsers to the address printed below
    if (demo) services.config.demoOrigin = demo.url;
  }
  if (spa) app.route('/', spaRoutes(distDir));

  const server = serve({ fetch: app.fetch, port: opts.port ?? 8080, hostname: opts.host ?? '127.0.0.1' });
  await new Promise<void>((resolveListen, reject) => {
    server.once('listening', () => resolveListen());
    server.once('error', reject);
  }).catch(async (e: unknown) => {
    await eimzo?.close();
    await demo?.close();
    db?.close();
    throw e;
  });
  const port = (server.address() as AddressInfo).port;
  const host = opts.host ?? '127.0.0.1';
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  // without PUBLIC_ORIGIN, links in messages point to where the portal listens
  if (config && opts.config?.publicOrigin === undefined) config.publicOrigin = url;

  let closed = false;
  return {
    url,
    port,
    db,
    eimzo: eimzo && { url: eimzo.url, controlUrl: eimzo.controlUrl },
    demoUrl: demo?.url,
    async close() {
      if (closed) return;
      closed = true;
      await eimzo?.close();
      await demo?.close();
      await new Promise<void>((done) => {
        server.close(() => done());
        // keep-alive connections would hold close() open
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      db?.close();
    },
  };
}

/** Why `main` must not start: a one-line reason, or null. */
function startRefusal(env: NodeJS.ProcessEnv, config: ServerConfig): string | null {
  const refusal = demoModeRefusal(env, config.demoMode);
  if (refusal) return refusal;
  // production serves what `npm run build` made and never builds (a pruned install has no build tools)
  if (env.NODE_ENV === 'production' && !existsSync(join(PROJECT_ROOT, 'dist', 'index.html')))
    return `NODE_ENV=production needs the built SPA (${join(PROJECT_ROOT, 'dist', 'index.html')} is missing): run scripts/build-production.sh first; production never builds at start.`;
  return null;
}

/**
 * `npm start` (scripts/launch.js): the portal from the environment (README "Configuration"). In demo mode (a laptop)
 * it builds a stale SPA first, seeds the demo data, starts the E-IMZO simulator and prints the demo logins; outside it
 * (NODE_ENV=production, API_TARGET) none of these (docs/decisions.md OPS1, OPS2).
 */
export async function main(): Promise<void> {
  const env = process.env;
  const logger = createLogger();
  const config = configFromEnv(env);
  const refusal = startRefusal(env, config);
  if (refusal) {
    process.stderr.write(`${refusal}\n`);
    process.exit(1);
  }
  // a database this build cannot use is refused before anything else (a stale SPA would be built first otherwise)
  if (!env.API_TARGET) {
    try {
      assertKnownSchema(defaultDbPath(env));
    } catch (e) {
      process.stderr.write(`cannot use the database ${defaultDbPath(env)}: ${(e as Error).message}\n`);
      process.exit(1);
    }
  }
  const production = env.NODE_ENV === 'production';
  const portal = await startPortal({
    port: env.PORT ? Number(env.PORT) : 8080,
    host: env.HOST || '127.0.0.1',
    dbPath: defaultDbPath(env),
    apiTarget: env.API_TARGET || undefined,
    spa: production ? 'serve' : true,
    eimzo: config.demoMode && env.EIMZO !== '0' && eimzoOptionsFromEnv(env),
    config: { ...config, ...(env.PUBLIC_ORIGIN ? {} : { publicOrigin: undefined }) },
    logger,
  });
  const lines = [
    '',
    `  B2B portal: ${portal.url}/ru`,
    env.API_TARGET
      ? `  API proxied to ${env.API_TARGET}`
      : config.demoMode
        ? `  Database: ${defaultDbPath(env)} (npm run db:reset re-seeds it)`
        : `  Database: ${defaultDbPath(env)} (the first administrator: npm run admin:create -- --login <login>)`,
    ...(portal.eimzo
      ? [`  E-IMZO simulator: ${portal.eimzo.url} (control page ${portal.eimzo.controlUrl ?? '-'})`]
      : []),
    ...(portal.demoUrl
      ? [
          `  Demo outbox (SMS codes, recovery links, temporary passwords) and controls: ${portal.demoUrl}/`,
          `  Staff single sign-on (simulated): 'Войти как сотрудник' on the login page opens ${portal.demoUrl}/sso`,
        ]
      : []),
    '',
    // the demo accounts exist in demo mode only (OPS1): nothing to print elsewhere
    ...(config.demoMode && !env.API_TARGET
      ? [`  Demo logins (password ${DEMO_PASSWORD}):`, ...demoAccountLines(), '']
      : []),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('portal.stopping', { signal });
    portal.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
    setTimeout(() => process.exit(1), 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
}
