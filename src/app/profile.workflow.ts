import { defineWorkflow } from './workflow-manifest';

export const profileWorkflow = defineWorkflow({
  area: 'profile',
  layers: { contract: 'session', handler: 'numbers', store: 'number', views: 'numbers' },
  charts: [
    {
      id: 'numbers',
      file: 'numbers',
      files: {
        rules: { none: 'no rule of its own: the status tabs are NUMBER_TABS in src/domain/constants.ts' },
      },
      description:
        'Number list of a BAN by status tab (tab, page, filter from the URL) and its CSV/XLSX export.',
    },
  ],
  pageLogic: { numbers: 'numbers' },
  routes: {
    '/profile': '@/views/profile/profile.page.view#ProfilePage',
    '/details': '@/views/details/details.page.view#DetailsPage',
  },
  messages: ['profile', 'widgets', 'details', 'numbers'],
});
