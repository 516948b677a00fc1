import { plansListMachine } from '@/machines/plans-list.machine';
import { createWorkflowContext } from '@/views/common/workflow-actor';

/** The company's planned blocks and restores' actor. */
export const PlansListContext = createWorkflowContext(plansListMachine);
