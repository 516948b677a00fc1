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
});
