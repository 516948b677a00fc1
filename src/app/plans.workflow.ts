import { defineWorkflow } from './workflow-manifest';

export const plansWorkflow = defineWorkflow({
  area: 'plans',
  charts: [
    {
      id: 'plansList',
      file: 'plans-list',
      description:
        "The company's planned blocks and restores (SP1-SP9): what, on what, when (Tashkent), status, who planned it, the key and the price a month; status and page from the URL, a refused status said before anything is asked; a scheduled plan cancelled after a confirmation.",
    },
  ],
  pageLogic: { plansList: 'plansList' },
  routes: {
    '/profile/plans': '@/views/plans/plans.view#PlansListPage',
  },
  messages: ['plansList'],
  // the company's planned blocks and restores (docs/decisions.md SP9): whom the page opens (`mayReadPlans`); cancel
  // also needs `mayManagePlans` (ACCESS in server/permissions.ts); the company is checked in plans.handlers.ts
  pageCalls: { 'plans.list': '/profile/plans', 'plans.cancel': '/profile/plans' },
});
