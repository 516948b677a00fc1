import { defineWorkflow } from './workflow-manifest';

export const newNumbersWorkflow = defineWorkflow({
  area: 'new-numbers',
  layers: { rules: 'golden-categories', contract: 'public', handler: 'preorder' },
  charts: [
    {
      id: 'newNumbers',
      file: 'new-numbers',
      payloads: 'new-client',
      files: {
        store: {
          none: 'the categories are the one catalogue (src/domain/golden-categories.rules.ts), no SQL',
        },
        machineTest: 'tests/machines/new-client.machine.test.ts',
      },
      description:
        'Public new-numbers page: QR categories with prices and example numbers, and how to become a client.',
    },
  ],
  publicLogic: { newNumbers: 'newNumbers' },
  messages: ['newNumbers', 'purchase.categories', 'purchase.free', 'purchase.withoutVat'],
});
