// @vitest-environment jsdom
/**
 * One clock for every page (docs/decisions.md TZ1): an order placed at 20:30 UTC on 28 November is 01:30 on the 29th in
 * Tashkent, and the orders page, the pre-order list and debt control all say so — whatever zone the browser is in.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import { i18n } from '@/i18n/i18n';
import {
  type DebtNotice,
  type DebtNoticeInput,
  type DebtPageResult,
  debtMachine,
  type FetchDebtsInput,
} from '@/machines/debt.machine';
import {
  type FetchOrderInput,
  type FetchOrdersInput,
  type OrderDetails,
  type OrderItem,
  ordersMachine,
} from '@/machines/orders.machine';
import { type PreorderListPage, preorderListMachine } from '@/machines/preorder-list.machine';
import { debtSearch } from '@/views/debt/debt.url';
import { DebtControlPage } from '@/views/debt/debt-control.view';
import { OrdersPage, ordersSearch } from '@/views/orders/orders.view';
import { PreorderListContext } from '@/views/preorders/preorders.context';
import { PreorderListView } from '@/views/preorders/preorders.view';
import { debtInput, debtPage, paxtaRow, unsentNotice } from '../machines/debt.payloads';
import { goldenOrder, orderDetails } from '../machines/orders.payloads';
import { TestProviders } from '../support/render-workflow';

const EVENING_UTC = '2026-11-28T20:30:00.000Z';
const SHOWN = '29.11.2026 01:30';

const savedTz = process.env.TZ;
beforeAll(() => {
  // a browser far from Tashkent: its own zone would say 28.11.2026 15:30
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});
afterEach(cleanup);

describe('dates are Tashkent’s on every page', () => {
  it('the orders page: the row and the open order', async () => {
    const order: OrderItem = { ...goldenOrder, createdAt: EVENING_UTC };
    const details: OrderDetails = { ...orderDetails, createdAt: EVENING_UTC };
    const logic = ordersMachine.provide({
      actors: {
        fetchOrders: fromPromise<readonly OrderItem[], FetchOrdersInput>(async () => [order]),
        fetchOrder: fromPromise<OrderDetails, FetchOrderInput>(async () => details),
      },
    });
    const range = { from: '2026-11-29', to: '2026-11-29', ban: '', page: 1 };
    const location = memoryLocation({ path: `/orders/${order.id}?${ordersSearch(range)}` });
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
    const row = await screen.findByTestId(`order-row-${order.id}`);
    expect(row.textContent).toContain(SHOWN);
    await waitFor(() => expect(screen.getByTestId('order-panel').textContent).toContain(SHOWN));
  });

  it('the pre-order list', async () => {
    const page: PreorderListPage = {
      rows: [
        {
          id: 7,
          tin: '302145876',
          companyName: 'Toshkent Savdo Invest',
          marketCode: 'B2B',
          login: 'tsi',
          status: 'new',
          phoneReserved: false,
          createdAt: Date.parse(EVENING_UTC),
        },
      ],
      total: 1,
    };
    const logic = preorderListMachine.provide({ actors: { fetchPreorders: fromPromise(async () => page) } });
    const location = memoryLocation({ path: '/orders/preorders' });
    render(
      <I18nextProvider i18n={i18n}>
        <Router hook={location.hook}>
          <TestProviders>
            <PreorderListContext.Provider logic={logic} input={{ page: 1 }}>
              <PreorderListView />
            </PreorderListContext.Provider>
          </TestProviders>
        </Router>
      </I18nextProvider>,
    );
    expect((await screen.findByTestId('preorder-7')).textContent).toContain(SHOWN);
  });

  it('debt control: when the notice was sent', async () => {
    const sent = { at: Date.parse(EVENING_UTC), by: 'okk' };
    const notice: DebtNotice = { ...unsentNotice, account: { ...paxtaRow, sent }, sent };
    const page: DebtPageResult = { ...debtPage, rows: [notice.account] };
    const logic = debtMachine.provide({
      actors: {
        fetchDebts: fromPromise<DebtPageResult, FetchDebtsInput>(async () => page),
        fetchNotice: fromPromise<DebtNotice, DebtNoticeInput>(async () => notice),
      },
    });
    const location = memoryLocation({ path: `/debt-control?${debtSearch(debtInput.params)}` });
    render(
      <I18nextProvider i18n={i18n}>
        <Router hook={location.hook}>
          <TestProviders fakes={{ debt: logic }}>
            <DebtControlPage />
          </TestProviders>
        </Router>
      </I18nextProvider>,
    );
    await userEvent.setup().click(await screen.findByTestId(`debt-open-${paxtaRow.ban}`));
    expect((await screen.findByTestId('debt-notice-sent')).textContent).toContain(SHOWN);
  });
});
