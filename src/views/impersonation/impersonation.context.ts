import { createActorContext } from '@xstate/react';
import { impersonationMachine } from '@/machines/impersonation.machine';

/** The impersonation actor, one per app: the search box chooses, the banner goes back. */
export const ImpersonationContext = createActorContext(impersonationMachine);
