/**
 * Debt control on the reference backend, through the real API client in-process: the overdue list (filter, sort,
 * paging), the notice in Russian and Uzbek, mark as sent (who and when), the PDF (text extracted), and who may call.
 */
import { describe, expect, it } from 'vitest';
import { type AnyActorLogic, createActor, toPromise } from 'xstate';
import { createDebtLogic } from '@/app/debt.actors';
import { DEFAULT_DEBT_PARAMS } from '@/domain/debt.rules';
import type { DebtPageResult } from '@/machines/debt.machine';
import { FIXED_DEBTORS } from '../../server/db/debt-seed';
import { buildTextPdf } from '../../server/pdf/pdf';
import { ApiFailure } from '../../src/services/api/api-error';
import { createApiClient } from '../../src/services/api/client';
import { createHarness, type Harness } from './harness';
import { pdfText } from './pdf-text';

const DAY = 86_400_000;

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

const list = (q: Record<string, unknown> = {}) => ({ query: { page: 0, size: 50, ...q } });
const [paxta, stroy, fresh] = FIXED_DEBTORS;

describe('debt/accounts: the overdue list', () => {
  it('has a few hundred overdue accounts, longest overdue first by default, paged by 50', async () => {
    const { api } = await clientAs(createHarness(), 'okk');
    const page = await api.call('debt.list', list());
    expect(page.totalElements).toBeGreaterThanOrEqual(300);
    expect(page.content).toHaveLength(50);
    expect(page.totalPages).toBe(Math.ceil(page.totalElements / 50));
    const days = page.content.map((r) => r.daysOverdue);
    expect(days).toEqual([...days].sort((a, b) => b - a));
    expect(page.content.every((r) => r.daysOverdue > 0 && r.debt > 0)).toBe(true);
  });

  it('the app asks for the page the URL names, 50 accounts a page', async () => {
    const { api } = await clientAs(createHarness(), 'okk');
    const fetchDebts = createDebtLogic(async () => api).implementations.actors.fetchDebts as AnyActorLogic;
    const second = (await toPromise(
      createActor(fetchDebts, {
        input: { params: { ...DEFAULT_DEBT_PARAMS, page: 2 }, fresh: true },
      }).start(),
    )) as DebtPageResult;
    const first100 = (await api.call('debt.list', list({ size: 100 }))).content;
    expect(second.rows.map((r) => r.ban)).toEqual(first100.slice(50).map((r) => r.ban));
    expect(second.totalPages).toBe(Math.ceil(second.total / 50));
  });

  it('computes days overdue from the server day and the due date (seeded counting back from that day)', async () => {
    const h = createHarness();
    const { api } = await clientAs(h, 'okk');
    const one = async () => (await api.call('debt.list', list({ q: paxta.ban }))).content[0];
    expect((await one())?.daysOverdue).toBe(paxta.overdue);
    h.clock.advance(3 * DAY);
    await api.call('session.login', { body: { login: 'okk', password: 'Demo-2026' } });
    expect((await one())?.daysOverdue).toBe(paxta.overdue + 3);
  });

  it('filters by company (apostrophe- and case-insensitive), BAN digits, days overdue and notice state', async () => {
    const { api } = await clientAs(createHarness(), 'okk');
    const byName = await api.call('debt.list', list({ q: 'fargona paxta' }));
    expect(byName.content.map((r) => r.ban)).toContain(paxta.ban);
    const cyr = await api.call('debt.list', list({ q: 'ташкент строй' }));
    expect(cyr.content.map((r) => r.ban)).toContain(stroy.ban);
    const over90 = await api.call('debt.list', list({ minDays: 90, size: 1000 }));
    expect(over90.content.every((r) => r.daysOverdue >= 90)).toBe(true);
    expect(over90.content.map((r) => r.ban)).toContain(paxta.ban);
    expect(over90.content.map((r) => r.ban)).not.toContain(fresh.ban);
    const sent = await api.call('debt.list', list({ notice: 'sent' }));
    expect(sent.totalElements).toBe(0);
    expect(over90.totalDebt).toBe(over90.content.reduce((s, r) => s + r.debt, 0));
  });

  it('sorts by every column both ways, with the BAN as tie-break', async () => {
    const { api } = await clientAs(createHarness(), 'okk');
    const all = (await api.call('debt.list', list({ sort: 'debt', dir: 'asc', size: 1000 }))).content;
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1], all[i]];
      if (!a || !b) continue;
      expect(a.debt < b.debt || (a.debt === b.debt && a.ban < b.ban)).toBe(true);
    }
    const byBan = (await api.call('debt.list', list({ sort: 'ban', dir: 'desc' }))).content.map((r) => r.ban);
    expect(byBan).toEqual([...byBan].sort().reverse());
    const byPay = (await api.call('debt.list', list({ sort: 'lastPayment', dir: 'asc' }))).content;
    // never paid sorts before any payment
    expect(byPay[0]?.lastPaymentDate).toBeNull();
  });

  it('rejects a malformed query with E101', async () => {
    const { agent } = await clientAs(createHarness(), 'okk');
    expect((await agent.call('GET', 'debt/accounts?page=0&size=50&minDays=45')).status).toBe('E101');
    expect((await agent.call('GET', 'debt/accounts?page=0&size=50&sort=name')).status).toBe('E101');
  });
});

describe('the notice: text in Russian and Uzbek, mark as sent, PDF', () => {
  it('shows a draft dated today with the debt, due date, days and pay-by day in both languages', async () => {
    const { api } = await clientAs(createHarness(), 'okk');
    const n = await api.call('debt.notice', { query: { ban: paxta.ban } });
    expect(n.sent).toBeNull();
    expect(n.date).toBe('2026-01-15');
    expect(n.payBy).toBe('2026-01-25');
    expect(n.number).toBe(`DN-${paxta.ban}-20260115`);
    expect(n.text.ru.join(' ')).toContain('Уведомление о задолженности');
    expect(n.text.ru.join(' ')).toContain('18\u00A0450\u00A0000\u00A0сум');
    expect(n.text.ru.join(' ')).toContain('до 25.01.2026');
    expect(n.text.ru.join(' ')).toContain(`просрочка ${paxta.overdue} дн.`);
    expect(n.text.uz.join(' ')).toContain('qarzdorlik toʻgʻrisida bildirishnoma');
    expect(n.text.uz.join(' ')).toContain('18\u00A0450\u00A0000\u00A0soʻm');
    expect(n.text.uz.join(' ')).toContain(paxta.company);
  });

  it('mark as sent records who and when, fixes the notice date, and shows in the list', async () => {
    const h = createHarness();
    const { api } = await clientAs(h, 'okk');
    const sent = await api.call('debt.markSent', { body: { ban: stroy.ban } });
    expect(sent.sent).toEqual({ at: h.clock.now(), by: 'okk' });
    const row = h.db
      .prepare('SELECT sent_by_login, sent_at, issued_on FROM debt_notices WHERE ban = ?')
      .get(stroy.ban);
    expect(row).toEqual({ sent_by_login: 'okk', sent_at: h.clock.now(), issued_on: '2026-01-15' });
    // two days later the notice still reads as sent, with its own date
    h.clock.advance(2 * DAY);
    await api.call('session.login', { body: { login: 'okk', password: 'Demo-2026' } });
    const again = await api.call('debt.markSent', { body: { ban: stroy.ban } });
    expect(again.date).toBe('2026-01-15');
    expect(again.sent?.at).toBe(sent.sent?.at);
    const listed = await api.call('debt.list', list({ notice: 'sent' }));
    expect(listed.content.map((r) => [r.ban, r.sent?.by])).toEqual([[stroy.ban, 'okk']]);
    const pending = await api.call('debt.list', list({ notice: 'pending', q: stroy.ban }));
    expect(pending.totalElements).toBe(0);
  });

  it('downloads the sent notice as a real PDF with both texts and the company name (Cyrillic and Latin)', async () => {
    const { api } = await clientAs(createHarness(), 'okk');
    expect(await code(api.download('debt.pdf', { query: { ban: stroy.ban } }))).toBe('E013');
    for (const d of [stroy, paxta]) {
      await api.call('debt.markSent', { body: { ban: d.ban } });
      const blob = await api.download('debt.pdf', { query: { ban: d.ban } });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
      const text = await pdfText(bytes);
      expect(text).toContain(d.company);
      expect(text).toContain('Уведомление о задолженности');
      expect(text).toContain('qarzdorlik toʻgʻrisida bildirishnoma');
      expect(text).toContain(`DN-${d.ban}-20260115`);
    }
  });

  it('answers E052 for a BAN that is not overdue', async () => {
    const { api } = await clientAs(createHarness(), 'okk');
    expect(await code(api.call('debt.notice', { query: { ban: '100234561' } }))).toBe('E052');
    expect(await code(api.call('debt.markSent', { body: { ban: '999999999' } }))).toBe('E052');
  });
});

describe('who may call debt/*: the debt config group only (R010, R031)', () => {
  it.each([
    ['admin', 'R000: its own list excludes debt control'],
    ['curator', 'a client'],
    ['operator', 'B2B operator'],
  ])('%s (%s) gets E005 on every call and nothing is recorded', async (login) => {
    const h = createHarness();
    const { api } = await clientAs(h, login);
    expect(await code(api.call('debt.list', list()))).toBe('E005');
    expect(await code(api.call('debt.notice', { query: { ban: paxta.ban } }))).toBe('E005');
    expect(await code(api.call('debt.markSent', { body: { ban: paxta.ban } }))).toBe('E005');
    expect(await code(api.download('debt.pdf', { query: { ban: paxta.ban } }))).toBe('E005');
    expect(h.db.prepare('SELECT COUNT(*) AS n FROM debt_notices').get()).toEqual({ n: 0 });
  });

  it('without a session every call answers E009', async () => {
    const { api } = await clientAs(createHarness(), null);
    expect(await code(api.call('debt.list', list()))).toBe('E009');
    expect(await code(api.call('debt.markSent', { body: { ban: paxta.ban } }))).toBe('E009');
  });
});

describe('server/pdf: text documents in Cyrillic and Uzbek Latin', () => {
  it('wraps long paragraphs onto further pages and keeps every word', async () => {
    const words = Array.from({ length: 900 }, (_, i) => `слово${i} soʻz${i}`).join(' ');
    const bytes = await buildTextPdf({
      title: 'T',
      lang: 'uz',
      blocks: [{ kind: 'paragraph', text: words }],
    });
    const text = await pdfText(bytes);
    expect(text).toContain('слово0 soʻz0');
    expect(text).toContain('слово899 soʻz899');
  });
});
