import { defineWorkflow } from './workflow-manifest';

export const blockRestoreWorkflow = defineWorkflow({
  area: 'block-restore',
  layers: { rules: 'block', contract: 'block', handler: 'block', store: 'block' },
  charts: [
    {
      id: 'blockRestore',
      file: 'block-restore',
      description:
        'Block or restore a number or an account: privileged-lock check, confirmation, E-IMZO signature unless type 20, suspend/restore, result.',
    },
    {
      id: 'signing',
      file: 'signing',
      parent: 'blockRestore',
      files: {
        rules: 'src/domain/eimzo.rules.ts',
        store: { none: 'no table of its own: verification is stateless' },
        i18n: 'eimzo',
        viewWalk: 'tests/views/block-restore-signing.view-walk.test.tsx',
      },
      description:
        'E-IMZO signing (child chart): tax id, module version and API key, key matching the TIN, password, server verification.',
    },
  ],
  pageLogic: { blockRestore: 'blockRestore' },
  messages: ['blockRestore', 'signingDocument'],
});
