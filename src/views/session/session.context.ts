import { createActorContext } from '@xstate/react';
import { sessionMachine } from '@/machines/session.machine';

/** The session actor for the whole app; the composition root provides the real actors, tests provide fakes. */
export const SessionContext = createActorContext(sessionMachine);
