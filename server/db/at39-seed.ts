import { PRICE_PLANS } from '../../src/domain/price-plans.rules';
import { createInventoryStore, reservationDeadline } from '../store/inventory.store';
import type { Db } from './database';
import { createRng } from './prng';
import { FEMALE_NAMES, MALE_NAMES, SURNAMES } from './seed-data';

/**
 * AT 39 demo data (docs/decisions.md AT8): the people the simulated passport service knows, the staff members'
 * workplace tokens, SIM kits for every error of the kit step, a corporate account at its connection limit, a person
 * with five numbers, and registrations in every status for the list. Its own PRNG stream, so it never changes the
 * rest of the demo data.
 */
const AT39_SEED = 20_261_124;
const DAY = 86_400_000;
const YEAR = 365 * DAY;

/** The tariffs get-price-plans offers: the one catalogue's ids and prices (NC17), the Uzbek brand name on the wire. */
export const AT39_PRICE_PLANS = [
  { ...PRICE_PLANS.bizStart, name: 'Biznes Start' },
  { ...PRICE_PLANS.bizPro, name: 'Biznes Pro' },
  { ...PRICE_PLANS.corp25, name: 'Korporativ 25' },
  { ...PRICE_PLANS.corpUnlimited, name: 'Korporativ Cheksiz' },
] as const;

/** Default connection limit of a corporate account (E123 once reached). */
export const DEFAULT_LINE_LIMIT = 500;

/** The fixed people of the passport service; tests and the demo name them. */
export const AT39_PEOPLE = {
  /** the browser tests register this person end to end (region 1, Toshkent shahri) */
  karimov: {
    pinfl: '31203901234567',
    surname: 'Karimov',
    name: 'Jasur',
    patronymic: 'Akmalovich',
    gender: 'M',
    birthDate: '1990-03-12',
    passport: 'AA1234567',
    issuedBy: 'Toshkent shahar IIBB',
    issuedDate: '2019-05-20',
    regionId: 1,
    city: 'Toshkent',
    street: 'Amir Temur',
    district: 'Yunusobod',
    houseNumber: '15',
    apartmentNumber: '42',
    postIndex: '100084',
  },
  yusupova: {
    pinfl: '41506881234561',
    surname: 'Yusupova',
    name: 'Dilnoza',
    patronymic: 'Rustamovna',
    gender: 'F',
    birthDate: '1988-06-15',
    passport: 'AB7654321',
    issuedBy: 'Samarqand viloyati IIB',
    issuedDate: '2020-02-11',
    regionId: 12,
    city: 'Samarqand',
    street: 'Registon',
    district: 'Markaz',
    houseNumber: '3',
    apartmentNumber: '',
    postIndex: '140100',
  },
  /** already has five numbers: reserving a sixth answers E025 */
  toshmatov: {
    pinfl: '30101751234569',
    surname: 'Toshmatov',
    name: 'Bekzod',
    patronymic: 'Olimovich',
    gender: 'M',
    birthDate: '1975-01-01',
    passport: 'AC1112223',
    issuedBy: 'Toshkent shahar IIBB',
    issuedDate: '2015-09-01',
    regionId: 1,
    city: 'Toshkent',
    street: 'Bobur',
    district: 'Mirobod',
    houseNumber: '8',
    apartmentNumber: '7',
    postIndex: '100015',
  },
} as const;

/** Workplace tokens (spec 7 GET {token}); the README's demo table lists the servicedesk one. */
export const AT39_TOKENS = {
  servicedesk: 'WP-SD-TASHKENT-01',
  operator: 'WP-OP-SAMARQAND-01',
  /** the servicedesk's old token, past its registration period: E129 */
  expired: 'WP-SD-TASHKENT-2025',
  /** revoked: E128 */
  revoked: 'WP-OP-REVOKED-01',
} as const;

/** Kit marked codes the tests and the demo name (13 digits). */
export const AT39_KITS = {
  /** the first free kit of the servicedesk in region 1; free ones follow (…0002, …0003, …) */
  firstFree: '8999801000001',
  /** sold already: E105 */
  sold: '8999802000001',
  /** held by the servicedesk but of region 12: E121 for a Tashkent registration */
  otherRegion: '8999803000001',
  /** held by the operator: E091 for the servicedesk */
  otherUser: '8999804000001',
  /** issued for BAN 100234561: ban-exists with another BAN answers E125 */
  forBan: '8999805000001',
} as const;

/** Free kits of the servicedesk in region 1. */
export const FREE_KITS = 60;
/** A corporate account at its connection limit (E123). */
export const FULL_LINE_BAN = '100388204';

export function isAt39Seeded(db: Db): boolean {
  return db.prepare('SELECT 1 FROM at39_people LIMIT 1').get() !== undefined;
}

const STATUSES = ['draft', 'documents', 'submitted', 'registered', 'rejected'] as const;

/** Seeds the AT 39 data once (nothing when already there). */
export function seedAt39(db: Db, now: number): void {
  if (isAt39Seeded(db)) return;
  const userId = (login: string) =>
    (db.prepare('SELECT id FROM users WHERE login = ?').get(login) as { id: number } | undefined)?.id;
  const sd = userId('servicedesk');
  const op = userId('operator');
  if (sd === undefined || op === undefined) return;
  const rng = createRng(AT39_SEED);
  const insPerson = db.prepare(`INSERT INTO at39_people (pinfl, surname, name, patronymic, gender, birth_date,
    passport, issued_by, issued_date, region_id, city, street, district, house_number, apartment_number, post_index)
    VALUES (@pinfl, @surname, @name, @patronymic, @gender, @birthDate, @passport, @issuedBy, @issuedDate, @regionId,
    @city, @street, @district, @houseNumber, @apartmentNumber, @postIndex)`);
  const people: (typeof AT39_PEOPLE)[keyof typeof AT39_PEOPLE][] = Object.values(AT39_PEOPLE);
  for (const p of people) insPerson.run(p);
  const generated: Record<string, string | number>[] = [];
  for (let i = 0; i < 40; i++) {
    const female = rng.chance(0.45);
    const p = {
      pinfl: `5${String(10_000_000_000_000 + i * 7919).slice(1)}`,
      surname: `${rng.pick(SURNAMES)}${female ? 'a' : ''}`,
      name: female ? rng.pick(FEMALE_NAMES) : rng.pick(MALE_NAMES),
      patronymic: '',
      gender: female ? 'F' : 'M',
      birthDate: `19${70 + (i % 30)}-0${1 + (i % 9)}-1${i % 10}`,
      passport: `AD${String(1_000_000 + i * 131).padStart(7, '0')}`,
      issuedBy: 'IIB',
      issuedDate: '2018-01-10',
      regionId: 1 + (i % 14),
      city: '',
      street: '',
      district: '',
      houseNumber: '',
      apartmentNumber: '',
      postIndex: '',
    };
    insPerson.run(p);
    generated.push(p);
  }

  const insToken = db.prepare(
    'INSERT INTO at39_tokens (token, user_id, workplace_name, region_id, revoked, valid_until) VALUES (?, ?, ?, ?, ?, ?)',
  );
  insToken.run(AT39_TOKENS.servicedesk, sd, 'Chilonzor savdo ofisi', 1, 0, now + 10 * YEAR);
  insToken.run(AT39_TOKENS.operator, op, 'Samarqand markaziy ofis', 12, 0, now + 10 * YEAR);
  insToken.run(AT39_TOKENS.expired, sd, 'Chilonzor savdo ofisi', 1, 0, now - 30 * DAY);
  insToken.run(AT39_TOKENS.revoked, op, 'Samarqand markaziy ofis', 12, 1, now + YEAR);

  const insKit = db.prepare(
    'INSERT INTO at39_kits (marked_code, iccid, sn, region_id, holder_user_id, ban, sold) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  // a kit's number is a number of the one inventory, free until someone takes it (PRI1)
  const inventory = createInventoryStore(db);
  const kit = (code: string, sn: string, region: number, holder: number, ban: string | null, sold = 0) => {
    insKit.run(code, `899980${code.slice(-13)}`, sn, region, holder, ban, sold);
    inventory.addFree([{ number: sn }]);
  };
  for (let i = 1; i <= FREE_KITS; i++)
    kit(`8999801${String(i).padStart(6, '0')}`, `9070${String(i).padStart(5, '0')}`, 1, sd, null);
  kit(AT39_KITS.sold, '907100001', 1, sd, null, 1);
  kit(AT39_KITS.otherRegion, '907100002', 12, sd, null);
  kit(AT39_KITS.otherUser, '907100003', 1, op, null);
  kit(AT39_KITS.forBan, '907100004', 1, sd, '100234561');
  for (let i = 1; i <= 20; i++)
    kit(`8999806${String(i).padStart(6, '0')}`, `9072${String(i).padStart(5, '0')}`, 12, op, null);
  // the seeded registrations' kits (sold ones for submitted/registered registrations)
  db.prepare('INSERT INTO at39_line_limits (ban, max_connections) VALUES (?, ?)').run(FULL_LINE_BAN, 0);

  const insReg =
    db.prepare(`INSERT INTO at39_registrations (user_id, status, workplace_name, region_id, pinfl,
    person, confirmed_person, client_name, marked_code, ban, price_plan_id, created_at, updated_at, status_at)
    VALUES (@userId, @status, @workplace, @regionId, @pinfl, @person, @person, @clientName, NULL, @ban, @plan, @at,
    @at, @at)`);
  const insComment = db.prepare(
    'INSERT INTO at39_comments (registration_id, author, text, created_at) VALUES (?, ?, ?, ?)',
  );
  const personJson = (p: Record<string, string | number>) =>
    JSON.stringify({
      clientFioInfo: { surname: p.surname, name: p.name, patronymic: p.patronymic || undefined },
      clientAddressInfo: { regionId: p.regionId, city: p.city || undefined, street: p.street || undefined },
      clientPassportInfo: {
        pinfl: p.pinfl,
        gender: p.gender,
        birthDate: p.birthDate,
        passport: p.passport,
        issuedBy: p.issuedBy,
        issuedDate: p.issuedDate,
      },
    });
  let phone = 907300000;
  const register = (
    owner: number,
    p: Record<string, string | number>,
    status: (typeof STATUSES)[number],
    at: number,
    regionId: number,
  ) => {
    const id = Number(
      insReg.run({
        userId: owner,
        status,
        workplace: owner === sd ? 'Chilonzor savdo ofisi' : 'Samarqand markaziy ofis',
        regionId,
        pinfl: p.pinfl,
        person: personJson(p),
        clientName: `${p.surname} ${p.name}`,
        ban: status === 'draft' ? null : '100234561',
        plan: status === 'draft' ? null : 1,
        at,
      }).lastInsertRowid,
    );
    // its number from the inventory: an unfinished one holds it reserved (from the seed's time, PRI2), the others
    // assigned
    if (status !== 'draft') {
      const sn = String(++phone);
      inventory.addFree([{ number: sn }]);
      inventory.take(sn, {
        state: 'reserved',
        registrationId: id,
        ban: '100234561',
        until: reservationDeadline(now),
      });
      if (status !== 'documents') inventory.assignRegistration(id, '100234561');
    }
    if (status === 'rejected')
      insComment.run(id, 'backoffice', 'Pasport nusxasi oʻqilmaydi, qayta yuklang.', at + DAY / 2);
    if (status === 'submitted' || status === 'registered')
      insComment.run(id, 'backoffice', 'Qabul qilindi.', at + DAY / 4);
    return id;
  };
  // the person with five numbers (E025 on a sixth)
  for (let i = 0; i < 5; i++)
    register(
      sd,
      AT39_PEOPLE.toshmatov as unknown as Record<string, string>,
      'registered',
      now - (60 - i) * DAY,
      1,
    );
  generated.forEach((p, i) => {
    const owner = i % 4 === 3 ? op : sd;
    register(
      owner,
      p,
      STATUSES[i % STATUSES.length] ?? 'draft',
      now - (i + 1) * DAY * 1.5,
      owner === sd ? 1 : 12,
    );
  });
}
