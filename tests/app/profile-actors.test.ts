import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { appApiOf } from '@/app/api';
import {
  createNumbersExport,
  createNumbersPages,
  createProfileLogic,
  NUMBERS_CACHE_TTL_MS,
} from '@/app/profile.actors';
import { setLanguage } from '@/i18n/i18n';
import { NUMBERS_PAGE_SIZE, type NumbersParams } from '@/machines/numbers.machine';
import type { ApiClient } from '@/services/api/client';
import type { NumbersQuery } from '@/services/contract/lookup.contract';

type Query = Required<Pick<NumbersQuery, 'ban' | 'page' | 'size'>> & Pick<NumbersQuery, 'status' | 'q'>;

/** A fake API answering `profile.numbers` from `total` generated numbers; records every query. */
function fakeApi(total = 250, fail?: (q: Query) => unknown) {
  const queries: Query[] = [];
  const client = {
    call: async (name: string, input: { query: Query }) => {
      if (name !== 'profile.numbers') throw new Error(`unexpected call ${name}`);
      const q = input.query;
      queries.push(q);
      const failure = fail?.(q);
      if (failure) throw failure;
      const page = Number(q.page);
      const size = Number(q.size);
      const content = Array.from({ length: Math.max(0, Math.min(size, total - page * size)) }, (_, i) => ({
        sn: String(900_000_000 + page * size + i),
        status: 'A',
        pricePlan: 'Biznes',
        name: i === 0 ? 'Oʻlmasov Gʻayrat' : null,
      }));
      return { content, totalElements: total, totalPages: Math.ceil(total / size), page, size };
    },
  } as unknown as ApiClient;
  return { api: async () => client, queries };
}

const params = (p: Partial<NumbersParams> = {}): NumbersParams => ({
  status: 'active',
  page: 1,
  q: '',
  ...p,
});

afterEach(async () => {
  await setLanguage('ru');
});

describe('numbers pages (GET client/numbers with a short memory)', () => {
  it('asks the server for the 0-based page of 100 with the tab, and leaves an empty filter out', async () => {
    const { api, queries } = fakeApi();
    const pages = createNumbersPages(api);

    const page = await pages.fetch({
      ban: '100234561',
      params: params({ status: 'blocked', page: 3 }),
      fresh: false,
    });

    expect(queries).toEqual([{ ban: '100234561', status: 'blocked', page: 2, size: NUMBERS_PAGE_SIZE }]);
    expect(page.total).toBe(250);
    expect(page.totalPages).toBe(3);
    expect(page.rows).toHaveLength(50);
    expect(page.rows[0]).toEqual({
      sn: '900000200',
      status: 'A',
      pricePlan: 'Biznes',
      name: 'Oʻlmasov Gʻayrat',
    });
  });

  it('sends the digits filter as q', async () => {
    const { api, queries } = fakeApi();

    await createNumbersPages(api).fetch({ ban: '1', params: params({ q: '9012' }), fresh: false });

    expect(queries[0]?.q).toBe('9012');
  });

  it('answers a page asked again within the TTL from memory, and asks again after it or when fresh', async () => {
    let clock = 0;
    const { api, queries } = fakeApi();
    const pages = createNumbersPages(api, { now: () => clock });
    const input = { ban: '1', params: params(), fresh: false };

    await pages.fetch(input);
    clock = NUMBERS_CACHE_TTL_MS - 1;
    await pages.fetch(input);
    expect(queries).toHaveLength(1);

    await pages.fetch({ ...input, fresh: true });
    expect(queries).toHaveLength(2);

    clock += NUMBERS_CACHE_TTL_MS;
    await pages.fetch(input);
    expect(queries).toHaveLength(3);
  });

  it('a fresh load forgets every kept page of that BAN (other tabs too), not those of other BANs', async () => {
    const { api, queries } = fakeApi();
    const pages = createNumbersPages(api);
    await pages.prefetch({ ban: '1', params: params() });
    await pages.fetch({ ban: '2', params: params(), fresh: false });

    await pages.fetch({ ban: '1', params: params(), fresh: true });
    await pages.fetch({ ban: '1', params: params({ status: 'blocked' }), fresh: false });
    await pages.fetch({ ban: '2', params: params(), fresh: false });

    expect(queries.map((q) => `${q.ban}:${q.status}`)).toEqual([
      '1:pending',
      '1:blocked',
      '1:all',
      '2:active',
      '1:active',
      '1:blocked',
    ]);
  });

  it('shares a request on the way: a tab clicked during its prefetch waits for that same request', async () => {
    const { api, queries } = fakeApi();
    const pages = createNumbersPages(api);

    const prefetch = pages.prefetch({ ban: '1', params: params({ q: '90' }) });
    const clicked = pages.fetch({ ban: '1', params: params({ status: 'blocked', q: '90' }), fresh: false });
    await Promise.all([prefetch, clicked]);

    expect(queries.map((q) => q.status).sort()).toEqual(['all', 'blocked', 'pending']);
    expect(queries.every((q) => q.page === 0 && q.q === '90')).toBe(true);
  });

  it('forgets a failed request at once, and a failed prefetch does not reject', async () => {
    let failing = true;
    const { api, queries } = fakeApi(10, () => (failing ? { code: 'network' } : undefined));
    const pages = createNumbersPages(api);

    await expect(pages.prefetch({ ban: '1', params: params() })).resolves.toEqual([]);
    await expect(pages.fetch({ ban: '1', params: params(), fresh: false })).rejects.toEqual({
      code: 'network',
    });
    failing = false;
    await expect(pages.fetch({ ban: '1', params: params(), fresh: false })).resolves.toMatchObject({
      total: 10,
    });
    expect(queries).toHaveLength(5);
    expect(pages.size).toBe(1);
  });

  it('keeps at most `max` pages, dropping the oldest', async () => {
    const { api, queries } = fakeApi(10_000);
    const pages = createNumbersPages(api, { max: 3 });

    for (const page of [1, 2, 3, 4]) await pages.fetch({ ban: '1', params: params({ page }), fresh: false });
    await pages.fetch({ ban: '1', params: params({ page: 1 }), fresh: false });

    expect(pages.size).toBe(3);
    expect(queries).toHaveLength(5);
  });
});

describe('numbers export actor', () => {
  it('fetches every page of the tab and filter, builds a CSV with ru headers and hands it to the browser', async () => {
    const { api, queries } = fakeApi(2_345);
    const saved: { bytes: Uint8Array; name: string; format: string }[] = [];
    const run = createNumbersExport(api, (bytes, name, format) => saved.push({ bytes, name, format }));

    await run({ ban: '100234561', status: 'all', q: '90', format: 'csv' });

    expect(queries.map((q) => q.page).sort()).toEqual([0, 1, 2]);
    expect(queries.every((q) => q.size === 1000 && q.status === 'all' && q.q === '90')).toBe(true);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.name).toBe('numbers-100234561-all-90.csv');
    const text = new TextDecoder().decode(saved[0]?.bytes);
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Номер;Статус;Тариф;Сотрудник');
    expect(lines).toHaveLength(2_346);
    expect(lines[1]).toBe('"=""+998 90 000 00 00""";Активен;Biznes;Oʻlmasov Gʻayrat');
  });

  it('builds an XLSX in the language shown (uz headers), readable by exceljs', async () => {
    await setLanguage('uz');
    const { api } = fakeApi(3);
    const saved: { bytes: Uint8Array; name: string; format: string }[] = [];
    const run = createNumbersExport(api, (bytes, name, format) => saved.push({ bytes, name, format }));

    await run({ ban: '100234561', status: 'active', q: '', format: 'xlsx' });

    expect(saved[0]?.name).toBe('numbers-100234561-active.xlsx');
    expect(saved[0]?.format).toBe('xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(saved[0]?.bytes ?? new Uint8Array()) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.name).toBe('Raqamlar');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Raqam', 'Holat', 'Tarif', 'Xodim']);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([
      '+998 90 000 00 00',
      'Faol',
      'Biznes',
      'Oʻlmasov Gʻayrat',
    ]);
  });

  it('fails (nothing saved) when a page fails', async () => {
    const { api } = fakeApi(3_000, (q) => (q.page === 1 ? { code: 'E009' } : undefined));
    const saved: unknown[] = [];

    await expect(
      createNumbersExport(api, (...a) => saved.push(a))({ ban: '1', status: 'all', q: '', format: 'csv' }),
    ).rejects.toEqual({ code: 'E009' });
    expect(saved).toEqual([]);
  });
});

describe('createProfileLogic', () => {
  it('provides the numbers machine with the real actors: a page loads through the API', async () => {
    const { api, queries } = fakeApi(120);
    const { numbers: numbersLogic } = createProfileLogic(appApiOf(api));
    const actor = createActor(numbersLogic, { input: { ban: '100234561', params: params() } }).start();

    const ready = await waitFor(actor, (s) => s.matches({ list: { ready: 'settled' } }));

    expect(ready.context.shown?.total).toBe(120);
    // the page itself, then page 1 of the three other tabs
    expect(queries.map((q) => q.status)).toEqual(['active', 'pending', 'blocked', 'all']);
    actor.stop();
  });
});
