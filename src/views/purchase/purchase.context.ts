import { goldenCheckoutMachine } from '@/machines/golden-checkout.machine';
import { createWorkflowContext } from '@/views/common/workflow-actor';

/** The golden-checkout actor; the page provides the logic (real or fake). */
export const PurchaseContext = createWorkflowContext(goldenCheckoutMachine);
