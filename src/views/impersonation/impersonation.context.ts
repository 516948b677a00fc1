import { impersonationMachine } from '@/machines/impersonation.machine';
import { createWorkflowContext } from '@/views/common/workflow-actor';

/** The impersonation actor, one per app: the search box chooses, the banner goes back. */
export const ImpersonationContext = createWorkflowContext(impersonationMachine);
