import { newClientMachine } from '@/machines/new-client.machine';
import { createWorkflowContext } from '@/views/common/workflow-actor';

/** The registration wizard's actor; the page provides the logic (real or fake) and today's date. */
export const NewClientContext = createWorkflowContext(newClientMachine);
