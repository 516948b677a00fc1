import { debtMachine } from '@/machines/debt.machine';
import { createWorkflowContext } from '@/views/common/workflow-actor';

/** The debt-control actor; the page provides the logic (real or fake) and the input from the URL. */
export const DebtContext = createWorkflowContext(debtMachine);
