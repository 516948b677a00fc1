import { numbersMachine } from '@/machines/numbers.machine';
import { createWorkflowContext } from '@/views/common/workflow-actor';

/** The numbers list actor of one BAN; the page provides the logic (real or fake) and the input from the URL. */
export const NumbersContext = createWorkflowContext(numbersMachine);
