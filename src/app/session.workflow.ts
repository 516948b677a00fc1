import { defineWorkflow } from './workflow-manifest';

export const sessionWorkflow = defineWorkflow({
  area: 'session',
  layers: { rules: 'roles' },
  charts: [
    {
      id: 'session',
      file: 'session',
      files: { i18n: 'roles' },
      description:
        'Session: server session check, Auth flow while signed out, role choice, profile, forced password change, logout confirm, E009 expiry.',
    },
    {
      id: 'authFlow',
      file: 'auth-flow',
      payloads: 'session',
      parent: 'session',
      files: {
        rules: 'src/domain/validators.rules.ts',
        store: 'server/store/auth.store.ts',
        views: 'src/views/auth/',
        i18n: 'auth',
        viewWalk: 'tests/views/auth.view-walk.test.tsx',
      },
      description:
        'Auth pages (child chart of the session): login, SMS code, registration, recovery link, new password.',
    },
    {
      id: 'notifications',
      file: 'notifications',
      without: {
        selectors: 'the outlet reads the head of the queue directly; selectors come with the first notice',
        actors: 'no actors: delays only',
      },
      files: {
        rules: {
          none: 'no rule of its own: the 4 s of spec 9 is NOTIFICATION_MS in src/domain/constants.ts',
        },
        contract: { none: 'client-only: no call' },
        handler: { none: 'client-only: no call' },
        store: { none: 'client-only: no call' },
        views: 'src/views/layout/',
        i18n: 'notification',
        machineTest: { none: 'covered by the model paths and random walk only, until notices are shown' },
        viewWalk: { none: 'no view walk until notices are shown' },
      },
      description:
        'Transient messages (mounted by the layout): a queue of at most 3, each shown 4 seconds or until closed.',
    },
  ],
  startLogic: { session: 'session', notifications: 'notifications' },
  messages: ['ux', 'meta'],
});
