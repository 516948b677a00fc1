/**
 * Liveness and readiness (docs/decisions.md OBS1). `/healthz`: the process answers — nothing else is asked, so a
 * busy database or a slow upstream never gets a live process restarted. `/readyz`: whether this instance should get
 * traffic, as JSON naming what it checked — the shutdown (503 from the first moment of a drain), the database in
 * reference mode (one cheap query), the upstream in proxy mode (a TCP connection opened within a second, not an API
 * call: a slow or failing upstream reply never makes an instance unready, only one that cannot reach it at all).
 */
import { connect } from 'node:net';
import { Hono } from 'hono';
import type { Db } from './db/database';
import type { Logger } from './logger';

export type CheckOutcome = 'ok' | 'failed';
export type Check = () => CheckOutcome | Promise<CheckOutcome>;

export interface ProbeOptions {
  /** 'reference' (the built-in backend and its database) or 'proxy' (API_TARGET) */
  mode: 'reference' | 'proxy';
  /** the readiness checks by name (`database`, `upstream`) */
  checks: Readonly<Record<string, Check>>;
  /** true once a shutdown has begun */
  draining: () => boolean;
  logger: Logger;
}

const NO_STORE = { 'Cache-Control': 'no-store' };

export function probeRoutes(opts: ProbeOptions): Hono {
  const app = new Hono();
  const failing = new Set<string>();
  app.get('/healthz', (c) => c.json({ status: 'alive' }, 200, NO_STORE));
  app.get('/readyz', async (c) => {
    const checks: Record<string, string> = { shutdown: opts.draining() ? 'draining' : 'ok' };
    for (const [name, check] of Object.entries(opts.checks)) {
      let outcome: CheckOutcome;
      try {
        outcome = await check();
      } catch {
        outcome = 'failed';
      }
      checks[name] = outcome;
      // one line when a check starts or stops failing, not one per probe
      if ((outcome === 'failed') !== failing.has(name)) {
        if (outcome === 'failed') failing.add(name);
        else failing.delete(name);
        opts.logger[outcome === 'failed' ? 'error' : 'info']('readiness.changed', { check: name, outcome });
      }
    }
    const ready = Object.values(checks).every((v) => v === 'ok');
    return c.json({ ready, mode: opts.mode, checks }, ready ? 200 : 503, NO_STORE);
  });
  return app;
}

/** The reference backend's database answers a query (a closed or broken handle throws). */
export function databaseCheck(db: Db): Check {
  return () => {
    db.prepare('SELECT 1 FROM sqlite_master LIMIT 1').get();
    return 'ok';
  };
}

/**
 * The upstream of proxy mode accepts a TCP connection within `timeoutMs`. The outcome is kept `cacheMs`, so probes
 * every second do not open a connection each.
 */
export function upstreamCheck(target: string, opts: { timeoutMs?: number; cacheMs?: number } = {}): Check {
  const url = new URL(target);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const timeoutMs = opts.timeoutMs ?? 1000;
  const cacheMs = opts.cacheMs ?? 5000;
  let last: { at: number; outcome: CheckOutcome } | undefined;
  let pending: Promise<CheckOutcome> | undefined;
  const probe = () =>
    new Promise<CheckOutcome>((resolve) => {
      const socket = connect({ host, port });
      const done = (outcome: CheckOutcome) => {
        socket.destroy();
        resolve(outcome);
      };
      socket.setTimeout(timeoutMs, () => done('failed'));
      socket.once('connect', () => done('ok'));
      socket.once('error', () => done('failed'));
    });
  return () => {
    if (last && Date.now() - last.at < cacheMs) return last.outcome;
    pending ??= probe().then((outcome) => {
      last = { at: Date.now(), outcome };
      pending = undefined;
      return outcome;
    });
    return pending;
  };
}
