/**
 * The company's employee list on the reference backend, through the real API client in-process (docs/decisions.md
 * EM1-EM5): the curator's company in name order with numbers and positions; search by a part of a name and by digits
 * checked against a brute-force filter of the table; paging; another company's curator sees only their own
 * employees; a subscriber (a number's profile) and staff without a profile are refused.
 */
import { describe, expect, it } from 'vitest';
import { EMPLOYEE_LIST_PAGE_SIZE } from '@/domain/employees.rules';
import { DEMO_COMPANIES } from '../../server/db/demo-accounts';
import { ApiFailure } from '../../src/services/api/api-error';
import { createApiClient } from '../../src/services/api/client';
import { createHarness, type Harness } from './harness';

async function clientAs(h: Harness, login: string) {
  const api = createApiClient({
    baseURL: 'http://portal.test/api/',
    fetch: h.agent().fetch,
    onSessionExpired: () => {},
  });
  await api.call('session.login', { body: { login, password: 'Demo-2026' } });
  return api;
}

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'OK';
  } catch (e) {
    if (e instanceof ApiFailure) return e.code;
    throw e;
  }
}

const main = DEMO_COMPANIES.find((c) => c.key === 'main')?.ban ?? '';
const samarqand = DEMO_COMPANIES.find((c) => c.key === 'samarqand')?.ban ?? '';

interface Row {
  id: number;
  fullName: string;
  sn: string | null;
  position: string | null;
}

/** Every employee of a BAN in the list's order, read straight from the table (the brute-force side). */
const allOf = (h: Harness, ban: string) =>
  (
    h.db
      .prepare('SELECT id, full_name AS fullName, sn, position FROM employees WHERE ban = ?')
      .all(ban) as Row[]
  ).sort((a, b) => (a.fullName < b.fullName ? -1 : a.fullName > b.fullName ? 1 : a.id - b.id));

describe('employees/list (EM1-EM5)', () => {
  const h = createHarness();

  it('lists the curator’s company in name order, 20 a page, with the count', async () => {
    const api = await clientAs(h, 'curator');
    const all = allOf(h, main);
    expect(all.length).toBeGreaterThan(300);
    const first = await api.call('employees.list', { query: {} });
    expect(first.totalElements).toBe(all.length);
    expect(first.totalPages).toBe(Math.ceil(all.length / EMPLOYEE_LIST_PAGE_SIZE));
    expect(first.content.map((r) => r.id)).toEqual(all.slice(0, 20).map((r) => r.id));
    const third = await api.call('employees.list', { query: { page: 2 } });
    expect(third.content.map((r) => r.id)).toEqual(all.slice(40, 60).map((r) => r.id));
    // every listed number is one of the company's numbers
    const sns = third.content.map((r) => r.sn).filter((s): s is string => s !== null);
    for (const sn of sns)
      expect((h.db.prepare('SELECT ban FROM numbers WHERE sn = ?').get(sn) as { ban: string }).ban).toBe(
        main,
      );
    expect(third.content.every((r) => r.department !== null)).toBe(true);
  });

  it('searches by a part of a name and by digits as a brute-force filter does', async () => {
    const api = await clientAs(h, 'curator');
    const all = allOf(h, main);
    const namePart = (all[7]?.fullName ?? '').split(' ')[0]?.slice(1, 5) ?? '';
    const byName = all.filter((r) => r.fullName.toLowerCase().includes(namePart.toLowerCase()));
    const name = await api.call('employees.list', { query: { q: namePart.toUpperCase(), size: 1000 } });
    expect(name.totalElements).toBe(byName.length);
    expect(name.content.map((r) => r.id)).toEqual(byName.slice(0, 1000).map((r) => r.id));

    const digits = (all[3]?.sn ?? '').slice(2, 6);
    const byDigits = all.filter((r) => (r.sn ?? '').includes(digits));
    const num = await api.call('employees.list', { query: { q: digits, size: 1000 } });
    expect(num.totalElements).toBe(byDigits.length);
    expect(num.content.map((r) => r.id)).toEqual(byDigits.map((r) => r.id));

    // the international form finds the same number
    const sn = all[3]?.sn ?? '';
    const intl = await api.call('employees.list', {
      query: { q: `+998 ${sn.slice(0, 2)} ${sn.slice(2, 5)} ${sn.slice(5)}` },
    });
    expect(intl.content.map((r) => r.sn)).toContain(sn);

    // a search of LIKE's own wildcards finds nothing rather than everything
    expect(await code(api.call('employees.list', { query: { q: '%' } }))).toBe('E101');
    const none = await api.call('employees.list', { query: { q: 'Zzzzqqq' } });
    expect(none).toMatchObject({ totalElements: 0, totalPages: 0, content: [] });
  });

  it('ignores the case of any script and counts every apostrophe as one (Cyrillic, Uzbek Latin)', async () => {
    const api = await clientAs(h, 'curator');
    const add = h.db.prepare(
      'INSERT INTO employees (ban, sn, full_name, position) VALUES (?, NULL, ?, NULL)',
    );
    const names = ['Жураев Шухрат Ильич', 'Gʻofurov Oʻtkir', "G'ofurova Dilnoza", 'Ёқубова Ҳилола'];
    const ids = names.map((n) => Number(add.run(main, n).lastInsertRowid));
    const found = async (q: string) =>
      (await api.call('employees.list', { query: { q, size: 1000 } })).content.map((r) => r.fullName);
    expect(await found('ЖУРАЕВ')).toEqual(['Жураев Шухрат Ильич']);
    expect(await found('шухрат')).toEqual(['Жураев Шухрат Ильич']);
    // ʻ (U+02BB), ' and ’ are one sign: each finds both spellings
    for (const q of ['GʻOFUR', "g'ofur", 'G’ofur'])
      expect((await found(q)).sort()).toEqual(["G'ofurova Dilnoza", 'Gʻofurov Oʻtkir']);
    expect(await found('ҲИЛОЛА')).toEqual(['Ёқубова Ҳилола']);
    h.db.prepare(`DELETE FROM employees WHERE id IN (${ids.join(',')})`).run();
  });

  it('shows another company only its own employees: nothing of the curator’s company', async () => {
    const api = await clientAs(h, 'curator16');
    const own = allOf(h, samarqand);
    const r = await api.call('employees.list', { query: { size: 1000 } });
    expect(r.totalElements).toBe(own.length);
    const ids = new Set(allOf(h, main).map((e) => e.id));
    expect(r.content.some((e) => ids.has(e.id))).toBe(false);
    // a BAN in the query is not a parameter of the call: the company stays the session's
    const other = await api.call('employees.list', { query: { ban: main } as never });
    expect(other.totalElements).toBe(own.length);
  });

  it('refuses a subscriber (a number’s profile), staff without a profile and a company without employees', async () => {
    expect(await code((await clientAs(h, 'subscriber')).call('employees.list', { query: {} }))).toBe('E005');
    expect(await code((await clientAs(h, 'operator')).call('employees.list', { query: {} }))).toBe('E005');
    expect(await code((await clientAs(h, 'admin')).call('employees.list', { query: {} }))).toBe('E005');
  });
});
