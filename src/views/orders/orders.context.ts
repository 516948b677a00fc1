import { ordersMachine } from '@/machines/orders.machine';
import { createWorkflowContext } from '@/views/common/workflow-actor';

/** The orders actor; the page provides the logic (real or fake). */
export const OrdersContext = createWorkflowContext(ordersMachine);
