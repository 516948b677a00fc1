import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';

type SnapshotOf<TActor> = TActor extends { getSnapshot(): infer TSnapshot } ? TSnapshot : never;

/**
 * Two flat objects of a `connect…` with the same fields holding the same values (`Object.is`). @xstate/react exports a
 * `shallowEqual`, but it lives in the vendor chunk the login page loads: using it here kept it there and put the
 * login script 101 B over its goal (decisions AR18), so the compare a connect needs is written out.
 */
function sameFields(a: object, b: object): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  return keys.every((key) => Object.hasOwn(y, key) && Object.is(x[key], y[key]));
}

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
  return useSelector(actor, connect as (snapshot: unknown) => T, sameFields);
}
