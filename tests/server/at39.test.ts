/**
 * AT 39 registration on the reference backend, through the real API client in-process: the passport service
 * simulator (confirm, refuse, not found, expired, reused codes), each catalogue error of the workflow (E025, E052,
 * E091, E094, E105, E118, E121, E123, E125, E127, E128, E129), the double-reservation race, the whole registration,
 * the list, the statistics spreadsheet and who may call.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AT39_KITS, AT39_PEOPLE, AT39_TOKENS, FULL_LINE_BAN } from '../../server/db/at39-seed';
import { AT39_REFUSALS } from '../../src/domain/at39.rules';
import { ApiFailure } from '../../src/services/api/api-error';
import { type ApiClient, createApiClient } from '../../src/services/api/client';
import { tinyPdfBytes } from '../support/pdf-sample';
import { createHarness, type Harness } from './harness';

const MINUTE = 60_000;
const PDF = tinyPdfBytes();
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);

async function clientAs(h: Harness, login: string | null) {
  const agent = h.agent();
  const api = createApiClient({
    baseURL: 'http://portal.test/api/',
    fetch: agent.fetch,
    onSessionExpired: () => {},
  });
  if (login) await api.call('session.login', { body: { login, password: 'Demo-2026' } });
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

/** The demo page's JSON: the person answers on the confirmation page. */
async function answer(h: Harness, session: string, person: string, what: 'confirm' | 'refuse' = 'confirm') {
  const res = await h.demo.fetch(
    new Request(
      `http://demo.test/api/epdp/answer?session=${session}&person=${encodeURIComponent(person)}&answer=${what}`,
      { method: 'POST' },
    ),
  );
  const body = (await res.json()) as { result: { authCode: string } };
  return body.result.authCode;
}

/** Passport data of a seeded person through the simulated service, as the chart reads it (with its code). */
async function readPassport(h: Harness, api: ApiClient, person: string) {
  const { sessionId } = await api.call('at39.sessionId', {});
  const authCode = await answer(h, sessionId, person);
  return { ...(await api.call('at39.passportInfo', { query: { auth_code: authCode } })), authCode };
}

/** A registration from a fresh confirmation (the chart sends the code; the person comes from it, PRI6). */
async function newRegistration(h: Harness, api: ApiClient, pinfl: string = AT39_PEOPLE.karimov.pinfl) {
  const info = await readPassport(h, api, pinfl);
  expect(info.outcome).toBe('ok');
  const { registrationId } = await api.call('at39.createRegistration', {
    body: { token: AT39_TOKENS.servicedesk, authCode: info.authCode },
  });
  return String(registrationId);
}

/** The kit step as the chart runs it: the GET look, then update-registration saves it (finding 30). */
async function attachKit(api: ApiClient, registrationId: string, markedCode: string) {
  await api.call('at39.clientCard', { query: { markedCode, registrationId } });
  await api.call('at39.updateRegistration', { body: { registrationId, markedCode } });
}

/** The BAN step as the chart runs it: ban-exists, then update-registration saves it. */
async function attachBan(api: ApiClient, registrationId: string, ban: string) {
  await api.call('at39.banExists', { query: { ban, registrationId } });
  await api.call('at39.updateRegistration', { body: { registrationId, ban } });
}

/** A registration on its documents step: kit, BAN and a reserved number (price plan 2), as the chart walks there. */
async function registrationAtDocuments(h: Harness, api: ApiClient, kit: string, phoneNumber: string) {
  const registrationId = await newRegistration(h, api);
  await attachKit(api, registrationId, kit);
  await attachBan(api, registrationId, '100234561');
  await api.call('at39.reserveEquipment', {
    body: { regionId: 1, registrationId, phoneNumber, pricePlanId: 2 },
  });
  return registrationId;
}

describe('the passport service simulator (demo port)', () => {
  it('reads a confirmed person once: the same code again is reused', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'servicedesk');
    const { sessionId, confirmUrl } = await api.call('at39.sessionId', {});
    expect(confirmUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/epdp\/confirm\?session=/);
    const authCode = await answer(h, sessionId, AT39_PEOPLE.karimov.passport);
    const info = await api.call('at39.passportInfo', { query: { auth_code: authCode } });
    expect(info.outcome).toBe('ok');
    expect(info.clientFioInfo).toMatchObject({ surname: 'Karimov', name: 'Jasur', patronymic: 'Akmalovich' });
    expect(info.clientPassportInfo).toMatchObject({ pinfl: AT39_PEOPLE.karimov.pinfl, gender: 'M' });
    expect(info.clientAddressInfo).toMatchObject({ regionId: 1, street: 'Amir Temur', postIndex: '100084' });
    expect((await api.call('at39.passportInfo', { query: { auth_code: authCode } })).outcome).toBe('reused');
    // no passport data in the log
    expect(h.logs.join('\n')).not.toContain(AT39_PEOPLE.karimov.pinfl);
    expect(h.logs.join('\n')).not.toContain('Karimov');
  });

  it('answers refused, not found and expired codes', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'servicedesk');
    const s1 = (await api.call('at39.sessionId', {})).sessionId;
    const refused = await answer(h, s1, AT39_PEOPLE.karimov.pinfl, 'refuse');
    expect((await api.call('at39.passportInfo', { query: { auth_code: refused } })).outcome).toBe('refused');
    const s2 = (await api.call('at39.sessionId', {})).sessionId;
    const unknown = await answer(h, s2, '99999999999999');
    expect((await api.call('at39.passportInfo', { query: { auth_code: unknown } })).outcome).toBe('notFound');
    const s3 = (await api.call('at39.sessionId', {})).sessionId;
    const late = await answer(h, s3, AT39_PEOPLE.karimov.pinfl);
    h.clock.advance(6 * MINUTE);
    await api.call('session.login', { body: { login: 'servicedesk', password: 'Demo-2026' } });
    expect((await api.call('at39.passportInfo', { query: { auth_code: late } })).outcome).toBe('expired');
  });

  it('a code holds for 5 minutes to the millisecond (AT3), not one more', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'servicedesk');
    const readAfter = async (ms: number) => {
      const { sessionId } = await api.call('at39.sessionId', {});
      const authCode = await answer(h, sessionId, AT39_PEOPLE.karimov.pinfl);
      h.clock.advance(ms);
      await api.call('session.login', { body: { login: 'servicedesk', password: 'Demo-2026' } });
      return (await api.call('at39.passportInfo', { query: { auth_code: authCode } })).outcome;
    };
    expect(await readAfter(5 * MINUTE)).toBe('ok');
    expect(await readAfter(5 * MINUTE + 1)).toBe('expired');
  });

  it('refuses a mistyped code (never issued, or of another user) as a wrong code, not as an unknown person; the right code still works', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'servicedesk');
    const { sessionId } = await api.call('at39.sessionId', {});
    const right = await answer(h, sessionId, AT39_PEOPLE.karimov.pinfl);
    const typo = `${right.slice(0, 7)}${right.endsWith('Z') ? 'Y' : 'Z'}`;
    const wrong = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => (e instanceof ApiFailure ? e.error : e),
      );
    expect(await wrong(api.call('at39.passportInfo', { query: { auth_code: typo } }))).toEqual({
      kind: 'server',
      code: 'E013',
      description: AT39_REFUSALS.wrongAuthCode,
    });
    const other = await clientAs(h, 'operator');
    expect(await wrong(other.call('at39.passportInfo', { query: { auth_code: right } }))).toEqual({
      kind: 'server',
      code: 'E013',
      description: AT39_REFUSALS.wrongAuthCode,
    });
    // the mistyped tries spent nothing: the right code reads the person
    expect((await api.call('at39.passportInfo', { query: { auth_code: right } })).outcome).toBe('ok');
  });

  it('serves the confirmation page on the demo app only, never on the portal origin', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'servicedesk');
    const { sessionId } = await api.call('at39.sessionId', {});
    const page = await h.demo.fetch(new Request(`http://demo.test/epdp/confirm?session=${sessionId}`));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Подтвердить');
    const portal = await h.app.fetch(new Request(`http://portal.test/epdp/confirm?session=${sessionId}`));
    expect(portal.status).toBe(404);
    const portalApi = await h.app.fetch(
      new Request('http://portal.test/api/epdp/answer', { method: 'POST' }),
    );
    expect(portalApi.status).toBe(404);
  });

  it('is off outside demo mode (E126)', async () => {
    const h = createHarness({ config: { demoMode: false } });
    const api = await clientAs(h, 'servicedesk');
    expect(await code(api.call('at39.sessionId', {}))).toBe('E126');
  });
});

describe('the workplace token (GET at39/workplace/{token})', () => {
  it('gives the workplace and region; E127 unknown, E128 another user’s or revoked, E129 expired', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'servicedesk');
    expect(await api.call('at39.token', { params: { token: AT39_TOKENS.servicedesk } })).toEqual({
      workplaceName: 'Chilonzor savdo ofisi',
      regionId: 1,
    });
    expect(await code(api.call('at39.token', { params: { token: 'WP-NOPE-0000' } }))).toBe('E127');
    expect(await code(api.call('at39.token', { params: { token: AT39_TOKENS.operator } }))).toBe('E128');
    expect(await code(api.call('at39.token', { params: { token: AT39_TOKENS.expired } }))).toBe('E129');
    const op = await clientAs(h, 'operator');
    expect(await code(op.call('at39.token', { params: { token: AT39_TOKENS.revoked } }))).toBe('E128');
  });

  it('create-registration answers E129 when the registration time has expired, and needs a confirmed person', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'servicedesk');
    const { authCode } = await readPassport(h, api, AT39_PEOPLE.karimov.pinfl);
    expect(
      await code(api.call('at39.createRegistration', { body: { authCode, token: AT39_TOKENS.expired } })),
    ).toBe('E129');
    // a code never issued, and one that was issued but not read with passport-info
    const { sessionId } = await api.call('at39.sessionId', {});
    const unread = await answer(h, sessionId, AT39_PEOPLE.yusupova.pinfl);
    for (const c of ['ZZZZ2222', unread])
      expect(
        await code(
          api.call('at39.createRegistration', { body: { authCode: c, token: AT39_TOKENS.servicedesk } }),
        ),
      ).toBe('E013');
    // the code read above still creates one registration
    expect(
      await code(api.call('at39.createRegistration', { body: { authCode, token: AT39_TOKENS.servicedesk } })),
    ).toBe('OKOK');
  });
});

describe('the SIM kit (get-client-card, then update-registration)', () => {
  it('attaches a free kit; E091 not found or another user’s, E105 sold, E121 another region — on the look and the save', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'servicedesk');
    const registrationId = await newRegistration(h, api);
    const card = await api.call('at39.clientCard', {
      query: { markedCode: AT39_KITS.firstFree, registrationId },
    });
    expect(card).toMatchObject({ markedCode: AT39_KITS.firstFree, sn: '907000001', regionId: 1 });
    await api.call('at39.updateRegistration', { body: { registrationId, markedCode: AT39_KITS.firstFree } });
    const kit = (markedCode: string) =>
      code(api.call('at39.clientCard', { query: { markedCode, registrationId } }));
    const save = (markedCode: string) =>
      code(api.call('at39.updateRegistration', { body: { markedCode, registrationId } }));
    for (const [markedCode, expected] of [
      ['1234567890123', 'E091'],
      [AT39_KITS.otherUser, 'E091'],
      [AT39_KITS.sold, 'E105'],
      [AT39_KITS.otherRegion, 'E121'],
    ] as const) {
      expect([markedCode, await kit(markedCode), await save(markedCode)]).toEqual([
        markedCode,
        expected,
        expected,
      ]);
    }
    // a kit attached to another registration is taken
    const second = await newRegistration(h, api);
    expect(
      await code(
        api.call('at39.clientCard', { query: { markedCode: AT39_KITS.firstFree, registrationId: second } }),
      ),
    ).toBe('E105');
    expect(
      await code(
        api.call('at39.updateRegistration', {
          body: { markedCode: AT39_KITS.firstFree, registrationId: second },
        }),
      ),
    ).toBe('E105');
  });
});

describe('the account (ban-exists, price plans, reserve-equipment)', () => {
  it('E052 BAN not found, E125 the kit belongs to another BAN', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'servicedesk');
    const registrationId = await newRegistration(h, api);
    await attachKit(api, registrationId, AT39_KITS.forBan);
    expect(await code(api.call('at39.banExists', { query: { ban: '999999999', registrationId } }))).toBe(
      'E052',
    );
    expect(await code(api.call('at39.banExists', { query: { ban: '100388204', registrationId } }))).toBe(
      'E125',
    );
    for (const [ban, expected] of [
      ['999999999', 'E052'],
      ['100388204', 'E125'],
    ])
      expect(await code(api.call('at39.updateRegistration', { body: { registrationId, ban } }))).toBe(
        expected,
      );
    expect(await api.call('at39.banExists', { query: { ban: '100234561', registrationId } })).toEqual({
      exists: true,
    });
    await api.call('at39.updateRegistration', { body: { registrationId, ban: '100234561' } });
    expect((await api.call('at39.regData', { query: { registration_id: registrationId } })).ban).toBe(
      '100234561',
    );
    const plans = await api.call('at39.pricePlans', { body: { registrationId } });
    expect(plans.length).toBeGreaterThan(1);
  });

  it('E123 the line is at its connection limit, E025 the person has five numbers', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'servicedesk');
    const r1 = await newRegistration(h, api);
    await attachKit(api, r1, '8999801000002');
    await attachBan(api, r1, FULL_LINE_BAN);
    expect(
      await code(
        api.call('at39.reserveEquipment', {
          body: { regionId: 1, registrationId: r1, phoneNumber: '907000002' },
        }),
      ),
    ).toBe('E123');
    const r2 = await newRegistration(h, api, AT39_PEOPLE.toshmatov.pinfl);
    await attachKit(api, r2, '8999801000003');
    await attachBan(api, r2, '100234561');
    expect(
      await code(
        api.call('at39.reserveEquipment', {
          body: { regionId: 1, registrationId: r2, phoneNumber: '907000003' },
        }),
      ),
    ).toBe('E025');
  });

  it('a reserved number cannot be reserved twice, also by two requests at once', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'servicedesk');
    const regs: string[] = [];
    for (const kit of ['8999801000004', '8999801000005', '8999801000006']) {
      const id = await newRegistration(h, api);
      await attachKit(api, id, kit);
      await attachBan(api, id, '100234561');
      regs.push(id);
    }
    const [a, b, c] = regs as [string, string, string];
    const reserve = (registrationId: string) =>
      code(
        api.call('at39.reserveEquipment', {
          body: { regionId: 1, registrationId, phoneNumber: '907000050' },
        }),
      );
    // the race: both requests in flight together, exactly one wins
    const results = await Promise.all([reserve(a), reserve(b)]);
    expect(results.sort()).toEqual(['E013', 'OKOK']);
    // and afterwards a third still cannot take it
    expect(await reserve(c)).toBe('E013');
    const rows = h.db
      .prepare("SELECT COUNT(*) AS n FROM number_inventory WHERE number = ? AND state = 'reserved'")
      .get('907000050') as { n: number };
    expect(rows.n).toBe(1);
  });
});

describe('documents, submit, edit, list and statistics', () => {
  it('registers end to end; E118 a file of another format; the list, comments and statistics show it', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'servicedesk');
    const registrationId = await registrationAtDocuments(h, api, '8999801000007', '907000007');
    expect(
      (await api.call('at39.regDocs', { query: { reg_id: registrationId } })).map((d) => d.uploaded),
    ).toEqual([false, false]);
    // submitting before the documents: refused
    expect(await code(api.call('at39.register', { query: { registrationId } }))).toBe('E013');
    const bad = new Blob([new TextEncoder().encode('MZ not a scan')], { type: 'application/pdf' });
    expect(
      await code(
        api.upload('at39.saveDoc', {
          fields: { registration_id: registrationId, type: 'passport' },
          file: bad,
        }),
      ),
    ).toBe('E118');
    await api.upload('at39.saveDoc', {
      fields: { registration_id: registrationId, type: 'passport' },
      file: new Blob([PNG]),
      fileName: 'passport.png',
    });
    await api.upload('at39.saveDoc', {
      fields: { registration_id: registrationId, type: 'application' },
      file: new Blob([PDF]),
      fileName: 'ariza.pdf',
    });
    await api.call('at39.register', { query: { registrationId } });
    const data = await api.call('at39.regData', { query: { registration_id: registrationId } });
    expect(data).toMatchObject({ status: 'submitted', phoneNumber: '907000007', pricePlanId: 2 });
    // submitted: read-only
    expect(
      await code(
        api.call('at39.updateRegistration', {
          body: { registrationId, clientFioInfo: { surname: 'K', name: 'J' } },
        }),
      ),
    ).toBe('E094');
    const page = await api.call('at39.filter', { query: { page: 0, size: 20, q: 'Karimov' } });
    expect(page.list.map((r) => String(r.registrationId))).toContain(registrationId);
    const submitted = await api.call('at39.filter', { query: { page: 0, size: 100, status: 'submitted' } });
    expect(submitted.list.every((r) => r.status === 'submitted')).toBe(true);
    const region12 = await api.call('at39.filter', { query: { page: 0, size: 100, region: 12 } });
    expect(region12.total_count).toBe(0);
    const file = await api.download('at39.statistics', { query: {} });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.arrayBuffer());
    const sheet = wb.worksheets[0];
    expect(sheet?.getRow(1).getCell(2).value).toBe('Клиент / Mijoz');
    const ids = (sheet?.getColumn(1).values ?? []).map(String);
    expect(ids).toContain(registrationId);
  });

  it('takes a scan of 4 MB exactly and refuses one byte more with E118 (AT6), keeping the one on file', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'servicedesk');
    const registrationId = await registrationAtDocuments(h, api, '8999801000008', '907000008');
    /** A PNG of `size` bytes: the signature, then zeros (the server reads the kind from the first bytes). */
    const png = (size: number) => {
      const bytes = new Uint8Array(size);
      bytes.set(PNG.subarray(0, 8));
      return new Blob([bytes]);
    };
    const send = (size: number) =>
      code(
        api.upload('at39.saveDoc', {
          fields: { registration_id: registrationId, type: 'passport' },
          file: png(size),
          fileName: 'passport.png',
        }),
      );
    const MB4 = 4 * 1024 * 1024;
    expect(await send(MB4)).toBe('OKOK');
    expect(await send(MB4 + 1)).toBe('E118');
    const docs = await api.call('at39.regDocs', { query: { reg_id: registrationId } });
    expect(docs.map((d) => [d.type, d.uploaded])).toEqual([
      ['passport', true],
      ['application', false],
    ]);
    const stored = h.db
      .prepare('SELECT length(file_bytes) AS n FROM at39_scans WHERE registration_id = ?')
      .all(Number(registrationId)) as { n: number }[];
    expect(stored).toEqual([{ n: MB4 }]);
  });

  it('edits a rejected registration back into work; comments list the back office’s words', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'servicedesk');
    const rejected = (await api.call('at39.filter', { query: { page: 0, size: 5, status: 'rejected' } }))
      .list[0];
    expect(rejected).toBeDefined();
    const registrationId = String(rejected?.registrationId);
    const { comments } = await api.call('at39.comment', { query: { registrationId } });
    expect(comments?.[0]?.text).toContain('qayta yuklang');
    await api.call('at39.updateRegistration', {
      // the street the passport service left empty may be filled in; the region it gave stays (PRI7)
      body: { registrationId, clientAddressInfo: { street: 'Navoiy' } },
    });
    const data = await api.call('at39.regData', { query: { registration_id: registrationId } });
    expect(data.status).toBe('documents');
    expect(data.clientAddressInfo?.street).toBe('Navoiy');
  });
});

describe('who may call', () => {
  it('E094 for another user’s registration, on every call that names one', async () => {
    const h = createHarness();
    const sd = await clientAs(h, 'servicedesk');
    const registrationId = await newRegistration(h, sd);
    const op = await clientAs(h, 'operator');
    const calls: Promise<unknown>[] = [
      op.call('at39.regData', { query: { registration_id: registrationId } }),
      op.call('at39.comment', { query: { registrationId } }),
      op.call('at39.regDocs', { query: { reg_id: registrationId } }),
      op.call('at39.banExists', { query: { ban: '100234561', registrationId } }),
      op.call('at39.pricePlans', { body: { registrationId } }),
      op.call('at39.reserveEquipment', { body: { regionId: 1, registrationId, phoneNumber: '907000010' } }),
      op.call('at39.register', { query: { registrationId } }),
      op.call('at39.updateRegistration', {
        body: { registrationId, clientFioInfo: { surname: 'X', name: 'Y' } },
      }),
      op.upload('at39.saveDoc', { fields: { registration_id: registrationId }, file: new Blob([PDF]) }),
      sd.call('at39.regData', { query: { registration_id: '987654' } }),
    ];
    expect(await Promise.all(calls.map(code))).toEqual(Array(calls.length).fill('E094'));
    // another user's registrations are not in one's list
    const list = await op.call('at39.filter', { query: { page: 0, size: 100 } });
    expect(list.list.map((r) => String(r.registrationId))).not.toContain(registrationId);
  });

  it('refuses the roles without the AT39 entry (E005) and anyone while a BAN is selected', async () => {
    const h = createHarness();
    for (const login of ['okk', 'admin', 'curator']) {
      const api = await clientAs(h, login);
      expect([login, await code(api.call('at39.filter', { query: { page: 0, size: 20 } }))]).toEqual([
        login,
        'E005',
      ]);
    }
    const seller = await clientAs(h, 'seller');
    expect(await code(seller.call('at39.filter', { query: { page: 0, size: 20 } }))).toBe('OKOK');
  });

  it('refuses every AT 39 call while the staff member views a client BAN (spec 6 "hidden when a BAN is selected")', async () => {
    const h = createHarness();
    const agent = h.agent();
    await agent.login('servicedesk');
    expect((await agent.call('GET', 'at39/register/filter?page=0&size=20')).status).toBe('OKOK');
    expect((await agent.call('POST', 'user/impersonate', { ban: '100234561' })).status).toBe('OKOK');
    expect((await agent.call('GET', 'at39/register/filter?page=0&size=20')).status).toBe('E005');
    expect((await agent.call('GET', 'v1/epdp/get-session-id')).status).toBe('E005');
    await agent.call('POST', 'user/back-to-head');
    expect((await agent.call('GET', 'at39/register/filter?page=0&size=20')).status).toBe('OKOK');
  });
});

describe('the registrations list filters by Tashkent days (TZ1)', () => {
  it('"dt1" starts at 00:00 in Tashkent (19:00 UTC the day before), "dt2" is included whole', async () => {
    // a session that outlives the hours the clock moves through
    const h = createHarness({ config: { sessionIdleMinutes: 48 * 60, sessionMaxHours: 48 } });
    h.clock.set(Date.parse('2026-11-28T18:00:00Z'));
    const api = await clientAs(h, 'servicedesk');
    const at = async (iso: string) => {
      h.clock.set(Date.parse(iso));
      return newRegistration(h, api, AT39_PEOPLE.karimov.pinfl);
    };
    const lateOn28th = await at('2026-11-28T18:59:00Z'); // 23:59 on the 28th in Tashkent
    const eveningUtc = await at('2026-11-28T20:30:00Z'); // 01:30 on the 29th in Tashkent
    const ids = async (dt1: string, dt2: string) =>
      (await api.call('at39.filter', { query: { page: 0, size: 100, dt1, dt2 } })).list
        .map((r) => String(r.registrationId))
        .filter((id) => id === lateOn28th || id === eveningUtc);

    expect(await ids('2026-11-28', '2026-11-28')).toEqual([lateOn28th]);
    expect(await ids('2026-11-29', '2026-11-29')).toEqual([eveningUtc]);
    expect((await ids('2026-11-28', '2026-11-29')).sort()).toEqual([lateOn28th, eveningUtc].sort());
  });
});
