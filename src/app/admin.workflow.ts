import { defineWorkflow } from './workflow-manifest';

export const adminWorkflow = defineWorkflow({
  area: 'admin',
  layers: { rules: 'search', store: 'user' },
  charts: [
    {
      id: 'searchBox',
      file: 'search-box',
      files: {
        contract: 'src/services/contract/lookup.contract.ts',
        handler: 'server/handlers/lookup.handlers.ts',
        store: 'server/store/profile.store.ts',
        views: 'src/views/search/',
        i18n: 'search',
      },
      description:
        "Header search box: 'choose' finds a subscriber by number or BAN (MANYINVALID inline, 'Ошибка!' on a failed lookup), 'editing' searches users.",
    },
    {
      id: 'userSearch',
      file: 'user-search',
      payloads: 'user-admin',
      files: { i18n: 'admin', viewWalk: 'tests/views/admin-user-search.view-walk.test.tsx' },
      description:
        'Administration user search: query, status tab and page in the URL; rows with block, unblock or in process.',
    },
    {
      id: 'userAdmin',
      file: 'user-admin',
      files: {
        rules: 'src/domain/roles.rules.ts',
        i18n: 'admin',
        viewWalk: 'tests/views/admin-user-form.view-walk.test.tsx',
      },
      description:
        'Create a user of an allowed kind, or edit one (user/get → branch, regions); E135/E136 shown.',
    },
  ],
  pageLogic: { searchBox: 'searchBox', userSearch: 'userSearch', userAdmin: 'userAdmin' },
  routes: {
    '/administration/search': './admin.routes#UserSearchRoute',
    '/administration/creation/:type': './admin.routes#CreationRoute',
    '/administration/editing': './admin.routes#EditingRoute',
    '/administration/edit-user/:id': './admin.routes#EditUserRoute',
  },
  messages: ['admin'],
  // user search in administration (spec 6 "Administration users can search"); EditUser, the helpdesk landing (R002,
  // no search box), is the same section and searches users too
  pageCalls: {
    'admin.search': '/administration/search',
    'admin.get': '/administration/search',
  },
});
