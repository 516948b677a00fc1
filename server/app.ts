import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { z } from 'zod';
import { config as zodConfig } from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { contentDisposition, downloadName, downloadTypeOf } from '../src/domain/download.rules';
import { type ErrorCode, SESSION_EXPIRED_CODE } from '../src/domain/errors';
import { UPLOAD_MAX_BYTES } from '../src/domain/upload.rules';
import { CSRF_HEADER, CSRF_VALUE } from '../src/services/contract/csrf';
import { type EndpointDef, isMutating, type Schema } from '../src/services/contract/endpoint';
import { type EndpointName, endpointNames, endpoints } from '../src/services/contract/endpoints';
import { OK_STATUS } from '../src/services/contract/envelope';
import type { OidcClient } from './auth/oidc';
import { mountSso } from './auth/sso.routes';
import { clientAddress, fromTrustedProxy, isHttps, trustFunction } from './client-address';
import { createClientErrorSink } from './client-errors';
import { type Clock, MINUTE, systemClock } from './clock';
import { compressReplies } from './compress';
import { DEFAULT_CONFIG, type ServerConfig } from './config';
import type { Db } from './db/database';
import { type Delivery, NO_DELIVERY } from './delivery/transport';
import { defaultDataDir } from './eimzo/ca';
import type { TrustStore } from './eimzo/trust';
import {
  ApiError,
  type Handler,
  type HandlerContext,
  type Handlers,
  type RequestSession,
  type Services,
} from './handler';
import { activityHandlers } from './handlers/activity.handlers';
import { addonsHandlers } from './handlers/addons.handlers';
import { adminHandlers } from './handlers/admin.handlers';
import { agreementHandlers } from './handlers/agreement.handlers';
import { at39Handlers } from './handlers/at39.handlers';
import { blockHandlers, settleBlocksMiddleware } from './handlers/block.handlers';
import { capabilitiesHandlers } from './handlers/capabilities.handlers';
import { clientErrorHandlers } from './handlers/client-errors.handlers';
import { debtHandlers } from './handlers/debt.handlers';
import { documentsHandlers } from './handlers/documents.handlers';
import { employeesHandlers } from './handlers/employees.handlers';
import { goldenHandlers } from './handlers/golden.handlers';
import { lookupHandlers } from './handlers/lookup.handlers';
import { numbersHandlers } from './handlers/numbers.handlers';
import { ordersHandlers } from './handlers/orders.handlers';
import { plansHandlers } from './handlers/plans.handlers';
import { preorderHandlers } from './handlers/preorder.handlers';
import { recoveryContactHandlers } from './handlers/recovery-contact.handlers';
import { sessionHandlers } from './handlers/session.handlers';
import { createLogger, type Logger } from './logger';
import { createMetrics, type PortalMetrics } from './metrics';
import { observeRequests } from './observe';
import { mayCall } from './permissions';
import { createActivityStore } from './store/activity.store';
import { createAddonsStore } from './store/addons.store';
import { createAgreementStore } from './store/agreement.store';
import { createAt39Store } from './store/at39.store';
import { createAuthStore } from './store/auth.store';
import { createBlockStore } from './store/block.store';
import { createDebtStore } from './store/debt.store';
import { createEmployeesStore } from './store/employees.store';
import { createGoldenStore } from './store/golden.store';
import { createInventoryStore } from './store/inventory.store';
import { createNumberStore } from './store/number.store';
import { createOrdersStore } from './store/orders.store';
import { createPlansStore } from './store/plans.store';
import { createPreorderStore } from './store/preorder.store';
import { createProfileStore } from './store/profile.store';
import { createRecoveryContactStore } from './store/recovery-contact.store';
import { createSessionStore, type SessionRow } from './store/session.store';
import { createSsoStore } from './store/sso.store';
import { createThrottleStore } from './store/throttle.store';
import { createUserStore } from './store/user.store';
import { viewerOf } from './viewer';

/** The calls a user with several roles may make before choosing one: the session, the choice, logout. */
const BEFORE_ROLE_CHOICE: ReadonlySet<EndpointName> = new Set([
  'session.user',
  'session.saveChosenRole',
  'session.logout',
]);

/** Name of the session cookie (httpOnly, SameSite=Strict, Secure over https). */
export const SESSION_COOKIE = 'portal_sid';

export interface AppDeps {
  /** a migrated (and usually seeded) database */
  db: Db;
  clock?: Clock;
  logger?: Logger;
  config?: Partial<ServerConfig>;
  /** replaces the built-in handler tables (tests) */
  handlers?: Handlers;
  /** services built beforehand with `createServices` (shared with the demo page) */
  services?: Services;
  /** the portal's metrics (server/start.ts); default: a registry of the app's own */
  metrics?: PortalMetrics;
  /** the message channels outside demo mode (server/delivery); default: none, every message answers E142 */
  delivery?: Delivery;
  /** the staff sign-on's OpenID Connect client (decisions SSO4); default: none */
  oidc?: OidcClient;
  /** the signature trust store (EIMZO_TRUST_DIR, decisions SIG1); default: the test CA in demo mode, else none */
  signatureTrust?: () => TrustStore;
}

/** Every handler of the reference backend, by endpoint name. A new call = one table entry + one handler here. */
export const allHandlers: Handlers = {
  ...sessionHandlers,
  ...lookupHandlers,
  ...adminHandlers,
  ...numbersHandlers,
  ...blockHandlers,
  ...debtHandlers,
  ...goldenHandlers,
  // after golden: the public QR categories carry example numbers (NC9)
  ...preorderHandlers,
  ...ordersHandlers,
  ...documentsHandlers,
  ...agreementHandlers,
  ...at39Handlers,
  ...addonsHandlers,
  ...employeesHandlers,
  ...recoveryContactHandlers,
  ...activityHandlers,
  ...plansHandlers,
  ...clientErrorHandlers,
  ...capabilitiesHandlers,
};

/** The one place the backend's stores are built (each once per app, over the one database), with what they need. */
export function createServices(deps: AppDeps): Services {
  const clock = deps.clock ?? systemClock;
  // the CA directory is read when the services are built, so EIMZO_DATA_DIR set late (tests) still counts
  const config = { ...DEFAULT_CONFIG, eimzoDataDir: defaultDataDir(), ...deps.config };
  const db = deps.db;
  const logger = deps.logger ?? createLogger(undefined, clock.now);
  const metrics = deps.metrics ?? createMetrics({ defaultMetrics: false });
  // the stores other stores build on, built first and handed to them
  const inventory = createInventoryStore(db);
  const block = createBlockStore(db);
  const activity = createActivityStore(db, clock);
  return {
    db,
    clock,
    config,
    logger,
    activity,
    users: createUserStore(db, clock, activity),
    profiles: createProfileStore(db, block),
    numbers: createNumberStore(db),
    sessions: createSessionStore(
      db,
      clock,
      config.sessionIdleMinutes * MINUTE,
      config.sessionMaxHours * 60 * MINUTE,
    ),
    auth: createAuthStore(db, clock),
    throttle: createThrottleStore(db, clock),
    block,
    inventory,
    golden: createGoldenStore(db, inventory),
    orders: createOrdersStore(db),
    preorders: createPreorderStore(db),
    agreements: createAgreementStore(db),
    at39: createAt39Store(db, inventory),
    addons: createAddonsStore(db),
    employees: createEmployeesStore(db),
    plans: createPlansStore(db),
    debts: createDebtStore(db),
    recoveryContacts: createRecoveryContactStore(db, clock, activity),
    sso: createSsoStore(db, clock),
    clientErrors: createClientErrorSink({ logger, metrics, now: () => clock.now() }),
    metrics,
    delivery: deps.delivery ?? NO_DELIVERY,
    ...(deps.oidc ? { oidc: deps.oidc } : {}),
    ...(deps.signatureTrust ? { signatureTrust: deps.signatureTrust } : {}),
  };
}

const envelope = (status: ErrorCode, description?: string) =>
  description === undefined ? { status } : { status, description };

// E101 descriptions (describeIssues below) quote zod's English issue messages. Classic `zod` registered them as soon
// as one of its schemas was built; the contracts are all on `zod/mini` now, which registers no locale: without this
// every message would read 'Invalid input'.
zodConfig(en());

/** Short, value-free description of a failed validation: `body.login: Too small…; query.page: …`. */
function describeIssues(where: string, error: z.core.$ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${[where, ...i.path.map(String)].join('.')}: ${i.message}`)
    .join('; ');
}

/**
 * Opens a new session for `userId` and sets its cookie (httpOnly, SameSite=Strict, Secure over https), closing the
 * caller's current session first. The one way a session starts: password login, registration and the staff
 * single sign-on callback (server/auth/sso.routes.ts) all come through here.
 */
export function openSession(
  c: Context,
  svc: Services,
  current: SessionRow | null,
  userId: number,
): SessionRow {
  if (current) {
    svc.sessions.delete(current.idHash);
    if (current.impersonationId != null) svc.activity.endImpersonation(current.impersonationId, 'new login');
  }
  svc.sessions.purgeIdle();
  const { token, session: row } = svc.sessions.create(userId);
  const secure = isHttps(c, svc.config.trustProxy);
  setCookie(c, SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'Strict', secure });
  return row;
}

/** HSTS for a year once the portal is reached over https (never over plain http, where it would be ignored). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** How deep a JSON body may nest (finding 29): the deepest body of the contract is a few levels; anything deeper is
 *  refused before it is parsed (PRH6). */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether `text` nests arrays and objects deeper than `max`, read in one pass without parsing it (brackets inside
 * strings do not count). A body this check lets through is parsed by JSON.parse; one it stops never is.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c /* backslash: skip the escaped character */) i++;
      else if (ch === 0x22 /* " */) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b /* [ */ || ch === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (ch === 0x5d /* ] */ || ch === 0x7d /* } */) depth--;
  }
  return false;
}

/** Reads a JSON body: too deep → `'too deep'`, not JSON → `'not JSON'`, otherwise the value. */
async function readJsonBody(c: Context): Promise<{ value: unknown } | { refused: 'too deep' | 'not JSON' }> {
  const text = await c.req.text();
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return { refused: 'too deep' };
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { refused: 'not JSON' };
  }
}

/**
 * The origins a browser may call the API from (finding 30, PRH7): the configured `PUBLIC_ORIGIN`, and the origin the
 * request itself was addressed to — its Host with its scheme, or X-Forwarded-Host when a trusted proxy sent it.
 */
function ownOrigins(c: Context, svc: Services): string[] {
  const scheme = isHttps(c, svc.config.trustProxy) ? 'https' : 'http';
  const hosts = [c.req.header('host') ?? new URL(c.req.url).host];
  const forwardedHost = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
  if (forwardedHost && fromTrustedProxy(c, svc.config.trustProxy)) hosts.push(forwardedHost);
  return [svc.config.publicOrigin, ...hosts.map((h) => `${scheme}://${h.toLowerCase()}`)];
}

/**
 * Why a mutating call must be refused as cross-site (the second layer behind the CSRF header), or null. A browser
 * says where the call comes from: `Sec-Fetch-Site` (same-origin, or none for the user's own action) when it sends
 * it, else `Origin` (one of `ownOrigins`). A call with neither comes from no browser (curl, a test, a server): no
 * cross-site request is possible without a browser, so it passes (PRH7).
 */
function crossSite(c: Context, svc: Services): string | null {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined) return site === 'same-origin' || site === 'none' ? null : `sec-fetch-site ${site}`;
  const origin = c.req.header('origin');
  if (origin === undefined) return null;
  return ownOrigins(c, svc).includes(origin.toLowerCase()) ? null : 'foreign origin';
}

/** The body of a download reply; a File's name becomes the attachment's file name (ASCII only, it is ours). */
/**
 * A download (security finding 32, docs/decisions.md PRM6): served with a type the portal knows (anything else as
 * `application/octet-stream`), always as an attachment whose name ends in that type's extension, never sniffed and
 * never run as a page if a browser opens it anyway.
 */
function blobResponse(blob: Blob): Response {
  const type = downloadTypeOf(blob.type);
  const name = downloadName(blob instanceof File ? blob.name : 'download', type);
  return new Response(blob, {
    headers: {
      'content-type': type,
      'content-disposition': contentDisposition(name),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
}

/** `{param}` → `:param` */
export const honoPath = (path: string) => `/api/${path.replace(/\{(\w+)\}/g, ':$1')}`;

/**
 * The reference backend: every endpoint of the contract table that has a handler, mounted at its method and path.
 * Per request, in this order: CSRF header on mutating (non-GET) calls (else 403 + E005) → session (E009 unless public) →
 * access rule (E005) → params / query / body validated with the endpoint's schemas (E101, HTTP 200; a body that is
 * not JSON: 400 + E101) → handler → reply parsed with the result schema when `validateReplies` → `{status:'OKOK',
 * result}`. Errors never carry a stack trace: an unexpected failure is logged and answered 500 + E001.
 */
export function createApp(deps: AppDeps): Hono {
  const svc = deps.services ?? createServices(deps);
  const { config, logger } = svc;
  const handlers = deps.handlers ?? allHandlers;
  const app = new Hono();
  svc.sessions.purgeIdle();
  // a TRUST_PROXY list that does not compile stops the start here, not at the first request
  trustFunction(config.trustProxy);
  // request id, access log line, metrics: owned by the portal in front when there is one (server/observe.ts)
  app.use('*', observeRequests({ logger, metrics: svc.metrics }));

  app.use('/api/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
    if (isHttps(c, config.trustProxy)) c.header('Strict-Transport-Security', HSTS);
  });
  app.use('/api/*', compressReplies());
  // JSON bodies are small; a multipart upload may carry a file up to the upload limit (docs/decisions.md DOC3)
  const jsonBodyLimit = bodyLimit({
    maxSize: 64 * 1024,
    onError: (c) => c.json(envelope('E101', 'request body too large'), 413),
  });
  const fileBodyLimit = bodyLimit({
    maxSize: UPLOAD_MAX_BYTES + 64 * 1024,
    onError: (c) => c.json(envelope('E101', 'file too large'), 413),
  });
  const uploadPaths = new Set(
    endpointNames
      .filter((n) => (endpoints[n] as EndpointDef).multipart === true)
      .map((n) => `/api/${endpoints[n].path}`),
  );
  app.use('/api/*', (c, next) => (uploadPaths.has(c.req.path) ? fileBodyLimit : jsonBodyLimit)(c, next));
  // block/restore requests whose time has come take effect before any reply is built
  app.use('/api/*', settleBlocksMiddleware(svc));

  const closeImpersonation = (row: SessionRow, reason: string) => {
    if (row.impersonationId != null) svc.activity.endImpersonation(row.impersonationId, reason);
  };

  const register = <N extends EndpointName>(name: N, handler: Handler<N>) => {
    const def = endpoints[name] as EndpointDef;
    app.on(def.method, honoPath(def.path), async (c) => {
      const ip = clientAddress(c, config.trustProxy);
      if (isMutating(def) && c.req.header(CSRF_HEADER) !== CSRF_VALUE) {
        logger.warn('auth.denied', { endpoint: name, status: 'E005', reason: 'csrf header missing', ip });
        return c.json(envelope('E005', `${CSRF_HEADER} header required`), 403);
      }
      const foreign = isMutating(def) ? crossSite(c, svc) : null;
      if (foreign) {
        logger.warn('auth.denied', { endpoint: name, status: 'E005', reason: foreign, ip });
        return c.json(envelope('E005', 'cross-site call'), 403);
      }

      // ── session ──
      const secure = isHttps(c, config.trustProxy);
      let session: RequestSession | null = null;
      const found = svc.sessions.use(getCookie(c, SESSION_COOKIE));
      if (found.kind === 'expired') {
        closeImpersonation(found.session, 'expired');
        logger.info('session.expired', { userId: found.session.userId });
      }
      if (found.kind === 'ok') {
        const user = svc.users.byId(found.session.userId);
        if (user && user.status === 'active') {
          session = { row: found.session, user, viewer: viewerOf(svc.profiles, found.session, user) };
        } else {
          svc.sessions.delete(found.session.idHash);
          closeImpersonation(found.session, 'user inactive');
        }
      }
      if (def.auth !== 'public' && !session) {
        // every visit asks `user/` before signing in: no cookie at all is the normal anonymous case (info); a cookie
        // that was sent but is expired, unknown or of an inactive user stays a warning (docs/decisions.md OBS4)
        const anonymous = found.kind === 'none' && !getCookie(c, SESSION_COOKIE);
        logger[anonymous ? 'info' : 'warn']('auth.denied', {
          endpoint: name,
          status: SESSION_EXPIRED_CODE,
          reason: anonymous ? 'no session cookie' : found.kind,
          ip,
        });
        if (found.kind !== 'none') deleteCookie(c, SESSION_COOKIE, { path: '/', secure });
        return c.json(envelope(SESSION_EXPIRED_CODE));
      }
      // a user with several roles acts under none of them until one is chosen for the session
      if (
        session &&
        session.user.roles.length > 1 &&
        session.row.chosenRole == null &&
        !BEFORE_ROLE_CHOICE.has(name)
      ) {
        logger.warn('auth.denied', { endpoint: name, status: 'E139', userId: session.user.id, ip });
        return c.json(envelope('E139'));
      }
      if (session && def.auth !== 'public' && !mayCall(name, session.viewer)) {
        logger.warn('auth.denied', { endpoint: name, status: 'E005', userId: session.user.id, ip });
        return c.json(envelope('E005'));
      }

      // ── input ──
      const input: Record<'params' | 'query' | 'body' | 'file', unknown> = {
        params: undefined,
        query: undefined,
        body: undefined,
        file: undefined,
      };
      const parts: ['params' | 'query' | 'body', Schema | undefined, () => unknown][] = [
        ['params', def.params, () => c.req.param()],
        ['query', def.query, () => c.req.query()],
      ];
      for (const [where, schema, read] of parts) {
        if (!schema) continue;
        const r = schema.safeParse(read());
        if (!r.success) return c.json(envelope('E101', describeIssues(where, r.error)));
        input[where] = r.data;
      }
      if (def.multipart) {
        // a multipart upload: the file under its field, the other fields checked by `body` like a JSON body
        let form: Record<string, unknown>;
        try {
          form = (await c.req.parseBody()) as Record<string, unknown>;
        } catch {
          return c.json(envelope('E101', 'body: not multipart'), 400);
        }
        const { [def.fileField ?? 'file']: file, ...fields } = form;
        if (!(file instanceof File)) return c.json(envelope('E101', 'file: missing'));
        input.file = file;
        if (def.body) {
          const r = def.body.safeParse(fields);
          if (!r.success) return c.json(envelope('E101', describeIssues('body', r.error)));
          input.body = r.data;
        }
      } else if (def.body) {
        // finding 29: a body nested thousands of levels deep is refused before it is parsed
        const read = await readJsonBody(c);
        if ('refused' in read) return c.json(envelope('E101', `body: ${read.refused}`), 400);
        const r = def.body.safeParse(read.value);
        if (!r.success) return c.json(envelope('E101', describeIssues('body', r.error)));
        input.body = r.data;
      }

      // ── handler ──
      const ctx = {
        name,
        input,
        session,
        svc,
        // links in messages point to the configured public origin, never to the request's Host header
        origin: config.publicOrigin,
        ip,
        openSession: (userId: number) => openSession(c, svc, session?.row ?? null, userId),
        closeSession: (reason: string) => {
          if (!session) return;
          svc.sessions.delete(session.row.idHash);
          closeImpersonation(session.row, reason);
          deleteCookie(c, SESSION_COOKIE, { path: '/', secure });
        },
      } as unknown as HandlerContext<N>;
      try {
        const result = await handler(ctx);
        if (config.validateReplies) {
          const r = def.result.safeParse(result);
          if (!r.success) {
            logger.error('reply.contract', { endpoint: name, issues: describeIssues('result', r.error) });
            return c.json(envelope('E001', 'reply does not match the contract'), 500);
          }
        }
        // a download (`reply: 'blob'`): the file itself, named when the handler gave a File
        if (def.reply === 'blob' && result instanceof Blob) return blobResponse(result);
        return c.json(result === undefined ? { status: OK_STATUS } : { status: OK_STATUS, result });
      } catch (e) {
        if (e instanceof ApiError) {
          if (e.code === 'E005')
            logger.warn('auth.denied', { endpoint: name, status: 'E005', userId: session?.user.id, ip });
          return c.json(envelope(e.code, e.description));
        }
        throw e;
      }
    });
  };

  for (const name of endpointNames) {
    const h = handlers[name];
    if (h) register(name, h as Handler<typeof name>);
  }

  // the staff single sign-on: browser navigations, not JSON calls (decisions SSO1-SSO3)
  mountSso(app, svc, (c, userId) => {
    const found = svc.sessions.use(getCookie(c, SESSION_COOKIE));
    return openSession(c, svc, found.kind === 'ok' ? found.session : null, userId);
  });
  // The demo helpers never live on the portal's origin (server/demo/demo.server.ts): `/api/demo/*` is the
  // not-found below in every mode.
  app.all('/api/*', (c) => c.json(envelope('E101', 'unknown call'), 404));
  app.onError((err, c) => {
    logger.error('request.failed', {
      path: c.req.path,
      error: err instanceof Error ? err.message : String(err),
    });
    return c.json(envelope('E001'), 500);
  });
  return app;
}
