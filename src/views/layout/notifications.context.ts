import { notificationsMachine } from '@/machines/notifications.machine';
import { createWorkflowContext } from '@/views/common/workflow-actor';

/** App-wide notifications actor. */
export const NotificationsContext = createWorkflowContext(notificationsMachine);
