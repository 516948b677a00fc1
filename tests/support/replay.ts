import { isDeepStrictEqual } from 'node:util';
import {
  type AnyActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventObject,
  fromPromise,
  type InspectionEvent,
  SimulatedClock,
} from 'xstate';
import type { MachinePath } from './paths';

/** Actor logic records as `machine.provide({ actors })` takes them. */
export type ActorRecord = Record<string, AnyActorLogic>;

/** Names of the actors a machine declares in `setup({ actors })`. */
export function actorNames(machine: AnyStateMachine): string[] {
  return Object.keys(machine.implementations.actors).sort();
}

/**
 * A promise actor that never settles. Replay sends the path's `xstate.done.actor.<id>` / `xstate.error.actor.<id>`
 * events itself; a real actor accepts them while the invoked child is still running, and stops the child on exit.
 */
export const neverSettling = fromPromise<never>(() => new Promise<never>(() => {}));

/** Every declared actor replaced by `neverSettling` (child machines included: they are black boxes here). */
export function neverSettlingActors(machine: AnyStateMachine): ActorRecord {
  return Object.fromEntries(actorNames(machine).map((name) => [name, neverSettling]));
}

/** A replay that did not follow the path. */
export class ReplayMismatch extends Error {
  override readonly name = 'ReplayMismatch';
}

export interface ReplayOptions {
  /** Inspection observer of the replaying actor (coverage). */
  readonly inspect?: (ev: InspectionEvent) => void;
  /** Compare the context of each step too (default true): traversal runs `assign`, so both must agree. */
  readonly compareContext?: boolean;
  /** Machine input (must match the input the paths were generated with). */
  readonly input?: unknown;
  /** Extra check after each step (index 0 is the initial snapshot). */
  readonly onStep?: (actual: AnyMachineSnapshot, expected: AnyMachineSnapshot, index: number) => void;
}

/**
 * Replays one path on a real actor of `machine` (already provided with fakes: see `neverSettlingActors`). Step 0 is
 * `xstate.init`: the started actor is compared with it; every later step sends its event and compares the actor's
 * snapshot (value, status and, by default, context) with the step's. Delays never fire on their own (simulated clock
 * that is never advanced): the path sends `xstate.after.*` events like any other. Throws `ReplayMismatch`.
 */
export function replayPath(machine: AnyStateMachine, path: MachinePath, options: ReplayOptions = {}): number {
  const compareContext = options.compareContext ?? true;
  const errors: unknown[] = [];
  const actor = createActor(machine, {
    clock: new SimulatedClock(),
    ...(options.input === undefined ? {} : { input: options.input }),
    ...(options.inspect ? { inspect: options.inspect } : {}),
  });
  actor.subscribe({ error: (err) => errors.push(err) });
  const where = (i: number, event: EventObject) =>
    `step ${i} (${event.type}) of path ${path.steps
      .slice(1)
      .map((s) => s.event.type)
      .join(' → ')}`;
  try {
    actor.start();
    path.steps.forEach((step, i) => {
      if (i > 0) actor.send(step.event);
      const actual = actor.getSnapshot() as AnyMachineSnapshot;
      if (errors.length > 0 || actual.status === 'error') {
        throw new ReplayMismatch(
          `${where(i, step.event)}: actor failed: ${String(errors[0] ?? actual.error)}`,
        );
      }
      const expected = step.state;
      if (!isDeepStrictEqual(actual.value, expected.value)) {
        throw new ReplayMismatch(
          `${where(i, step.event)}: expected state ${JSON.stringify(expected.value)}, got ${JSON.stringify(actual.value)}`,
        );
      }
      if (actual.status !== expected.status) {
        throw new ReplayMismatch(
          `${where(i, step.event)}: expected status ${expected.status}, got ${actual.status}`,
        );
      }
      if (compareContext && !isDeepStrictEqual(actual.context, expected.context)) {
        throw new ReplayMismatch(
          `${where(i, step.event)}: expected context ${JSON.stringify(expected.context)}, got ${JSON.stringify(actual.context)}`,
        );
      }
      options.onStep?.(actual, expected, i);
    });
  } finally {
    actor.stop();
  }
  return path.steps.length - 1;
}
