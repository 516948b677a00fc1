import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp, createServices } from './app';
import { createOidcClient, type OidcOptions, oidcOptionsFromEnv } from './auth/oidc';
import { createClientErrorSink } from './client-errors';
import type { Clock } from './clock';
import { configFromEnv, DEFAULT_CONFIG, demoModeRefusal, type ServerConfig } from './config';
import { assertKnownSchema, type Db, defaultDbPath, migrate, openDatabase } from './db/database';
import { seedDebt } from './db/debt-seed';
import { DEMO_PASSWORD, demoAccountLines } from './db/demo-accounts';
import { seedEmployeeDetails } from './db/employees-seed';
import { seedGolden } from './db/golden-seed';
import { seedReference } from './db/reference-seed';
import { isSeeded, type SeedOptions, seedDatabase } from './db/seed';
import { type DeliveryOptions, deliveryOptionsFromEnv, deliverySummary } from './delivery/options';
import { createDelivery, type Delivery } from './delivery/transport';
import { type RunningDemo, startDemoServer } from './demo/demo.server';
import {
  type TrustOptions,
  type TrustStore,
  trustOptionsFromEnv,
  trustSummary,
  watchedTrustDir,
} from './eimzo/trust';
import { wholeSetting } from './env-settings';
import { createLogger, type Logger } from './logger';
import { createMetrics, type PortalMetrics } from './metrics';
import { observeRequests } from './observe';
import { DEFAULT_OPS, opsOptionsFromEnv } from './ops-config';
import { PROJECT_ROOT } from './paths';
import { DEFAULT_PLANS_TICK_MS, schedulePlans } from './plans/runner';
import { databaseCheck, probeRoutes, upstreamCheck } from './probes';
import { proxyRoutes } from './proxy';
import { DEFAULT_RETENTION, type RetentionPolicy, retentionFromEnv, scheduleRetention } from './retention';
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
  /** serve `/metrics` on a listener of its own (`METRICS_PORT`, `METRICS_HOST`; docs/decisions.md OBS2); 0 picks a
   *  free port. Unset: no metrics listener (the counts are kept all the same). */
  metrics?: { port: number; host?: string };
  /** proxy mode: a call's whole reply must be in within this many ms (`UPSTREAM_TIMEOUT_MS`, default 30 000) */
  upstreamTimeoutMs?: number;
  /** where SMS and e-mail go outside demo mode (`SMTP_*`, `SMS_GATEWAY_*`, `MESSAGE_*`; server/delivery) */
  delivery?: DeliveryOptions;
  /** how long personal data is kept (`RETENTION_*`; server/retention.ts): applied hourly outside demo mode */
  retention?: RetentionPolicy;
  /** how often the planned blocks and restores due are carried out (`PLANS_TICK_MS`, default 30000; SP5); 0: never
   *  (tests) */
  plansTickMs?: number;
  /** the staff sign-on over OpenID Connect (`OIDC_*`; server/auth/oidc.ts, decisions SSO4) */
  oidc?: OidcOptions;
  /** the signature trust store (`EIMZO_TRUST_DIR`, `EIMZO_OCSP_TIMEOUT_MS`; server/eimzo/trust.ts, decisions SIG1);
   *  unset: the simulator's test CA in demo mode, and every signature refused outside it */
  trust?: TrustOptions;
}

/** How a shutdown drains (docs/decisions.md OBS1). */
export interface DrainOptions {
  /** how long /readyz answers 503 while requests are still served, before the listener closes (default 0) */
  delayMs?: number;
  /** how long requests in flight may take to finish once the listener closed (default 5 000) */
  timeoutMs?: number;
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
  /** where `/metrics` is served, when `metrics` was given */
  metricsUrl: string | undefined;
  /** the signature trust store as now read, when `trust` was given */
  signatureTrust: (() => TrustStore) | undefined;
  /** Closes everything at once (connections in flight are cut). */
  close(): Promise<void>;
  /** The graceful shutdown: /readyz turns 503 at once, requests are still served for `delayMs`, then the listener
   *  closes and the requests in flight finish (at most `timeoutMs`) before everything is closed. */
  drain(opts?: DrainOptions): Promise<void>;
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
 * `<meta name="eimzo-url">` in every HTML page (read by src/app/block-restore.actors.ts). A rewrite of the page
 * server/static.ts applies before it compresses and tags it.
 */
function announceEimzoUrl(url: string): (html: string) => string {
  const tag = `<meta name="eimzo-url" content="${url.replace(/[^A-Za-z0-9:/._-]/g, '')}">`;
  return (html) => html.replace('</head>', `${tag}</head>`);
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

  // The simulator starts first so the page's CSP and the SPA can name its socket when it is not the usual one. Never in
  // front of the operator's backend: there the real module runs on each user's own machine (docs/decisions.md OBS7).
  const eimzo =
    opts.eimzo && demoMode && !opts.apiTarget
      ? await startEimzo(logger, opts.eimzo === true ? {} : opts.eimzo)
      : undefined;
  const eimzoOrigin = eimzo ? new URL(eimzo.url).origin : undefined;
  const unusualEimzo =
    eimzo !== undefined && !(EIMZO_CONNECT as readonly string[]).includes(eimzoOrigin ?? '');

  const metrics = createMetrics();
  let draining = false;
  const app = new Hono();
  // first: the request id, the access log line and the request metrics cover every reply below (OBS3, OBS4)
  app.use('*', observeRequests({ logger, metrics, draining: () => draining }));
  app.use(
    '*',
    securityHeaders([...(opts.extraConnect ?? []), ...(unusualEimzo && eimzoOrigin ? [eimzoOrigin] : [])]),
  );

  let db: Db | undefined;
  let demo: RunningDemo | undefined;
  let config: ServerConfig | undefined;
  let delivery: Delivery | undefined;
  let stopRetention: (() => void) | undefined;
  let stopPlans: (() => void) | undefined;
  let signatureTrust: (() => TrustStore) | undefined;
  if (opts.apiTarget) {
    const target = opts.apiTarget.replace(/\/+$/, '');
    app.route(
      '/',
      probeRoutes({
        mode: 'proxy',
        checks: { upstream: upstreamCheck(target) },
        draining: () => draining,
        logger,
      }),
    );
    app.route(
      '/',
      proxyRoutes({
        target,
        timeoutMs: opts.upstreamTimeoutMs ?? DEFAULT_OPS.upstreamTimeoutMs,
        trustProxy: opts.config?.trustProxy ?? DEFAULT_CONFIG.trustProxy,
        logger,
        metrics,
        clientErrors: createClientErrorSink({ logger, metrics }),
      }),
    );
    logger.info('api.proxy', { target });
  } else {
    db = prepareDatabase(opts.dbPath ?? defaultDbPath(), logger, { demo: demoMode, seed: opts.seed });
    delivery = opts.delivery && createDelivery(opts.delivery);
    // which channels are active, for the log reader (the start-up lines say it too); never hosts or secrets
    if (!demoMode)
      logger.info('messages.channels', { email: Boolean(delivery?.email), sms: Boolean(delivery?.sms) });
    // SIG1: a trust directory that cannot be read stops the start; a later broken file keeps the last good reading
    signatureTrust =
      opts.trust &&
      watchedTrustDir(opts.trust, (reason) => logger.warn('signing.trust_reload_failed', { reason }));
    if (signatureTrust || !demoMode) {
      const store = signatureTrust?.();
      logger.info('signing.trust', {
        store: store ? 'dir' : 'none',
        roots: store?.anchors.length ?? 0,
        intermediates: store?.intermediates.length ?? 0,
        crls: store?.crls.length ?? 0,
      });
    }
    const services = createServices({
      db,
      clock: opts.clock,
      logger,
      config: opts.config,
      metrics,
      ...(delivery ? { delivery } : {}),
      ...(opts.oidc ? { oidc: createOidcClient(opts.oidc) } : {}),
      ...(signatureTrust ? { signatureTrust } : {}),
    });
    config = services.config;
    // RET1: the system of record erases what it may no longer keep; demo data is made up and stays as seeded
    if (!demoMode)
      stopRetention = scheduleRetention(db, logger, opts.retention ?? DEFAULT_RETENTION, opts.clock);
    // SP5: the plans due are carried out by this timer (once now, then every tick), not on the next request
    const tick = opts.plansTickMs ?? DEFAULT_PLANS_TICK_MS;
    if (tick > 0) stopPlans = schedulePlans(services, tick, `pid-${process.pid}`);
    const api = createApp({ db, services });
    app.route(
      '/',
      probeRoutes({
        mode: 'reference',
        checks: { database: databaseCheck(db) },
        draining: () => draining,
        logger,
      }),
    );
    app.all('/api/*', (c) => api.fetch(c.req.raw, c.env));
    if (services.config.demoMode)
      demo = await startDemoServer(services, logger, { port: services.config.demoPort });
    // the staff sign-on page lives there (decisions SSO1): the portal sends browsers to the address printed below
    if (demo) services.config.demoOrigin = demo.url;
  }
  if (spa)
    app.route(
      '/',
      spaRoutes(distDir, unusualEimzo && eimzo ? { transformHtml: announceEimzoUrl(eimzo.url) } : {}),
    );

  const server = serve({ fetch: app.fetch, port: opts.port ?? 8080, hostname: opts.host ?? '127.0.0.1' });
  const metricsServer = opts.metrics
    ? serve({
        fetch: metricsRoutes(metrics).fetch,
        port: opts.metrics.port,
        hostname: opts.metrics.host ?? '127.0.0.1',
      })
    : undefined;
  await Promise.all(
    [server, metricsServer].map(
      (s) =>
        s &&
        new Promise<void>((resolveListen, reject) => {
          s.once('listening', () => resolveListen());
          s.once('error', reject);
        }),
    ),
  ).catch(async (e: unknown) => {
    server.close();
    metricsServer?.close();
    await eimzo?.close();
    await demo?.close();
    db?.close();
    throw e;
  });
  const port = (server.address() as AddressInfo).port;
  const url = listeningUrl(server, opts.host ?? '127.0.0.1');
  // without PUBLIC_ORIGIN, links in messages point to where the portal listens
  if (config && opts.config?.publicOrigin === undefined) config.publicOrigin = url;

  const metricsUrl = metricsServer && listeningUrl(metricsServer, opts.metrics?.host ?? '127.0.0.1');
  if (metricsUrl) logger.info('metrics.listening', { url: `${metricsUrl}/metrics` });

  let closed = false;
  const closeRest = async () => {
    stopRetention?.();
    stopPlans?.();
    delivery?.email?.close?.();
    delivery?.sms?.close?.();
    await eimzo?.close();
    await demo?.close();
    await new Promise<void>((done) => (metricsServer ? metricsServer.close(() => done()) : done()));
    db?.close();
  };
  return {
    url,
    port,
    db,
    eimzo: eimzo && { url: eimzo.url, controlUrl: eimzo.controlUrl },
    demoUrl: demo?.url,
    signatureTrust,
    metricsUrl,
    async close() {
      if (closed) return;
      closed = true;
      await new Promise<void>((done) => {
        server.close(() => done());
        // keep-alive connections would hold close() open
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await closeRest();
    },
    async drain({ delayMs = 0, timeoutMs = 5000 }: DrainOptions = {}) {
      if (closed) return;
      draining = true;
      logger.info('portal.draining', { delayMs, timeoutMs });
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      closed = true;
      const httpServer = server as {
        closeIdleConnections?: () => void;
        closeAllConnections?: () => void;
      };
      await new Promise<void>((done) => {
        const timer = setTimeout(() => {
          logger.warn('portal.drainTimeout', { timeoutMs });
          httpServer.closeAllConnections?.();
        }, timeoutMs);
        // new connections are refused from here; a request in flight finishes, its connection then closes
        // (`Connection: close` while draining), idle kept-alive ones close now
        server.close(() => {
          clearTimeout(timer);
          done();
        });
        httpServer.closeIdleConnections?.();
      });
      await closeRest();
      logger.info('portal.drained', {});
    },
  };
}

/** `http://host:port` of a listening server. */
function listeningUrl(server: { address(): unknown }, host: string): string {
  const port = (server.address() as AddressInfo).port;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** The metrics listener's one route (docs/decisions.md OBS2): a separate port, so the portal's public port never
 *  shows them. Not access-logged and not counted: a scrape every few seconds would drown the log. */
function metricsRoutes(metrics: PortalMetrics): Hono {
  const app = new Hono();
  app.get('/metrics', async (c) => {
    const { body, contentType } = await metrics.render();
    return c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  });
  return app;
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
  const ops = opsOptionsFromEnv(env);
  const delivery = deliveryOptionsFromEnv(env);
  const retention = retentionFromEnv(env);
  const oidc = oidcOptionsFromEnv(env);
  const trust = trustOptionsFromEnv(env);
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
    ...(ops.metricsPort === undefined ? {} : { metrics: { port: ops.metricsPort, host: ops.metricsHost } }),
    upstreamTimeoutMs: ops.upstreamTimeoutMs,
    delivery,
    retention,
    plansTickMs: wholeSetting('PLANS_TICK_MS', env.PLANS_TICK_MS, 1000, 3_600_000) ?? DEFAULT_PLANS_TICK_MS,
    ...(oidc ? { oidc } : {}),
    ...(trust ? { trust } : {}),
  });
  const lines = [
    '',
    `  B2B portal: ${portal.url}/ru`,
    env.API_TARGET
      ? `  API proxied to ${env.API_TARGET}`
      : config.demoMode
        ? `  Database: ${defaultDbPath(env)} (npm run db:reset re-seeds it)`
        : `  Database: ${defaultDbPath(env)} (the first administrator: npm run admin:create -- --login <login>)`,
    // the operator's backend sends its own messages
    ...(env.API_TARGET ? [] : [`  ${deliverySummary(delivery, config.demoMode)}`]),
    // the operator's backend verifies its own signatures; the demo's test CA is named by the simulator line
    ...(env.API_TARGET || (config.demoMode && !trust)
      ? []
      : [`  ${trustSummary(portal.signatureTrust?.(), trust?.dir)}`]),
    // the demo lines below name the simulated sign-on
    ...(env.API_TARGET || (config.demoMode && !oidc)
      ? []
      : [
          oidc
            ? `  Staff single sign-on: OpenID Connect, issuer ${new URL(oidc.issuer).origin}`
            : '  Staff single sign-on: off (OIDC_ISSUER unset)',
        ]),
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
    // SIGTERM (an orchestrator): /readyz 503 first, then drain; SIGINT (Ctrl-C at a terminal): drain at once (OBS1)
    const delayMs = signal === 'SIGTERM' ? ops.shutdownDelayMs : 0;
    portal.drain({ delayMs, timeoutMs: ops.drainTimeoutMs }).then(
      () => process.exit(0),
      () => process.exit(1),
    );
    setTimeout(() => process.exit(1), delayMs + ops.drainTimeoutMs + 5000).unref();
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
