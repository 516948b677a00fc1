/**
 * Security findings 25, 26 and 30 (the AT 39 part) of docs/security.md, over HTTP against the in-process portal with
 * raw calls (as an attacker sends them, not as the SPA would):
 * - 25 "one number in two places": every path that takes a number takes it from the one inventory with one
 *   conditional update; an unfinished AT 39 reservation is free again after RESERVATION_MINUTES; the public examples
 *   are free numbers of the same inventory;
 * - 26 "AT 39 stores identity data as sent": the person of a registration comes only from its own confirmation, once,
 *   and what the passport service gave is not editable;
 * - 30 (AT 39 part): `GET at39/get-client-card` and `GET at39/ban-exists` change nothing; the kit and the BAN are saved
 *   with `PUT at39/register/update-registration`.
 */
import { describe, expect, it } from 'vitest';
import { AT39_KITS, AT39_PEOPLE, AT39_TOKENS } from '../../server/db/at39-seed';
import { loadMigrations, migrate, openDatabase } from '../../server/db/database';
import { seedGolden } from '../../server/db/golden-seed';
import { RESERVATION_MINUTES } from '../../src/domain/at39.rules';
import { categoryIdOf } from '../../src/domain/golden-categories.rules';
import { type Agent, createHarness, type Harness } from './harness';

const MINUTE = 60_000;
const BAN = '100234561';
const SIMPLE = categoryIdOf('simple');
const BRONZE = categoryIdOf('bronze');

async function as(h: Harness, login: string): Promise<Agent> {
  const a = h.agent();
  expect((await a.login(login)).status).toBe('OKOK');
  return a;
}

/** The person answers on the passport service's page (the demo app) and hands back a one-time code. */
async function answer(h: Harness, session: string, person: string): Promise<string> {
  const res = await h.demo.fetch(
    new Request(`http://demo.test/api/epdp/answer?session=${session}&person=${person}&answer=confirm`, {
      method: 'POST',
    }),
  );
  return ((await res.json()) as { result: { authCode: string } }).result.authCode;
}

type Blocks = {
  clientFioInfo: Record<string, unknown>;
  clientAddressInfo: Record<string, unknown>;
  clientPassportInfo: Record<string, unknown>;
};

/** A confirmation read with passport-info: its code and the three blocks the service answered. */
async function confirm(h: Harness, a: Agent, person: string = AT39_PEOPLE.karimov.pinfl) {
  const s = await a.call('GET', 'v1/epdp/get-session-id');
  const authCode = await answer(h, (s.result as { sessionId: string }).sessionId, person);
  const info = await a.call('GET', `v1/epdp/passport-info?auth_code=${authCode}`);
  expect((info.result as { outcome: string }).outcome).toBe('ok');
  return { authCode, person: info.result as Blocks };
}

const create = (
  a: Agent,
  authCode: string,
  person: Blocks,
  change: Partial<Blocks> = {},
  token: string = AT39_TOKENS.servicedesk,
) =>
  a.call('POST', 'at39/register/create-registration', {
    token,
    authCode,
    ...person,
    ...change,
  });

const regData = async (a: Agent, id: string) =>
  (await a.call('GET', `at39/register/get-reg-data?registration_id=${id}`)).result as Blocks & {
    markedCode: string | null;
    ban: string | null;
    phoneNumber: string | null;
    status: string;
    editableFields: string[];
  };

/** A registration with its kit and BAN (the looks and the save, as the chart runs them), ready for a number. */
async function readyForNumber(h: Harness, a: Agent, kit: string, person?: string): Promise<string> {
  const { authCode, person: blocks } = await confirm(h, a, person);
  const created = await create(a, authCode, blocks);
  expect(created.status).toBe('OKOK');
  const id = String((created.result as { registrationId: number }).registrationId);
  await a.call('GET', `at39/get-client-card?markedCode=${kit}&registrationId=${id}`);
  await a.call('GET', `at39/ban-exists?ban=${BAN}&registrationId=${id}`);
  expect(
    (await a.call('PUT', 'at39/register/update-registration', { registrationId: id, markedCode: kit }))
      .status,
  ).toBe('OKOK');
  expect(
    (await a.call('PUT', 'at39/register/update-registration', { registrationId: id, ban: BAN })).status,
  ).toBe('OKOK');
  return id;
}

const reserve = (a: Agent, registrationId: string, phoneNumber: string) =>
  a.call('POST', 'at39/reserve-equipment', { regionId: 1, registrationId, phoneNumber, pricePlanId: 1 });

const checkout = (a: Agent, numbers: string[]) => a.call('POST', 'golden-number/checkout', { numbers });

/** Free numbers of a category on sale, as the curator finds them. */
async function onSale(a: Agent, categoryId = SIMPLE, size = 16): Promise<string[]> {
  const r = await a.call('POST', 'golden-number/random', { categoryId, page: 0, size });
  return (r.result as { content: { number: string }[] }).content.map((n) => n.number);
}

async function qrExamples(h: Harness): Promise<Map<number, string[]>> {
  const r = await h.agent().call('GET', 'golden-number/categories/qr');
  const cats = (r.result as { categories: { id: number; examples: string[] }[] }).categories;
  return new Map(cats.map((c) => [c.id, c.examples]));
}

describe('finding 25: one number in two places', () => {
  it('a number AT 39 reserved is not sold to a curator, and a sold one is not reserved', async () => {
    const h = createHarness();
    const sd = await as(h, 'servicedesk');
    const curator = await as(h, 'curator');
    const [first, second] = await onSale(curator);
    if (!first || !second) throw new Error('nothing on sale');
    const r1 = await readyForNumber(h, sd, '8999801000011');
    expect((await reserve(sd, r1, first)).status).toBe('OKOK');
    // the curator found it on sale before: buying it now is refused, nothing is debited
    const bought = await checkout(curator, [first]);
    expect([bought.status, bought.description]).toEqual(['E013', `taken:${first}`]);
    expect(await onSale(curator, SIMPLE, 1000)).not.toContain(first);
    // the other way round: sold first, then AT 39 may not have it
    expect((await checkout(curator, [second])).status).toBe('OKOK');
    const r2 = await readyForNumber(h, sd, '8999801000012');
    expect((await reserve(sd, r2, second)).status).toBe('E013');
    expect((await regData(sd, r2)).phoneNumber ?? null).toBeNull();
  });

  it('refuses a company’s number, a number the operator does not have, and what is no number ("1")', async () => {
    const h = createHarness();
    const sd = await as(h, 'servicedesk');
    const id = await readyForNumber(h, sd, '8999801000013');
    const company = h.db.prepare('SELECT sn FROM numbers WHERE ban = ? LIMIT 1').get(BAN) as { sn: string };
    expect((await reserve(sd, id, company.sn)).status).toBe('E013');
    expect((await reserve(sd, id, '1')).status).toBe('E101');
    expect((await reserve(sd, id, '123456789')).status).toBe('E101');
    // a well-formed number that is in no inventory row
    let unknown = 909_999_990;
    while (h.db.prepare('SELECT 1 FROM number_inventory WHERE number = ?').get(String(unknown))) unknown--;
    expect((await reserve(sd, id, String(unknown))).status).toBe('E013');
    expect((await regData(sd, id)).phoneNumber ?? null).toBeNull();
  });

  it('two parallel takes of one number, AT 39 against a golden checkout: exactly one wins, every time', async () => {
    const h = createHarness();
    const sd = await as(h, 'servicedesk');
    const curator = await as(h, 'curator');
    const numbers = (await onSale(curator)).slice(0, 4);
    for (const [i, number] of numbers.entries()) {
      const id = await readyForNumber(h, sd, `89998010000${20 + i}`);
      const [a, b] = await Promise.all([reserve(sd, id, number), checkout(curator, [number])]);
      expect([number, [a.status, b.status].filter((s) => s === 'OKOK').length]).toEqual([number, 1]);
      const row = h.db.prepare('SELECT state FROM number_inventory WHERE number = ?').get(number) as {
        state: string;
      };
      expect(row.state).toBe(a.status === 'OKOK' ? 'reserved' : 'sold');
    }
  });

  it(`an unfinished reservation is free again after ${RESERVATION_MINUTES} minutes; submitting then asks for a number`, async () => {
    const h = createHarness();
    const sd = await as(h, 'servicedesk');
    const curator = await as(h, 'curator');
    const [number] = await onSale(curator);
    if (!number) throw new Error('nothing on sale');
    const id = await readyForNumber(h, sd, '8999801000031');
    expect((await reserve(sd, id, number)).status).toBe('OKOK');
    expect((await regData(sd, id)).status).toBe('documents');
    h.clock.advance((RESERVATION_MINUTES - 1) * MINUTE);
    expect((await checkout(curator, [number])).status).toBe('E013');
    expect((await regData(sd, id)).phoneNumber).toBe(number);
    h.clock.advance(2 * MINUTE);
    // the registration lost it (back to a draft without a number), and submitting says why
    const data = await regData(sd, id);
    expect([data.phoneNumber ?? null, data.status]).toEqual([null, 'draft']);
    const submit = await sd.call('POST', `at39/register/?registrationId=${id}`);
    expect([submit.status, submit.description]).toEqual(['E013', 'reservation expired']);
    // and it is on offer again: the curator buys it
    expect((await checkout(curator, [number])).status).toBe('OKOK');
  });

  it('the public examples of /new-numbers are free numbers of the inventory: bought or reserved, they leave the list', async () => {
    const h = createHarness();
    const before = await qrExamples(h);
    for (const [id, examples] of before) {
      expect(examples.length).toBeGreaterThanOrEqual(3);
      for (const n of examples) {
        const row = h.db
          .prepare('SELECT state, category_id AS c FROM number_inventory WHERE number = ?')
          .get(n);
        expect([n, row]).toEqual([n, { state: 'free', c: id }]);
      }
    }
    const curator = await as(h, 'curator');
    const sd = await as(h, 'servicedesk');
    const [bronze] = before.get(BRONZE) ?? [];
    const [simple] = before.get(SIMPLE) ?? [];
    if (!bronze || !simple) throw new Error('no examples');
    expect((await checkout(curator, [bronze])).status).toBe('OKOK');
    const id = await readyForNumber(h, sd, '8999801000032');
    expect((await reserve(sd, id, simple)).status).toBe('OKOK');
    const after = await qrExamples(h);
    expect(after.get(BRONZE)).not.toContain(bronze);
    expect(after.get(SIMPLE)).not.toContain(simple);
  });
});

describe('finding 25: existing data moves into the one inventory (migration 019)', () => {
  it('the sale wins a double booking, "1" is dropped, company numbers are assigned and stay so', () => {
    const db = openDatabase(':memory:');
    migrate(
      db,
      loadMigrations().filter((m) => m.version < 19),
    );
    // a database of before: the pool, AT 39's reservations (one on a sold number, one on '1'), a company's number
    db.pragma('foreign_keys = OFF');
    db.exec(`
      INSERT INTO companies (ban, name, tin, at, status) VALUES ('100000001', 'X', '200000001', 5, 'A');
      INSERT INTO numbers (sn, ban, status, price_plan, activated_at) VALUES ('901000001', '100000001', 'N', 'P', 0);
      INSERT INTO orders (id, ban, kind, status, created_at, updated_at) VALUES (1, '100000001', 'golden', 'paid', 0, 0);
      INSERT INTO golden_pool (number, operator_code, local, category_id, price, status, seq, order_id) VALUES
        ('905550001', '90', '5550001', 122, 0, 'free', 1, NULL),
        ('905550002', '90', '5550002', 122, 0, 'sold', 2, 1),
        ('905550003', '90', '5550003', 122, 0, 'free', 3, NULL);
      INSERT INTO at39_registrations (id, user_id, status, region_id, pinfl, person, client_name, created_at,
        updated_at, status_at) VALUES
        (1, 1, 'documents', 1, 'p', '{"a":1}', 'a', 0, 0, 0), (2, 1, 'submitted', 1, 'p', '{}', 'a', 0, 0, 0),
        (3, 1, 'documents', 1, 'p', '{}', 'a', 0, 0, 0), (4, 1, 'documents', 1, 'p', '{}', 'a', 0, 0, 0);
      INSERT INTO at39_reservations (phone_number, registration_id, pinfl, ban, reserved_at) VALUES
        ('905550002', 1, 'p', '100000001', 0), ('905550003', 2, 'p', '100000001', 0),
        ('1', 3, 'p', '100000001', 0), ('907770001', 4, 'p', '100000001', 1000);
      INSERT INTO at39_kits (marked_code, iccid, sn, region_id) VALUES ('8999801999999', 'x', '907000777', 1);`);
    db.pragma('foreign_keys = ON');
    expect(
      migrate(
        db,
        loadMigrations().filter((m) => m.version <= 19),
      ),
    ).toEqual([19]);
    // and whatever came after (020 order refunds, …)
    migrate(db);
    seedGolden(db);
    const row = (n: string) =>
      db
        .prepare(
          'SELECT state, order_id, registration_id, ban, reserved_until FROM number_inventory WHERE number = ?',
        )
        .get(n);
    const held = (state: string, over: object = {}) => ({
      state,
      order_id: null,
      registration_id: null,
      ban: null,
      reserved_until: null,
      ...over,
    });
    expect(row('905550001')).toEqual(held('free'));
    expect(row('905550002')).toEqual(held('sold', { order_id: 1 }));
    expect(row('905550003')).toEqual(held('assigned', { registration_id: 2, ban: '100000001' }));
    expect(row('907770001')).toEqual(
      held('reserved', {
        registration_id: 4,
        ban: '100000001',
        reserved_until: 1000 + RESERVATION_MINUTES * MINUTE,
      }),
    );
    expect(row('901000001')).toEqual(held('assigned', { ban: '100000001' }));
    expect(row('907000777')).toEqual(held('free'));
    expect(db.prepare('SELECT COUNT(*) AS n FROM number_inventory WHERE category_id IS NULL').get()).toEqual({
      n: 0,
    });
    expect(db.prepare('SELECT confirmed_person FROM at39_registrations WHERE id = 1').get()).toEqual({
      confirmed_person: '{"a":1}',
    });
    // a number connected later is assigned; one another holder has cannot be connected
    db.prepare(
      "INSERT INTO numbers (sn, ban, status, price_plan, activated_at) VALUES ('905550001', '100000001', 'A', 'P', 0)",
    ).run();
    expect(row('905550001')).toEqual(held('assigned', { ban: '100000001' }));
    expect(() =>
      db
        .prepare(
          "INSERT INTO numbers (sn, ban, status, price_plan, activated_at) VALUES ('905550002', '100000001', 'A', 'P', 0)",
        )
        .run(),
    ).toThrow(/held by another holder/);
  });
});

describe('finding 26: AT 39 stores identity data as sent', () => {
  it('creates the registration from its own confirmation only: another surname, passport or gender is refused', async () => {
    const h = createHarness();
    const sd = await as(h, 'servicedesk');
    const { authCode, person } = await confirm(h, sd);
    for (const change of [
      { clientFioInfo: { ...person.clientFioInfo, surname: 'Boshqa' } },
      { clientPassportInfo: { ...person.clientPassportInfo, passport: 'AZ0000001' } },
      { clientPassportInfo: { ...person.clientPassportInfo, gender: 'F' } },
      { clientAddressInfo: { ...person.clientAddressInfo, street: 'Boshqa' } },
    ]) {
      const r = await create(sd, authCode, person, change);
      expect([Object.keys(change)[0], r.status]).toEqual([Object.keys(change)[0], 'E013']);
    }
    // the same code still creates one, with the service's person whatever is sent
    const ok = await create(sd, authCode, person);
    expect(ok.status).toBe('OKOK');
    const data = await regData(sd, String((ok.result as { registrationId: number }).registrationId));
    expect(data.clientFioInfo).toMatchObject({ surname: 'Karimov', name: 'Jasur' });
    expect(data.clientPassportInfo).toMatchObject({ passport: 'AA1234567', gender: 'M' });
  });

  it('a confirmation creates one registration: the next one needs a new confirmation, also two at once', async () => {
    const h = createHarness();
    const sd = await as(h, 'servicedesk');
    const first = await confirm(h, sd);
    expect((await create(sd, first.authCode, first.person)).status).toBe('OKOK');
    const again = await create(sd, first.authCode, first.person);
    expect([again.status, again.description]).toEqual(['E013', 'confirmation used']);
    // two requests with one code in flight together: exactly one registration
    const second = await confirm(h, sd);
    const race = await Promise.all([
      create(sd, second.authCode, second.person),
      create(sd, second.authCode, second.person),
      create(sd, second.authCode, second.person),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual(['E013', 'E013', 'OKOK']);
    // another staff member cannot use this staff member's confirmation
    const third = await confirm(h, sd);
    const operator = await as(h, 'operator');
    expect((await create(operator, third.authCode, third.person, {}, AT39_TOKENS.operator)).status).toBe(
      'E013',
    );
  });

  it('update-registration keeps what the service gave: name and passport refused, an empty address field may be filled', async () => {
    const h = createHarness();
    const sd = await as(h, 'servicedesk');
    const { authCode, person } = await confirm(h, sd, AT39_PEOPLE.yusupova.pinfl);
    const created = await create(sd, authCode, person);
    const registrationId = String((created.result as { registrationId: number }).registrationId);
    const update = (body: object) =>
      sd.call('PUT', 'at39/register/update-registration', { registrationId, ...body });
    expect((await update({ clientFioInfo: { surname: 'Boshqa', name: 'Dilnoza' } })).status).toBe('E013');
    expect(
      (await update({ clientPassportInfo: { ...person.clientPassportInfo, passport: 'AZ0000001' } })).status,
    ).toBe('E013');
    expect((await update({ clientAddressInfo: { regionId: 12, city: 'Buxoro' } })).status).toBe('E013');
    // Yusupova's flat number is empty at the service: the staff member fills it in
    expect((await update({ clientAddressInfo: { apartmentNumber: '12' } })).status).toBe('OKOK');
    const data = await regData(sd, registrationId);
    expect(data.clientFioInfo).toMatchObject({ surname: 'Yusupova' });
    expect(data.clientAddressInfo).toMatchObject({ city: 'Samarqand', apartmentNumber: '12' });
    expect(data.editableFields).toEqual(['apartmentNumber']);
  });
});

describe('finding 30: GET at39/get-client-card and GET at39/ban-exists change nothing', () => {
  it('the looks leave the registration as it was; update-registration saves the kit and the BAN (with the CSRF header)', async () => {
    const h = createHarness();
    const sd = await as(h, 'servicedesk');
    const { authCode, person } = await confirm(h, sd);
    const id = String(
      ((await create(sd, authCode, person)).result as { registrationId: number }).registrationId,
    );
    const card = await sd.call(
      'GET',
      `at39/get-client-card?markedCode=${AT39_KITS.firstFree}&registrationId=${id}`,
    );
    expect(card.status).toBe('OKOK');
    const exists = await sd.call('GET', `at39/ban-exists?ban=${BAN}&registrationId=${id}`);
    expect(exists.status).toBe('OKOK');
    const looked = await regData(sd, id);
    expect([looked.markedCode ?? null, looked.ban ?? null]).toEqual([null, null]);
    // the writes are a PUT: refused without the CSRF header, saved with it
    const body = { registrationId: id, markedCode: AT39_KITS.firstFree, ban: BAN };
    expect((await sd.call('PUT', 'at39/register/update-registration', body, { csrf: false })).http).toBe(403);
    expect((await sd.call('PUT', 'at39/register/update-registration', body)).status).toBe('OKOK');
    const saved = await regData(sd, id);
    expect([saved.markedCode, saved.ban]).toEqual([AT39_KITS.firstFree, BAN]);
  });
});
