/**
 * Error replies over HTTP (spec 7, 8; docs/security.md findings 9 and 29, and the reference backend's rule "errors
 * never carry a stack trace": an unexpected failure is logged and answered 500 + E001). Malformed and hostile input
 * from outside must get a catalogue code in the envelope, never a page, a stack trace, a source path or SQL.
 */
import { describe, expect, it } from 'vitest';
import { createClient, envelopeProblems, signedIn, sweepReplies, target } from './client';

const { targets } = target().accounts;

describe('hostile input gets the spec envelope with a catalogue code, no stack trace or SQL', () => {
  it('anonymous: broken JSON, wrong types, an unknown call, an oversized body', async () => {
    const c = createClient();
    const replies = [
      await c.call('POST', 'user/login', '{"login": "admin", "password": '),
      await c.call('POST', 'user/login', { login: ['admin'], password: { $ne: null } }),
      await c.call('POST', 'user/login', { login: "admin' OR '1'='1", password: "' OR 1=1 --" }),
      await c.call('GET', 'no/such/call'),
      await c.call('POST', 'user/login', { login: 'x'.repeat(100_000), password: 'y' }),
    ];
    for (const r of replies) {
      expect([r.path, r.status === 'OKOK', envelopeProblems(r)]).toEqual([r.path, false, []]);
      expect(r.http).toBeLessThan(500);
    }
  });

  it('signed in: ids out of range, injection in a search, a malformed BAN', async () => {
    const c = await signedIn('admin');
    const replies = [
      await c.call('GET', 'user/get/99999999999999999999999'),
      await c.call('GET', `user/get/${encodeURIComponent("1' OR '1'='1")}`),
      await c.call(
        'GET',
        `user/search?q=${encodeURIComponent("ova' UNION SELECT * FROM users --")}&pageNo=0&pageSize=45`,
      ),
      await c.call('GET', 'user/search?q=ova&pageNo=-1&pageSize=100000'),
      await c.call('GET', `client/ban/${encodeURIComponent("1' OR 1=1")}`),
      await c.call('GET', `client/numbers?ban=${targets.ownBan}&status=active&page=x&size=y`),
      await c.call('POST', `user/update/${targets.staffUserId}`, { full_name: 12 }),
    ];
    await c.call('POST', 'user/logout');
    for (const r of replies) {
      expect([r.path, envelopeProblems(r)]).toEqual([r.path, []]);
      expect(r.http).toBeLessThan(500);
    }
  });
});

sweepReplies();
