import { defineWorkflow } from './workflow-manifest';

export const agreementWorkflow = defineWorkflow({
  area: 'agreement',
  charts: [
    {
      id: 'agreement',
      file: 'agreement',
      description:
        'Contract registration: the spec 3 form validated (spec 5), the login checked, the agreement and the contact-access additional agreement registered in RU and UZ and downloaded; the registered agreements, paged.',
    },
  ],
  pageLogic: { agreement: 'agreement' },
  routes: {
    '/agreement-registration': './agreement.routes#AgreementRoute',
  },
  messages: ['agreement'],
  // contract registration (spec 6: R008, R011, R005, R018-R023; hidden while a BAN is selected) — docs/decisions.md CR6
  pageCalls: {
    'agreement.checkLogin': '/agreement-registration',
    'agreement.register': '/agreement-registration',
    'agreement.list': '/agreement-registration',
    'agreement.document': '/agreement-registration',
  },
});
