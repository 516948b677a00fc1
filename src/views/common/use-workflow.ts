import { shallowEqual, useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';

type SnapshotOf<TActor> = TActor extends { getSnapshot(): infer TSnapshot } ? TSnapshot : never;

/**
 * What a view part renders, read from its workflow's actor in one selector (decisions AR18): `connect` is the
 * workflow's pure function of the snapshot (src/machines/<area>.selectors.ts, `connect…`), returning a flat object;
 * compared field by field, so the part re-renders only when one of its fields changes, as with one `useSelector`
 * per field.
 */
export function useWorkflow<TActor extends Pick<AnyActorRef, 'subscribe' | 'getSnapshot'>, T extends object>(
  actor: TActor,
  connect: (snapshot: SnapshotOf<TActor>) => T,
): T {
  return useSelector(actor, connect as (snapshot: unknown) => T, shallowEqual);
}
