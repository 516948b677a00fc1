/**
 * The chart that invoked a promise actor. A promise actor has no `sendBack`; an upload or download reports its
 * progress to the invoking chart directly (XState keeps the parent as `_parent`; tests/machines/upload.machine.test.ts
 * and tests/machines/download.machine.test.ts fail if that ever changes).
 */
export function invokerOf<E>(self: unknown): { send: (event: E) => void } | undefined {
  return (self as { _parent?: { send: (event: E) => void } })._parent;
}
