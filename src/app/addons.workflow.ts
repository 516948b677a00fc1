import { defineWorkflow } from './workflow-manifest';

export const addonsWorkflow = defineWorkflow({
  area: 'addons',
  charts: [
    {
      id: 'services',
      file: 'addons',
      description:
        'Services page: package catalogue by group, employees with their packages and roaming (search and page in the URL, server-side), select many / a page / all filtered, one number’s options.',
    },
    {
      id: 'servicesCheckout',
      file: 'addons-checkout',
      files: { i18n: 'services' },
      description:
        'Services checkout: review, balance check (has-deposit, checkBalance), applying slice by slice with confirmed progress, result number by number (accepted, E124, E123, E031), retry of the failed ones, cancel.',
    },
  ],
  pageLogic: { services: 'services', servicesCheckout: 'servicesCheckout' },
  routes: {
    '/services/*?': '@/views/addons/addons-page.view#AddonsPage',
  },
  messages: ['services'],
  // whoever the services page opens for (spec 6; docs/decisions.md SV1); the target of each call (the caller's company,
  // a subscriber's own number, the payer BAN) is checked in server/handlers/addons.handlers.ts
  pageCalls: {
    'internet.services': '/services',
    'internet.forConPp': '/services',
    'internet.employees': '/services',
    'internet.employeesPromotion': '/services',
    'internet.employeesDeactivate': '/services',
    'internet.employeeNumbers': '/services',
    'internet.checkBalance': '/services/checkout',
    'internet.packages': '/services',
    'internet.hasDeposit': '/services/checkout',
    'internet.quote': '/services/checkout',
    'internet.setup': '/services/checkout',
    'internet.setupFree': '/services/checkout',
    'internet.delete': '/services/checkout',
    'internet.deleteAgreement': '/services/checkout',
    'internet.setupRoaming': '/services/checkout',
    'internet.deleteRoaming': '/services/checkout',
  },
});
