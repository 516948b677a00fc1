import { type AnyActorRef, type AnyEventObject, type AnyStateMachine, fromPromise } from 'xstate';
import { type ActorRecord, actorNames } from './replay';

/** An invoked fake waiting to be settled. */
export interface PendingActor {
  /** The invoke id (equal to the actor's src by convention). */
  readonly id: string;
  readonly ref: AnyActorRef;
  /**
   * Whether the real logic can finish with an output (a promise, a child machine). Callback logic (`fromCallback`)
   * never does: it only fails or sends events, so a fake of it is only ever rejected.
   */
  readonly completes: boolean;
  resolve(output: unknown): void;
  reject(error: unknown): void;
}

export interface DeferredActors {
  /** For `machine.provide({ actors })`. */
  readonly actors: ActorRecord;
  /** Fakes started and not yet settled whose actor is still running (stopped ones are dropped). */
  pending(): PendingActor[];
  /**
   * Settles the running fake an actor event names: `xstate.done.actor.<id>` resolves it with `event.output`,
   * `xstate.error.actor.<id>` rejects it with `event.error`. Throws when that actor is not running, which is a
   * bug in the view or the path under test. Returns false for any other event.
   */
  settle(event: AnyEventObject): boolean;
}

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';

/** Whether an event is an invoked actor's result (sent by the actor, not by a user or the outside world). */
export function isActorResultEvent(type: string): boolean {
  return type.startsWith(DONE) || type.startsWith(ERROR) || type.startsWith('xstate.snapshot.');
}

/**
 * Whether an actor logic can finish with an output. Promise logic answers its own resolve event with `done`; callback
 * logic keeps per-actor state that only `start` creates, so the same probe finds nothing to finish (or throws).
 * Machines (child charts) finish on a final state.
 */
export function canComplete(logic: unknown): boolean {
  if (!logic || typeof logic !== 'object') return true;
  const l = logic as {
    __xstatenode?: boolean;
    getInitialSnapshot?: (scope: unknown, input: unknown) => unknown;
    transition?: (snapshot: unknown, event: AnyEventObject, scope: unknown) => { status?: string };
  };
  if (l.__xstatenode) return true;
  if (!l.transition || !l.getInitialSnapshot) return true;
  try {
    const scope = { self: {}, system: {}, emit: () => {}, defer: () => {} };
    const initial = l.getInitialSnapshot(scope, undefined);
    return (
      l.transition(initial, { type: 'xstate.promise.resolve', data: undefined }, scope).status === 'done'
    );
  } catch {
    return false;
  }
}

/**
 * Promise fakes for every actor a machine declares, settled by the test when it decides: the way a real server
 * answers later. Used by the random walk and the view walk; unit tests may write their own fakes.
 */
export function createDeferredActors(machine: AnyStateMachine): DeferredActors {
  let pendingList: PendingActor[] = [];
  const implementations = machine.implementations.actors as Record<string, unknown>;
  const fake = (completes: boolean) =>
    fromPromise<unknown>(
      ({ self }) =>
        new Promise<unknown>((resolve, reject) => {
          pendingList.push({ id: self.id, ref: self, completes, resolve, reject });
        }),
    );
  const pending = () => {
    pendingList = pendingList.filter((p) => p.ref.getSnapshot().status === 'active');
    return [...pendingList];
  };
  const settle = (event: AnyEventObject) => {
    const isDone = event.type.startsWith(DONE);
    if (!isDone && !event.type.startsWith(ERROR)) return false;
    const id = event.type.slice(isDone ? DONE.length : ERROR.length);
    const target = pending().find((p) => p.id === id);
    if (!target) throw new Error(`no running actor '${id}' to settle with ${event.type}`);
    if (isDone && !target.completes)
      throw new Error(`actor '${id}' is callback logic: it never finishes with ${event.type}`);
    pendingList = pendingList.filter((p) => p !== target);
    const payload = event as { output?: unknown; error?: unknown };
    if (isDone) target.resolve(payload.output);
    else target.reject(payload.error);
    return true;
  };
  const actors = Object.fromEntries(
    actorNames(machine).map((n) => [n, fake(canComplete(implementations[n]))]),
  );
  return { actors, pending, settle };
}
