import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromCallback, fromPromise, setup } from 'xstate';
import { canComplete } from '../support/fake-actors';
import { selectedModels } from '../support/model-registry';
import { buildModelGraph } from '../support/paths';
import { listChooser, RandomWalkError, randomWalk, seededChooser } from '../support/random-walk';
import { actorNames } from '../support/replay';

describe.each(selectedModels().map((m) => [m.entry.id, m] as const))(
  'random walk of %s',
  (_, { entry, test }) => {
    const steps = test.walkSteps ?? 2000;
    const episodeLength = test.walkEpisode ?? 200;

    // Each seed's walk runs once: the seed's own test checks it, and the coverage test below reads the same three
    // walks (a seeded walk is the same every time, so walking it again for coverage was the same work twice).
    const walks = new Map<number, ReturnType<typeof randomWalk>>();
    const walk = (seed: number) => {
      let result = walks.get(seed);
      if (!result) {
        result = randomWalk(entry.machine, {
          payloads: test.payloads,
          input: test.input,
          steps,
          episodeLength,
          choose: seededChooser(seed),
        });
        // a failing walk fails its seed's test; the coverage test awaits it again and fails too
        result.catch(() => undefined);
        walks.set(seed, result);
      }
      return result;
    };

    it.each([1, 2, 3])('seed %i: thousands of actions, no error, never stuck', async (seed) => {
      const result = await walk(seed);

      expect(result.actions + result.restarts).toBe(steps);
      expect(result.eventsSent).toBeGreaterThan(0);
      // a chart without invoked actors (notifications) has nothing to settle
      if (actorNames(entry.machine).length > 0) expect(result.settled).toBeGreaterThan(0);
      else expect(result.settled).toBe(0);
    });

    it('visits every state value the model explores', async () => {
      const graph = buildModelGraph(entry.machine, test);
      const explored = new Set([...graph.snapshots.values()].map((s) => JSON.stringify(s.value)));
      const seen = new Set<string>();

      for (const seed of [1, 2, 3]) for (const v of (await walk(seed)).statesSeen) seen.add(v);

      expect([...explored].filter((v) => !seen.has(v))).toEqual([]);
      // the model graph and the three seeds' walks: the newClient chart's took 25 s on the two-core CI machine
      // when the walks ran here again, so the time-out stays generous
    }, 120_000);

    it('holds for arbitrary choice sequences (fast-check, shrinks on failure)', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.nat(), { minLength: 1, maxLength: 300 }), async (choices) => {
          const result = await randomWalk(entry.machine, {
            payloads: test.payloads,
            input: test.input,
            steps: 300,
            choose: listChooser(choices),
          });
          return result.actions + result.restarts === 300;
        }),
        { numRuns: 20, seed: 20_250_101 },
      );
    });
  },
);

describe('the random walk can fail', () => {
  it('finds a state with nothing enabled', async () => {
    const m = setup({}).createMachine({
      id: 'stuck',
      initial: 'a',
      states: { a: { on: { go: 'trap' } }, trap: {} },
    });

    await expect(randomWalk(m, { payloads: {}, steps: 10, choose: seededChooser(1) })).rejects.toThrow(
      /dead end: nothing enabled in "trap"/,
    );
  });

  it('finds an action that throws on some branch', async () => {
    const m = setup({
      types: { events: {} as { type: 'ok' } | { type: 'bad' } },
      actions: {
        explode: () => {
          throw new Error('boom');
        },
      },
    }).createMachine({
      id: 'fragile',
      initial: 'a',
      states: { a: { on: { ok: 'a', bad: { target: 'a', actions: 'explode' } } } },
    });

    await expect(randomWalk(m, { payloads: {}, steps: 200, choose: seededChooser(7) })).rejects.toThrow(
      RandomWalkError,
    );
  });

  it('settles invoked fakes at random with the payload outputs, and restarts after a final state', async () => {
    const m = setup({ actors: { load: fromPromise<number>(async () => 1) } }).createMachine({
      id: 'loader',
      initial: 'loading',
      states: {
        loading: {
          invoke: { id: 'load', src: 'load', onDone: 'done', onError: { target: 'loading', reenter: true } },
        },
        done: { type: 'final' },
      },
    });

    const result = await randomWalk(m, {
      payloads: { 'xstate.done.actor.load': [{ type: 'xstate.done.actor.load', output: 1 }] },
      steps: 50,
      choose: seededChooser(3),
    });

    expect(result.settled).toBeGreaterThan(0);
    expect(result.restarts).toBeGreaterThan(0);
    expect(result.statesSeen).toEqual(['"done"', '"loading"']);
  });

  it('fails a callback actor, never finishes it: it has no output to finish with', async () => {
    expect(canComplete(fromPromise(async () => 1))).toBe(true);
    expect(canComplete(fromCallback(() => {}))).toBe(false);
    // a keeper running beside the form, restarted when it fails; finishing it would leave the state listening
    // to an actor that cannot run any more, which the walk reports
    const m = setup({
      types: { events: {} as { type: 'edit' } },
      actors: { keeper: fromCallback(() => {}) },
    }).createMachine({
      id: 'keeping',
      initial: 'form',
      states: {
        form: {
          invoke: { id: 'keeper', src: 'keeper', onError: { target: 'form', reenter: true } },
          on: { edit: 'form' },
        },
      },
    });

    const result = await randomWalk(m, {
      payloads: { 'xstate.done.actor.keeper': [{ type: 'xstate.done.actor.keeper', output: 1 }] },
      steps: 200,
      choose: seededChooser(5),
    });

    expect(result.settled).toBeGreaterThan(0);
    expect(result.trail.some((t) => t.includes('resolve keeper'))).toBe(false);
    expect(result.trail.some((t) => t.includes('reject keeper'))).toBe(true);
  });
});
