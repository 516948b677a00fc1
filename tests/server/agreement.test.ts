/**
 * Contract registration on the reference backend, through the real API client in-process: the agreement and the
 * additional agreement for contact-person access as rows of the one documents table, their PDFs (text extracted)
 * holding every template section and the form's values in the language of the document, login uniqueness, the
 * server's validation, and who may call.
 */
import { describe, expect, it } from 'vitest';
import { templateSections } from '../../server/agreement/contract-text';
import { documentsOfRegistration } from '../../server/store/documents.store';
import type { AgreementForm } from '../../src/domain/agreement.rules';
import { ApiFailure } from '../../src/services/api/api-error';
import { createApiClient } from '../../src/services/api/client';
import { validForm } from '../machines/agreement.payloads';
import { createHarness, type Harness } from './harness';
import { pdfText } from './pdf-text';

async function clientAs(h: Harness, login: string | null) {
  const agent = h.agent();
  const api = createApiClient({
    baseURL: 'http://portal.test/api/',
    fetch: agent.fetch,
    onSessionExpired: () => {},
  });
  if (login) await api.call('session.login', { body: { login, password: 'Demo-2026' } });
  return { api, agent };
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

const noAccess: AgreementForm = {
  ...validForm,
  login: 'toshkent.ulgurji',
  name: 'Тошкент Улгуржи Савдо ООО',
  tin: '207334455',
  contacts: [{ ...validForm.contacts[1], access: false } as AgreementForm['contacts'][number]],
};

async function pdfOf(api: Awaited<ReturnType<typeof clientAs>>['api'], docId: number): Promise<string> {
  const blob = await api.download('agreement.document', { query: { docId } });
  const bytes = new Uint8Array(await blob.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  return pdfText(bytes);
}

describe('agreement/register: the agreement and its documents', () => {
  it('creates the agreement (type 1) and the additional agreement, each in Russian and Uzbek', async () => {
    const h = createHarness();
    const { api } = await clientAs(h, 'seller');
    const reply = await api.call('agreement.register', { body: validForm });
    if (reply.outcome !== 'registered') throw new Error('not registered');
    const a = reply.agreement;
    expect(a.number).toBe(`B2B-20260115-${String(a.id).padStart(5, '0')}`);
    expect(a.documents.map((d) => [d.documentType, d.kind, d.lang])).toEqual([
      [1, 'agreement', 'ru'],
      [1, 'agreement', 'uz'],
      [1, 'contactAccess', 'ru'],
      [1, 'contactAccess', 'uz'],
    ]);
    const rows = documentsOfRegistration(h.db, `agreement:${a.id}`);
    expect(rows.map((r) => [r.type, r.lang, r.tin, r.ban])).toEqual([
      [1, 'ru', validForm.tin, null],
      [1, 'uz', validForm.tin, null],
      [1, 'ru', validForm.tin, null],
      [1, 'uz', validForm.tin, null],
    ]);
    expect(rows[0]?.title).toBe(`Договор № ${a.number}`);
    expect(rows[1]?.title).toBe(`${a.number}-son shartnoma`);
  });

  it('creates no additional agreement when no contact person is given access', async () => {
    const h = createHarness();
    const { api } = await clientAs(h, 'seller');
    const reply = await api.call('agreement.register', { body: noAccess });
    if (reply.outcome !== 'registered') throw new Error('not registered');
    expect(reply.agreement.documents.map((d) => d.kind)).toEqual(['agreement', 'agreement']);
    expect(documentsOfRegistration(h.db, `agreement:${reply.agreement.id}`)).toHaveLength(2);
    const none = await api.call('agreement.register', {
      body: { ...noAccess, login: 'bez.kontaktov', contacts: [] },
    });
    if (none.outcome !== 'registered') throw new Error('not registered');
    expect(none.agreement.documents.map((d) => d.kind)).toEqual(['agreement', 'agreement']);
  });

  it.each([
    ['ru', 'Каримов А. Р. Подпись'],
    ['uz', 'Каримов А. Р. Imzo'],
  ] as const)('a director written with initials ends the sentence once (%s)', async (lang, expected) => {
    const { api } = await clientAs(createHarness(), 'seller');
    const reply = await api.call('agreement.register', {
      body: { ...validForm, director: 'Каримов А. Р.', login: `initials.${lang}` },
    });
    if (reply.outcome !== 'registered') throw new Error('not registered');
    const doc = reply.agreement.documents.find((d) => d.kind === 'agreement' && d.lang === lang);
    const text = (await pdfOf(api, doc?.id ?? 0)).replace(/\s+/g, ' ');
    expect(text).toContain(expected);
    expect(text).not.toContain('Р..');
  });

  it.each(['ru', 'uz'] as const)(
    'the %s agreement PDF holds every template section and the form values in that language',
    async (lang) => {
      const { api } = await clientAs(createHarness(), 'seller');
      const reply = await api.call('agreement.register', { body: validForm });
      if (reply.outcome !== 'registered') throw new Error('not registered');
      const doc = reply.agreement.documents.find((d) => d.kind === 'agreement' && d.lang === lang);
      const text = await pdfOf(api, doc?.id ?? 0);
      for (const section of templateSections('agreement', lang)) expect(text).toContain(section);
      for (const value of [
        reply.agreement.number,
        validForm.login,
        validForm.name,
        validForm.tin,
        validForm.pinfl,
        validForm.oked,
        validForm.vat,
        validForm.bankName,
        validForm.bankAccount,
        validForm.mfo,
        validForm.postIndex,
        validForm.region,
        validForm.street,
        validForm.director,
        'AB 1234567',
        validForm.passportIssuedBy,
        '02.06.2015',
        '15.05.1985',
        validForm.email,
        '+998 79 223 45 67',
        '15.01.2026',
      ])
        expect(text).toContain(value);
      // the prices section: golden-number categories and the monthly block price, named in the document's language
      expect(text).toContain(lang === 'ru' ? '84 200 сум' : '84 200 soʻm');
      // the term: contact-person access cancelled with 3 working days' written notice, stopped by the operator with 5
      expect(text).toContain(
        lang === 'ru'
          ? 'письменно уведомив Оператора за 3 рабочих дня'
          : '3 ish kuni oldin yozma ravishda xabardor qilib',
      );
      expect(text).toContain(
        lang === 'ru' ? 'уведомив Абонента за 5 дней' : 'Abonentni 5 kun oldin xabardor qilib',
      );
      // only this language's text: no heading of the other one
      const other = templateSections('agreement', lang === 'ru' ? 'uz' : 'ru');
      for (const section of other) expect(text).not.toContain(section);
    },
  );

  it.each(['ru', 'uz'] as const)(
    'the %s additional agreement names the contact persons given access only',
    async (lang) => {
      const { api } = await clientAs(createHarness(), 'seller');
      const reply = await api.call('agreement.register', { body: validForm });
      if (reply.outcome !== 'registered') throw new Error('not registered');
      const doc = reply.agreement.documents.find((d) => d.kind === 'contactAccess' && d.lang === lang);
      const text = await pdfOf(api, doc?.id ?? 0);
      for (const section of templateSections('contact-access', lang)) expect(text).toContain(section);
      expect(text).toContain('Tursunov Bekzod');
      expect(text).toContain('+998 90 555 12 34');
      expect(text).not.toContain('Olimova Zarina');
      expect(text).toContain(lang === 'ru' ? 'за 3 рабочих дня' : '3 ish kuni oldin');
      expect(text).toContain(lang === 'ru' ? 'за 5 дней' : '5 kun oldin');
    },
  );
});

describe('the login: unique among users and registered agreements', () => {
  it('check-login answers free or taken (an existing user, a registered agreement, any case)', async () => {
    const { api } = await clientAs(createHarness(), 'seller');
    expect(await api.call('agreement.checkLogin', { query: { login: 'curator' } })).toEqual({ free: false });
    expect(await api.call('agreement.checkLogin', { query: { login: validForm.login } })).toEqual({
      free: true,
    });
    await api.call('agreement.register', { body: validForm });
    expect(
      await api.call('agreement.checkLogin', { query: { login: validForm.login.toUpperCase() } }),
    ).toEqual({ free: false });
  });

  it('registering with a taken login answers loginTaken and creates nothing', async () => {
    const h = createHarness();
    const { api } = await clientAs(h, 'seller');
    const count = () => h.db.prepare('SELECT COUNT(*) AS n FROM documents').get();
    const before = count();
    expect(await api.call('agreement.register', { body: { ...validForm, login: 'Curator' } })).toEqual({
      outcome: 'loginTaken',
    });
    expect(count()).toEqual(before);
    expect(h.db.prepare('SELECT COUNT(*) AS n FROM agreements').get()).toEqual({ n: 0 });
  });
});

describe('the server validates the form with the same rules', () => {
  it.each([
    [{ tin: '105771234' }, 'E026'],
    [{ login: 'логин' }, 'E013'],
    [{ birthDate: '2010-01-01' }, 'E013'],
    [{ passportIssuedDate: '2030-01-01' }, 'E013'],
    [{ mfo: '123' }, 'E013'],
    [{ name: '' }, 'E013'],
  ])('%o → %s, nothing stored', async (patch, expected) => {
    const h = createHarness();
    const { api } = await clientAs(h, 'seller');
    expect(await code(api.call('agreement.register', { body: { ...validForm, ...patch } }))).toBe(expected);
    expect(h.db.prepare('SELECT COUNT(*) AS n FROM agreements').get()).toEqual({ n: 0 });
  });
});

describe('the list and downloads: each user their own agreements', () => {
  it('lists the caller’s agreements newest first, paged; another seller sees none and cannot download', async () => {
    const h = createHarness();
    const { api } = await clientAs(h, 'seller');
    await api.call('agreement.register', { body: validForm });
    await api.call('agreement.register', { body: noAccess });
    const page = await api.call('agreement.list', { query: { page: 0, size: 1 } });
    expect(page.totalElements).toBe(2);
    expect(page.totalPages).toBe(2);
    expect(page.content.map((a) => a.login)).toEqual([noAccess.login]);
    const second = await api.call('agreement.list', { query: { page: 1, size: 1 } });
    expect(second.content.map((a) => a.login)).toEqual([validForm.login]);
    const docId = second.content[0]?.documents[0]?.id ?? 0;
    const other = await clientAs(h, 'regional');
    expect((await other.api.call('agreement.list', { query: { page: 0, size: 20 } })).totalElements).toBe(0);
    expect(await code(other.api.download('agreement.document', { query: { docId } }))).toBe('E094');
    expect(await code(api.download('agreement.document', { query: { docId: 99999 } }))).toBe('E094');
  });
});

describe('who may register: R008, R011, R005, R018-R023 (spec 6), not while a BAN is selected', () => {
  // the administrator too: spec 6 "Admin: all except profile, purchase, details, documents, debt control, services,
  // AT39" leaves contract registration in (CR6)
  it.each(['seller', 'operator', 'regional', 'admin'])('%s may register', async (login) => {
    const { api } = await clientAs(createHarness(), login);
    const reply = await api.call('agreement.register', { body: validForm });
    expect(reply.outcome).toBe('registered');
  });

  it.each(['curator', 'helpdesk', 'servicedesk', 'okk', 'subscriber', 'keyowner'])(
    '%s gets E005 on every call and nothing is stored',
    async (login) => {
      const h = createHarness();
      const { api } = await clientAs(h, login);
      expect(await code(api.call('agreement.register', { body: validForm }))).toBe('E005');
      expect(await code(api.call('agreement.checkLogin', { query: { login: 'x.y.z' } }))).toBe('E005');
      expect(await code(api.call('agreement.list', { query: { page: 0, size: 20 } }))).toBe('E005');
      expect(await code(api.download('agreement.document', { query: { docId: 1 } }))).toBe('E005');
      expect(h.db.prepare('SELECT COUNT(*) AS n FROM agreements').get()).toEqual({ n: 0 });
    },
  );

  it('a seller viewing a client account (BAN selected) gets E005', async () => {
    const { api } = await clientAs(createHarness(), 'seller');
    await api.call('admin.impersonate', { body: { ban: '100234561' } });
    expect(await code(api.call('agreement.register', { body: validForm }))).toBe('E005');
  });

  it('without a session every call answers E009', async () => {
    const { api } = await clientAs(createHarness(), null);
    expect(await code(api.call('agreement.register', { body: validForm }))).toBe('E009');
  });
});
