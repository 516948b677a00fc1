import { newNumbersMachine } from '@/machines/new-numbers.machine';
import { createWorkflowContext } from '@/views/common/workflow-actor';

/** The new-numbers page's actor. */
export const NewNumbersContext = createWorkflowContext(newNumbersMachine);
