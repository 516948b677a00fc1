import { act } from '@testing-library/react';
import type { EventObject } from 'xstate';

/**
 * The `settle` half of `performBy` for view walks: an outside event (an actor's done/error) is delivered by settling
 * the deferred fake inside React's `act`, so the view has re-rendered before the step's expectation runs.
 */
export function settleInAct(deferred: { settle(event: EventObject): boolean }) {
  return async (event: EventObject): Promise<boolean> => {
    let settled = false;
    await act(async () => {
      settled = deferred.settle(event);
    });
    return settled;
  };
}
