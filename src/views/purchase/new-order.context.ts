import { newOrderMachine } from '@/machines/new-order.machine';
import { createWorkflowContext } from '@/views/common/workflow-actor';

/** The new-order actor; the page provides the logic (real or fake). */
export const NewOrderContext = createWorkflowContext(newOrderMachine);
