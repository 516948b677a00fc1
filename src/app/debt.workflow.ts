import { defineWorkflow } from './workflow-manifest';

export const debtWorkflow = defineWorkflow({
  area: 'debt',
  charts: [
    {
      id: 'debt',
      file: 'debt',
      description:
        'Debt control (notice): overdue accounts with filter, sort and page in the URL; the RU/UZ notice of an account, mark as sent, PDF download; CSV/XLSX export.',
    },
  ],
  pageLogic: { debt: 'debt' },
  routes: {
    '/debt-control': './debt.routes#DebtRoute',
  },
  messages: ['debt'],
  // debt control: the OKK's page (R010, R031); the admin's own list excludes it (docs/decisions.md D13)
  pageCalls: {
    'debt.list': '/debt-control',
    'debt.notice': '/debt-control',
    'debt.markSent': '/debt-control',
    'debt.pdf': '/debt-control',
  },
});
