import { recoveryContactMachine } from '@/machines/recovery-contact.machine';
import { createWorkflowContext } from '@/views/common/workflow-actor';

/** The key owner's recovery-contact page's actor. */
export const RecoveryContactContext = createWorkflowContext(recoveryContactMachine);
