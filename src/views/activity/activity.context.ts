import { activityLogMachine } from '@/machines/activity-log.machine';
import { createWorkflowContext } from '@/views/common/workflow-actor';

/** The company's activity log's actor. */
export const ActivityLogContext = createWorkflowContext(activityLogMachine);
