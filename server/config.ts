import { DEFAULT_COST, type ScryptCost } from './auth/passwords';
import { DEFAULT_TRUST_PROXY, parseTrustProxy, type TrustProxy } from './client-address';
import { defaultDataDir } from './eimzo/ca';

/** Settings of the reference backend. Everything has a default; `configFromEnv` reads the documented variables. */
export interface ServerConfig {
  /** DEMO_MODE (default on for a laptop, off under NODE_ENV=production or API_TARGET): SMS codes and recovery
   *  links go to the demo outbox (read on the demo page, its own port on 127.0.0.1) and the log */
  demoMode: boolean;
  /** SESSION_IDLE_MINUTES (default 30): a session unused this long answers E009 */
  sessionIdleMinutes: number;
  /** SESSION_MAX_HOURS (default 12): a session older than this answers E009 however busy it was */
  sessionMaxHours: number;
  /** lifetime of an SMS code (spec: valid at most 10 minutes → E006) */
  smsCodeMinutes: number;
  /** wrong tries allowed per phone (over all its codes) within `smsWindowMinutes` */
  smsCodeAttempts: number;
  /** at most one SMS to a phone per this many seconds */
  smsResendSeconds: number;
  /** at most this many SMS to a phone, and from one address, per `smsWindowMinutes` */
  smsPerWindow: number;
  smsWindowMinutes: number;
  /** lifetime of a recovery / activation link token (E024 afterwards) */
  restoreTokenMinutes: number;
  /** parse every handler reply with the endpoint's result schema (dev and tests; off in production) */
  validateReplies: boolean;
  /** cost of newly hashed passwords */
  passwordCost: ScryptCost;
  /** TRUST_PROXY (default `loopback`): which peers are proxies whose X-Forwarded-Proto (Secure cookie, HSTS) and
   *  X-Forwarded-For (the client address of throttles and logs) are believed: `false`, a hop count, or addresses
   *  and CIDR ranges (server/client-address.ts, docs/decisions.md PRH1) */
  trustProxy: TrustProxy;
  /** PUBLIC_ORIGIN: scheme://host[:port] the links in messages point to (never the request's Host header);
   *  `npm start` without it: the portal's own listening address */
  publicOrigin: string;
  /** EIMZO_DATA_DIR: where the test CA lives (shared with the simulator that signs with it) */
  eimzoDataDir: string;
  /** how far a signature's signing time may be from the server's clock, either way */
  signingSkewMinutes: number;
  /** lifetime of a signing challenge */
  challengeMinutes: number;
  /** DEMO_PORT (default 64651): the demo page's port on 127.0.0.1 */
  demoPort: number;
  /** where the browser reaches the demo server (`http://127.0.0.1:<port>`): set by start.ts once it listens, the
   *  address it prints; unset (no demo server) the staff sign-on answers "unavailable" (decisions SSO1) */
  demoOrigin?: string;
}

export const DEFAULT_CONFIG: ServerConfig = {
  demoMode: true,
  sessionIdleMinutes: 30,
  sessionMaxHours: 12,
  smsCodeMinutes: 10,
  smsCodeAttempts: 5,
  smsResendSeconds: 60,
  smsPerWindow: 5,
  smsWindowMinutes: 60,
  restoreTokenMinutes: 60,
  validateReplies: true,
  passwordCost: DEFAULT_COST,
  trustProxy: DEFAULT_TRUST_PROXY,
  publicOrigin: 'http://127.0.0.1:8080',
  eimzoDataDir: defaultDataDir(),
  signingSkewMinutes: 5,
  challengeMinutes: 10,
  demoPort: 64651,
};

function flag(v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  return !/^(0|false|no|off)$/i.test(v);
}

function positive(v: string | undefined, dflt: number): number {
  const n = Number(v);
  return v !== undefined && Number.isFinite(n) && n > 0 ? n : dflt;
}

/** `scheme://host[:port]` of an http(s) URL, or undefined when it is not one. */
export function originOf(v: string | undefined): string | undefined {
  if (!v) return undefined;
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Whether demo mode is asked for explicitly (DEMO_MODE=1 and the like). */
const demoAsked = (env: NodeJS.ProcessEnv) => env.DEMO_MODE !== undefined && env.DEMO_MODE !== '';

/**
 * Why the portal must not start with these settings, as one line, or null. Demo mode hands out SMS codes,
 * recovery links and temporary passwords: it is for a laptop only, never for production or in front of a real
 * backend.
 */
export function demoModeRefusal(env: NodeJS.ProcessEnv, demoMode: boolean): string | null {
  if (!demoMode) return null;
  if (env.NODE_ENV === 'production')
    return 'DEMO_MODE is on while NODE_ENV=production: demo mode hands out SMS codes and recovery links; set DEMO_MODE=0.';
  if (env.API_TARGET)
    return 'DEMO_MODE is on while API_TARGET is set: demo mode belongs to the reference backend only; set DEMO_MODE=0.';
  return null;
}

/** The settings `npm start` reads. A value the portal cannot run with (TRUST_PROXY) throws an Error whose message is
 *  the one-line reason, which `npm start` prints before it exits. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const productionLike = env.NODE_ENV === 'production' || Boolean(env.API_TARGET);
  return {
    ...DEFAULT_CONFIG,
    // on by default on a laptop; production and a real backend get it only when asked (and then refuse to start)
    demoMode: demoAsked(env) ? flag(env.DEMO_MODE, true) : !productionLike,
    sessionIdleMinutes: positive(env.SESSION_IDLE_MINUTES, DEFAULT_CONFIG.sessionIdleMinutes),
    sessionMaxHours: positive(env.SESSION_MAX_HOURS, DEFAULT_CONFIG.sessionMaxHours),
    validateReplies: env.NODE_ENV !== 'production',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicOrigin: originOf(env.PUBLIC_ORIGIN) ?? DEFAULT_CONFIG.publicOrigin,
    eimzoDataDir: env.EIMZO_DATA_DIR || defaultDataDir(),
    demoPort: env.DEMO_PORT && /^\d+$/.test(env.DEMO_PORT) ? Number(env.DEMO_PORT) : DEFAULT_CONFIG.demoPort,
  };
}
