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
  /** The last ids the database held when the harness was made: the demo seed's activity log (docs/decisions.md AL7)
   *  and its signatures. What a test appends has larger ids (`logEntries(db, 'id > ?', h.seeded.activity)`). */
  seeded: { activity: number; signatures: number };
}

/** The largest id of `table` (0 when empty). */
export const lastIdOf = (db: Db, table: 'activity_log' | 'block_signatures'): number =>
  (db.prepare(`SELECT COALESCE(MAX(id), 0) AS id FROM ${table}`).get() as { id: number }).id;

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
    seeded: { activity: lastIdOf(db, 'activity_log'), signatures: lastIdOf(db, 'block_signatures') },
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

/** One entry of the activity log as a test reads it (AL1): targets, failed and detail parsed. */
export interface LogEntry {
  id: number;
  at: number;
  ban: string | null;
  actor_user_id: number | null;
  actor_login: string | null;
  actor_role: string | null;
  actor_staff: number;
  impersonated: number;
  action: string;
  targets: { kind: string; id: string }[];
  result: string;
  failed: string[];
  key_serial: string | null;
  signature_id: number | null;
  detail: unknown;
  request_id: string | null;
  ends_id: number | null;
}

type RawEntry = Omit<LogEntry, 'targets' | 'failed' | 'detail'> & {
  targets: string;
  failed: string;
  detail: string | null;
};

const parsed = (r: RawEntry): LogEntry => ({
  ...r,
  targets: JSON.parse(r.targets),
  failed: JSON.parse(r.failed),
  detail: r.detail === null ? null : JSON.parse(r.detail),
});

/** Entries of the activity log, oldest first; `where` an SQL condition over its columns (default: all). */
export function logEntries(db: Db, where = '1', ...args: unknown[]): LogEntry[] {
  return (db.prepare(`SELECT * FROM activity_log WHERE ${where} ORDER BY id`).all(...args) as RawEntry[]).map(
    parsed,
  );
}

/** The entries naming user `login` as a target (the folded user audit), oldest first. */
export function userEntries(db: Db, login: string): LogEntry[] {
  return logEntries(
    db,
    "EXISTS (SELECT 1 FROM json_each(targets) t WHERE t.value ->> 'kind' = 'user' AND t.value ->> 'id' = ?)",
    login,
  );
}

/** A staff user's viewing of a client account as the log records it: the start entry with its end (AL5). */
export interface Viewing {
  start_id: number;
  actor_user_id: number | null;
  ban: string;
  sn: string | null;
  started_at: number;
  ended_at: number | null;
  end_reason: string | null;
}

/** Every viewing (impersonation) of a client account started after entry `after` (the demo seed's viewings are
 *  up to `h.seeded.activity`), in start order. */
export function impersonations(db: Db, after: number): Viewing[] {
  return db
    .prepare(
      `SELECT s.id AS start_id, s.actor_user_id, s.ban,
         (SELECT t.value ->> 'id' FROM json_each(s.targets) t WHERE t.value ->> 'kind' = 'number') AS sn,
         s.at AS started_at, e.at AS ended_at, e.detail ->> 'reason' AS end_reason
       FROM activity_log s LEFT JOIN activity_log e ON e.ends_id = s.id
       WHERE s.action = 'impersonation.start' AND s.id > ? ORDER BY s.id`,
    )
    .all(after) as Viewing[];
}
