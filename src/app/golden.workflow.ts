import { defineWorkflow } from './workflow-manifest';

export const goldenWorkflow = defineWorkflow({
  area: 'golden',
  layers: { views: 'purchase' },
  charts: [
    {
      id: 'goldenCheckout',
      file: 'golden-checkout',
      files: { i18n: 'purchase' },
      description:
        'Golden-number checkout: categories, four searches (random, by digits, by group, by mask) paged by the server, numbers picked across pages, review with the total and its VAT, checkout (E031, a number taken meanwhile), the created order.',
    },
  ],
  pageLogic: { goldenCheckout: 'goldenCheckout' },
  routes: {
    '/purchase': '@/views/purchase/purchase.view#PurchasePage',
  },
  messages: ['purchase'],
});
