import { settingsMachine } from '@/machines/settings.machine';
import { createWorkflowContext } from '@/views/common/workflow-actor';

/** The Settings page's actor (one per visit of the page); the page provides the logic from `useWorkflowLogic()`. */
export const SettingsActorContext = createWorkflowContext(settingsMachine);
