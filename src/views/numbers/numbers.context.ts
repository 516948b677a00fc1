import { createActorContext } from '@xstate/react';
import { numbersMachine } from '@/machines/numbers.machine';

/** The numbers list actor of one BAN; the page provides the logic (real or fake) and the input from the URL. */
export const NumbersContext = createActorContext(numbersMachine);
