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
  ],
  pageLogic: { orders: 'orders' },
});
