import { DEFAULT_COST, type ScryptCost } from './auth/passwords';

/** Settings of the reference backend. Everything has a default; `configFromEnv` reads the documented variables. */
export interface ServerConfig {
  /** DEMO_MODE (default on): SMS codes and recovery links go to the demo outbox and the log */
  demoMode: boolean;
  /** SESSION_IDLE_MINUTES (default 30): a session unused this long answers E009 */
  sessionIdleMinutes: number;
  /** lifetime of an SMS code (spec: valid at most 10 minutes → E006) */
  smsCodeMinutes: number;
  /** wrong tries allowed per SMS code before it is burnt */
  smsCodeAttempts: number;
  /** lifetime of a recovery / activation link token (E024 afterwards) */
  restoreTokenMinutes: number;
  /** parse every handler reply with the endpoint's result schema (dev and tests; off in production) */
  validateReplies: boolean;
  /** cost of newly hashed passwords */
  passwordCost: ScryptCost;
  /** honour X-Forwarded-Proto when deciding whether the session cookie is Secure */
  trustProxy: boolean;
}

export const DEFAULT_CONFIG: ServerConfig = {
  demoMode: true,
  sessionIdleMinutes: 30,
  smsCodeMinutes: 10,
  smsCodeAttempts: 5,
  restoreTokenMinutes: 60,
  validateReplies: true,
  passwordCost: DEFAULT_COST,
  trustProxy: true,
};

function flag(v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  return !/^(0|false|no|off)$/i.test(v);
}

function positive(v: string | undefined, dflt: number): number {
  const n = Number(v);
  return v !== undefined && Number.isFinite(n) && n > 0 ? n : dflt;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    ...DEFAULT_CONFIG,
    demoMode: flag(env.DEMO_MODE, true),
    sessionIdleMinutes: positive(env.SESSION_IDLE_MINUTES, DEFAULT_CONFIG.sessionIdleMinutes),
    validateReplies: env.NODE_ENV !== 'production',
    trustProxy: flag(env.TRUST_PROXY, true),
  };
}
