import { defineWorkflow } from './workflow-manifest';

export const ordersWorkflow = defineWorkflow({
  area: 'orders',
  charts: [
    {
      id: 'orders',
      file: 'orders',
      description:
        'Orders for staff: date range and BAN filter in the URL (required, real dates), the range’s orders paged, one order with its numbers, sums, status and documents, CSV/XLSX export.',
    },
    {
      id: 'orderCancel',
      file: 'order-cancel',
      files: { i18n: 'orders' },
      description:
        'The company cancels its own order while it is created: a confirmation naming the order, the cancel call, the order loaded again.',
    },
  ],
  pageLogic: { orders: 'orders', orderCancel: 'orderCancel' },
  routes: {
    '/orders': '@/views/orders/orders.view#OrdersPage',
    '/orders/:id': '@/views/orders/orders.view#OrdersPage',
  },
  messages: ['orders'],
  pageCalls: {
    // GN15: the company cancels its own created order: whom may order; the order's company and status in the handler
    'orders.cancel': '/purchase/order',
    // staff move an order along its lifecycle from SingleOrder (GN13): whom the Orders page opens for (spec 6 "orders:
    // R008, R000, R009, R018-R023, R032"); the move itself is checked against the order's status in the handler
    'orders.setStatus': '/orders',
  },
});
