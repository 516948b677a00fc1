/**
 * The services checkout's real actors (src/app/addons.actors.ts) against the reference backend in-process: a list
 * longer than one slice, the deposit running out in the middle (E031 from there on), and the progress counting only the
 * outcomes the server confirmed — while the second slice is on its way, the first slice's numbers are all it counts.
 * The numbers that have the package already are named before the review and left out of the order and of the total the
 * server quotes (SV12); the server skips such a number, uncharged, even when a client sends it.
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { APPLY_CHUNK } from '@/domain/addons.rules';
import { selectCheckoutSummary, selectProgress } from '@/machines/addons-checkout.selectors';
import { activeNumbersOf, SAMARQAND_FIXTURE } from '../../server/db/addons-seed';
import { DEMO_COMPANIES } from '../../server/db/demo-accounts';
import { createAddonsLogic } from '../../src/app/addons.actors';
import { createApiClient } from '../../src/services/api/client';
import { createHarness } from './harness';

const samarqand = DEMO_COMPANIES.find((c) => c.key === 'samarqand')?.ban ?? '';
const PRICE = 45_000;

describe('services checkout on the reference server', () => {
  it('E031 from the middle of a two-slice list; the progress counts only what the server confirmed', async () => {
    const h = createHarness();
    const agent = h.agent();
    // hold the second setup call until the test lets it go, to look at the progress meanwhile
    let calls = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const fetch: typeof globalThis.fetch = async (input, init) => {
      if (
        String(input instanceof Request ? input.url : input).includes('internet-package/setup') &&
        ++calls === 2
      )
        await held;
      return agent.fetch(input, init);
    };
    const api = createApiClient({ baseURL: 'http://portal.test/api/', fetch, onSessionExpired: () => {} });
    await api.call('session.login', { body: { login: 'curator16', password: 'Demo-2026' } });
    const sns = activeNumbersOf(h.db, samarqand)
      .map((n) => n.sn)
      .filter((_, i) => i !== SAMARQAND_FIXTURE.atLineLimit)
      .slice(0, APPLY_CHUNK + 20);
    const withPackage = () =>
      new Set(
        (
          h.db
            .prepare(
              "SELECT sn FROM ip_connections WHERE soc = 'IP_M20' AND sn IN (SELECT value FROM json_each(?))",
            )
            .all(JSON.stringify(sns)) as { sn: string }[]
        ).map((r) => r.sn),
      );
    // some numbers have the package already (E124, not charged): the third by the fixture, others by the seed
    const had = withPackage();
    expect(had.has(sns[SAMARQAND_FIXTURE.hasSalePackage] as string)).toBe(true);
    const toPay = sns.filter((sn) => !had.has(sn));
    // the deposit pays for all but the last four numbers without it
    const paid = toPay.length - 4;
    h.db.prepare('UPDATE ip_deposits SET balance = ? WHERE ban = ?').run(PRICE * paid, samarqand);

    const { servicesCheckout } = createAddonsLogic(async () => api);
    const actor = createActor(servicesCheckout).start();
    actor.send({
      type: 'checkout.start',
      order: {
        action: 'connect',
        pkg: { soc: 'IP_M20', name: 'NET 20 GB', price: PRICE },
        sns,
        payerBan: samarqand,
      },
    });
    // the review leaves out the numbers that have it, and shows the server's total for the others
    await waitFor(actor, (s) => s.matches('reviewing'));
    const review = selectCheckoutSummary(actor.getSnapshot());
    expect(review.already).toEqual(sns.filter((sn) => had.has(sn)));
    expect(review.sns).toEqual(toPay);
    expect(review.total).toBe(PRICE * toPay.length);
    expect(toPay.length).toBeGreaterThan(APPLY_CHUNK + 4);
    actor.send({ type: 'checkout.confirm' });
    await waitFor(actor, (s) => s.matches('short'));
    expect(actor.getSnapshot().context.balance).toEqual({ hasDeposit: true, balance: PRICE * paid });
    actor.send({ type: 'checkout.apply' });

    // the first slice is confirmed, the second is held: 25 of 35, and exactly the numbers the server answered for
    await waitFor(actor, (s) => s.context.outcomes.length > 0);
    expect(selectProgress(actor.getSnapshot())).toEqual({ done: APPLY_CHUNK, total: toPay.length });
    expect(actor.getSnapshot().matches('applying')).toBe(true);
    // nothing of the held slice is applied yet: its numbers have only what they had before
    const now = withPackage();
    for (const sn of toPay.slice(APPLY_CHUNK)) expect(now.has(sn)).toBe(false);
    for (const sn of toPay.slice(0, APPLY_CHUNK)) expect(now.has(sn)).toBe(true);

    release();
    await waitFor(actor, (s) => s.matches('result'));
    const codes = actor.getSnapshot().context.outcomes.map((o) => o.code);
    // the numbers that had it were never sent
    expect(codes).toHaveLength(toPay.length);
    expect(codes.filter((c) => c === 'E124')).toHaveLength(0);
    // the deposit runs out: the last four numbers to pay for answer E031, in the middle of the second slice
    expect(codes.filter((c) => c === 'accepted')).toHaveLength(paid);
    const e031 = toPay.filter((_, i) => codes[i] === 'E031');
    expect(e031).toEqual(toPay.slice(-4));
    expect(toPay.indexOf(e031[0] as string)).toBeGreaterThanOrEqual(APPLY_CHUNK);
    expect(selectProgress(actor.getSnapshot())).toEqual({ done: toPay.length, total: toPay.length });
    const left = h.db.prepare('SELECT balance FROM ip_deposits WHERE ban = ?').get(samarqand) as {
      balance: number;
    };
    expect(left.balance).toBe(0);
    // one services document per slice that accepted numbers (the demo seed's own service documents are another
    // company's)
    const docs = (
      h.db
        .prepare("SELECT COUNT(*) AS n FROM documents WHERE registration_ref LIKE 'services:%' AND ban = ?")
        .get(samarqand) as { n: number }
    ).n;
    expect(docs).toBe(2);
  });

  it('the quote and the charge are the server’s: a number that has the package is left out and never charged', async () => {
    const h = createHarness();
    const api = createApiClient({
      baseURL: 'http://portal.test/api/',
      fetch: h.agent().fetch,
      onSessionExpired: () => {},
    });
    await api.call('session.login', { body: { login: 'curator16', password: 'Demo-2026' } });
    const all = activeNumbersOf(h.db, samarqand).map((n) => n.sn);
    const has = all[SAMARQAND_FIXTURE.hasSalePackage] as string;
    const sns = [all[0], all[1], has] as string[];
    const quote = await api.call('internet.quote', {
      body: { action: 'connect', soc: 'IP_M20', sns, payerBan: samarqand },
    });
    expect(quote).toMatchObject({ already: [has], sns: [all[0], all[1]], total: PRICE * 2 });
    // a client that sends the number anyway: skipped (E124) and not charged; the debit is the quoted total
    const deposit = () =>
      (h.db.prepare('SELECT balance FROM ip_deposits WHERE ban = ?').get(samarqand) as { balance: number })
        .balance;
    const before = deposit();
    const reply = await api.call('internet.setup', { body: { soc: 'IP_M20', sns, payerBan: samarqand } });
    expect(reply.outcomes?.find((o) => o.sn === has)?.code).toBe('E124');
    expect(before - deposit()).toBe(quote.total);
    // asked again, every number has it now: nothing to order, nothing to pay
    expect(
      await api.call('internet.quote', {
        body: { action: 'connect', soc: 'IP_M20', sns, payerBan: samarqand },
      }),
    ).toMatchObject({ already: sns, sns: [], total: 0 });
  });
});
