import { defineWorkflow } from './workflow-manifest';

export const newClientWorkflow = defineWorkflow({
  area: 'new-client',
  layers: { rules: 'preorder', contract: 'public', handler: 'preorder', store: 'preorder' },
  charts: [
    {
      id: 'newClient',
      file: 'new-client',
      description:
        'Registration wizard (public): step one legal data — city first, key → TIN, proved key → tax data, BANs, status; login checked 500 ms after typing — step two the services catalogue, then pre-registration; the draft kept 24 h.',
    },
    {
      id: 'preRegistration',
      file: 'pre-registration',
      payloads: 'new-client',
      parent: 'newClient',
      files: {
        rules: 'src/domain/signing-document.rules.ts',
        i18n: 'newClient',
        machineTest: 'tests/machines/new-client.machine.test.ts',
      },
      description:
        'Pre-registration signed with E-IMZO: a challenge bound to the application, signed with the chosen key, pre-order/create (CA, TIN and replay checked); E004, E026, E094.',
    },
  ],
  publicLogic: { newClient: 'newClient' },
  messages: ['newClient', 'eimzo'],
});
