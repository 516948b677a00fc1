import { Hono } from 'hono';
import type { Services } from '../handler';
import type { OutboxMessage } from '../store/auth.store';
import { expireSessionsOf } from './session.handlers';

/** Reads the demo outbox: what would have been sent to a phone (sn, 9 digits, or 998…) or concerning a login,
 *  newest first. Demo mode only; the same data the `demo.outbox` log lines carry. */
export function readDemoOutbox(
  svc: Pick<Services, 'auth'>,
  q: { phone?: string; login?: string },
): OutboxMessage[] {
  const digits = q.phone?.replace(/\D/g, '');
  const phone = digits?.length === 12 && digits.startsWith('998') ? digits.slice(3) : digits;
  return svc.auth.outbox({ recipient: phone || undefined, login: q.login || undefined });
}

/** Demo helpers (mounted only when DEMO_MODE is on; not part of the SPA's contract): `GET /api/demo/outbox?phone=…|login=…`
 *  and `POST /api/demo/expire-sessions?login=…`. */
export function demoRoutes(svc: Services): Hono {
  const r = new Hono();
  r.get('/outbox', (c) => {
    const phone = c.req.query('phone');
    const login = c.req.query('login');
    if (!phone && !login) return c.json({ status: 'E101', description: 'phone or login required' });
    return c.json({ status: 'OKOK', result: readDemoOutbox(svc, { phone, login }) });
  });
  // `POST /api/demo/expire-sessions?login=…`: that login's sessions answer E009 on their next call (idle time-out)
  r.post('/expire-sessions', (c) => {
    const login = c.req.query('login');
    if (!login) return c.json({ status: 'E101', description: 'login required' });
    return c.json({ status: 'OKOK', result: { expired: expireSessionsOf(svc, login) } });
  });
  return r;
}
