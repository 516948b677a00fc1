import { fromPromise } from 'xstate';
import { formatDateTime } from '@/domain/dates.rules';
import { formatSum } from '@/domain/money.rules';
import { currentLang, i18n } from '@/i18n/i18n';
import { type OrderCancelInput, orderCancelMachine } from '@/machines/order-cancel.machine';
import {
  type ExportOrdersInput,
  type FetchOrderInput,
  type FetchOrdersInput,
  type MoveOrderInput,
  type OrderDetails,
  type OrderItem,
  type OrderMoved,
  ordersMachine,
} from '@/machines/orders.machine';
import type { Order } from '@/services/contract/orders.contract';
import { saveFile } from '@/services/export/download.export';
import { ordersTable } from '@/services/export/orders.export';
import { exportFileName } from '@/services/export/table.export';
import { exportTableFile } from '@/services/export/table-file.export';
import type { ApiLoader, AppApi } from './api';

/**
 * Real actors of the orders chart on the app's one API client. `createAppLogic` builds it once in `loadPageLogic`;
 * tests provide fakes to the same machine.
 */

const toItem = (o: Order): OrderItem => ({
  id: String(o.id),
  ban: o.ban ?? '',
  company: o.company ?? '',
  kind: o.kind === 'new' ? 'new' : 'golden',
  status: String(o.status ?? ''),
  total: o.total ?? 0,
  vat: o.vat ?? 0,
  createdAt: o.createdAt ?? '',
});

const toDetails = (o: Order): OrderDetails => ({
  ...toItem(o),
  numbers: (o.numbers ?? []).map((n) => ({
    number: n.number,
    categoryId: n.categoryId ?? 0,
    price: n.price,
  })),
  rows: (o.rows ?? []).map((r) => ({
    kolvo: Number(r.kolvo ?? 0),
    category: String(r.category ?? ''),
    tariff: String(r.tariff ?? ''),
    nominal: typeof r.nominal === 'number' ? r.nominal : null,
  })),
  address: o.address ?? null,
  tin: o.tin ?? null,
  refund: o.refund ? { amount: o.refund.amount, at: o.refund.at } : null,
  documents: (o.documents ?? []).map((d) => ({
    id: String(d.id),
    type: d.documentType,
    title: d.title ?? '',
    number: d.number ?? String(d.id),
  })),
});

export function createOrdersLogic(api: ApiLoader, save = { file: saveFile }) {
  const exportOrders = async ({ rows, params, format }: ExportOrdersInput): Promise<void> => {
    const t = i18n.t.bind(i18n);
    const table = ordersTable(rows, {
      columns: [
        t('orders.columns.id'),
        t('orders.columns.date'),
        t('orders.columns.ban'),
        t('orders.columns.company'),
        t('orders.columns.kind'),
        t('orders.columns.status'),
        t('orders.columns.total'),
        t('orders.columns.vat'),
      ],
      money: (amount) => formatSum(amount, { lang: currentLang() }),
      date: formatDateTime,
      kind: (k) => t(k === 'new' ? 'orders.kind.new' : 'orders.kind.golden'),
      status: (s) => t(`orders.status.${s}`, { defaultValue: s }),
    });
    const name = exportFileName(['orders', params.from, params.to, params.ban], format);
    await exportTableFile(table, { name, format, sheetName: t('orders.title') }, save.file);
  };
  return ordersMachine.provide({
    actors: {
      fetchOrders: fromPromise<readonly OrderItem[], FetchOrdersInput>(async ({ input }) => {
        const list = await (await api()).call('orders.details', {
          query: { from: input.from, to: input.to, ...(input.ban ? { searchBan: input.ban } : {}) },
        });
        return list.map(toItem);
      }),
      fetchOrder: fromPromise<OrderDetails, FetchOrderInput>(async ({ input }) =>
        toDetails(await (await api()).call('orders.get', { params: { id: input.id } })),
      ),
      moveOrder: fromPromise<OrderMoved, MoveOrderInput>(async ({ input }) => {
        const moved = await (await api()).call('orders.setStatus', {
          params: { id: input.id },
          body: { status: input.status },
        });
        return {
          status: moved.status,
          refund: moved.refund ? { amount: moved.refund.amount, at: moved.refund.at } : null,
        };
      }),
      exportOrders: fromPromise<void, ExportOrdersInput>(({ input }) => exportOrders(input)),
    },
  });
}

/** The company's cancel of its own created order (GN15), on the same client. */
export function createOrderCancelLogic(api: ApiLoader) {
  return orderCancelMachine.provide({
    actors: {
      cancelOrder: fromPromise<void, OrderCancelInput>(async ({ input }) => {
        await (await api()).call('orders.cancel', { params: { id: input.id } });
      }),
    },
  });
}

/** The page workflows this area provides (its manifest ./orders.workflow.ts; composed in ./page-logic.generated.ts). */
export const pageLogic = (api: AppApi) => ({
  orders: createOrdersLogic(api.load),
  orderCancel: createOrderCancelLogic(api.load),
});
