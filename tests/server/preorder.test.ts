import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applicationDocument, keyProofDocument } from '@/domain/preregistration-signing.rules';
import { signingDocumentText } from '@/domain/signing-document.rules';
import { type DemoKeyMaterial, loadOrCreateCa, loadOrCreateDemoKeyMaterial } from '../../server/eimzo/ca';
import { createSignedData } from '../../server/eimzo/cms';
import { DEMO_KEYS, DEMO_PROSPECT_TINS } from '../../server/eimzo/demo-keys';
import { MAIN_KEY, tempDir, UNKNOWN_TIN_KEY } from '../support/eimzo';
import { type Agent, createHarness, type Harness } from './harness';

/**
 * The public onboarding on the reference backend (the onboarding requirements, NC3-NC9): what is public, what needs the proved key,
 * and the signed pre-order create (CA, TIN match, replay).
 */

const PROSPECT_KEY = DEMO_KEYS.find((k) => k.serialNumber === '7a3c0009');
if (!PROSPECT_KEY) throw new Error('no prospect key');
const TIN = DEMO_PROSPECT_TINS.registers;
const data = tempDir('preorder-');
let prospect: DemoKeyMaterial;
let main: DemoKeyMaterial;
let person: DemoKeyMaterial;

beforeAll(() => {
  const ca = loadOrCreateCa(data.dir);
  const keys = loadOrCreateDemoKeyMaterial(ca, [PROSPECT_KEY, MAIN_KEY, UNKNOWN_TIN_KEY]);
  prospect = keys.get(PROSPECT_KEY.serialNumber) as DemoKeyMaterial;
  main = keys.get(MAIN_KEY.serialNumber) as DemoKeyMaterial;
  person = keys.get(UNKNOWN_TIN_KEY.serialNumber) as DemoKeyMaterial;
});
afterAll(() => data.remove());

let h: Harness;
let visitor: Agent;
beforeEach(() => {
  h = createHarness({ config: { eimzoDataDir: data.dir } });
  visitor = h.agent();
});

const sign = (text: string, key: DemoKeyMaterial) =>
  createSignedData(Buffer.from(text, 'utf8'), key, { signingTime: new Date(h.clock.now()) }).der.toString(
    'base64',
  );

/** Asks a challenge for `draft` and signs with `key` what the wizard signs: the key proof of step one (its TIN) or
 *  the application (its text in `lang`), each its own action (NC22). */
async function signDraft(
  draft: { user: { tin: string } & Record<string, unknown> } & Record<string, unknown>,
  key: DemoKeyMaterial,
  action: 'key-proof' | 'preregister' = 'preregister',
  lang: 'ru' | 'uz' = 'ru',
): Promise<string> {
  const r = await visitor.call('POST', 'online-sales/pre-order/signing-challenge', { draft, action });
  expect(r.status).toBe('OKOK');
  const { challenge, draftHash } = r.result as { challenge: string; draftHash: string };
  const doc =
    action === 'key-proof'
      ? keyProofDocument(draft.user.tin, draftHash, challenge)
      : applicationDocument(draft, lang, draftHash, challenge);
  return sign(signingDocumentText(doc), key);
}

async function prove(tin: string, key: DemoKeyMaterial) {
  const pcs7 = await signDraft({ user: { tin } }, key, 'key-proof');
  return visitor.call('POST', 'online-sales/pre-order/prove', { tin, pcs7 });
}

const draftOf = (tin: string, login = 'buxorotech') => ({
  user: { city: 'BHK', key: '7a3c0009', name: 'Buxoro Yangi Texnologiyalar MChJ', tin, oked: '62010' },
  business: { address: 'Buxoro sh.', phone: '998652001122' },
  bank: { bankName: 'Hamkorbank', bankAccount: '20208000905512345001', mfo: '00083' },
  contactFace: {
    lastName: 'Rahimova',
    name: 'Dilnoza',
    doljnost: 'direktor',
    birthDay: '1985-04-12',
    passport: 'AB1234567',
    email: 'info@buxorotech.uz',
    phone: '998901112233',
  },
  account: { login },
  info: { connectType: 1 },
  licenceAccepted: true,
});

async function create(
  draft: { user: { tin: string } & Record<string, unknown> } & Record<string, unknown>,
  key: DemoKeyMaterial,
) {
  const pkcs7 = await signDraft(draft, key);
  return { pkcs7, reply: await visitor.call('POST', 'pre-order/create', { ...draft, pkcs7 }) };
}

describe('public calls', () => {
  it('cities, agents, the catalogue and the QR categories answer without a session', async () => {
    const cities = await visitor.call('GET', 'pre-order/market-codes');
    expect((cities.result as { code: string }[]).map((c) => c.code)).toContain('BHK');
    expect((await visitor.call('GET', 'online-sales/pre-order/agents')).status).toBe('OKOK');
    const services = (await visitor.call('GET', 'online-sales/pre-order/services')).result as {
      numberCategories: unknown[];
    };
    expect(services.numberCategories.length).toBeGreaterThan(0);
    const qr = (await visitor.call('GET', 'golden-number/categories/qr')).result as {
      categories: { id: number; examples: string[] }[];
    };
    expect(qr.categories.map((c) => c.id)).toEqual([122, 192, 153, 152, 79]);
    for (const c of qr.categories) expect(c.examples.length).toBeGreaterThanOrEqual(3);
  });

  it('check-login says whether a login is free', async () => {
    const taken = await visitor.call('GET', 'online-sales/pre-order/check-login?userName=curator');
    const free = await visitor.call('GET', 'online-sales/pre-order/check-login?userName=buxorotech');
    expect(taken.result).toEqual({ free: false });
    expect(free.result).toEqual({ free: true });
  });
});

describe('the company data, BANs and status need the proved key (NC3)', () => {
  it('are refused for a typed TIN without a proof', async () => {
    for (const path of [
      `online-sales/pre-order/company?inn=${TIN}&proof=${'x'.repeat(32)}`,
      `online-sales/pre-order/banList?inn=302145876&marketCode=TAS`,
      `online-sales/pre-order/status?inn=302145876&market-code=TAS`,
    ]) {
      expect((await visitor.call('GET', path)).status).toBe('E094');
    }
  });

  it("a person's key (a UID, no INN) proves no company: E026, even for its own UID (spec 5 noTin)", async () => {
    const r = await prove(UNKNOWN_TIN_KEY.uid as string, person);
    expect(r.status).toBe('E026');
    expect(r.description).toBe('noCompanyInn');
  });

  it('a key of another TIN proves nothing (certificate TIN ≠ tin)', async () => {
    const r = await prove(TIN, main);
    expect(r.status).toBe('E094');
    expect(r.description).toBe('tinMismatch');
  });

  it('a proof opens the data of its own TIN only, and cannot be made twice from one signature', async () => {
    const pcs7 = await signDraft({ user: { tin: TIN } }, prospect, 'key-proof');
    const r = await visitor.call('POST', 'online-sales/pre-order/prove', { tin: TIN, pcs7 });
    expect(r.status).toBe('OKOK');
    const { proof } = r.result as { proof: string };
    const company = await visitor.call('GET', `online-sales/pre-order/company?inn=${TIN}&proof=${proof}`);
    expect(company.result).toMatchObject({
      CompanyName: 'Buxoro Yangi Texnologiyalar MChJ',
      CompanyInn: TIN,
    });
    const status = await visitor.call(
      'GET',
      `online-sales/pre-order/status?inn=${TIN}&market-code=BHK&proof=${proof}`,
    );
    expect(status.result).toMatchObject({ esfKey: TIN, status: null });
    const bans = await visitor.call(
      'GET',
      `online-sales/pre-order/banList?inn=${TIN}&marketCode=BHK&proof=${proof}`,
    );
    expect(bans.result).toEqual([]);
    const other = await visitor.call('GET', `online-sales/pre-order/company?inn=302145876&proof=${proof}`);
    expect(other.status).toBe('E094');
    const replay = await visitor.call('POST', 'online-sales/pre-order/prove', { tin: TIN, pcs7 });
    expect(replay.status).toBe('E094');
    expect(replay.description).toBe('challengeUsedOrUnknown');
  });

  it('a TIN not starting with 2 or 3 is E026', async () => {
    const r = await prove(DEMO_PROSPECT_TINS.refused, prospect);
    expect(r.status).toBe('E026');
  });
});

describe('pre-order/create (NC5)', () => {
  const preorders = () => (h.db.prepare('SELECT COUNT(*) AS n FROM preorders').get() as { n: number }).n;

  it('creates the pre-order and its signed application in both languages, in the one documents table', async () => {
    const { reply } = await create(draftOf(TIN), prospect);
    expect(reply.status).toBe('OKOK');
    const { id, status } = reply.result as { id: number; status: string };
    expect(status).toBe('new');
    const docs = h.db
      .prepare('SELECT lang, document_type FROM documents WHERE registration_ref = ? ORDER BY lang')
      .all(`preorder:${id}`);
    expect(docs).toEqual([
      { lang: 'ru', document_type: 1 },
      { lang: 'uz', document_type: 1 },
    ]);
    const login = await visitor.call('GET', 'online-sales/pre-order/check-login?userName=BuxoroTech');
    expect(login.result).toEqual({ free: false });
    expect(h.logs.join('\n')).not.toContain('AB1234567');
  });

  it('refuses a signature by a key of another TIN', async () => {
    const { reply } = await create(draftOf(TIN), main);
    expect(reply.status).toBe('E094');
    expect(reply.description).toBe('tinMismatch');
    expect(preorders()).toBe(0);
  });

  it("refuses step one's key proof in place of the application (E094, another action: NC22)", async () => {
    const draft = draftOf(TIN);
    const pkcs7 = await signDraft(draft, prospect, 'key-proof');
    const r = await visitor.call('POST', 'pre-order/create', { ...draft, pkcs7 });
    expect(r.status).toBe('E094');
    expect(r.description).toBe('otherAction');
    // the same draft signed as the application goes through
    expect((await create(draft, prospect)).reply.status).toBe('OKOK');
  });

  it('refuses an unsigned application and one whose draft changed after signing', async () => {
    const unsigned = await visitor.call('POST', 'pre-order/create', draftOf(TIN));
    expect(unsigned.status).toBe('E094');
    const pkcs7 = await signDraft(draftOf(TIN), prospect);
    const changed = await visitor.call('POST', 'pre-order/create', { ...draftOf(TIN, 'other'), pkcs7 });
    expect(changed.status).toBe('E094');
    expect(changed.description).toBe('otherDocument');
    expect(preorders()).toBe(0);
  });

  it('refuses a replay of the same signed application', async () => {
    const { pkcs7, reply } = await create(draftOf(TIN), prospect);
    expect(reply.status).toBe('OKOK');
    // even once the first pre-order is gone, the same signature does not create another
    h.db.prepare("UPDATE preorders SET status = 'rejected', login = 'gone'").run();
    const again = await visitor.call('POST', 'pre-order/create', { ...draftOf(TIN), pkcs7 });
    expect(again.status).toBe('E094');
    expect(again.description).toBe('challengeUsedOrUnknown');
    expect(preorders()).toBe(1);
  });

  it('E004 for a company that is a client already or has a pre-order, E026 for its TIN type', async () => {
    expect((await create(draftOf('302145876'), main)).reply.status).toBe('E004');
    expect((await create(draftOf(TIN), prospect)).reply.status).toBe('OKOK');
    expect((await create(draftOf(TIN, 'second'), prospect)).reply.status).toBe('E004');
    expect((await create(draftOf(DEMO_PROSPECT_TINS.refused), prospect)).reply.status).toBe('E026');
  });
});

describe('one application per TIN in every city (NC25)', () => {
  it("step one's status answers an open pre-order of the TIN in another city, with its city, as create refuses it", async () => {
    expect((await create(draftOf(TIN), prospect)).reply.status).toBe('OKOK');
    const { proof } = (await prove(TIN, prospect)).result as { proof: string };
    const statusIn = (city: string) =>
      visitor.call('GET', `online-sales/pre-order/status?inn=${TIN}&market-code=${city}&proof=${proof}`);
    expect((await statusIn('TAS')).result).toMatchObject({ city: 'BHK', esfKey: TIN, status: 'new' });
    expect(
      (await create({ ...draftOf(TIN, 'other'), user: { ...draftOf(TIN).user, city: 'TAS' } }, prospect))
        .reply.status,
    ).toBe('E004');
    // a rejected pre-order refuses nothing: the asked city's own answer comes back, and create is open again
    h.db.prepare("UPDATE preorders SET status = 'rejected'").run();
    expect((await statusIn('TAS')).result).toMatchObject({ city: 'TAS', status: null });
    expect((await statusIn('BHK')).result).toMatchObject({ city: 'BHK', status: 'rejected' });
    expect((await create(draftOf(TIN, 'third'), prospect)).reply.status).toBe('OKOK');
  });
});

describe('staff see the created pre-orders (NC8)', () => {
  it('with their status; a client and a visitor are refused', async () => {
    expect((await create(draftOf(TIN), prospect)).reply.status).toBe('OKOK');
    const operator = h.agent();
    expect((await operator.login('operator')).status).toBe('OKOK');
    const list = await operator.call('GET', 'pre-order/list?page=1');
    expect(list.result).toMatchObject({
      total: 1,
      rows: [{ tin: TIN, login: 'buxorotech', status: 'new', marketCode: 'BHK' }],
    });
    const curator = h.agent();
    await curator.login('curator');
    expect((await curator.call('GET', 'pre-order/list?page=1')).status).toBe('E005');
    expect((await visitor.call('GET', 'pre-order/list?page=1')).status).toBe('E009');
  });
});

describe('the staff list is paged (NC13)', () => {
  it('20 a page, newest first; the total counts them all; a page past the last is empty', async () => {
    const insert = h.db.prepare(
      `INSERT INTO preorders (tin, market_code, company_name, login, email, connect_type, agent_name, status,
        phone_reserved, key_serial, data, pkcs7, created_at)
       VALUES (?, 'BHK', ?, ?, 'a@b.uz', 1, NULL, 'new', 0, '7a3c0009', '{}', '', ?)`,
    );
    for (let i = 1; i <= 23; i++)
      insert.run(String(300_000_000 + i), `Company ${i}`, `company${i}`, h.clock.now() + i);
    const operator = h.agent();
    await operator.login('operator');
    const page = async (n: number) =>
      (await operator.call('GET', `pre-order/list?page=${n}`)).result as {
        total: number;
        rows: { login: string }[];
      };
    const first = await page(1);
    expect(first.total).toBe(23);
    expect(first.rows.map((r) => r.login)).toEqual(Array.from({ length: 20 }, (_, i) => `company${23 - i}`));
    const second = await page(2);
    expect(second.total).toBe(23);
    expect(second.rows.map((r) => r.login)).toEqual(['company3', 'company2', 'company1']);
    expect((await page(3)).rows).toEqual([]);
    expect((await operator.call('GET', 'pre-order/list?page=0')).status).toBe('E101');
  });
});

describe('staff move a pre-order along its statuses (NC12)', () => {
  it('new → review keeps the reservation, → registered releases it; a forbidden or stale move is E101', async () => {
    const created = await create(
      { ...draftOf(TIN), orders: [{ kolvo: 2, category: 192, tariff: 1, services: [] }] },
      prospect,
    );
    expect(created.reply.status).toBe('OKOK');
    const operator = h.agent();
    await operator.login('operator');
    const [row] = (
      (await operator.call('GET', 'pre-order/list?page=1')).result as {
        rows: { id: number; phoneReserved: boolean }[];
      }
    ).rows;
    const id = String(row?.id);
    const reserved = row?.phoneReserved ?? false;
    expect(reserved).toBe(true);
    // spec 4: registered straight from new is not a move staff make (it is reviewed first)
    expect((await operator.call('POST', `pre-order/${id}/status`, { status: 'registered' })).status).toBe(
      'E101',
    );
    const review = await operator.call('POST', `pre-order/${id}/status`, { status: 'review' });
    expect(review.result).toEqual({ id: Number(id), status: 'review', phoneReserved: reserved });
    const registered = await operator.call('POST', `pre-order/${id}/status`, { status: 'registered' });
    expect(registered.result).toEqual({ id: Number(id), status: 'registered', phoneReserved: false });
    // final: nothing moves it any more, and the list says so
    expect((await operator.call('POST', `pre-order/${id}/status`, { status: 'rejected' })).status).toBe(
      'E101',
    );
    const list = await operator.call('GET', 'pre-order/list?page=1');
    expect(list.result).toMatchObject({ rows: [{ status: 'registered', phoneReserved: false }] });
    expect((await operator.call('POST', 'pre-order/999999/status', { status: 'review' })).status).toBe(
      'E013',
    );
  });

  it('a client is refused (E005), a visitor has no session (E009)', async () => {
    expect((await create(draftOf(TIN), prospect)).reply.status).toBe('OKOK');
    const curator = h.agent();
    await curator.login('curator');
    expect((await curator.call('POST', 'pre-order/1/status', { status: 'review' })).status).toBe('E005');
    expect((await visitor.call('POST', 'pre-order/1/status', { status: 'review' })).status).toBe('E009');
  });
});
