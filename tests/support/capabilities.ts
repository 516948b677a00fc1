import { fromPromise } from 'xstate';
import { FEATURES } from '@/domain/capabilities.rules';

/** The session's `GET capabilities` answered as the reference backend answers it: every optional feature (CAP1). */
export const offersAll = () => fromPromise<readonly string[]>(async () => [...FEATURES]);
