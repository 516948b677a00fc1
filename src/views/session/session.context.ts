import { sessionMachine } from '@/machines/session.machine';
import { createWorkflowContext } from '@/views/common/workflow-actor';

/** The session actor for the whole app; the composition root provides the real actors, tests provide fakes. */
export const SessionContext = createWorkflowContext(sessionMachine);
