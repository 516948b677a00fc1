// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor, fromPromise } from 'xstate';
import { catalogueCategories } from '@/domain/golden-categories.rules';
import { formatSum } from '@/domain/money.rules';
import { i18n } from '@/i18n/i18n';
import { newClientMachine } from '@/machines/new-client.machine';
import { newNumbersMachine, type QrCategory } from '@/machines/new-numbers.machine';
import { type NewOrderDraft, newOrderMachine } from '@/machines/new-order.machine';
import {
  type FetchOrdersInput,
  type OrderDetails,
  type OrderItem,
  ordersMachine,
} from '@/machines/orders.machine';
import { NewClientContext } from '@/views/new-client/new-client.context';
import { NewClientView } from '@/views/new-client/new-client.page.view';
import { NewNumbersContext } from '@/views/new-numbers/new-numbers.context';
import { NewNumbersView } from '@/views/new-numbers/new-numbers.page.view';
import { OrdersPage, ordersSearch } from '@/views/orders/orders.view';
import { NewOrderForm } from '@/views/purchase/new-order.view';
import { newClientInput } from '../machines/new-client.payloads';
import { company, newOrderInput } from '../machines/new-order.payloads';
import { goldenOrder, orderDetails, today } from '../machines/orders.payloads';
import { TestProviders } from '../support/render-workflow';

/**
 * The public pages name the number categories in the page's language and price them as the purchase page does
 * (docs/decisions.md NC16): the one catalogue's categories (spec 3 ids, spec 9 prices) as the server sends them, with
 * the wire's language-neutral names, shown as the purchase page's texts ('Бронзовый' / 'Bronza'), with the portal's
 * money formatter (`84 200 сум`, no-break spaces), the free category 122 as 'бесплатно (без НДС)'.
 */
const NBSP = '\u00a0';
const EXPECTED = {
  ru: [
    [122, 'Простой', 'бесплатно (без НДС)'],
    [192, 'Бронзовый', `84${NBSP}200${NBSP}сум`],
    [153, 'Серебряный', `210${NBSP}500${NBSP}сум`],
    [152, 'Золотой', `421${NBSP}000${NBSP}сум`],
    [79, 'Платиновый', `1${NBSP}263${NBSP}000${NBSP}сум`],
  ],
  uz: [
    [122, 'Oddiy', 'bepul (QQSsiz)'],
    [192, 'Bronza', `84${NBSP}200${NBSP}soʻm`],
    [153, 'Kumush', `210${NBSP}500${NBSP}soʻm`],
    [152, 'Oltin', `421${NBSP}000${NBSP}soʻm`],
    [79, 'Platina', `1${NBSP}263${NBSP}000${NBSP}soʻm`],
  ],
} as const;

/** The price plans of the one catalogue (ids 1–4) as each language names them (NC17). */
const PLANS = {
  ru: ['Бизнес Старт', 'Бизнес Про', 'Корпоративный 25', 'Корпоративный Безлимит'],
  uz: ['Biznes Start', 'Biznes Pro', 'Korporativ 25', 'Korporativ Cheksiz'],
} as const;

const qrCategories: QrCategory[] = catalogueCategories().map((c) => ({
  id: c.id,
  price: c.price,
  examples: [],
}));

async function inLanguage(lang: 'ru' | 'uz') {
  await act(() => i18n.changeLanguage(lang));
}

function mount(children: React.ReactNode, path: string) {
  const location = memoryLocation({ path });
  render(
    <I18nextProvider i18n={i18n}>
      <Router hook={location.hook}>
        <TestProviders>{children}</TestProviders>
      </Router>
    </I18nextProvider>,
  );
}

afterEach(async () => {
  cleanup();
  await inLanguage('ru');
});

describe('the new-numbers page names and prices the categories in its language', () => {
  it.each(['ru', 'uz'] as const)('%s', async (lang) => {
    await inLanguage(lang);
    const logic = newNumbersMachine.provide({
      actors: { fetchQrCategories: fromPromise<QrCategory[]>(async () => qrCategories) },
    });
    mount(
      <NewNumbersContext.Provider logic={logic}>
        <NewNumbersView />
      </NewNumbersContext.Provider>,
      '/new-numbers',
    );
    await screen.findByTestId('new-numbers-shown');
    for (const [id, name, price] of EXPECTED[lang]) {
      const card = screen.getByTestId(`category-${id}`);
      expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe(name);
      expect(card.querySelector('.nn-price')?.textContent).toBe(price);
    }
    expect(formatSum(84_200, { lang })).toBe(EXPECTED[lang][1][2]);
  });
});

describe('step two of the new-client wizard names and prices the categories in its language', () => {
  it.each(['ru', 'uz'] as const)('%s', async (lang) => {
    await inLanguage(lang);
    const start = createActor(newClientMachine, { input: newClientInput }).getSnapshot().context;
    const catalogue = {
      numberCategories: catalogueCategories().map((c) => ({
        id: String(c.id),
        name: c.name,
        price: c.price,
      })),
      pricePlans: [],
      services: [],
    };
    // the wizard at step two with the catalogue loaded (no call to answer: the state invokes nothing)
    const snapshot = newClientMachine.resolveState({
      value: { confirm: 'ready' },
      context: { ...start, catalogue },
    });
    const actor = createActor(newClientMachine, { input: newClientInput, snapshot }).start();
    mount(
      <NewClientContext.Value value={actor}>
        <NewClientView />
      </NewClientContext.Value>,
      '/new-client',
    );
    const shown = within(await screen.findByTestId('new-client-catalogue'));
    for (const [, name, price] of EXPECTED[lang])
      expect((shown.getByText(name).nextElementSibling as HTMLElement).textContent).toBe(price);
    for (const c of catalogue.numberCategories) expect(shown.queryByText(c.name)).toBeNull();
  });
});

describe('an order names the category of each of its rows in the page language', () => {
  // a new-number order's rows carry the category id the catalogue sells (GN12), never a name
  const newOrder: OrderDetails = {
    ...orderDetails,
    kind: 'new',
    status: 'created',
    numbers: [],
    rows: EXPECTED.ru.map(([id]) => ({
      kolvo: 1,
      category: String(id),
      tariff: '1',
      services: [],
      nominal: null,
    })),
  };
  it.each(['ru', 'uz'] as const)('%s', async (lang) => {
    await inLanguage(lang);
    const logic = ordersMachine.provide({
      actors: {
        fetchOrders: fromPromise<readonly OrderItem[], FetchOrdersInput>(async () => [
          { ...goldenOrder, kind: 'new' },
        ]),
        fetchOrder: fromPromise(async () => newOrder),
      },
    });
    const location = memoryLocation({ path: `/orders/${newOrder.id}?${ordersSearch(today)}` });
    render(
      <I18nextProvider i18n={i18n}>
        <Router hook={location.hook}>
          <TestProviders fakes={{ orders: logic }}>
            <Route path="/orders/:id">
              <OrdersPage />
            </Route>
          </TestProviders>
        </Router>
      </I18nextProvider>,
    );
    const details = await screen.findByTestId('order-details');
    const cells = [...details.querySelectorAll('tbody tr')].map((tr) => tr.children[1]?.textContent);
    expect(cells).toEqual(EXPECTED[lang].map(([, name]) => name));
    // the price plan of each row by its name in the page's language (NC17), never its id
    const plans = [...details.querySelectorAll('tbody tr')].map((tr) => tr.children[2]?.textContent);
    expect(plans).toEqual(EXPECTED[lang].map(() => PLANS[lang][0]));
  });
});

describe('an order names the price plan of each of its rows in the page language', () => {
  const newOrder: OrderDetails = {
    ...orderDetails,
    kind: 'new',
    status: 'created',
    numbers: [],
    rows: ['1', '2', '3', '4'].map((tariff) => ({
      kolvo: 1,
      category: '192',
      tariff,
      services: [],
      nominal: null,
    })),
  };
  it.each(['ru', 'uz'] as const)('%s', async (lang) => {
    await inLanguage(lang);
    const logic = ordersMachine.provide({
      actors: {
        fetchOrders: fromPromise<readonly OrderItem[], FetchOrdersInput>(async () => [
          { ...goldenOrder, kind: 'new' },
        ]),
        fetchOrder: fromPromise(async () => newOrder),
      },
    });
    const location = memoryLocation({ path: `/orders/${newOrder.id}?${ordersSearch(today)}` });
    render(
      <I18nextProvider i18n={i18n}>
        <Router hook={location.hook}>
          <TestProviders fakes={{ orders: logic }}>
            <Route path="/orders/:id">
              <OrdersPage />
            </Route>
          </TestProviders>
        </Router>
      </I18nextProvider>,
    );
    const details = await screen.findByTestId('order-details');
    const plans = [...details.querySelectorAll('tbody tr')].map((tr) => tr.children[2]?.textContent);
    expect(plans).toEqual(PLANS[lang]);
  });
});

describe('the new-number order offers the categories and price plans in the page language', () => {
  it.each(['ru', 'uz'] as const)('%s', async (lang) => {
    await inLanguage(lang);
    const logic = newOrderMachine.provide({
      actors: {
        fetchCompany: fromPromise(async () => company),
        restoreDraft: fromPromise(async (): Promise<NewOrderDraft | null> => null),
      },
      actions: { saveDraft: () => {}, clearDraft: () => {} },
    });
    render(
      <I18nextProvider i18n={i18n}>
        <TestProviders fakes={{ newOrder: logic }}>
          <NewOrderForm input={newOrderInput} />
        </TestProviders>
      </I18nextProvider>,
    );
    const category = (await screen.findByRole('combobox', {
      name: /^(Категория|Toifa)/,
    })) as HTMLSelectElement;
    const options = [...category.options].slice(1).map((o) => o.textContent);
    // the free category as the catalogue writes it (spec 3 "Id 122 is shown with withoutVat 'free'"), never '0 сум'
    expect(options).toEqual(
      company.catalogue.categories.map((c) => {
        const row = EXPECTED[lang].find(([id]) => String(id) === c.id);
        return `${row?.[1]} — ${row?.[2]}`;
      }),
    );
    const plan = screen.getByRole('combobox', { name: /^(Тариф|Tarif)/ }) as HTMLSelectElement;
    expect([...plan.options].slice(1).map((o) => o.textContent)).toEqual(PLANS[lang].slice(0, 2));
  });
});
