import { employeesListMachine } from '@/machines/employees-list.machine';
import { createWorkflowContext } from '@/views/common/workflow-actor';

/** The company's employee list's actor. */
export const EmployeesListContext = createWorkflowContext(employeesListMachine);
