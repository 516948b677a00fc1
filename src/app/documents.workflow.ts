import { defineWorkflow } from './workflow-manifest';

export const documentsWorkflow = defineWorkflow({
  area: 'documents',
  charts: [
    {
      id: 'documents',
      file: 'documents',
      description:
        "Online-sales documents: the lists (orders, suspend and service documents in a date range), an order with its documents, one document's status and text; a valid filter goes to the URL.",
    },
    {
      id: 'download',
      file: 'download',
      payloads: 'documents',
      files: { i18n: 'documents' },
      description:
        "Download of one file (PDF, scan, instruction): progress, cancel, saved under a people's name, or the error with retry.",
    },
  ],
  pageLogic: { documents: 'documents', download: 'download' },
  routes: {
    '/onlinee-sales': './documents.routes#DocumentsRoute',
    '/onlinee-sales/orders/:id': './documents.routes#OrderRoute',
    '/onlinee-sales/suspend-documents/:id': './documents.routes#SuspendDocumentRoute',
    '/onlinee-sales/services-documents/:id': './documents.routes#ServicesDocumentRoute',
  },
  messages: ['documents'],
  // online-sales documents (spec 2 "Online sales"): whom the Documents page opens (key owners; docs/decisions.md DOC7);
  // which company's document is checked again per call
  pageCalls: {
    'documents.orders': '/onlinee-sales',
    'documents.order': '/onlinee-sales',
    'documents.byOrder': '/onlinee-sales',
    'documents.detailed': '/onlinee-sales',
    'documents.byType': '/onlinee-sales',
    'documents.reDownload': '/onlinee-sales',
    'documents.delivery': '/onlinee-sales',
    'documents.instruction': '/onlinee-sales',
    'documents.reUpload': '/onlinee-sales',
  },
});
