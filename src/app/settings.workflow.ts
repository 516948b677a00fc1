import { defineWorkflow } from './workflow-manifest';

export const settingsWorkflow = defineWorkflow({
  area: 'settings',
  layers: { rules: 'validators', handler: 'session', store: 'profile' },
  charts: [
    {
      id: 'settings',
      file: 'settings',
      payloads: 'session',
      description: 'Settings page: password change (ends a forced change) and contact data kept as a draft.',
    },
  ],
  pageLogic: { settings: 'settings' },
  routes: {
    '/settings': '@/views/settings/settings-page.view#SettingsPage',
  },
  messages: ['settings'],
});
