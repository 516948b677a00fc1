import { describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';

const MIN = 60_000;

/** A number of the type-15 company that has no account yet. */
function freeNumber(h: Harness, ban = '100457732'): string {
  const row = h.db
    .prepare(
      `SELECT sn FROM numbers n WHERE ban = ? AND status = 'A' AND NOT EXISTS (SELECT 1 FROM users u WHERE u.sn = n.sn)
       ORDER BY sn LIMIT 1`,
    )
    .get(ban) as { sn: string };
  return row.sn;
}

const codeOf = (h: Harness, sn: string) =>
  h.outbox({ phone: sn }).find((m) => m.kind === 'sms-code')?.secret as string;

describe('register → SMS code → check', () => {
  it('sends a random 6-digit code and, with the right code, opens a session for a new subscriber', async () => {
    const h = createHarness();
    const sn = freeNumber(h);
    const a = h.agent();
    expect((await a.call('POST', 'user/register', { phone: `998${sn}` })).status).toBe('OKOK');
    const code = codeOf(h, sn);
    expect(code).toMatch(/^\d{6}$/);
    const r = await a.call('POST', 'user/check', { phone: sn, code });
    expect(r.status).toBe('OKOK');
    expect(r.result).toMatchObject({
      user_name: sn,
      roles: ['R001'],
      force_change_password: true,
      profile: { sn },
    });
    expect(a.jar.has('portal_sid')).toBe(true);
    // the temporary password arrives by SMS and is the "current" one for the forced change
    const temp = h.outbox({ phone: sn }).find((m) => m.kind === 'temp-password')?.secret as string;
    expect(
      (await a.call('POST', 'user/change-password', { current: temp, password: 'Mine-2026x' })).status,
    ).toBe('OKOK');
    // registered now: a second registration is E004, a second check E021
    expect((await h.agent().call('POST', 'user/register', { phone: sn })).status).toBe('E004');
    expect((await h.agent().call('POST', 'user/check', { phone: sn, code })).status).toBe('E021');
  });

  it('never sends a fixed code', async () => {
    const h = createHarness();
    const codes = new Set<string>();
    const sn = freeNumber(h);
    for (let i = 0; i < 5; i++) {
      await h.agent().call('POST', 'user/register', { phone: sn });
      codes.add(codeOf(h, sn));
      // one SMS per phone a minute
      h.clock.advance(61_000);
    }
    expect(codes.size).toBeGreaterThan(1);
  });

  it('answers E003 to a wrong code and E006 after 10 minutes', async () => {
    const h = createHarness();
    const sn = freeNumber(h);
    const a = h.agent();
    await a.call('POST', 'user/register', { phone: sn });
    const code = codeOf(h, sn);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await a.call('POST', 'user/check', { phone: sn, code: wrong })).status).toBe('E003');
    h.clock.advance(10 * MIN + 1);
    expect((await a.call('POST', 'user/check', { phone: sn, code })).status).toBe('E006');
    // a new code works again
    await a.call('POST', 'user/resend-code', { phone: sn });
    expect((await a.call('POST', 'user/check', { phone: sn, code: codeOf(h, sn) })).status).toBe('OKOK');
  });

  it('accepts a code just inside 10 minutes', async () => {
    const h = createHarness();
    const sn = freeNumber(h);
    const a = h.agent();
    await a.call('POST', 'user/register', { phone: sn });
    h.clock.advance(10 * MIN - 1000);
    expect((await a.call('POST', 'user/check', { phone: sn, code: codeOf(h, sn) })).status).toBe('OKOK');
  });

  it('burns the phone’s try budget after 5 wrong tries, and says the tries are used up (E141 until the window ends, U23)', async () => {
    const h = createHarness();
    const sn = freeNumber(h);
    const a = h.agent();
    await a.call('POST', 'user/register', { phone: sn });
    const code = codeOf(h, sn);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++)
      expect((await a.call('POST', 'user/check', { phone: sn, code: wrong })).status).toBe('E003');
    const fifth = await a.call('POST', 'user/check', { phone: sn, code: wrong });
    expect(fifth.status).toBe('E141');
    expect(fifth.description).toBe(String(60 * 60));
    expect((await a.call('POST', 'user/check', { phone: sn, code })).status).toBe('E141');
  });

  it('a resent code replaces the old one', async () => {
    const h = createHarness();
    const sn = freeNumber(h);
    const a = h.agent();
    await a.call('POST', 'user/register', { phone: sn });
    const first = codeOf(h, sn);
    h.clock.advance(61_000);
    await a.call('POST', 'user/resend-code', { phone: sn });
    const second = codeOf(h, sn);
    if (first !== second)
      expect((await a.call('POST', 'user/check', { phone: sn, code: first })).status).toBe('E003');
    expect((await a.call('POST', 'user/check', { phone: sn, code: second })).status).toBe('OKOK');
  });

  it('checks the phone: E008 format, E004 registered, E016 not ours, E025 five numbers on the BAN', async () => {
    const h = createHarness();
    const a = h.agent();
    expect((await a.call('POST', 'user/register', { phone: '123456789' })).status).toBe('E008');
    expect((await a.call('POST', 'user/register', { phone: '998711234567' })).status).toBe('E008');
    expect((await a.call('POST', 'user/register', { phone: '901234567' })).status).toBe('E004');
    const unknown = ['909999999', '919999998', '909999997'].find(
      (sn) => !h.db.prepare('SELECT 1 FROM numbers WHERE sn = ?').get(sn),
    ) as string;
    expect((await a.call('POST', 'user/register', { phone: unknown })).status).toBe('E016');
    // the type-20 company already has five registered subscribers
    expect((await a.call('POST', 'user/register', { phone: freeNumber(h, '100561093') })).status).toBe(
      'E025',
    );
    expect(h.outbox({ phone: '901234567' })).toHaveLength(0);
  });

  it('never writes codes to the log; outside demo mode not even to the outbox', async () => {
    const h = createHarness();
    const sn = freeNumber(h);
    await h.agent().call('POST', 'user/register', { phone: sn });
    const code = codeOf(h, sn);
    expect(h.logs.filter((l) => l.includes(code))).toEqual([]);
    expect(h.logs.some((l) => JSON.parse(l).event === 'demo.outbox')).toBe(true);

    const prod = createHarness({ config: { demoMode: false } });
    await prod.agent().call('POST', 'user/register', { phone: sn });
    expect(prod.outbox({ phone: sn })).toHaveLength(0);
    expect(prod.logs.join('\n')).not.toMatch(/demo\.outbox/);
    expect((await prod.agent().call('GET', `demo/outbox?phone=${sn}`)).http).toBe(404);
  });

  it('serves the demo outbox on the demo page, never on the portal', async () => {
    const h = createHarness();
    const sn = freeNumber(h);
    const a = h.agent();
    await a.call('POST', 'user/register', { phone: sn });
    const r = await h.demo.fetch(new Request(`http://127.0.0.1/api/outbox?phone=998${sn}`));
    const body = (await r.json()) as { status: string; result: { secret: string }[] };
    expect(body.status).toBe('OKOK');
    expect(body.result[0]?.secret).toBe(codeOf(h, sn));
    expect((await a.call('GET', `demo/outbox?phone=998${sn}`)).http).toBe(404);
  });
});

describe('forgot → restore', () => {
  const tokenOf = (h: Harness, login: string) =>
    h.outbox({ login }).find((m) => m.kind === 'restore-link')?.secret as string;

  it('a link asked for from an Uzbek page opens in Uzbek (U14)', async () => {
    const h = createHarness();
    expect((await h.agent().call('POST', 'user/forgot', { login: 'curator16', lang: 'uz' })).status).toBe(
      'OKOK',
    );
    expect(h.outbox({ login: 'curator16' })[0]?.text).toContain('/uz/restore?r=');
  });

  it('sends a link with a token; restore sets the password and closes the sessions', async () => {
    const h = createHarness();
    const old = h.agent();
    await old.login('curator16');
    expect((await h.agent().call('POST', 'user/forgot', { login: 'curator16' })).status).toBe('OKOK');
    const msg = h.outbox({ login: 'curator16' })[0];
    expect(msg?.text).toContain('/ru/restore?r=');
    const r = tokenOf(h, 'curator16');
    expect(msg?.text).toContain(r);
    expect(
      (await h.agent().call('POST', 'user/restore', { r, password: 'Fresh-2026a', confirm: 'Fresh-2026b' }))
        .status,
    ).toBe('E013');
    expect(
      (await h.agent().call('POST', 'user/restore', { r, password: 'Fresh-2026a', confirm: 'Fresh-2026a' }))
        .status,
    ).toBe('OKOK');
    expect((await old.call('GET', 'user/')).status).toBe('E009');
    expect((await h.agent().login('curator16', 'Fresh-2026a')).status).toBe('OKOK');
    // one use only
    expect(
      (await h.agent().call('POST', 'user/restore', { r, password: 'Other-2026a', confirm: 'Other-2026a' }))
        .status,
    ).toBe('E127');
    expect(h.logs.join('\n')).not.toContain('Fresh-2026a');
  });

  it('answers E024 when the token has expired', async () => {
    const h = createHarness();
    await h.agent().call('POST', 'user/forgot', { login: 'seller' });
    const r = tokenOf(h, 'seller');
    h.clock.advance(61 * MIN);
    expect(
      (await h.agent().call('POST', 'user/restore', { r, password: 'Fresh-2026a', confirm: 'Fresh-2026a' }))
        .status,
    ).toBe('E024');
  });

  it('says what a link is before it is used, and asking uses nothing up (RL1)', async () => {
    const h = createHarness();
    const state = async (r: string) => {
      const reply = await h.agent().call('POST', 'user/restore/check', { r });
      expect(reply.status).toBe('OKOK');
      return (reply.result as { link: string }).link;
    };
    await h.agent().call('POST', 'user/forgot', { login: 'curator16' });
    const r = tokenOf(h, 'curator16');
    expect(await state(r)).toBe('valid');
    expect(await state(r)).toBe('valid');
    expect(await state(`${r}x`)).toBe('unknown');
    expect(
      (await h.agent().call('POST', 'user/restore', { r, password: 'Fresh-2026a', confirm: 'Fresh-2026a' }))
        .status,
    ).toBe('OKOK');
    expect(await state(r)).toBe('used');
    // an empty r is a malformed request, not a state
    expect((await h.agent().call('POST', 'user/restore/check', { r: '' })).status).toBe('E101');

    await h.agent().call('POST', 'user/forgot', { login: 'seller' });
    const late = tokenOf(h, 'seller');
    h.clock.advance(61 * MIN);
    expect(await state(late)).toBe('expired');
    expect(h.logs.join('\n')).not.toContain(r);
  });

  it('answers E086 for an unknown login and E132 for a single-sign-on account', async () => {
    const h = createHarness();
    expect((await h.agent().call('POST', 'user/forgot', { login: 'nobody-here' })).status).toBe('E086');
    expect((await h.agent().call('POST', 'user/forgot', { login: 'staff-sso' })).status).toBe('E132');
  });
});
