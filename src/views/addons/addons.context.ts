import { addonsMachine } from '@/machines/addons.machine';
import { addonsCheckoutMachine } from '@/machines/addons-checkout.machine';
import { createWorkflowContext } from '@/views/common/workflow-actor';

/** The services page actor (registered in the actor system as `services`); the page provides its logic and input. */
export const AddonsContext = createWorkflowContext(addonsMachine);
/** The services checkout actor, started when the checkout opens with the chosen numbers. */
export const CheckoutContext = createWorkflowContext(addonsCheckoutMachine);
