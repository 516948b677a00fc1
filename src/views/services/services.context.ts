import { servicesMachine } from '@/machines/services.machine';
import { servicesCheckoutMachine } from '@/machines/services-checkout.machine';
import { createWorkflowContext } from '@/views/common/workflow-actor';

/** The services page actor (registered in the actor system as `services`); the page provides its logic and input. */
export const ServicesContext = createWorkflowContext(servicesMachine);
/** The services checkout actor, started when the checkout opens with the chosen numbers. */
export const CheckoutContext = createWorkflowContext(servicesCheckoutMachine);
