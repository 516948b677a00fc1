// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type AnyMachineSnapshot, createActor, type EventObject } from 'xstate';
import { formatDateTime } from '@/domain/dates.rules';
import { formatSum } from '@/domain/money.rules';
import type { OrdersParams } from '@/domain/orders.rules';
import { i18n } from '@/i18n/i18n';
import { type OrdersContext as Ctx, type OrdersEvent, ordersMachine } from '@/machines/orders.machine';
import { OrdersPage, ordersSearch } from '@/views/orders/orders.view';
import {
  goldenOrder,
  noOrder,
  noRange,
  offline,
  orderDetails,
  ordersModelEntry,
  staleMove,
  today,
} from '../machines/orders.payloads';
import { createDeferredActors } from '../support/fake-actors';
import { buildModelGraph, generateModelPaths, type MachinePath } from '../support/paths';
import { TestProviders } from '../support/render-workflow';
import { neverSettlingActors } from '../support/replay';
import { settleInAct } from '../support/view-act';
import {
  expectPageHeading,
  navigateTo,
  performBy,
  type ViewDriver,
  type ViewStep,
  walkViewPath,
} from '../support/view-walk';

const t = i18n.getFixedT('ru');
type Ev<K extends OrdersEvent['type']> = Extract<OrdersEvent, { type: K }>;

function expectTexts(state: AnyMachineSnapshot) {
  const ctx = state.context as Ctx;
  if (state.matches({ list: 'invalid' })) {
    expect(screen.getByTestId('orders-range-error').textContent).toBe(
      t(ctx.problem === 'badDate' ? 'validation.badDate' : 'validation.dateRange'),
    );
  } else {
    expect(screen.queryByTestId('orders-range-error')).toBeNull();
  }
  if (ctx.loaded && !state.matches({ list: 'invalid' })) {
    expect(screen.getByTestId('orders-count').textContent).toBe(
      t('orders.count', { count: ctx.loaded.rows.length }),
    );
    // GN9: twenty orders a page, the page the address asks for; the other pages' orders are not on screen
    const page = ctx.params.page;
    for (const [i, o] of ctx.loaded.rows.entries()) {
      const row = screen.queryByTestId(`order-row-${o.id}`);
      if (i >= (page - 1) * 20 && i < page * 20) expect(row?.textContent).toContain(formatSum(o.total));
      else expect(row).toBeNull();
    }
  }
  expect(screen.queryByTestId('orders-load-error') !== null).toBe(state.matches({ list: 'failed' }));
  expect(screen.queryByTestId('order-panel') !== null).toBe(!state.matches({ order: 'closed' }));
  if (state.matches({ order: 'ready' }) && ctx.order) {
    expect(screen.getByTestId('order-total').textContent).toBe(formatSum(ctx.order.total));
    // DOC14, written out: each document is named by its type's label and number on the page's language (ru here),
    // never by the title it was issued with
    const names = [...screen.getByTestId('order-documents').querySelectorAll('li')].map(
      (li) => li.textContent,
    );
    const labels: Record<number, string> = { 4: 'Накладная', 5: 'Акт передачи номеров', 6: 'Счёт-фактура' };
    expect(names).toEqual(ctx.order.documents.map((d) => `${labels[d.type]} № ${d.number}`));
  }
  expect(screen.queryByTestId('order-error') !== null).toBe(state.matches({ order: 'failed' }));
  // an address naming no order says which one it did not find (E013), written out here
  if (state.matches({ order: 'failed' }) && ctx.orderError === 'E013')
    expect(screen.getByTestId('order-error').textContent).toContain(`Заказа № ${ctx.orderId} нет.`);
  // GN8/GN13: the moves a ready order's status allows, written out here (not read from the chart)
  const allowed: Record<string, string[]> = { created: ['paid', 'cancelled'], paid: ['issued', 'cancelled'] };
  const shown = ['ready', 'confirming', 'moving', 'moveFailed'].some((o) => state.matches({ order: o }));
  for (const to of ['paid', 'issued', 'cancelled']) {
    const button = screen.queryByTestId(`order-move-${to}`) as HTMLButtonElement | null;
    expect(button !== null).toBe(shown && (allowed[ctx.order?.status ?? ''] ?? []).includes(to));
    // a move is chosen only when nothing else is asked or sent
    if (button) expect(button.disabled).toBe(!state.matches({ order: 'ready' }));
  }
  const asking = state.matches({ order: 'confirming' }) || state.matches({ order: 'moving' });
  expect(screen.queryByTestId('order-status-confirm') !== null).toBe(asking);
  if (asking && ctx.order && ctx.nextStatus) {
    // the dialog says what it acts on: the order, its company and BAN, the sum, from and to which status
    expect(screen.getByTestId('order-status-text').textContent).toBe(
      t('orders.moveText', {
        company: ctx.order.company,
        ban: ctx.order.ban,
        total: formatSum(ctx.order.total),
        from: t(`orders.status.${ctx.order.status}` as 'orders.status.paid'),
        to: t(`orders.status.${ctx.nextStatus}` as 'orders.status.paid'),
      }),
    );
    expect((screen.getByTestId('order-status-ok') as HTMLButtonElement).disabled).toBe(
      state.matches({ order: 'moving' }),
    );
    // PRM1/PRM2, written out here: cancelling a paid order gives its total back and its numbers go on sale again;
    // a created one was never charged; a new-number order marked paid is debited; other moves touch no money
    const sum = formatSum(ctx.order.total);
    const expected =
      ctx.nextStatus === 'cancelled' && ctx.order.status === 'paid'
        ? [
            t('orders.moveRefund', { sum }),
            ...(ctx.order.numbers.length > 0 ? [t('orders.moveRelease')] : []),
          ].join(' ')
        : ctx.nextStatus === 'cancelled'
          ? t('orders.moveNoCharge')
          : ctx.nextStatus === 'paid' && ctx.order.kind === 'new'
            ? t('orders.moveDebit', { sum })
            : null;
    expect(screen.queryByTestId('order-status-money')?.textContent ?? null).toBe(expected);
  }
  expect(screen.queryByTestId('order-status-error') !== null).toBe(state.matches({ order: 'moveFailed' }));
  if (state.matches({ order: 'moveFailed' }))
    expect(screen.getByTestId('order-status-error-text').textContent).toBe(
      ctx.moveError === 'E101' ? t('orders.moveStale') : t(`errors.${ctx.moveError}` as 'errors.E001'),
    );
  if (state.matches({ order: 'ready' }) && ctx.order) {
    expect(screen.getByTestId('order-status').textContent).toBe(
      t(`orders.status.${ctx.order.status}` as 'orders.status.paid'),
    );
    // PRM1: the refund line of a cancelled order, in Tashkent time
    const refund = ctx.order.refund;
    expect(screen.queryByTestId('order-refund')?.textContent ?? null).toBe(
      refund
        ? t('orders.refundText', {
            sum: formatSum(refund.amount),
            date: formatDateTime(refund.at),
          })
        : ctx.order.status === 'cancelled'
          ? t('orders.noCharge')
          : null,
    );
  }
  const csv = screen.getByTestId('orders-export-csv') as HTMLButtonElement;
  if (ctx.loaded && !state.matches({ list: 'invalid' }))
    expect(csv.disabled).toBe(state.matches({ export: 'exporting' }));
  expect(screen.queryByTestId('orders-export-error') !== null).toBe(state.matches({ export: 'failed' }));
}

function mount(start: OrdersParams = today): ViewDriver {
  const deferred = createDeferredActors(ordersMachine);
  const location = memoryLocation({ path: `/orders?${ordersSearch(start)}`, record: true });
  render(
    <I18nextProvider i18n={i18n}>
      <Router hook={location.hook}>
        <TestProviders fakes={{ orders: ordersMachine.provide({ actors: deferred.actors }) }}>
          <Switch>
            <Route path="/orders/:id">
              <OrdersPage />
            </Route>
            <Route path="/orders">
              <OrdersPage />
            </Route>
          </Switch>
        </TestProviders>
      </Router>
    </I18nextProvider>,
  );
  const user = userEvent.setup();
  let current = start;
  let id: string | null = null;
  const go = (event: EventObject) =>
    navigateTo(location, `/orders${id ? `/${id}` : ''}?${ordersSearch(current)}`, event);
  const perform = performBy(
    {
      'params.changed': async (e) => {
        const next = (e as Ev<'params.changed'>).params;
        const before = current;
        current = next;
        const sameFilter = next.from === before.from && next.to === before.to && next.ban === before.ban;
        // a new range or BAN is typed into the filter and applied, from whatever page is shown (the page then
        // tells its chart what the new address says); another page, a reload or Back is the address itself
        if (sameFilter || next.page !== 1) return go(e);
        const filter = within(screen.getByTestId('orders-filter'));
        for (const [label, value] of [
          ['orders.from', next.from],
          ['orders.to', next.to],
          ['orders.filterBan', next.ban],
        ] as const) {
          const field = filter.getByLabelText(t(label));
          await user.clear(field);
          if (value) await user.type(field, value);
        }
        await user.click(screen.getByTestId('orders-apply'));
        return [e];
      },
      'list.retry': () => user.click(within(screen.getByTestId('orders-load-error')).getByRole('button')),
      'order.open': (e) => {
        id = (e as Ev<'order.open'>).id;
        return go(e);
      },
      'order.close': (e) => {
        id = null;
        return go(e);
      },
      'order.retry': () => user.click(within(screen.getByTestId('order-error')).getByRole('button')),
      'status.choose': (e) => {
        const to = (e as Ev<'status.choose'>).status;
        const button = screen.queryByTestId(`order-move-${to}`);
        // a move the lifecycle forbids has no button: the user cannot ask for it
        if (!button) return [];
        return user.click(button);
      },
      'status.confirm': () => user.click(screen.getByTestId('order-status-ok')),
      'status.cancel': () => {
        // Escape from inside the dialog (a browser's showModal puts the focus there; jsdom has no showModal)
        screen.getByTestId('order-status-cancel').focus();
        return user.keyboard('{Escape}');
      },
      'status.dismiss': () => user.click(screen.getByTestId('order-status-dismiss')),
      'export.start': (e) =>
        user.click(screen.getByTestId(`orders-export-${(e as Ev<'export.start'>).format}`)),
      'export.dismiss': () =>
        user.click(within(screen.getByTestId('orders-export-error')).getByRole('button')),
    },
    settleInAct(deferred),
  );
  return {
    perform,
    busy: [
      {
        // the range's orders are read: no page of the old rows can be asked (it would read the range again), nor
        // the read retried; the list says it loads (a new filter may replace the read: it is a new address)
        tag: 'busy',
        controls: () =>
          [
            ...screen.queryAllByTestId('orders-list-prev'),
            ...screen.queryAllByTestId('orders-list-next'),
            ...within(screen.getByTestId('orders-page')).queryAllByRole('button', { name: t('app.retry') }),
          ].filter((b) => !b.closest('[data-testid="order-panel"]')),
        shown: () => {
          const loading = screen.getByTestId('orders-loading');
          expect(loading.getAttribute('aria-busy')).toBe('true');
          expect(loading.textContent).toBe(t('app.loading'));
        },
      },
      {
        // the open order is read: its read is not retried and no status can be chosen; the panel says it is busy
        tag: 'orderBusy',
        controls: () => within(screen.getByTestId('order-panel')).queryAllByRole('button'),
        shown: () => expect(screen.getByTestId('order-panel').getAttribute('aria-busy')).toBe('true'),
      },
    ],
    expectState: (step: ViewStep) =>
      waitFor(
        () => {
          expect(screen.getByTestId('orders-page').dataset.state).toBe(step.expected.dataState);
          expectPageHeading(t('orders.title'));
          for (const tid of step.expected.testIds) expect(screen.getByTestId(tid)).toBeTruthy();
          expectTexts(step.state);
        },
        { timeout: 1000 },
      ),
  };
}

/** A path of the real machine from the page opened at `start`; `start` says where the walk mounts the page. */
type StartedPath = MachinePath & { readonly start: OrdersParams };

/** A path of the real machine; the page sends the URL's facts on mount, as the first steps. */
function scripted(events: readonly (EventObject & Record<string, unknown>)[], start = today): StartedPath {
  const actor = createActor(ordersMachine.provide({ actors: neverSettlingActors(ordersMachine) })).start();
  // what the page sends on mount (its URL's range, no order) is where a walk starts
  for (const event of [{ type: 'params.changed', params: start }, { type: 'order.close' }])
    actor.send(event as OrdersEvent);
  const first = actor.getSnapshot();
  const steps = [{ event: { type: 'xstate.init' }, state: first }];
  for (const event of events) {
    actor.send(event as OrdersEvent);
    steps.push({ event, state: actor.getSnapshot() });
  }
  actor.stop();
  return { state: steps.at(-1)?.state ?? first, steps, weight: steps.length, start } as StartedPath;
}

const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

const scenarios: readonly StartedPath[] = [
  scripted([
    fail('fetchOrders', offline),
    { type: 'list.retry' },
    done('fetchOrders', [goldenOrder]),
    { type: 'order.open', id: '41' },
    fail('fetchOrder', noOrder),
    { type: 'order.retry' },
    done('fetchOrder', orderDetails),
    { type: 'export.start', format: 'csv' },
    fail('exportOrders', offline),
    { type: 'export.dismiss' },
    { type: 'export.start', format: 'xlsx' },
    done('exportOrders'),
    { type: 'status.choose', status: 'cancelled' },
    { type: 'status.cancel' },
    { type: 'status.choose', status: 'issued' },
    { type: 'status.confirm' },
    fail('moveOrder', staleMove),
    { type: 'status.dismiss' },
    done('fetchOrder', orderDetails),
    { type: 'status.choose', status: 'issued' },
    { type: 'status.confirm' },
    done('moveOrder', { status: 'issued', refund: null }),
    { type: 'order.close' },
    { type: 'params.changed', params: noRange },
  ]),
  // PRM1: a paid golden order cancelled: the dialog says the money comes back, the order then shows its refund
  scripted([
    done('fetchOrders', [goldenOrder]),
    { type: 'order.open', id: '41' },
    done('fetchOrder', orderDetails),
    { type: 'status.choose', status: 'cancelled' },
    { type: 'status.confirm' },
    done('moveOrder', { status: 'cancelled', refund: { amount: 168_400, at: '2026-11-24T10:05:00.000Z' } }),
  ]),
  // a created new-number order: marking it paid says it is debited; cancelling it says nothing was charged
  scripted([
    done('fetchOrders', [goldenOrder]),
    { type: 'order.open', id: '41' },
    done('fetchOrder', { ...orderDetails, kind: 'new', status: 'created', numbers: [] }),
    { type: 'status.choose', status: 'paid' },
    { type: 'status.cancel' },
    { type: 'status.choose', status: 'cancelled' },
    { type: 'status.confirm' },
    done('moveOrder', { status: 'cancelled', refund: null }),
  ]),
];

/** Generated paths that start the way the page starts: the URL's range (the page opened there), then no order. */
const generated = generateModelPaths(buildModelGraph(ordersMachine, ordersModelEntry)).flatMap((p) => {
  const first = p.steps[1]?.event;
  if (first?.type !== 'params.changed') return [];
  const events = p.steps.slice(2).map((s) => s.event as EventObject & Record<string, unknown>);
  return [scripted(events, (first as Ev<'params.changed'>).params)];
});
const paths: readonly StartedPath[] = [...scenarios, ...generated];

afterEach(cleanup);

describe('orders view walk', () => {
  it('walks paths that together show every state of the chart', () => {
    const leaves = new Set(
      paths.flatMap((p) =>
        p.steps.flatMap((s) =>
          Object.entries(s.state.value as Record<string, string>).map(([r, l]) => `${r}.${l}`),
        ),
      ),
    );
    const all = ['list', 'order', 'export'].flatMap((r) =>
      Object.keys(ordersMachine.root.states[r]?.states ?? {}).map((l) => `${r}.${l}`),
    );
    expect(all.filter((l) => !leaves.has(l))).toEqual([]);
  });

  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → '), p] as const))(
    'path %i shows each state along %s',
    async (_, __, path) => {
      const steps = await walkViewPath(ordersMachine, path, mount(path.start));
      expect(steps).toBe(path.steps.length - 1);
    },
  );
});
