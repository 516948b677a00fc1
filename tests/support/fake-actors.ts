import { type AnyActorRef, type AnyEventObject, type AnyStateMachine, fromPromise } from 'xstate';
import { type ActorRecord, actorNames } from './replay';

/** An invoked fake waiting to be settled. */
export interface PendingActor {
  /** The invoke id (equal to the actor's src by convention). */
  readonly id: string;
  readonly ref: AnyActorRef;
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
 * Promise fakes for every actor a machine declares, settled by the test when it decides: the way a real server
 * answers later. Used by the random walk and the view walk; unit tests may write their own fakes.
 */
export function createDeferredActors(machine: AnyStateMachine): DeferredActors {
  let pendingList: PendingActor[] = [];
  const logic = fromPromise<unknown>(
    ({ self }) =>
      new Promise<unknown>((resolve, reject) => {
        pendingList.push({ id: self.id, ref: self, resolve, reject });
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
    pendingList = pendingList.filter((p) => p !== target);
    const payload = event as { output?: unknown; error?: unknown };
    if (isDone) target.resolve(payload.output);
    else target.reject(payload.error);
    return true;
  };
  return { actors: Object.fromEntries(actorNames(machine).map((n) => [n, logic])), pending, settle };
}
