import { defineWorkflow } from './workflow-manifest';

export const at39Workflow = defineWorkflow({
  area: 'at39',
  charts: [
    {
      id: 'at39List',
      file: 'at39-list',
      payloads: 'at39',
      files: { i18n: 'at39' },
      description:
        'AT 39 registrations: filters and page in the URL (register/filter), comments (register/comment), statistics XLSX (docs/statistics).',
    },
    {
      id: 'at39Registration',
      file: 'at39-registration',
      payloads: 'at39',
      files: { i18n: 'at39' },
      description:
        'AT 39: register a subscriber by passport data — token (E127/E128/E129), passport service (not found, refused, expired, reused), create (E129), SIM kit (E091/E105/E121), BAN (E052/E125), number (taken, E123, E025), documents (E118), submit (E094); resumable.',
    },
  ],
  pageLogic: { at39List: 'at39List', at39Registration: 'at39Registration', at39Upload: 'upload' },
  routes: {
    '/at39-registration': './at39.routes#At39ListRoute',
    '/at39-registration/new': './at39.routes#At39NewRoute',
  },
  messages: ['at39'],
});
