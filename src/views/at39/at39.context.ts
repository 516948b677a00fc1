import { at39ListMachine } from '@/machines/at39-list.machine';
import { at39RegistrationMachine } from '@/machines/at39-registration.machine';
import { createWorkflowContext } from '@/views/common/workflow-actor';

/** The AT 39 list actor; the page provides the logic (real or fake) and the input from the URL. */
export const At39ListContext = createWorkflowContext(at39ListMachine);

/** The AT 39 registration actor of `/at39-registration/new` (`?id=` resumes a registration). */
export const At39RegistrationContext = createWorkflowContext(at39RegistrationMachine);
