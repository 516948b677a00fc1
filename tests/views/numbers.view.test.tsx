// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import { numberInTab } from '@/domain/constants';
import { i18n } from '@/i18n/i18n';
import {
  type ExportNumbersInput,
  type FetchNumbersInput,
  NUMBERS_PAGE_SIZE,
  type NumberItem,
  type NumbersPageResult,
  type NumbersParams,
  numbersMachine,
  type ShownPage,
} from '@/machines/numbers.machine';
import { NumbersList } from '@/views/numbers/numbers-list.view';
import { TestProviders, WithFakes } from '../support/render-workflow';

const CODES = ['A', 'O', 'S', 'T', 'N'] as const;
/** 250 numbers: statuses in turn A, O, S, T, N → 100 active, 50 blocked, 50 pending, 50 terminated. */
const NUMBERS: NumberItem[] = Array.from({ length: 250 }, (_, i) => ({
  sn: String(901_000_000 + i),
  status: CODES[i % CODES.length] ?? 'A',
  pricePlan: 'Biznes',
  name: i === 2 ? 'Oʻlmasov Gʻayrat' : null,
}));

function serve({ params }: FetchNumbersInput): NumbersPageResult {
  const matching = NUMBERS.filter((n) => numberInTab(params.status, n.status) && n.sn.includes(params.q));
  const from = (params.page - 1) * NUMBERS_PAGE_SIZE;
  return {
    rows: matching.slice(from, from + NUMBERS_PAGE_SIZE),
    total: matching.length,
    totalPages: Math.ceil(matching.length / NUMBERS_PAGE_SIZE),
  };
}

interface Options {
  fetch?: (i: FetchNumbersInput) => Promise<NumbersPageResult>;
  prefetch?: (i: { ban: string; params: NumbersParams }) => Promise<readonly ShownPage[]>;
  exportNumbers?: (i: ExportNumbersInput) => Promise<void>;
}

function renderList(path: string, opts: Options = {}) {
  const location = memoryLocation({ path, record: true });
  const calls = { fetch: [] as FetchNumbersInput[], export: [] as ExportNumbersInput[] };
  const logic = numbersMachine.provide({
    actors: {
      fetchNumbers: fromPromise(async ({ input }: { input: FetchNumbersInput }) => {
        calls.fetch.push(input);
        return (opts.fetch ?? (async (i) => serve(i)))(input);
      }),
      prefetchNumbers: fromPromise(
        async ({
          input,
        }: {
          input: { ban: string; params: NumbersParams };
        }): Promise<readonly ShownPage[]> => (opts.prefetch ? opts.prefetch(input) : []),
      ),
      exportNumbers: fromPromise(async ({ input }: { input: ExportNumbersInput }) => {
        calls.export.push(input);
        await opts.exportNumbers?.(input);
      }),
    },
  });
  const utils = render(
    <TestProviders>
      <Router hook={location.hook}>
        <WithFakes fakes={{ numbers: logic }}>
          <NumbersList ban="100234561" />
        </WithFakes>
      </Router>
    </TestProviders>,
  );
  const list = () => screen.getByTestId('numbers-list');
  const shown = async (status: string) =>
    waitFor(() => {
      expect(list().dataset.ready).toBe('true');
      expect(list().dataset.status).toBe(status);
      // a page is drawn in two steps (the first rows, then the rest once painted): the table is busy until done
      expect(screen.queryByTestId('numbers-table')?.getAttribute('aria-busy') ?? null).toBeNull();
    });
  return { ...utils, location, calls, list, shown, user: userEvent.setup() };
}

const rowsShown = () => screen.getAllByTestId('numbers-row').map((r) => r.dataset.sn);
const selectedTab = () =>
  screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.dataset.testid;

afterEach(() => {
  cleanup();
});

describe('numbers list: the URL is the source of truth', () => {
  it('opens on the first tab (active), page 1, no filter, when the URL says nothing', async () => {
    const { shown, calls } = renderList('/profile');

    await shown('active');

    expect(selectedTab()).toBe('numbers-tab-active');
    expect(calls.fetch[0]).toEqual({
      ban: '100234561',
      params: { status: 'active', page: 1, q: '' },
      fresh: false,
    });
    expect(rowsShown()).toHaveLength(100);
    expect(screen.getByTestId('numbers-total').textContent).toBe('Всего 100 номеров');
  });

  it('reload keeps tab, page and filter: they are read from the URL', async () => {
    // page 2 exists for this filter (250 matches): a page past the last one is clamped (U15)
    const { shown, calls } = renderList('/profile?status=all&page=2&q=901000');

    await shown('all');

    expect(calls.fetch).toHaveLength(1);
    expect(calls.fetch[0]?.params).toEqual({ status: 'all', page: 2, q: '901000' });
    expect(selectedTab()).toBe('numbers-tab-all');
    expect(screen.getByLabelText('Фильтр по номеру')).toHaveProperty('value', '901000');
  });

  it('a malformed URL falls back to the defaults instead of failing', async () => {
    const { shown, calls } = renderList('/profile?status=bogus&page=-4&q=%2B998%2090');

    await shown('active');

    expect(calls.fetch[0]?.params).toEqual({ status: 'active', page: 1, q: '90' });
  });

  it('switching tabs puts the tab in the URL (page back to 1, filter kept) and shows that tab', async () => {
    const { shown, location, user } = renderList('/profile?status=active&page=1&q=901');
    await shown('active');

    await user.click(screen.getByTestId('numbers-tab-blocked'));

    await shown('blocked');
    expect(location.history?.at(-1)).toBe('/profile?status=blocked&q=901');
    expect(selectedTab()).toBe('numbers-tab-blocked');
    for (const row of screen.getAllByTestId('numbers-row')) expect(row.dataset.statusCode).toBe('S');
    expect(
      within(screen.getAllByTestId('numbers-row')[0] as HTMLElement).getByText('Заблокирован'),
    ).toBeTruthy();
  });

  it('each of the four tabs lists its statuses (pending = T, all = every status)', async () => {
    const { shown, user } = renderList('/profile');
    await shown('active');
    expect(new Set(screen.getAllByTestId('numbers-row').map((r) => r.dataset.statusCode))).toEqual(
      new Set(['A', 'O']),
    );

    await user.click(screen.getByTestId('numbers-tab-pending'));
    await shown('pending');
    expect(new Set(screen.getAllByTestId('numbers-row').map((r) => r.dataset.statusCode))).toEqual(
      new Set(['T']),
    );

    await user.click(screen.getByTestId('numbers-tab-all'));
    await shown('all');
    expect(new Set(screen.getAllByTestId('numbers-row').map((r) => r.dataset.statusCode))).toEqual(
      new Set(['A', 'O', 'S', 'T', 'N']),
    );
  });

  it('Back (the URL going back) shows the previous tab again', async () => {
    const { shown, location, user } = renderList('/profile?status=active');
    await shown('active');
    await user.click(screen.getByTestId('numbers-tab-blocked'));
    await shown('blocked');

    act(() => location.navigate('/profile?status=active'));

    await shown('active');
    expect(selectedTab()).toBe('numbers-tab-active');
  });

  it('arrow keys, Home and End move between the tabs (WAI-ARIA tabs)', async () => {
    const { shown, user, location } = renderList('/profile?status=active');
    await shown('active');
    screen.getByTestId('numbers-tab-active').focus();

    await user.keyboard('{ArrowRight}');
    await shown('pending');
    expect(document.activeElement?.getAttribute('data-testid')).toBe('numbers-tab-pending');
    await user.keyboard('{End}');
    await shown('all');
    await user.keyboard('{ArrowRight}');
    await shown('active');
    await user.keyboard('{ArrowLeft}');
    await shown('all');
    await user.keyboard('{Home}');
    await shown('active');
    expect(location.history).toContain('/profile?status=pending');
  });

  it('only the selected tab is in the tab order and it names the panel', async () => {
    const { shown } = renderList('/profile?status=blocked');
    await shown('blocked');

    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.tabIndex)).toEqual([-1, -1, 0, -1]);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('numbers-tab-blocked');
  });
});

/** The rows the table shows: those before the row that starts the hidden ones (`numbers__cut`, hidden with its next
 *  siblings by the stylesheet, which jsdom does not load), or all of them. */
function shownRows(table: Element): HTMLElement[] {
  const rows = [...table.querySelectorAll<HTMLElement>('[data-testid="numbers-row"]')];
  const cut = rows.findIndex((row) => row.classList.contains('numbers__cut'));
  return cut < 0 ? rows : rows.slice(0, cut);
}

/** Every state of the table, while the list says it is ready, between now and `until` resolving: rows shown, busy or
 *  not, the first row's status. */
async function recordTable(until: () => Promise<unknown>) {
  const seen: { rows: number; busy: boolean; firstStatus: string | undefined }[] = [];
  const record = () => {
    const list = document.querySelector<HTMLElement>('[data-testid="numbers-list"]');
    const table = document.querySelector('[data-testid="numbers-table"]');
    // what the list shows once it says it shows the page the URL asks for
    if (!table || list?.dataset.ready !== 'true') return;
    const rows = shownRows(table);
    const busy = table.getAttribute('aria-busy') === 'true';
    const last = seen.at(-1);
    if (last?.rows !== rows.length || last.busy !== busy || last.firstStatus !== rows[0]?.dataset.statusCode)
      seen.push({ rows: rows.length, busy, firstStatus: rows[0]?.dataset.statusCode });
  };
  const observer = new MutationObserver(record);
  observer.observe(document.body, { attributes: true, childList: true, subtree: true });
  try {
    await until();
  } finally {
    observer.disconnect();
  }
  record();
  return seen;
}

describe('numbers list: a page is drawn in two steps', () => {
  // jsdom's window is 768 px high: 22 rows of at least 36 px fill it
  const FIRST = Math.ceil(window.innerHeight / 36);

  it('draws a windowful of rows first, marked busy, and the rest of the page after', async () => {
    const seen = await recordTable(async () => {
      await renderList('/profile?status=active').shown('active');
    });

    expect(seen[0]).toEqual({ rows: FIRST, busy: true, firstStatus: 'A' });
    expect(seen.at(-1)).toEqual({ rows: 100, busy: false, firstStatus: 'A' });
    // never idle with a part of the page: whenever the table is not busy, every row is there
    for (const s of seen) if (!s.busy) expect(s.rows).toBe(100);
    const page = serve({ ban: '100234561', params: { status: 'active', page: 1, q: '' }, fresh: false });
    expect(rowsShown()).toEqual(page.rows.map((r) => r.sn));
    // the room of the rows still to come is given back once they are drawn
    expect(screen.getByTestId('numbers-table').style.marginBottom).toBe('');
  });

  it('a tab switch shows the first rows of the new tab at once, then its whole page', async () => {
    const { shown, user } = renderList('/profile?status=active');
    await shown('active');
    const before = screen.getAllByTestId('numbers-row');
    const beforeSn = before.map((row) => row.dataset.sn);

    let waiting: { hidden: (string | undefined)[]; placed: boolean[] } | undefined;
    const seen = await recordTable(async () => {
      await user.click(screen.getByTestId('numbers-tab-blocked'));
      // the frame that shows the new tab's first rows keeps the active page's other rows in their places, hidden:
      // nothing is removed to be created again once that frame is painted
      const table = screen.getByTestId('numbers-table');
      const rows = screen.getAllByTestId('numbers-row');
      const cut = rows.findIndex((row) => row.classList.contains('numbers__cut'));
      waiting = {
        hidden: rows.slice(cut).map((row) => row.dataset.sn),
        placed: rows.map((row, i) => row === before[i]),
      };
      expect(table.getAttribute('aria-busy')).toBe('true');
      await shown('blocked');
    });

    expect(waiting?.placed).toEqual(Array(50).fill(true));
    expect(waiting?.hidden).toEqual(beforeSn.slice(FIRST, 50));
    // the first rows drawn for the new tab are the new tab's: the table never says ready with the old tab's rows
    expect(seen[0]).toEqual({ rows: FIRST, busy: true, firstStatus: 'S' });
    expect(seen.at(-1)).toEqual({ rows: 50, busy: false, firstStatus: 'S' });
    for (const row of screen.getAllByTestId('numbers-row')) expect(row.dataset.statusCode).toBe('S');
  });

  it('a kept page shown again is drawn in two steps as well, though it was drawn in full before', async () => {
    // kept pages are the same objects each time (the page cache), so their rows are the same arrays
    const kept = new Map<string, NumbersPageResult>();
    const page = (params: NumbersParams) => {
      const key = `${params.status}|${params.page}|${params.q}`;
      const hit = kept.get(key) ?? serve({ ban: '100234561', params, fresh: false });
      kept.set(key, hit);
      return hit;
    };
    const { shown, list } = renderList('/profile?status=active', {
      fetch: async (i) => page(i.params),
      prefetch: async ({ params }) =>
        (['active', 'blocked', 'pending', 'all'] as const)
          .filter((status) => status !== params.status)
          .map((status) => ({
            params: { status, page: 1, q: params.q },
            ...page({ status, page: 1, q: params.q }),
          })),
    });
    await shown('active');
    await waitFor(() => expect(list().dataset.state).toContain('settled'));

    const seen = await recordTable(async () => {
      // to the blocked tab and straight back, before the rest of the blocked page is drawn
      act(() => fireEvent.click(screen.getByTestId('numbers-tab-blocked')));
      act(() => fireEvent.click(screen.getByTestId('numbers-tab-active')));
      await shown('active');
    });

    const back = seen.findIndex((s) => s.firstStatus === 'A');
    expect(seen[back]).toEqual({ rows: FIRST, busy: true, firstStatus: 'A' });
    expect(seen.at(-1)).toEqual({ rows: 100, busy: false, firstStatus: 'A' });
  });
});

describe('numbers list: filter and pages', () => {
  it('the filter keeps digits only, goes into the URL and starts from page 1', async () => {
    const { shown, location, user, calls } = renderList('/profile?status=all&page=2');
    await shown('all');

    await user.type(screen.getByLabelText('Фильтр по номеру'), '+998 (90) 100-01');
    await user.click(screen.getByRole('button', { name: 'Применить фильтр' }));

    await waitFor(() => expect(calls.fetch.at(-1)?.params).toEqual({ status: 'all', page: 1, q: '9010001' }));
    await shown('all');
    // N8: the address follows the page drawn
    await waitFor(() => expect(location.history?.at(-1)).toBe('/profile?status=all&q=9010001'));
    expect(rowsShown().every((sn) => sn?.includes('9010001'))).toBe(true);
  });

  it('resetting the filter removes it from the URL', async () => {
    const { shown, location, user } = renderList('/profile?status=all&q=90100');
    await shown('all');

    await user.click(screen.getByRole('button', { name: 'Сбросить' }));

    await waitFor(() => expect(location.history?.at(-1)).toBe('/profile?status=all'));
  });

  it('next / previous and the page field move through the pages via the URL', async () => {
    const { shown, location, user, calls } = renderList('/profile?status=all');
    await shown('all');
    expect(screen.getByTestId('numbers-page').textContent).toBe('Страница 1 из 3');
    expect(screen.getByTestId('numbers-prev')).toHaveProperty('disabled', true);

    await user.click(screen.getByTestId('numbers-next'));
    await waitFor(() => expect(calls.fetch.at(-1)?.params.page).toBe(2));
    await shown('all');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/profile?status=all&page=2'));
    expect(location.history).toEqual(['/profile?status=all', '/profile?status=all&page=2']);

    const field = screen.getByLabelText('Перейти на страницу');
    await user.clear(field);
    await user.type(field, '99');
    await user.click(screen.getByRole('button', { name: 'Перейти' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/profile?status=all&page=3'));
    await shown('all');
    expect(screen.getByTestId('numbers-next')).toHaveProperty('disabled', true);
    expect(rowsShown()).toHaveLength(50);

    await user.click(screen.getByTestId('numbers-prev'));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/profile?status=all&page=2'));
  });

  it('N8: the address a page wrote is no news for the list: a click on the next page meanwhile is kept', async () => {
    let release: (() => void) | undefined;
    const { list, location, calls } = renderList('/profile?status=all', {
      fetch: async (i) => {
        if (i.params.page === 3) await new Promise<void>((r) => (release = r));
        return serve(i);
      },
    });
    await waitFor(() => expect(list().dataset.ready).toBe('true'));

    act(() => fireEvent.click(screen.getByTestId('numbers-next')));
    await waitFor(() => expect(screen.getByTestId('numbers-page').textContent).toBe('Страница 2 из 3'));
    // page 2 is drawn; its address is written once that frame is painted, after this click on page 3
    act(() => fireEvent.click(screen.getByTestId('numbers-next')));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/profile?status=all&page=2'));

    // the list still asks for page 3: the address it wrote for page 2 did not send it back there
    expect(calls.fetch.map((c) => c.params.page)).toEqual([1, 2, 3]);
    act(() => release?.());
    await waitFor(() => expect(screen.getByTestId('numbers-page').textContent).toBe('Страница 3 из 3'));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/profile?status=all&page=3'));
    expect(calls.fetch.map((c) => c.params.page)).toEqual([1, 2, 3]);
    expect(location.history).toEqual([
      '/profile?status=all',
      '/profile?status=all&page=2',
      '/profile?status=all&page=3',
    ]);
  });

  it('N2: an address typed or stepped back to is news for the list, and is not written over', async () => {
    const { shown, location, calls } = renderList('/profile?status=all&page=2');
    await shown('all');

    act(() => location.navigate('/profile?status=blocked'));

    await shown('blocked');
    expect(calls.fetch.at(-1)?.params).toEqual({ status: 'blocked', page: 1, q: '' });
    expect(location.history?.at(-1)).toBe('/profile?status=blocked');
    expect(location.history).toEqual(['/profile?status=all&page=2', '/profile?status=blocked']);
  });

  it('says so when nothing matches', async () => {
    const { shown } = renderList('/profile?q=12345678');
    await shown('active');

    expect(screen.getByTestId('numbers-empty').textContent).toBe('Номеров нет');
    expect(screen.queryByTestId('numbers-table')).toBeNull();
    expect(screen.getByTestId('numbers-total').textContent).toBe('Всего 0 номеров');
  });

  it('keeps the previous rows on screen, marked busy once the next page is late, while it loads', async () => {
    let release: (() => void) | undefined;
    const { shown, user, location } = renderList('/profile', {
      fetch: async (i) => {
        if (i.params.status === 'blocked') await new Promise<void>((r) => (release = r));
        return serve(i);
      },
    });
    await shown('active');

    await user.click(screen.getByTestId('numbers-tab-blocked'));

    // N8: for a moment the list stays drawn as it was: its tab marked, not busy, the address unchanged
    expect(screen.getByRole('tabpanel').getAttribute('aria-busy')).toBe('false');
    expect(selectedTab()).toBe('numbers-tab-active');
    expect(location.history?.at(-1)).toBe('/profile');
    // then the new tab is marked and the rows on screen are busy, and the address says the new tab
    await waitFor(() => expect(screen.getByRole('tabpanel').getAttribute('aria-busy')).toBe('true'));
    expect(selectedTab()).toBe('numbers-tab-blocked');
    expect(screen.getAllByTestId('numbers-row')[0]?.dataset.statusCode).toMatch(/[AO]/);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/profile?status=blocked'));
    act(() => release?.());
    await shown('blocked');
    expect(screen.getByRole('tabpanel').getAttribute('aria-busy')).toBe('false');
    expect(location.history).toEqual(['/profile', '/profile?status=blocked']);
  });

  it('shows a failed load with the catalogue text and loads again on retry', async () => {
    let fail = true;
    const { shown, user } = renderList('/profile', {
      fetch: async (i) => {
        if (fail) throw { code: 'E052' };
        return serve(i);
      },
    });

    const alert = await screen.findByTestId('numbers-load-error');
    expect(alert.textContent).toContain('Не удалось загрузить номера.');
    expect(alert.textContent).toContain(i18n.t('errors.E052'));
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Повторить' }));

    await shown('active');
    expect(screen.queryByTestId('numbers-load-error')).toBeNull();
  });

  it('the refresh button reloads the page bypassing kept pages', async () => {
    const { shown, user, calls } = renderList('/profile');
    await shown('active');

    await user.click(screen.getByTestId('numbers-refresh'));

    await waitFor(() => expect(calls.fetch.map((c) => c.fresh)).toEqual([false, true]));
    await shown('active');
  });
});

describe('numbers list: export', () => {
  it('exports the current tab and filter (all pages) as CSV or XLSX; the buttons wait while it runs', async () => {
    let finish: (() => void) | undefined;
    const { shown, user, calls } = renderList('/profile?status=blocked&page=2&q=901', {
      exportNumbers: () => new Promise<void>((r) => (finish = r)),
    });
    await shown('blocked');

    await user.click(screen.getByTestId('numbers-export-xlsx'));

    expect(calls.export).toEqual([{ ban: '100234561', status: 'blocked', q: '901', format: 'xlsx' }]);
    expect(screen.getByTestId('numbers-export-csv')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('numbers-export-xlsx').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Готовим файл…')).toBeTruthy();
    act(() => finish?.());
    await waitFor(() => expect(screen.getByTestId('numbers-export-csv')).toHaveProperty('disabled', false));

    await user.click(screen.getByTestId('numbers-export-csv'));
    await waitFor(() => expect(calls.export.at(-1)?.format).toBe('csv'));
  });

  it('shows a failed export and closes the message on request', async () => {
    const { shown, user } = renderList('/profile', {
      exportNumbers: async () => {
        throw { code: 'network' };
      },
    });
    await shown('active');

    await user.click(screen.getByTestId('numbers-export-csv'));

    const alert = await screen.findByTestId('numbers-export-error');
    expect(alert.textContent).toContain('Не удалось выгрузить список.');
    await user.click(within(alert).getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByTestId('numbers-export-error')).toBeNull();
  });
});

describe('numbers list: texts', () => {
  it('shows numbers as +998 XX XXX XX XX, statuses by name and employee names as text', async () => {
    const { shown } = renderList('/profile?status=all');
    await shown('all');

    const third = screen.getAllByTestId('numbers-row')[2] as HTMLElement;
    expect(within(third).getByText('+998 90 100 00 02')).toBeTruthy();
    expect(within(third).getByText('Заблокирован')).toBeTruthy();
    expect(within(third).getByText('Oʻlmasov Gʻayrat')).toBeTruthy();
    expect(
      within(screen.getAllByTestId('numbers-row')[4] as HTMLElement).getByText('Расторгнут'),
    ).toBeTruthy();
  });

  it('groups the thousands of the total (12 000, not 12000)', async () => {
    const { shown } = renderList('/profile', {
      fetch: async (i) => ({ ...serve(i), total: 12_000, totalPages: 120 }),
    });
    await shown('active');

    expect(screen.getByTestId('numbers-total').textContent).toMatch(/^Всего 12[\u00A0\u202F ]000 номеров$/);
    expect(screen.getByTestId('numbers-page').textContent).toBe('Страница 1 из 120');
  });

  it('speaks Uzbek on the uz pages', async () => {
    await act(() => i18n.changeLanguage('uz'));
    try {
      const { shown } = renderList('/profile?status=pending');
      await shown('pending');

      expect(screen.getByTestId('numbers-tab-pending').textContent).toBe('Kutilmoqda');
      expect(screen.getByRole('columnheader', { name: 'Xodim' })).toBeTruthy();
      expect(screen.getByTestId('numbers-total').textContent).toBe('Jami 50 ta raqam');
    } finally {
      await act(() => i18n.changeLanguage('ru'));
    }
  });
});
