import { userAdminMachine } from '@/machines/user-admin.machine';
import { userSearchMachine } from '@/machines/user-search.machine';
import { createWorkflowContext } from '@/views/common/workflow-actor';

/** The user search actor of an administration page. */
export const UserSearchContext = createWorkflowContext(userSearchMachine);
/** The user creation / editing actor of an administration page. */
export const UserAdminContext = createWorkflowContext(userAdminMachine);
