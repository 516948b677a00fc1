import { defineWorkflow } from './workflow-manifest';

export const employeesListWorkflow = defineWorkflow({
  area: 'employees-list',
  layers: {
    rules: 'employees',
    contract: 'employees',
    handler: 'employees',
    store: 'employees',
    views: 'employees',
  },
  charts: [
    {
      id: 'employeesList',
      file: 'employees-list',
      description:
        "The company's employee list (EM1-EM5): name, number and position, searched by a name part or number digits and paged on the server; search text and page from the URL, a refused text said before anything is asked.",
    },
  ],
  pageLogic: { employeesList: 'employeesList' },
  routes: {
    '/profile/employees': '@/views/employees/employees.view#EmployeesListPage',
  },
  messages: ['employeesList'],
  // the company's employee list (docs/decisions.md EM2): whom the profile's employees widget offers it; the company is
  // the one in view, checked in server/handlers/employees.handlers.ts (EM4)
  pageCalls: { 'employees.list': '/profile/employees' },
});
