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
});
