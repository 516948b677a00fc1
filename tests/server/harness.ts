/**
 * Test support for the reference backend: a seeded in-memory database (seeded once per worker, then copied), the
 * app with a manual clock and an in-memory logger, and a cookie-keeping fetch for clients.
 */
import Database from 'better-sqlite3';
import type { Hono } from 'hono';
import { createApp, createServices } from '../../server/app';
import type { OidcClient } from '../../server/auth/oidc';
import { createManualClock, type ManualClock } from '../../server/clock';
import type { ServerConfig } from '../../server/config';
import { type Db, migrate, openDatabase } from '../../server/db/database';
import { seedDatabase } from '../../server/db/seed';
import type { Delivery } from '../../server/delivery/transport';
import { createDemoApp } from '../../server/demo/demo.routes';
import type { TrustStore } from '../../server/eimzo/trust';
import type { Services } from '../../server/handler';
import { createMemoryLogger } from '../../server/logger';
import { createAuthStore, type OutboxMessage } from '../../server/store/auth.store';
import { ApiFailure } from '../../src/services/api/api-error';
import { type ApiClient, createApiClient } from '../../src/services/api/client';

/** Cheap scrypt for tests: the format and checks are the same, only the cost differs. */
export const TEST_COST = { N: 1024, r: 8, p: 1 } as const;

let template: Buffer | undefined;

/** A fresh, migrated and seeded in-memory database (the seed runs once per worker; later calls copy it). */
export function seededDb(): Db {
  if (!template) {
    const db = openDatabase(':memory:');
    migrate(db);
    seedDatabase(db, { passwordCost: TEST_COST });
    template = db.serialize();
    db.close();
  }
  const db = new Database(template);
  db.pragma('foreign_keys = ON');
  return db;
}

export interface Harness {
  app: Hono;
  /** the demo page's app (its own origin in production; in-process here) */
  demo: Hono;
  db: Db;
  /** the app's stores, built once by `createServices` (what the handlers use) */
  services: Services;
  clock: ManualClock;
  logs: string[];
  /** a new cookie-keeping agent (one browser), connecting from `peer` (default 127.0.0.1: a browser on the same
   *  machine, as with `npm start` on a laptop; the socket address node-server hands the app as `c.env.incoming`) */
  agent(peer?: string): Agent;
  /** what the demo outbox holds for a phone or login, newest first */
  outbox(q: { phone?: string; login?: string }): OutboxMessage[];
}

export function createHarness(
  opts: {
    config?: Partial<ServerConfig>;
    db?: Db;
    delivery?: Delivery;
    oidc?: OidcClient;
    signatureTrust?: () => TrustStore;
  } = {},
): Harness {
  const db = opts.db ?? seededDb();
  const clock = createManualClock();
  const logger = createMemoryLogger();
  const services = createServices({
    db,
    clock,
    logger,
    config: { passwordCost: TEST_COST, ...opts.config },
    ...(opts.delivery ? { delivery: opts.delivery } : {}),
    ...(opts.oidc ? { oidc: opts.oidc } : {}),
    ...(opts.signatureTrust ? { signatureTrust: opts.signatureTrust } : {}),
  });
  const app = createApp({ db, services });
  const auth = createAuthStore(db, clock);
  return {
    app,
    demo: createDemoApp(services),
    db,
    services,
    clock,
    logs: logger.lines,
    agent: (peer = '127.0.0.1') =>
      createAgent((req) => app.fetch(req, { incoming: { socket: { remoteAddress: peer } } })),
    outbox: ({ phone, login }) => auth.outbox({ recipient: phone, login }),
  };
}

export interface Reply {
  http: number;
  status: string;
  description?: string;
  result?: unknown;
  setCookie: string[];
  headers: Headers;
}

export interface Agent {
  /** cookie name → value */
  jar: Map<string, string>;
  /** a fetch with this agent's cookies (for the API client) */
  fetch: typeof fetch;
  /** a raw JSON call: CSRF header on non-GET unless `csrf: false` */
  call(
    method: string,
    path: string,
    body?: unknown,
    opts?: { csrf?: boolean; headers?: Record<string, string> },
  ): Promise<Reply>;
  login(login: string, password?: string): Promise<Reply>;
}

/** Keeps cookies from Set-Cookie (Max-Age=0 / past Expires deletes) and sends them back. */
export function createAgent(
  send: (req: Request) => Promise<Response> | Response,
  base = 'http://portal.test',
): Agent {
  const jar = new Map<string, string>();
  const wrapped = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const req = new Request(input instanceof Request ? input : new URL(String(input), base), init);
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookie) req.headers.set('cookie', cookie);
    const res = await send(req);
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const gone = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (gone) jar.delete(name);
      else jar.set(name, pair.slice(eq + 1).trim());
    }
    return res;
  };
  const agent: Agent = {
    jar,
    fetch: wrapped as typeof fetch,
    async call(method, path, body, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (method !== 'GET' && opts.csrf !== false) headers['x-requested-with'] = 'portal';
      const res = await wrapped(`${base}/api/${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      let json: { status?: string; description?: string; result?: unknown } = {};
      try {
        json = JSON.parse(text);
      } catch {
        json = { status: `(not JSON) ${text.slice(0, 80)}` };
      }
      return {
        http: res.status,
        status: String(json.status),
        description: json.description,
        result: json.result,
        setCookie: res.headers.getSetCookie(),
        headers: res.headers,
      };
    },
    login: (login, password = 'Demo-2026') => agent.call('POST', 'user/login', { login, password }),
  };
  return agent;
}

/** The app's API client, signed in as `login` on a fresh agent of `h` (the demo password unless given). */
export async function apiAs(h: Harness, login: string, password = 'Demo-2026'): Promise<ApiClient> {
  const agent = h.agent();
  const api = createApiClient({
    baseURL: 'http://portal.test/api/',
    fetch: agent.fetch,
    onSessionExpired: () => {},
  });
  await api.call('session.login', { body: { login, password } });
  return api;
}

/** The catalogue code a call was refused with, or 'OKOK' when it succeeded; any other failure is thrown. */
export async function refusalOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'OKOK';
  } catch (e) {
    if (e instanceof ApiFailure) return e.code;
    throw e;
  }
}
