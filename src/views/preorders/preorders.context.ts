import { preorderListMachine } from '@/machines/preorder-list.machine';
import { createWorkflowContext } from '@/views/common/workflow-actor';

/** The staff pre-order list's actor. */
export const PreorderListContext = createWorkflowContext(preorderListMachine);
