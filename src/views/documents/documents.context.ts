import { documentsMachine } from '@/machines/documents.machine';
import { createWorkflowContext } from '@/views/common/workflow-actor';

/** The documents page actor; the route provides the logic and the input from the URL. */
export const DocumentsContext = createWorkflowContext(documentsMachine);
