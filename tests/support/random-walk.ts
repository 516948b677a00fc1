import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventObject,
  SimulatedClock,
} from 'xstate';
import { createDeferredActors, isActorResultEvent } from './fake-actors';
import type { EventPayloads } from './model-universe';
import { delayOf } from './oracle';
import { payloadEvents } from './paths';

/** Picks an index in `[0, n)`; the walk's only source of randomness, so a failing run can be replayed. */
export type Chooser = (n: number) => number;

/** A deterministic chooser (mulberry32) for a seed. */
export function seededChooser(seed: number): Chooser {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const r = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return Math.floor(r * n);
  };
}

/** A chooser that reads a list of numbers (cycling), e.g. from fast-check, so failures shrink. */
export function listChooser(choices: readonly number[]): Chooser {
  let i = 0;
  return (n) => {
    const c = choices.length === 0 ? 0 : (choices[i++ % choices.length] ?? 0);
    return Math.abs(c) % n;
  };
}

export interface RandomWalkOptions {
  readonly payloads: EventPayloads;
  /** Number of actions (events sent or fakes settled). */
  readonly steps: number;
  readonly choose: Chooser;
  /**
   * Start a fresh actor after this many actions (default 200), so states reachable only early in a run (an initial
   * check's failure branch) are visited more than once per walk.
   */
  readonly episodeLength?: number;
  /** Machine input for every fresh actor. */
  readonly input?: unknown;
}

export interface RandomWalkResult {
  readonly actions: number;
  readonly eventsSent: number;
  readonly settled: number;
  /** Fresh actors started: after a final state, or at the end of an episode. */
  readonly restarts: number;
  /** `JSON.stringify(value)` of every state seen, sorted. */
  readonly statesSeen: readonly string[];
  /** The last actions, newest last, for failure messages. */
  readonly trail: readonly string[];
}

/** The walk stopped on a broken invariant. */
export class RandomWalkError extends Error {
  override readonly name = 'RandomWalkError';
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : JSON.stringify(error);
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Drives a real actor with random enabled events (from the payloads and the machine's own event descriptors) while
 * its invoked fakes settle at random with the payloads' outputs and errors (callback actors only fail: they have no
 * output to finish with). Invariants, checked after each action:
 * the actor never errors; every state that is not final has something enabled (an event `can()` accepts or a running
 * actor); every actor result the state listens to has its actor running. Throws `RandomWalkError` with the trail.
 */
export async function randomWalk(
  machine: AnyStateMachine,
  options: RandomWalkOptions,
): Promise<RandomWalkResult> {
  const deferred = createDeferredActors(machine);
  const provided = machine.provide({ actors: deferred.actors });
  const eventsOf = payloadEvents(options.payloads);
  const errors: unknown[] = [];
  const seen = new Set<string>();
  const trail: string[] = [];
  let eventsSent = 0;
  let settled = 0;
  let restarts = 0;
  let episode = 0;
  const episodeLength = options.episodeLength ?? 200;
  const fail = (message: string): never => {
    throw new RandomWalkError(`${message}\n  last actions:\n    ${trail.slice(-15).join('\n    ')}`);
  };
  let clock = new SimulatedClock();
  const start = () => {
    clock = new SimulatedClock();
    const a = createActor(provided, {
      clock,
      ...(options.input === undefined ? {} : { input: options.input }),
    });
    a.subscribe({ error: (err) => errors.push(err) });
    a.start();
    return a;
  };
  let actor = start();
  await flush();

  try {
    for (let i = 0; i < options.steps; i++) {
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      if (errors.length > 0 || snapshot.status === 'error')
        fail(`actor failed: ${String(errors[0] ?? snapshot.error)}`);
      const value = JSON.stringify(snapshot.value);
      seen.add(value);
      if (snapshot.status === 'done' || episode >= episodeLength) {
        actor.stop();
        actor = start();
        restarts++;
        episode = 0;
        trail.push('(fresh actor)');
        await flush();
        continue;
      }
      const descriptors = eventsOf(snapshot);
      const pending = deferred.pending();
      for (const ev of descriptors) {
        if (!isActorResultEvent(ev.type)) continue;
        const id = ev.type.replace(/^xstate\.(done|error)\.actor\.|^xstate\.snapshot\./, '');
        if (!pending.some((p) => p.id === id)) {
          fail(`state ${value} listens to ${ev.type} but actor '${id}' is not running`);
        }
      }
      // the label is written only for the action chosen (it goes to the trail): writing one for every enabled action
      // at each of 60 000 steps was a tenth of a walk
      const actions: { label: () => string; run: () => void; kind: 'event' | 'settle' }[] = [];
      for (const ev of descriptors) {
        if (isActorResultEvent(ev.type) || !snapshot.can(ev)) continue;
        // a delay runs on the simulated clock: time moves on by the delay instead of the event being sent
        const run = ev.type.startsWith('xstate.after.')
          ? () => clock.increment(delayOf(provided, ev.type, snapshot))
          : () => actor.send(ev);
        actions.push({ label: () => `send ${JSON.stringify(ev)}`, run, kind: 'event' });
      }
      for (const p of pending) {
        const done = options.payloads[`xstate.done.actor.${p.id}`] ?? [{ type: 'done', output: undefined }];
        const failed = options.payloads[`xstate.error.actor.${p.id}`] ?? [
          { type: 'error', error: new Error('fake failure') },
        ];
        // a callback actor (the draft keeper) never finishes with an output: it is only ever failed
        for (const ev of p.completes ? done : []) {
          const output = (ev as EventObject & { output?: unknown }).output;
          actions.push({
            label: () => `resolve ${p.id} ${JSON.stringify(output)}`,
            run: () => p.resolve(output),
            kind: 'settle',
          });
        }
        for (const ev of failed) {
          const error = (ev as EventObject & { error?: unknown }).error;
          actions.push({
            label: () => `reject ${p.id} ${describeError(error)}`,
            run: () => p.reject(error),
            kind: 'settle',
          });
        }
      }
      if (actions.length === 0) fail(`dead end: nothing enabled in ${value}`);
      const action = actions[options.choose(actions.length)] ?? fail('chooser out of range');
      trail.push(`${value}: ${action.label()}`);
      if (trail.length > 50) trail.shift();
      action.run();
      episode++;
      // an event is taken synchronously (a macrostep, the fakes it starts, a delay on the simulated clock); a settled
      // fake answers through its promise, so the walk waits for that answer to arrive before it looks again
      if (action.kind === 'event') eventsSent++;
      else {
        settled++;
        await flush();
      }
    }
    const last = actor.getSnapshot() as AnyMachineSnapshot;
    if (errors.length > 0 || last.status === 'error')
      fail(`actor failed: ${String(errors[0] ?? last.error)}`);
    seen.add(JSON.stringify(last.value));
  } finally {
    actor.stop();
  }
  return {
    actions: eventsSent + settled,
    eventsSent,
    settled,
    restarts,
    statesSeen: [...seen].sort(),
    trail,
  };
}
