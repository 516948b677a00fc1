import { defineWorkflow } from './workflow-manifest';

export const uploadWorkflow = defineWorkflow({
  area: 'upload',
  layers: { contract: 'documents', handler: 'documents', store: 'documents' },
  charts: [
    {
      id: 'upload',
      file: 'upload',
      description:
        'Upload of one file to a target: choose (picker or drop), client check (size, name, bytes), send with progress and cancel, server check (E118) and status 0/1/2; retry or choose another.',
    },
  ],
  pageLogic: { upload: 'upload' },
  messages: ['upload'],
});
