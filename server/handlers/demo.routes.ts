import { Hono } from 'hono';
import type { Services } from '../handler';
import type { OutboxMessage } from '../store/auth.store';

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

/** `GET /api/demo/outbox?phone=…|login=…` (mounted only when DEMO_MODE is on). Not part of the SPA's contract. */
export function demoRoutes(svc: Services): Hono {
  const r = new Hono();
  r.get('/outbox', (c) => {
    const phone = c.req.query('phone');
    const login = c.req.query('login');
    if (!phone && !login) return c.json({ status: 'E101', description: 'phone or login required' });
    return c.json({ status: 'OKOK', result: readDemoOutbox(svc, { phone, login }) });
  });
  return r;
}
