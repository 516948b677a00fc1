import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { OK_STATUS } from '../../src/services/contract/envelope';
import { MINUTE } from '../clock';
import type { Services } from '../handler';
import { runDuePlans } from '../plans/runner';
import type { OutboxMessage } from '../store/auth.store';
import type { NumberRow } from '../store/block.store';
import { renderDemoPage } from './demo.page';
import { mountEpdpDemo } from './epdp.routes';
import { mountSsoDemo } from './sso.routes';

/**
 * The demo helpers: the outbox of messages that "were sent" (SMS codes, recovery and activation links, temporary
 * passwords) and the demo controls. They never share the portal's origin: `startDemoServer` serves them on their
 * own port on 127.0.0.1 (docs/security.md, finding 1), like a development mail catcher.
 *
 * JSON (what the browser tests use): `GET /api/outbox?phone=…|login=…`, `POST /api/expire-sessions?login=…`,
 * `POST /api/block/fast-forward[?ban=…]`, `POST /api/block/snapshot?ban=…`, `POST /api/block/rollback?ban=…`,
 * `POST /api/plans/fast-forward` (every scheduled plan runs now, as if its day had come; docs/decisions.md SP8).
 * HTML: `GET /` (the outbox and the controls), whose forms post to `/controls/*` with a per-process token;
 * `GET /sso` (the simulated corporate sign-on, its form posts to `/sso/issue`).
 */

/** Reads the demo outbox for a phone (sn, 9 digits, or 998…) or a login, newest first. */
export function readDemoOutbox(
  svc: Pick<Services, 'auth'>,
  q: { phone?: string; login?: string },
): OutboxMessage[] {
  const digits = q.phone?.replace(/\D/g, '');
  const phone = digits?.length === 12 && digits.startsWith('998') ? digits.slice(3) : digits;
  return svc.auth.outbox({ recipient: phone || undefined, login: q.login || undefined });
}

/**
 * Ages every session of a login past the idle limit, so its next call answers E009 exactly as after the server's
 * idle time-out. Returns how many.
 */
export function expireSessionsOf(svc: Services, login: string): number {
  const user = svc.users.byLogin(login);
  if (!user) return 0;
  const idleMs = svc.config.sessionIdleMinutes * MINUTE;
  return svc.db
    .prepare('UPDATE sessions SET last_seen = ? WHERE user_id = ?')
    .run(svc.clock.now() - idleMs - MINUTE, user.id).changes;
}

/** Options of the demo app. */
export interface DemoAppOptions {
  /** Host header values accepted (`127.0.0.1:port`, `localhost:port`); empty = any (in-process tests) */
  readonly hosts?: readonly string[];
}

/** The demo app (outbox, controls, page). */
export function createDemoApp(svc: Services, opts: DemoAppOptions = {}): Hono {
  const app = new Hono();
  const hosts = new Set(opts.hosts ?? []);
  // The page's forms carry this token: another site open in the same browser cannot post the controls.
  const formToken = randomBytes(16).toString('hex');
  const snapshots = new Map<string, NumberRow[]>();
  const blocks = svc.block;

  app.use('*', async (c, next) => {
    // A DNS-rebinding page would arrive with its own host name; a cross-site request carries a foreign Origin.
    const host = c.req.header('host') ?? '';
    if (hosts.size > 0 && !hosts.has(host)) return c.text('unknown host', 421);
    const origin = c.req.header('origin');
    if (origin && hosts.size > 0 && ![...hosts].some((h) => origin === `http://${h}`))
      return c.text('cross-origin request refused', 403);
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
  });

  const fastForward = (ban: string | null) => blocks.hurry(ban, svc.clock.now());
  // SP8: every scheduled plan runs now, as if its day had come, and what it asked takes effect at once
  const fastForwardPlans = () => {
    const now = svc.clock.now();
    const { ran } = runDuePlans(svc, now, 'demo', { all: true });
    return { plans: ran.length, applied: blocks.hurry(null, now) };
  };
  // the account's own status too: a whole-account block changes it (browser tests that block the same
  // account in turn each start from the seeded account)
  const companyStatus = svc.db.prepare('SELECT status FROM companies WHERE ban = ?');
  const setCompanyStatus = svc.db.prepare('UPDATE companies SET status = ? WHERE ban = ?');
  const companySnapshots = new Map<string, string>();
  const snapshot = (ban: string) => {
    const rows = blocks.statusesOf(ban);
    snapshots.set(ban, rows);
    const company = companyStatus.get(ban) as { status: string } | undefined;
    if (company) companySnapshots.set(ban, company.status);
    return rows.length;
  };
  const rollback = (ban: string): number | null => {
    const rows = snapshots.get(ban);
    if (!rows) return null;
    blocks.restoreStatuses(ban, rows);
    const status = companySnapshots.get(ban);
    if (status !== undefined) setCompanyStatus.run(status, ban);
    snapshots.delete(ban);
    companySnapshots.delete(ban);
    return rows.length;
  };

  // ── JSON ──
  app.get('/api/outbox', (c) => {
    const phone = c.req.query('phone');
    const login = c.req.query('login');
    if (!phone && !login) return c.json({ status: OK_STATUS, result: svc.auth.recentOutbox() });
    return c.json({ status: OK_STATUS, result: readDemoOutbox(svc, { phone, login }) });
  });
  app.post('/api/expire-sessions', (c) => {
    const login = c.req.query('login');
    if (!login) return c.json({ status: 'E101', description: 'login required' });
    return c.json({ status: OK_STATUS, result: { expired: expireSessionsOf(svc, login) } });
  });
  app.post('/api/block/fast-forward', (c) =>
    c.json({ status: OK_STATUS, result: { applied: fastForward(c.req.query('ban') || null) } }),
  );
  app.post('/api/plans/fast-forward', (c) => c.json({ status: OK_STATUS, result: fastForwardPlans() }));
  // Browser tests share one demo database: a test that blocks an account snapshots its numbers first and puts
  // them back afterwards, so later tests see the seeded statuses.
  app.post('/api/block/snapshot', (c) => {
    const ban = c.req.query('ban');
    if (!ban) return c.json({ status: 'E101', description: 'ban required' });
    return c.json({ status: OK_STATUS, result: { numbers: snapshot(ban) } });
  });
  app.post('/api/block/rollback', (c) => {
    const ban = c.req.query('ban');
    const n = ban ? rollback(ban) : null;
    if (n === null) return c.json({ status: 'E101', description: 'no snapshot of that ban' });
    return c.json({ status: OK_STATUS, result: { numbers: n } });
  });

  // ── HTML ──
  app.get('/', (c) => {
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    );
    return c.html(
      renderDemoPage({
        messages: svc.auth.recentOutbox(),
        token: formToken,
        notice: c.req.query('done') ?? null,
      }),
    );
  });
  app.post('/controls/:what', async (c) => {
    const form = await c.req.parseBody();
    if (form.token !== formToken) return c.text('stale page: reload it', 403);
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string).trim() : '');
    let done = 'nothing';
    switch (c.req.param('what')) {
      case 'fast-forward':
        done = `applied ${fastForward(field('ban') || null)} waiting block/restore request(s)`;
        break;
      case 'fast-forward-plans': {
        const r = fastForwardPlans();
        done = `ran ${r.plans} scheduled plan(s); applied ${r.applied} block/restore request(s)`;
        break;
      }
      case 'expire-sessions':
        done = field('login')
          ? `expired ${expireSessionsOf(svc, field('login'))} session(s) of ${field('login')}`
          : 'a login is required';
        break;
    }
    return c.redirect(`/?done=${encodeURIComponent(done)}`, 303);
  });
  // the passport service simulator's confirmation page and the AT 39 back office (server/demo/epdp.routes.ts)
  mountEpdpDemo(app, svc, formToken);
  // the simulated corporate single sign-on (server/demo/sso.routes.ts)
  mountSsoDemo(app, svc, formToken);
  app.all('*', (c) => c.json({ status: 'E101', description: 'unknown demo call' }, 404));
  return app;
}
