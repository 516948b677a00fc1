/**
 * Security findings 27, 28 and 32 (docs/security.md): money moves only with its
 * counter-move, an order row is what the catalogue sells, and a download is named by what its bytes are.
 * - 27: an operator's cancel of a paid order refunds its total to the company's balance and frees its numbers, in one
 *   transaction; a refund that fails leaves the order, the balance and the numbers as they were.
 * - 28: `POST orders/` refuses rows with an unknown category, tariff or service, a fractional or absurd nominal, a
 *   count out of bounds (E101); the sum counts every row and E031 always applies.
 * - 32: every download is served as an attachment named with the extension of its type, with that type (read from
 *   the bytes for an uploaded scan) and `nosniff`.
 */
import { describe, expect, it } from 'vitest';
import { documentFile, insertDocument, saveDocumentFile } from '../../server/store/documents.store';
import { categoryIdOf } from '../../src/domain/golden-categories.rules';
import { ApiFailure } from '../../src/services/api/api-error';
import { createApiClient } from '../../src/services/api/client';
import { endpoints } from '../../src/services/contract/endpoints';
import { validForm } from '../machines/agreement.payloads';
import { TINY_PDF } from '../support/pdf-sample';
import { type Agent, createHarness, type Harness } from './harness';

async function clientAs(h: Harness, login: string) {
  const agent = h.agent();
  const api = createApiClient({
    baseURL: 'http://portal.test/api/',
    fetch: agent.fetch,
    onSessionExpired: () => {},
  });
  await api.call('session.login', { body: { login, password: 'Demo-2026' } });
  return { api, agent };
}
type Api = Awaited<ReturnType<typeof clientAs>>['api'];

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'OKOK';
  } catch (e) {
    if (e instanceof ApiFailure) return e.code;
    throw e;
  }
}

const BRONZE = categoryIdOf('bronze');
const PLATINUM = categoryIdOf('platinum');
const CURATOR_BAN = '100234561';

const balanceOf = (h: Harness, ban = CURATOR_BAN) =>
  (h.db.prepare('SELECT balance FROM companies WHERE ban = ?').get(ban) as { balance: number }).balance;
const poolStatus = (h: Harness, number: string) =>
  h.db
    .prepare('SELECT state AS status, order_id AS orderId FROM number_inventory WHERE number = ?')
    .get(number) as {
    status: string;
    orderId: number | null;
  };

/** Two free bronze numbers of the pool, bought by the curator in one golden order. */
async function buyTwo(api: Api) {
  const page = await api.call('golden.search', {
    params: { type: 'random' },
    body: { categoryId: BRONZE, page: 0, size: 16 },
  });
  const numbers = page.content.slice(0, 2).map((n) => n.number);
  const order = await api.call('golden.checkout', { body: { numbers } });
  return { numbers, order };
}

describe('finding 27: cancelling a paid order refunds its total and frees its numbers, or nothing moves', () => {
  it('refunds the total to the balance, records the refund on the order and puts the numbers back on sale', async () => {
    const h = createHarness();
    const curator = await clientAs(h, 'curator');
    const before = balanceOf(h);
    const { numbers, order } = await buyTwo(curator.api);
    const total = order.total ?? 0;
    expect(total).toBeGreaterThan(0);
    expect(balanceOf(h)).toBe(before - total);
    const operator = await clientAs(h, 'operator');
    const params = { id: String(order.orderId) };
    h.clock.advance(60_000);
    const moved = await operator.api.call('orders.setStatus', { params, body: { status: 'cancelled' } });
    expect(moved).toMatchObject({ status: 'cancelled', refund: { amount: total } });
    // the balance where the company sees it: the purchase page and the profile
    expect(balanceOf(h)).toBe(before);
    expect((await curator.api.call('orders.balance', {})).balance).toBe(before);
    expect((await curator.api.call('session.profile', {})).fin_data?.balance).toBe(before);
    const shown = await operator.api.call('orders.get', { params });
    expect(shown).toMatchObject({
      status: 'cancelled',
      refund: { amount: total, at: new Date(h.clock.now()).toISOString() },
    });
    for (const n of numbers) expect(poolStatus(h, n)).toEqual({ status: 'free', orderId: null });
    // the numbers can be bought again (one order each, never two live orders of one number)
    const again = await curator.api.call('golden.checkout', { body: { numbers } });
    expect((again.numbers ?? []).map((n) => n.number).sort()).toEqual([...numbers].sort());
    expect(balanceOf(h)).toBe(before - (again.total ?? 0));
  });

  it('a refund that fails leaves the order paid, the balance as it was and the numbers sold; retried, it refunds once', async () => {
    const h = createHarness();
    const curator = await clientAs(h, 'curator');
    const { numbers, order } = await buyTwo(curator.api);
    const after = balanceOf(h);
    // the company's balance refuses to change: the refund fails inside the cancel's transaction
    h.db.exec(`CREATE TRIGGER refuse_balance BEFORE UPDATE OF balance ON companies
      BEGIN SELECT RAISE(ABORT, 'balance locked'); END`);
    const operator = await clientAs(h, 'operator');
    const params = { id: String(order.orderId) };
    expect(
      await codeOf(operator.api.call('orders.setStatus', { params, body: { status: 'cancelled' } })),
    ).not.toBe('OKOK');
    expect((await operator.api.call('orders.get', { params })).status).toBe('paid');
    expect((await operator.api.call('orders.get', { params })).refund ?? null).toBeNull();
    expect(balanceOf(h)).toBe(after);
    for (const n of numbers) expect(poolStatus(h, n)).toEqual({ status: 'sold', orderId: order.orderId });
    h.db.exec('DROP TRIGGER refuse_balance');
    // two operators cancel at once: one refund
    const both = await Promise.all([
      codeOf(operator.api.call('orders.setStatus', { params, body: { status: 'cancelled' } })),
      codeOf(operator.api.call('orders.setStatus', { params, body: { status: 'cancelled' } })),
    ]);
    expect(both.sort()).toEqual(['E101', 'OKOK']);
    expect(balanceOf(h)).toBe(after + (order.total ?? 0));
  });

  it('a new-number order debits its total when marked paid and refunds it when cancelled; a created one moves no money', async () => {
    const h = createHarness();
    const curator = await clientAs(h, 'curator');
    const operator = await clientAs(h, 'operator');
    const rows = [{ kolvo: 2, category: String(BRONZE), tariff: '1', services: [] }];
    const before = balanceOf(h);
    const created = await curator.api.call('orders.create', { body: { rows } });
    expect(balanceOf(h)).toBe(before);
    const kept = await operator.api.call('orders.setStatus', {
      params: { id: String(created.id) },
      body: { status: 'cancelled' },
    });
    expect(kept).toMatchObject({ status: 'cancelled' });
    expect(kept.refund ?? null).toBeNull();
    expect(balanceOf(h)).toBe(before);

    const paid = await curator.api.call('orders.create', { body: { rows } });
    const params = { id: String(paid.id) };
    await operator.api.call('orders.setStatus', { params, body: { status: 'paid' } });
    expect(balanceOf(h)).toBe(before - 2 * 84_200);
    const cancelled = await operator.api.call('orders.setStatus', { params, body: { status: 'cancelled' } });
    expect(cancelled).toMatchObject({ status: 'cancelled', refund: { amount: 2 * 84_200 } });
    expect(balanceOf(h)).toBe(before);
  });

  it('an order the balance no longer covers cannot be marked paid (E031), and stays created', async () => {
    const h = createHarness();
    const curator = await clientAs(h, 'curator');
    const operator = await clientAs(h, 'operator');
    const { id } = await curator.api.call('orders.create', {
      body: { rows: [{ kolvo: 1, category: String(PLATINUM), tariff: '1', services: [] }] },
    });
    h.db.prepare('UPDATE companies SET balance = 1000 WHERE ban = ?').run(CURATOR_BAN);
    const params = { id: String(id) };
    expect(await codeOf(operator.api.call('orders.setStatus', { params, body: { status: 'paid' } }))).toBe(
      'E031',
    );
    expect((await operator.api.call('orders.get', { params })).status).toBe('created');
    expect(balanceOf(h)).toBe(1000);
  });
});

describe('finding 28: a new-number order row is what the catalogue sells, in whole sums and bounded counts', () => {
  const row = (over: Record<string, unknown> = {}) => ({
    kolvo: 2,
    category: String(BRONZE),
    tariff: '1',
    services: ['IP_M5'],
    ...over,
  });
  const ordersOf = (h: Harness) =>
    (h.db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n;

  it.each([
    ['an unknown category', { category: '999' }],
    ['an unknown tariff', { tariff: '77' }],
    ['an unknown service', { services: ['IP_NOPE'] }],
    ['a fractional nominal', { nominal: 1500.5 }],
    ['an absurd nominal', { nominal: 1e15 }],
    ['a negative nominal', { nominal: -1 }],
    ['a count of 0', { kolvo: 0 }],
    ['a fractional count', { kolvo: 1.5 }],
    ['a count over 1 000', { kolvo: 1001 }],
  ])('%s is refused with E101 and nothing is recorded', async (_, over) => {
    const h = createHarness();
    // raw HTTP: an attacker does not go through the client's own checks
    const { agent } = await clientAs(h, 'curator');
    const orders = ordersOf(h);
    const reply = await agent.call('POST', 'orders/', { rows: [row(), row(over)] });
    expect(reply.status).toBe('E101');
    expect(ordersOf(h)).toBe(orders);
  });

  it('counts every row in the sum, and refuses an order over the balance with E031', async () => {
    const h = createHarness();
    const { api } = await clientAs(h, 'curator');
    const created = await api.call('orders.create', {
      body: {
        rows: [
          row({ kolvo: 1000, category: String(categoryIdOf('simple')), nominal: 0 }),
          row({ nominal: 5000 }),
        ],
      },
    });
    const operator = await clientAs(h, 'operator');
    expect((await operator.api.call('orders.get', { params: { id: String(created.id) } })).total).toBe(
      2 * (84_200 + 5000),
    );
    h.db.prepare('UPDATE companies SET balance = 100 WHERE ban = ?').run(CURATOR_BAN);
    expect(await codeOf(api.call('orders.create', { body: { rows: [row({ kolvo: 1 })] } }))).toBe('E031');
    // a free category and no nominal cost nothing: even then the balance check runs (a negative balance refuses)
    h.db.prepare('UPDATE companies SET balance = -1 WHERE ban = ?').run(CURATOR_BAN);
    expect(
      await codeOf(
        api.call('orders.create', {
          body: { rows: [row({ kolvo: 1, category: String(categoryIdOf('simple')), services: [] })] },
        }),
      ),
    ).toBe('E031');
  });
});

const KEYOWNER_BAN = '100672418';
/** a PDF that parses, with an HTML page in a comment line: sniffed by a browser as HTML if served as such */
const pdfHtmlPolyglot = () =>
  new TextEncoder().encode(
    TINY_PDF.replace('\n', '\n%<html><body><script>alert(document.cookie)</script></body></html>\n'),
  );
const pngBytes = () =>
  new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48]);

/** The file name a Content-Disposition header gives (the UTF-8 `filename*` when present). */
function dispositionName(header: string | null): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '');
  if (star?.[1]) return decodeURIComponent(star[1]);
  return /filename="([^"]*)"/i.exec(header ?? '')?.[1] ?? '';
}

/** What a download must say about itself: an attachment, named with its type's extension, nosniff. */
function expectSafeDownload(headers: Headers, type: string, ext: string) {
  expect(headers.get('content-type')).toBe(type);
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  const disposition = headers.get('content-disposition') ?? '';
  expect(disposition).toMatch(/^attachment;/);
  expect(dispositionName(disposition).endsWith(`.${ext}`)).toBe(true);
  // the ASCII fallback name too
  expect(/filename="([^"]*)"/.exec(disposition)?.[1]?.endsWith(`.${ext}`)).toBe(true);
}

describe('finding 32: a download is named and typed by what its bytes are, as an attachment', () => {
  const docOf = (h: Harness) =>
    insertDocument(h.db, {
      type: 4,
      ban: KEYOWNER_BAN,
      lang: 'ru',
      title: 'Накладная № 1',
      body: [{ kind: 'heading', text: 'Накладная № 1' }],
      createdBy: null,
      now: h.clock.now(),
    });

  it('a PDF/HTML polyglot uploaded as evil.html is served as a .pdf attachment of type application/pdf', async () => {
    const h = createHarness();
    const { api, agent } = await clientAs(h, 'keyowner');
    const id = docOf(h);
    await api.upload('documents.reUpload', {
      query: { docId: id },
      file: new Blob([pdfHtmlPolyglot()], { type: 'text/html' }),
      fileName: 'evil.html',
    });
    expect(documentFile(h.db, id)?.name.endsWith('.pdf')).toBe(true);
    const reply = await agent.call('GET', `online-sales/documents/delivery/byId?id=${id}`);
    expect(reply.http).toBe(200);
    expectSafeDownload(reply.headers, 'application/pdf', 'pdf');
    expect(dispositionName(reply.headers.get('content-disposition'))).toBe('evil.pdf');
  });

  it('a scan stored before the fix under a lying name and type is served by what its bytes are', async () => {
    const h = createHarness();
    const { agent } = await clientAs(h, 'keyowner');
    const png = docOf(h);
    saveDocumentFile(h.db, png, {
      bytes: pngBytes(),
      mime: 'text/html',
      name: 'scan.pdf.html',
      status: 1,
      message: null,
      now: h.clock.now(),
    });
    const reply = await agent.call('GET', `online-sales/documents/delivery/byId?id=${png}`);
    expectSafeDownload(reply.headers, 'image/png', 'png');
    const unknown = docOf(h);
    saveDocumentFile(h.db, unknown, {
      bytes: new TextEncoder().encode('<svg onload="alert(1)"/>'),
      mime: 'image/svg+xml',
      name: 'logo.svg',
      status: 1,
      message: null,
      now: h.clock.now(),
    });
    const other = await agent.call('GET', `online-sales/documents/delivery/byId?id=${unknown}`);
    expectSafeDownload(other.headers, 'application/octet-stream', 'bin');
  });

  it('every download path answers an attachment named with its type’s extension, with nosniff', async () => {
    const h = createHarness();
    const covered = new Set<string>();
    const keyowner = await clientAs(h, 'keyowner');
    const id = docOf(h);
    await keyowner.api.upload('documents.reUpload', {
      query: { docId: id },
      file: new Blob([pngBytes()]),
      fileName: 'photo.jpeg',
    });
    const check = async (agent: Agent, name: string, path: string, type: string, ext: string) => {
      const reply = await agent.call('GET', path);
      expect(reply.http, name).toBe(200);
      expectSafeDownload(reply.headers, type, ext);
      covered.add(name);
    };
    await check(
      keyowner.agent,
      'documents.delivery',
      `online-sales/documents/delivery/byId?id=${id}`,
      'image/png',
      'png',
    );
    await check(
      keyowner.agent,
      'documents.reDownload',
      `online-sales/documents/re-download?docId=${id}`,
      'application/pdf',
      'pdf',
    );
    await check(
      keyowner.agent,
      'documents.instruction',
      'online-sales/documents/instruction',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'docx',
    );
    const okk = await clientAs(h, 'okk');
    const debtor = await okk.api.call('debt.list', { query: { page: 0, size: 1, notice: 'pending' } });
    const ban = String(debtor.content[0]?.ban ?? '');
    await okk.api.call('debt.markSent', { body: { ban } });
    await check(okk.agent, 'debt.pdf', `debt/notice/pdf?ban=${ban}`, 'application/pdf', 'pdf');
    const seller = await clientAs(h, 'seller');
    const registered = await seller.api.call('agreement.register', { body: validForm });
    if (registered.outcome !== 'registered') throw new Error('not registered');
    const docId = registered.agreement.documents[0]?.id;
    await check(
      seller.agent,
      'agreement.document',
      `agreement/document?docId=${docId}`,
      'application/pdf',
      'pdf',
    );
    const desk = await clientAs(h, 'servicedesk');
    await check(
      desk.agent,
      'at39.statistics',
      'at39/docs/statistics',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'xlsx',
    );
    // a download path added later must be added here
    const downloads = Object.entries(endpoints)
      .filter(([, e]) => (e as { reply?: string }).reply === 'blob')
      .map(([name]) => name)
      .sort();
    expect([...covered].sort()).toEqual(downloads);
  });
});
