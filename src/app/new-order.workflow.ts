import { defineWorkflow } from './workflow-manifest';

export const newOrderWorkflow = defineWorkflow({
  area: 'new-order',
  layers: { rules: 'orders', contract: 'orders', handler: 'orders', store: 'orders', views: 'purchase' },
  charts: [
    {
      id: 'newOrder',
      file: 'new-order',
      description:
        'New-number order: rows of count, category, tariff, services and nominal (never below one; deleting asks first), the company data (catalogue, address, tax id, balance) loaded together with one retry, POST orders/ (E031), the created order; a draft survives a reload.',
    },
  ],
  pageLogic: { newOrder: 'newOrder' },
  routes: {
    '/purchase/order': '@/views/purchase/new-order.view#NewOrderPage',
  },
  messages: ['newOrder'],
  // the new-number order (docs/decisions.md GN7, GN12): whom the order page opens for (spec 6 can_buy_number and
  // account type, never with a BAN selected), the same policy as the purchase page; the BAN is the caller's own
  pageCalls: {
    'orders.address': '/purchase/order',
    'orders.inn': '/purchase/order',
    'orders.balance': '/purchase/order',
    'orders.create': '/purchase/order',
  },
});
