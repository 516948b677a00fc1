/**
 * The online-sales documents calls on the reference backend, through the real API client in-process (spec 7
 * "Online-sales documents"; docs/decisions.md DOC7-DOC12): the key owner's orders and documents, byType with several
 * types and a date range, details, the PDF (text extracted: the company's name in Cyrillic, the document's text, Uzbek
 * letters), the .docx instruction (unzipped by another implementation), the uploaded scan returned byte for byte,
 * and every call refused for another company's document.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatPhone } from '../../src/domain/phone.rules';
import { ApiFailure } from '../../src/services/api/api-error';
import { type ApiClient, createApiClient } from '../../src/services/api/client';
import { createHarness, type Harness } from './harness';
import { pdfText } from './pdf-text';

const KEYOWNER_BAN = '100672418';

async function clientAs(h: Harness, login: string): Promise<ApiClient> {
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

/** The seed dates its documents before the seed's day (2026-01-15 in tests): a range around it. */
const range = { dt1: '2025-09-01', dt2: '2026-01-31' };
const bytesOf = async (b: Blob) => new Uint8Array(await b.arrayBuffer());

describe('the key owner’s documents', () => {
  it('lists the orders in the range with their documents, newest first; a range without any is empty', async () => {
    const api = await clientAs(createHarness(), 'keyowner');
    const orders = await api.call('documents.orders', { query: range });
    expect(orders).toHaveLength(3);
    expect(orders.every((o) => o.ban === KEYOWNER_BAN && (o.documents?.length ?? 0) === 3)).toBe(true);
    const times = orders.map((o) => Date.parse(o.createdAt ?? ''));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(orders[0]?.documents?.map((d) => d.documentType)).toEqual([4, 5, 6]);
    expect(await api.call('documents.orders', { query: { dt1: '2024-01-01', dt2: '2024-02-01' } })).toEqual(
      [],
    );
  });

  it('opens an order (orders/{id}) and its documents (documents/byOrder)', async () => {
    const api = await clientAs(createHarness(), 'keyowner');
    const [first] = await api.call('documents.orders', { query: range });
    const id = String(first?.id);
    const order = await api.call('documents.order', { params: { id } });
    const docs = await api.call('documents.byOrder', { query: { orderId: id } });
    expect(order.documents?.map((d) => d.id)).toEqual(docs.map((d) => d.id));
    // issued as a checkout issues them (server/golden/order-documents.ts)
    expect(docs.map((d) => d.title)).toEqual([
      expect.stringMatching(new RegExp(`^Накладная к заказу № ${id} от \\d\\d\\.\\d\\d\\.\\d{4}$`)),
      expect.stringMatching(new RegExp(`^Акт передачи номеров к заказу № ${id} от `)),
      expect.stringMatching(new RegExp(`^Счёт-фактура № SF-${id} к заказу № ${id} от `)),
    ]);
    // DOC14: the code fields a page builds the title from in its own language
    expect(docs.map((d) => [d.documentType, d.number])).toEqual([
      [4, id],
      [5, id],
      // the invoice has its own number (its json's), which its PDF shows too: the checkout's as the seed's
      [6, `SF-${id}`],
    ]);
    expect(order.documents?.map((d) => d.number)).toEqual([id, id, `SF-${id}`]);
  });

  it('byType: the suspend documents, and several service types at once, within the range', async () => {
    const api = await clientAs(createHarness(), 'keyowner');
    const suspend = await api.call('documents.byType', { query: { type: 7, ban: KEYOWNER_BAN, ...range } });
    expect(suspend.map((d) => d.documentType)).toEqual([7]);
    const services = await api.call('documents.byType', { query: { type: [8, 11, 13, 17], ...range } });
    expect(services.map((d) => d.documentType).sort()).toEqual([11, 13, 8]);
    const some = await api.call('documents.byType', { query: { type: [8], ...range } });
    expect(some).toHaveLength(1);
    expect(
      await api.call('documents.byType', { query: { type: 7, dt1: '2025-01-01', dt2: '2025-02-01' } }),
    ).toEqual([]);
    expect(
      await code(api.call('documents.byType', { query: { type: 7, dt1: '2026-02-01', dt2: '2026-01-01' } })),
    ).toBe('E101');
  });

  it('details: status and the whole text; an invoice carries its json', async () => {
    const api = await clientAs(createHarness(), 'keyowner');
    const [order] = await api.call('documents.orders', { query: range });
    const invoice = order?.documents?.find((d) => d.documentType === 6);
    const details = await api.call('documents.detailed', { query: { docId: String(invoice?.id) } });
    expect(details.status).toBe(1);
    expect(details.content?.[0]?.text).toMatch(/^Счёт-фактура № SF-/);
    expect(details.json).toMatchObject({ total: expect.any(Number), items: expect.any(Array) });
  });

  it('a refused scan carries its reason as a code (DOC20) beside the free text, in the list and the details', async () => {
    const api = await clientAs(createHarness(), 'keyowner');
    const orders = await api.call('documents.orders', { query: range });
    const refused = orders.flatMap((o) => o.documents ?? []).filter((d) => d.status === 2);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      statusReason: 'unreadable',
      statusMessage: 'Скан не читается: загрузите его ещё раз',
    });
    const details = await api.call('documents.detailed', {
      query: { docId: String(refused[0]?.id), lang: 'uz' },
    });
    expect(details).toMatchObject({ status: 2, statusReason: 'unreadable' });
    // an accepted document names no reason
    const accepted = orders.flatMap((o) => o.documents ?? []).find((d) => d.status === 1);
    expect(accepted?.statusReason).toBeUndefined();
  });

  it('re-download: a real PDF with the company name in Cyrillic and the document’s whole text', async () => {
    const api = await clientAs(createHarness(), 'keyowner');
    const [order] = await api.call('documents.orders', { query: range });
    const supply = order?.documents?.find((d) => d.documentType === 5);
    const details = await api.call('documents.detailed', { query: { docId: String(supply?.id) } });
    const pdf = await bytesOf(
      await api.download('documents.reDownload', { query: { docId: String(supply?.id) } }),
    );
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('Navoiy Kon Texnika');
    for (const block of details.content ?? []) expect(text).toContain(block.text.replace(/\s+/g, ' '));
    expect(text).toMatch(/Акт передачи номеров/);
  });

  it('the suspend document downloads in the language asked for: Russian or Uzbek (with ʻ)', async () => {
    const h = createHarness();
    const api = await clientAs(h, 'keyowner');
    const [doc] = await api.call('documents.byType', { query: { type: 7, ...range } });
    // the demo block names one of the company's numbers that is blocked now (server/db/documents-seed.ts)
    const blocked = h.db
      .prepare("SELECT sn FROM numbers WHERE ban = '100672418' AND status = 'S' ORDER BY sn LIMIT 1")
      .get() as { sn: string };
    const id = String(doc?.id);
    const ru = await pdfText(
      await bytesOf(await api.download('documents.reDownload', { query: { docId: id, lang: 'ru' } })),
    );
    const uz = await pdfText(
      await bytesOf(await api.download('documents.reDownload', { query: { docId: id, lang: 'uz' } })),
    );
    expect(ru).toContain('Заявление о блокировке номеров');
    expect(ru).toContain(formatPhone(blocked.sn));
    expect(ru).toContain('7a3c0003');
    expect(uz).toContain('Raqamlarni bloklash toʻgʻrisida ariza');
    expect(uz).toContain('Navoiy Kon Texnika');
  });

  it('the instruction is a .docx that unzips and holds its Russian and Uzbek text', async () => {
    const api = await clientAs(createHarness(), 'keyowner');
    const docx = await bytesOf(await api.download('documents.instruction'));
    const dir = mkdtempSync(join(tmpdir(), 'docx-'));
    try {
      writeFileSync(join(dir, 'i.docx'), docx);
      const list = execFileSync('unzip', ['-l', join(dir, 'i.docx')], { encoding: 'utf8' });
      expect(list).toContain('word/document.xml');
      expect(list).toContain('[Content_Types].xml');
      const xml = execFileSync('unzip', ['-p', join(dir, 'i.docx'), 'word/document.xml'], {
        encoding: 'utf8',
      });
      expect(xml).toContain('Инструкция: документы онлайн-продаж');
      expect(xml).toContain('Yoʻriqnoma: onlayn savdo hujjatlari');
      execFileSync('unzip', ['-tq', join(dir, 'i.docx')]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('delivery/byId returns the uploaded scan byte for byte; E013 before one is uploaded', async () => {
    const api = await clientAs(createHarness(), 'keyowner');
    const [order] = await api.call('documents.orders', { query: range });
    const id = String(order?.documents?.[0]?.id);
    expect(await code(api.download('documents.delivery', { query: { id } }))).toBe('E013');
    const scan = new Uint8Array(70_000);
    scan.set([0xff, 0xd8, 0xff, 0xe0]);
    for (let i = 4; i < scan.length; i++) scan[i] = (i * 7 + 3) % 251;
    await api.upload('documents.reUpload', {
      query: { docId: id },
      file: new Blob([scan]),
      fileName: 'скан.jpg',
    });
    const back = await api.download('documents.delivery', { query: { id } });
    expect(back.type).toBe('image/jpeg');
    expect(await bytesOf(back)).toEqual(scan);
  });
});

describe('per target: another company’s document or order is refused', () => {
  it('E005 for every call on the other key owner’s agreement and orders', async () => {
    const h = createHarness();
    const owner = await clientAs(h, 'keyowner');
    const [order] = await owner.call('documents.orders', { query: range });
    const other = await clientAs(h, 'keyowner-nobuy');
    const [theirAgreement] = await other.call('documents.byType', { query: { type: 1, ...range } });
    expect(theirAgreement?.ban).toBe('100783350');
    const mine = String(order?.documents?.[0]?.id);
    expect(await code(other.call('documents.detailed', { query: { docId: mine } }))).toBe('E005');
    expect(await code(other.download('documents.reDownload', { query: { docId: mine } }))).toBe('E005');
    expect(await code(other.download('documents.delivery', { query: { id: mine } }))).toBe('E005');
    expect(await code(other.call('documents.order', { params: { id: String(order?.id) } }))).toBe('E005');
    expect(await code(other.call('documents.byOrder', { query: { orderId: String(order?.id) } }))).toBe(
      'E005',
    );
    expect(
      await code(other.call('documents.byType', { query: { type: 7, ban: KEYOWNER_BAN, ...range } })),
    ).toBe('E005');
    expect((await other.call('documents.orders', { query: range })).length).toBe(0);
  });

  it('whom the Documents page does not open are refused (E005): staff, a subscriber, a curator', async () => {
    const h = createHarness();
    for (const login of ['admin', 'subscriber', 'curator']) {
      const api = await clientAs(h, login);
      expect(await code(api.call('documents.orders', { query: range })), login).toBe('E005');
      expect(await code(api.download('documents.instruction')), login).toBe('E005');
    }
  });
});
