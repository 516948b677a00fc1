import { defineWorkflow } from './workflow-manifest';

export const preorderListWorkflow = defineWorkflow({
  area: 'preorder-list',
  layers: {
    rules: 'preorder',
    contract: 'preorder',
    handler: 'preorder',
    store: 'preorder',
    views: 'preorders',
  },
  charts: [
    {
      id: 'preorderList',
      file: 'preorder-list',
      payloads: 'new-client',
      files: { i18n: 'newClient', viewWalk: 'tests/views/preorders.view-walk.test.tsx' },
      description:
        'Staff list of created pre-orders (Orders section, NC11): company, TIN, city, login, status and the phone reservation flag.',
    },
  ],
  pageLogic: { preorderList: 'preorderList' },
  routes: {
    '/orders/preorders': '@/views/preorders/preorders.view#PreorderListPage',
  },
  // the created pre-orders with their status: the staff list of the Orders section (spec 6 orders: R008, R000, R009,
  // R018-R023, R032) — docs/decisions.md NC8, NC11
  pageCalls: {
    'preorder.list': '/orders/preorders',
    'preorder.setStatus': '/orders/preorders',
  },
});
