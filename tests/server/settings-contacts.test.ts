import { describe, expect, it } from 'vitest';
import { createHarness } from './harness';

const contacts = {
  phone_number: '+998 71 200-00-00',
  feedback_type: 'email',
  email_address: 'office@savdo.uz',
};

describe('POST profile/contacts (Settings: contact data)', () => {
  it('saves the company contact data of a curator; GET profile shows it', async () => {
    const h = createHarness();
    const a = h.agent();
    await a.login('curator');

    const saved = await a.call('POST', 'profile/contacts', contacts);
    const profile = await a.call('GET', 'profile');

    expect(saved.status).toBe('OKOK');
    expect(profile.result).toMatchObject(contacts);
  });

  it('clears a field sent empty, and an unchosen feedback type', async () => {
    const h = createHarness();
    const a = h.agent();
    await a.login('keyowner');

    await a.call('POST', 'profile/contacts', { phone_number: '', feedback_type: null, email_address: '' });
    const profile = await a.call('GET', 'profile');

    expect(profile.result).toMatchObject({ phone_number: null, feedback_type: null, email_address: null });
  });

  it('refuses to clear the channel of the chosen way of contact (E013, U21) and changes nothing', async () => {
    const h = createHarness();
    const a = h.agent();
    await a.login('curator');
    await a.call('POST', 'profile/contacts', contacts);

    const noEmail = await a.call('POST', 'profile/contacts', {
      ...contacts,
      phone_number: '',
      email_address: '',
    });
    const noPhone = await a.call('POST', 'profile/contacts', {
      ...contacts,
      feedback_type: 'sms',
      phone_number: '',
    });
    const profile = await a.call('GET', 'profile');

    expect([noEmail.status, noPhone.status]).toEqual(['E013', 'E013']);
    expect(profile.result).toMatchObject(contacts);
  });

  it('refuses malformed data (E101) and changes nothing', async () => {
    const h = createHarness();
    const a = h.agent();
    await a.login('curator');
    const before = (await a.call('GET', 'profile')).result as Record<string, unknown>;

    const bad = await a.call('POST', 'profile/contacts', { ...contacts, email_address: 'not-an-email' });
    const after = (await a.call('GET', 'profile')).result as Record<string, unknown>;

    expect(bad.status).toBe('E101');
    expect(after.email_address).toBe(before.email_address);
  });

  it.each(['subscriber', 'operator'])('refuses %s (no BAN profile of their own): E005', async (login) => {
    const h = createHarness();
    const a = h.agent();
    await a.login(login);

    expect((await a.call('POST', 'profile/contacts', contacts)).status).toBe('E005');
  });

  it('is closed while the password must be changed, and without a session', async () => {
    const h = createHarness();
    const forced = h.agent();
    await forced.login('newcurator');

    expect((await forced.call('POST', 'profile/contacts', contacts)).status).toBe('E005');
    expect((await h.agent().call('POST', 'profile/contacts', contacts)).status).toBe('E009');
  });
});

describe('demo helper: expire sessions', () => {
  it("makes the login's sessions answer E009 on their next call, as the idle time-out does", async () => {
    const h = createHarness();
    const a = h.agent();
    const other = h.agent();
    await a.login('curator');
    await other.login('operator');

    const res = await h.demo.fetch(
      new Request('http://127.0.0.1/api/expire-sessions?login=curator', { method: 'POST' }),
    );

    expect(await res.json()).toEqual({ status: 'OKOK', result: { expired: 1 } });
    expect((await a.call('GET', 'user/')).status).toBe('E009');
    expect((await other.call('GET', 'user/')).status).toBe('OKOK');
  });

  it('is not on the portal, in demo mode or not', async () => {
    for (const demoMode of [true, false]) {
      const h = createHarness({ config: { demoMode } });

      const res = await h.app.fetch(
        new Request('http://portal.test/api/demo/expire-sessions?login=curator', { method: 'POST' }),
      );

      expect(res.status).toBe(404);
    }
  });
});
