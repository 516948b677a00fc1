import { fromPromise } from 'xstate';
import { NUMBER_TABS } from '@/domain/constants';
import { i18n } from '@/i18n/i18n';
import {
  type ExportNumbersInput,
  type FetchNumbersInput,
  NUMBERS_PAGE_SIZE,
  type NumberItem,
  type NumbersInput,
  type NumbersPageResult,
  type NumbersParams,
  numbersMachine,
  type ShownPage,
} from '@/machines/numbers.machine';
import { saveFile } from '@/services/export/download.export';
import { fetchAllPages, numbersTable } from '@/services/export/numbers.export';
import { exportFileName } from '@/services/export/table.export';
import { exportTableFile } from '@/services/export/table-file.export';
import { whenPaintedAndIdle } from '@/views/common/after-paint';
import { statusLabelKey } from '@/views/widgets/status.labels';
import type { ApiLoader, AppApi } from './api';

/**
 * Real actors of the profile area (numbers list and its export), built on the app's API client by `createAppLogic`;
 * tests provide fakes to the same machine instead.
 */

/** How long a fetched page is reused (tab switches and Back render from memory within this time). */
export const NUMBERS_CACHE_TTL_MS = 60_000;
/** Pages kept at most (oldest dropped first). */
export const NUMBERS_CACHE_MAX = 64;

type Api = ApiLoader;

function toItem(row: {
  sn: string;
  status?: string | null;
  pricePlan?: string | null;
  name?: string | null;
}) {
  return {
    sn: row.sn,
    status: row.status ?? '',
    pricePlan: row.pricePlan ?? null,
    name: row.name ?? null,
  } satisfies NumberItem;
}

/** Resolves once the next frame is painted and the page is idle (src/views/common/after-paint.ts). The prefetch is
 *  background work: it waits until the rows of the switch are painted, then gives way to anything more urgent. */
const afterPaint = (): Promise<void> => new Promise((resolve) => void whenPaintedAndIdle(resolve));

/**
 * Pages of `GET client/numbers`, kept for `ttlMs`. A page being fetched is shared, so a tab clicked while its
 * prefetch is on the way waits for that same request. Requests are never aborted: a page the user left is still
 * worth keeping. A failed request is forgotten at once.
 */
export function createNumbersPages(
  api: Api,
  opts: { ttlMs?: number; max?: number; now?: () => number } = {},
) {
  const ttl = opts.ttlMs ?? NUMBERS_CACHE_TTL_MS;
  const max = opts.max ?? NUMBERS_CACHE_MAX;
  const now = opts.now ?? Date.now;
  const cache = new Map<string, { at: number; page: Promise<NumbersPageResult> }>();

  const keyOf = (ban: string, p: NumbersParams) => `${ban}|${p.status}|${p.page}|${p.q}`;

  const load = async (ban: string, p: NumbersParams): Promise<NumbersPageResult> => {
    const reply = await (await api()).call('profile.numbers', {
      query: {
        ban,
        status: p.status,
        page: p.page - 1,
        size: NUMBERS_PAGE_SIZE,
        ...(p.q === '' ? {} : { q: p.q }),
      },
    });
    const counts = reply.counts
      ? {
          active: reply.counts.active,
          pending: reply.counts.pending,
          blocked: reply.counts.blocked,
          all: reply.counts.all,
        }
      : null;
    return {
      rows: reply.content.map(toItem),
      total: reply.totalElements,
      totalPages: reply.totalPages,
      counts,
    };
  };

  const get = (ban: string, p: NumbersParams, fresh: boolean): Promise<NumbersPageResult> => {
    const key = keyOf(ban, p);
    // a refresh asked for by the user drops every kept page of the BAN: the other tabs may be stale too
    if (fresh) for (const k of [...cache.keys()]) if (k.startsWith(`${ban}|`)) cache.delete(k);
    const hit = cache.get(key);
    if (hit && now() - hit.at < ttl) return hit.page;
    const page = load(ban, p);
    cache.delete(key);
    cache.set(key, { at: now(), page });
    while (cache.size > max) {
      const oldest = cache.keys().next().value;
      if (oldest === undefined) break;
      cache.delete(oldest);
    }
    page.catch(() => {
      if (cache.get(key)?.page === page) cache.delete(key);
    });
    return page;
  };

  return {
    /** One page, from memory when fetched less than `ttlMs` ago; `fresh` forgets the BAN's kept pages first. */
    fetch: ({ ban, params, fresh }: FetchNumbersInput) => get(ban, params, fresh),
    /** Warms page 1 of the other tabs with the same filter and returns those that loaded, for the chart to keep
     *  (N6); failures are dropped (the tab loads when chosen). */
    prefetch: async ({ ban, params }: NumbersInput): Promise<readonly ShownPage[]> => {
      // the chart starts the prefetch in the very transition that shows a page (N6): set the requests up once that
      // page is painted, not inside the click
      await afterPaint();
      const others = NUMBER_TABS.filter((status) => status !== params.status);
      const pages = await Promise.all(
        others.map(async (status) => {
          const at = { status, page: 1, q: params.q };
          return get(ban, at, false).then(
            (page): ShownPage => ({ params: at, ...page }),
            () => null,
          );
        }),
      );
      return pages.filter((page): page is ShownPage => page !== null);
    },
    /** Drops every kept page (e.g. after numbers were blocked or restored). */
    clear: () => cache.clear(),
    get size() {
      return cache.size;
    },
  };
}

/** Builds the export file of a tab + filter (all pages) and starts its download; `save` is the browser download. */
export function createNumbersExport(api: Api, save: typeof saveFile = saveFile) {
  return async ({ ban, status, q, format }: ExportNumbersInput): Promise<void> => {
    const client = await api();
    const rows = await fetchAllPages(async (page, size) => {
      const reply = await client.call('profile.numbers', {
        query: { ban, status, page, size, ...(q === '' ? {} : { q }) },
      });
      return { rows: reply.content.map(toItem), totalPages: reply.totalPages };
    });
    const t = i18n.t.bind(i18n);
    const table = numbersTable(rows, {
      number: t('numbers.columns.number'),
      status: t('numbers.columns.status'),
      tariff: t('numbers.columns.tariff'),
      employee: t('numbers.columns.employee'),
      statusName: (code) => t(statusLabelKey(code)),
    });
    const name = exportFileName(['numbers', ban, status, q], format);
    await exportTableFile(table, { name, format, sheetName: t('numbers.title') }, save);
  };
}

/** The profile area's machines with their real actors (`pages` is the kept-pages cache, for tests). */
export function createProfileLogic(appApi: AppApi) {
  const api = appApi.load;
  const pages = createNumbersPages(api);
  const exportNumbers = createNumbersExport(api);
  const numbersLogic = numbersMachine.provide({
    actors: {
      fetchNumbers: fromPromise<NumbersPageResult, FetchNumbersInput>(({ input }) => pages.fetch(input)),
      prefetchNumbers: fromPromise<readonly ShownPage[], NumbersInput>(({ input }) => pages.prefetch(input)),
      exportNumbers: fromPromise<void, ExportNumbersInput>(({ input }) => exportNumbers(input)),
    },
  });
  return { numbers: numbersLogic, pages };
}

/** The page workflows this area provides (its manifest ./profile.workflow.ts; composed in ./page-logic.generated.ts). */
export const pageLogic = (api: AppApi) => ({ numbers: createProfileLogic(api).numbers });
