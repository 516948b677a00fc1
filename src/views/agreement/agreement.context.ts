import { agreementMachine } from '@/machines/agreement.machine';
import { createWorkflowContext } from '@/views/common/workflow-actor';

/** The contract-registration actor; the page provides the logic (real or fake). */
export const AgreementContext = createWorkflowContext(agreementMachine);
