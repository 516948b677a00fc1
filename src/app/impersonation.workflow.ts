import { defineWorkflow } from './workflow-manifest';

export const impersonationWorkflow = defineWorkflow({
  area: 'impersonation',
  layers: { rules: 'roles', contract: 'admin', handler: 'admin', store: 'session' },
  charts: [
    {
      id: 'impersonation',
      file: 'impersonation',
      description:
        'Viewing a subscriber as the client: choose (user/impersonate), the banner while viewing, back to the head BAN (user/back-to-head).',
    },
  ],
  pageLogic: { impersonation: 'impersonation' },
});
