/**
 * Services on the reference backend, through the real API client in-process (docs/decisions.md "Services"): the
 * catalogue, the employees searched and paged, the per-number outcomes of a connection (accepted, E124, E123, E031),
 * the deposit debited number by number (E031 in the middle of a list), the services document issued in the same
 * transaction, disconnecting, roaming, and who may act on which numbers.
 */
import { describe, expect, it } from 'vitest';
import { type AnyActorLogic, createActor, toPromise } from 'xstate';
import { createAddonsLogic } from '@/app/addons.actors';
import { DEFAULT_SERVICES_PARAMS, ROAMING_SOC, SERVICE_DOCUMENT_TYPE } from '@/domain/addons.rules';
import type { EmployeesPageResult } from '@/machines/addons.machine';
import { activeNumbersOf, IP_CATALOGUE, SAMARQAND_FIXTURE } from '../../server/db/addons-seed';
import { DEMO_COMPANIES } from '../../server/db/demo-accounts';
import { buildTextPdf } from '../../server/pdf/pdf';
import { createAddonsStore } from '../../server/store/addons.store';
import { documentsOfRegistration } from '../../server/store/documents.store';
import { ApiFailure } from '../../src/services/api/api-error';
import { createApiClient } from '../../src/services/api/client';
import { createHarness, type Harness } from './harness';
import { pdfText } from './pdf-text';

async function clientAs(h: Harness, login: string) {
  const agent = h.agent();
  const api = createApiClient({
    baseURL: 'http://portal.test/api/',
    fetch: agent.fetch,
    onSessionExpired: () => {},
  });
  await api.call('session.login', { body: { login, password: 'Demo-2026' } });
  return api;
}

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'OKOK';
  } catch (e) {
    if (e instanceof ApiFailure) return e.code;
    throw e;
  }
}

const samarqand = DEMO_COMPANIES.find((c) => c.key === 'samarqand')?.ban ?? '';
const fargona = DEMO_COMPANIES.find((c) => c.key === 'fargona')?.ban ?? '';
const price = IP_CATALOGUE.find((p) => p.soc === 'IP_M20')?.price ?? 0;

function fixture(h: Harness) {
  const sns = activeNumbersOf(h.db, samarqand).map((n) => n.sn);
  const at = (i: number) => sns[i] as string;
  return { sns, at };
}
const deposit = (h: Harness, ban = samarqand) =>
  (h.db.prepare('SELECT balance FROM ip_deposits WHERE ban = ?').get(ban) as { balance: number }).balance;

describe('catalogue and employees', () => {
  it('lists the packages of a group and those of the company’s price plans, with volume, price and period', async () => {
    const api = await clientAs(createHarness(), 'curator16');
    const monthly = await api.call('internet.services', { query: { ipGroup: 'monthly' } });
    expect(monthly.map((p) => p.soc)).toEqual(['IP_M5', 'IP_M20', 'IP_M50', 'IP_MU']);
    expect(monthly[1]).toMatchObject({ name: 'NET 20 GB', price: 45_000, volume: 20_480, period: 30 });
    const forCompany = await api.call('internet.forConPp', {});
    expect(forCompany.some((p) => p.group === 'daily')).toBe(true);
    expect(forCompany.some((p) => p.isFree)).toBe(false);
  });

  it('pages the company’s employees on the server and searches them by number', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'curator16');
    const { sns, at } = fixture(h);
    const first = await api.call('internet.employees', { query: { ipGroup: 'monthly', page: 0 } });
    expect(first.totalElements).toBe(sns.length);
    // SV3: 20 a page, written out (the company has more than a page)
    expect(sns.length).toBeGreaterThan(20);
    expect(first.content.map((e) => e.sn)).toEqual(sns.slice(0, 20));
    expect(first.content[SAMARQAND_FIXTURE.hasSalePackage]?.packages?.map((p) => p.soc)).toEqual(['IP_M20']);
    const found = await api.call('internet.employees', { query: { ipGroup: 'monthly', q: at(3).slice(2) } });
    expect(found.content.map((e) => e.sn)).toContain(at(3));
    const all = await api.call('internet.employeeNumbers', {
      query: { ipGroup: 'monthly', list: 'connect' },
    });
    expect(all.sns).toEqual(sns);
  });

  it('the app asks the server for the page the URL names, 20 numbers a page (SV3)', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'curator16');
    const { sns } = fixture(h);
    const fetchEmployees = createAddonsLogic(async () => api).services.implementations.actors
      .fetchEmployees as AnyActorLogic;
    const page = (n: number) =>
      toPromise(
        createActor(fetchEmployees, {
          input: { params: { ...DEFAULT_SERVICES_PARAMS, page: n } },
        }).start(),
      ) as Promise<EmployeesPageResult>;
    const second = await page(2);
    expect(second.total).toBe(sns.length);
    expect(second.totalPages).toBe(Math.ceil(sns.length / 20));
    expect(second.rows.map((r) => r.sn)).toEqual(sns.slice(20, 40));
  });

  it('pages and searches thousands of numbers of a large company in SQL', async () => {
    const h = createHarness();
    // the type-5 company is refused services over the API (spec 6): its thousands of numbers are read through the
    // store the handlers use
    const api = await clientAs(h, 'keyowner');
    expect(await code(api.call('internet.employees', { query: { ipGroup: 'monthly' } }))).toBe('E005');
    const store = createAddonsStore(h.db);
    const filter = { ban: '100234561', onlySn: null, list: 'connect' as const, group: 'monthly', q: '' };
    // its time is a figure of `npm run bench:api`, not a timed test
    const page = store.page(filter, 200, 20);
    const all = store.numbers(filter, 5000);
    expect(page.total).toBeGreaterThan(5000);
    expect(page.rows).toHaveLength(20);
    expect(all.sns).toHaveLength(5000);
    expect(all.total).toBe(page.total);
    const one = page.rows[0]?.sn ?? '';
    expect(store.page({ ...filter, q: one }, 0, 20).rows.map((r) => r.sn)).toEqual([one]);
  });

  it('"all filtered" takes at most 5 000 numbers (SV3): the first 5 000 by number, and says how many matched', async () => {
    const h = createHarness();
    // the company is given the thousands of numbers of the type-5 company, which may not use services itself
    h.db.prepare("UPDATE numbers SET ban = ? WHERE ban = '100234561'").run(samarqand);
    const api = await clientAs(h, 'curator16');
    const { sns } = fixture(h);
    expect(sns.length).toBeGreaterThan(5001);
    const all = await api.call('internet.employeeNumbers', {
      query: { ipGroup: 'monthly', list: 'connect' },
    });
    expect(all.total).toBe(sns.length);
    expect(all.sns).toEqual(sns.slice(0, 5000));
  });
});

describe('connecting a package: per-number outcomes', () => {
  it('a line takes its third package and refuses a fourth with E123 (SV4: 3 packages a line)', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'curator16');
    const { at } = fixture(h);
    const sn = at(SAMARQAND_FIXTURE.clean[0]);
    const connect = async (soc: string) =>
      (await api.call('internet.setup', { body: { soc, sns: [sn], payerBan: samarqand, lang: 'ru' } }))
        .outcomes;
    for (const soc of ['IP_M5', 'IP_D1']) expect(await connect(soc)).toEqual([{ sn, code: 'accepted' }]);
    expect(await connect('IP_M20')).toEqual([{ sn, code: 'accepted' }]);
    expect(await connect('IP_N10')).toEqual([{ sn, code: 'E123' }]);
  });

  it('accepts the free lines, answers E124 for the one that has it and E123 at the line limit, debits per number and issues one document', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'curator16');
    const { at } = fixture(h);
    const before = deposit(h);
    const sns = [at(0), at(1), at(SAMARQAND_FIXTURE.hasSalePackage), at(SAMARQAND_FIXTURE.atLineLimit)];
    const r = await api.call('internet.setup', {
      body: { soc: 'IP_M20', sns, payerBan: samarqand, lang: 'uz' },
    });
    expect(r.outcomes).toEqual([
      { sn: at(0), code: 'accepted' },
      { sn: at(1), code: 'accepted' },
      { sn: at(2), code: 'E124' },
      { sn: at(6), code: 'E123' },
    ]);
    expect(r.acceptedNumbers).toEqual([at(0), at(1)]);
    expect(deposit(h)).toBe(before - 2 * price);
    expect(r.balance).toBe(before - 2 * price);
    expect(r.documentId).toBeGreaterThan(0);
    const op = h.db.prepare('SELECT id FROM ip_operations ORDER BY id DESC LIMIT 1').get() as { id: number };
    const [doc] = documentsOfRegistration(h.db, `services:${op.id}`);
    expect(doc?.id).toBe(r.documentId);
    expect(doc?.type).toBe(SERVICE_DOCUMENT_TYPE.connect);
    expect(doc?.lang).toBe('uz');
    expect(doc?.ban).toBe(samarqand);
    const text = await pdfText(
      await buildTextPdf({ title: doc?.title ?? '', lang: 'uz', blocks: doc?.body ?? [] }),
    );
    expect(text).toContain('Internet-paketni ulash');
    expect(text).toContain('NET 20 GB');
    // the connected lines now show it
    const page = await api.call('internet.employees', { query: { ipGroup: 'monthly' } });
    expect(page.content[0]?.packages?.map((p) => p.soc)).toEqual(['IP_M20']);
  });

  it('runs out of deposit in the middle of a list: the first accepted, the rest E031, nothing debited for them', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'curator16');
    const { at } = fixture(h);
    h.db.prepare('UPDATE ip_deposits SET balance = ? WHERE ban = ?').run(price + 10_000, samarqand);
    const r = await api.call('internet.setup', { body: { soc: 'IP_M20', sns: [at(3), at(4), at(5)] } });
    expect(r.outcomes?.map((o) => o.code)).toEqual(['accepted', 'E031', 'E031']);
    expect(deposit(h)).toBe(10_000);
    // the failed ones tried again after a top-up: accepted
    h.db.prepare('UPDATE ip_deposits SET balance = ? WHERE ban = ?').run(price * 2, samarqand);
    const again = await api.call('internet.setup', { body: { soc: 'IP_M20', sns: [at(4), at(5)] } });
    expect(again.outcomes?.map((o) => o.code)).toEqual(['accepted', 'accepted']);
    expect(deposit(h)).toBe(0);
  });

  it('issues no document when nothing was accepted', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'curator16');
    const { at } = fixture(h);
    const docs = () => (h.db.prepare('SELECT COUNT(*) AS n FROM documents').get() as { n: number }).n;
    const n = docs();
    const r = await api.call('internet.setup', { body: { soc: 'IP_M20', sns: [at(2)] } });
    expect(r.outcomes).toEqual([{ sn: at(2), code: 'E124' }]);
    expect(r.documentId ?? null).toBeNull();
    expect(docs()).toBe(n);
  });
});

describe('disconnecting and roaming', () => {
  it('lists what can be turned off, deletes a package and cancels the agreement, each with its document', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'curator16');
    const { at } = fixture(h);
    // the demo seed has service documents of its own (documents area): count only what these calls add
    const before = (h.db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM documents').get() as { id: number })
      .id;
    const off = await api.call('internet.employeesDeactivate', { query: { ipGroup: 'monthly', size: 100 } });
    expect(off.content.map((e) => e.sn)).toContain(at(2));
    expect(off.content.map((e) => e.sn)).not.toContain(at(0));
    const del = await api.call('internet.delete', { body: { soc: 'IP_M20', sns: [at(2), at(0)] } });
    expect(del.outcomes).toEqual([
      { sn: at(2), code: 'accepted' },
      { sn: at(0), code: 'E013' },
    ]);
    const cancel = await api.call('internet.deleteAgreement', { body: { sns: [at(6)] } });
    expect(cancel.outcomes).toEqual([{ sn: at(6), code: 'accepted' }]);
    const types = (
      h.db
        .prepare(
          "SELECT document_type AS t FROM documents WHERE registration_ref LIKE 'services:%' AND id > ? ORDER BY id",
        )
        .all(before) as { t: number }[]
    ).map((r) => r.t);
    expect(types).toEqual([SERVICE_DOCUMENT_TYPE.disconnect, SERVICE_DOCUMENT_TYPE.cancelAgreement]);
  });

  it('switches roaming on and off for one number; again is E124 / E013', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'curator16');
    const { at } = fixture(h);
    const on = await api.call('internet.setupRoaming', { body: { soc: ROAMING_SOC, sns: [at(0)] } });
    expect(on.outcomes).toEqual([{ sn: at(0), code: 'accepted' }]);
    expect(
      (await api.call('internet.setupRoaming', { body: { soc: ROAMING_SOC, sns: [at(0)] } })).outcomes,
    ).toEqual([{ sn: at(0), code: 'E124' }]);
    const page = await api.call('internet.employees', { query: { ipGroup: 'monthly' } });
    expect(page.content[0]?.roaming).toBe(true);
    expect(
      (await api.call('internet.deleteRoaming', { body: { soc: ROAMING_SOC, sns: [at(0)] } })).outcomes,
    ).toEqual([{ sn: at(0), code: 'accepted' }]);
    expect(
      (await api.call('internet.deleteRoaming', { body: { soc: ROAMING_SOC, sns: [at(0)] } })).outcomes,
    ).toEqual([{ sn: at(0), code: 'E013' }]);
  });
});

describe('who may act on which numbers', () => {
  it.each([
    ['subscriber', 'a subscriber with a budget'],
    ['curator', 'a curator of a type-5 account'],
    ['okk', 'staff'],
    ['admin', 'an administrator'],
  ])('%s (%s) gets E005 on every services call', async (login) => {
    const h = createHarness();
    const api = await clientAs(h, login);
    const { at } = fixture(h);
    expect(await code(api.call('internet.employees', { query: { ipGroup: 'monthly' } }))).toBe('E005');
    expect(await code(api.call('internet.setup', { body: { soc: 'IP_M20', sns: [at(0)] } }))).toBe('E005');
    expect(await code(api.call('internet.setupRoaming', { body: { soc: ROAMING_SOC, sns: [at(0)] } }))).toBe(
      'E005',
    );
  });

  it('refuses a number of another company (E125) and another payer BAN (E005), applying nothing', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'curator16');
    const { at } = fixture(h);
    const other = activeNumbersOf(h.db, fargona)[0]?.sn ?? '';
    const before = deposit(h);
    expect(await code(api.call('internet.setup', { body: { soc: 'IP_M20', sns: [at(0), other] } }))).toBe(
      'E125',
    );
    expect(
      await code(api.call('internet.setup', { body: { soc: 'IP_M20', sns: [at(0)], payerBan: fargona } })),
    ).toBe('E005');
    expect(
      await code(api.call('internet.packages', { query: { sn: other, pricePlan: 'Biznes Start' } })),
    ).toBe('E125');
    expect(deposit(h)).toBe(before);
    const page = await api.call('internet.employees', { query: { ipGroup: 'monthly' } });
    expect(page.content[0]?.packages).toEqual([]);
  });

  it('lets a subscriber without a budget act on their own number only', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'subscriber20');
    const page = await api.call('internet.employees', { query: { ipGroup: 'monthly' } });
    expect(page.content.map((e) => e.sn)).toEqual(['911002030']);
    const buxoro = DEMO_COMPANIES.find((c) => c.key === 'buxoro')?.ban ?? '';
    const colleague = activeNumbersOf(h.db, buxoro).find((n) => n.sn !== '911002030')?.sn ?? '';
    expect(
      await code(api.call('internet.setupRoaming', { body: { soc: ROAMING_SOC, sns: [colleague] } })),
    ).toBe('E125');
    const own = await api.call('internet.setupRoaming', { body: { soc: ROAMING_SOC, sns: ['911002030'] } });
    expect(own.outcomes?.[0]?.sn).toBe('911002030');
  });

  it('shows a package’s options for one number of the company', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'curator16');
    const n = activeNumbersOf(h.db, samarqand)[SAMARQAND_FIXTURE.hasSalePackage];
    const options = await api.call('internet.packages', {
      query: { sn: n?.sn ?? '', pricePlan: n?.pricePlan ?? '' },
    });
    expect(options.find((p) => p.soc === 'IP_M20')?.connected).toBe(true);
    expect(options.find((p) => p.soc === 'IP_D1')?.connected).toBe(false);
    expect(await code(api.call('internet.packages', { query: { sn: n?.sn ?? '', pricePlan: 'nope' } }))).toBe(
      'E101',
    );
  });
});
