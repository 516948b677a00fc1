import { describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, assign, createMachine, type EventObject, fromPromise, setup } from 'xstate';
import { getAdjacencyMap, getShortestPaths, serializeSnapshot } from 'xstate/graph';
import { machineRegistry } from '@/machines/registry';
import { loadCoverage, modelCoverageData } from '../../scripts/lib/chart-coverage';
import { createCoverageRecorder, formatCoverage } from '../support/coverage';
import { checkMachineModel } from '../support/model-check';
import {
  getModelTestEntry,
  modelTestEntries,
  registeredModels,
  selectedModels,
} from '../support/model-registry';
import { getModelUniverse, lintMachine } from '../support/model-universe';
import {
  buildModelGraph,
  generateModelPaths,
  type MachinePath,
  payloadEvents,
  shortestPathsOver,
} from '../support/paths';
import { neverSettlingActors, ReplayMismatch, replayPath } from '../support/replay';

describe('registry', () => {
  it('has a model test entry for every registered machine, and no entry without a machine', () => {
    const registered = machineRegistry.map((e) => e.id).sort();
    const tested = modelTestEntries.map((e) => e.id).sort();

    expect(tested).toEqual(registered);
    expect(() => registeredModels()).not.toThrow();
  });

  it('fails when a registered machine has no test entry', () => {
    const extra = { id: 'unlisted', machine: createMachine({ id: 'unlisted' }), description: 'x' };

    expect(() => registeredModels([...machineRegistry, extra])).toThrow(/unlisted.*no entry/);
  });

  it.each(machineRegistry.map((e) => [e.id, e] as const))(
    '%s: id matches the machine and it follows the conventions',
    (_, e) => {
      expect(e.machine.id).toBe(e.id);
      expect(lintMachine(e.machine)).toEqual([]);
    },
  );
});

describe.each(selectedModels().map((m) => [m.entry.id, m] as const))(
  'model paths of %s',
  (_, { entry, test }) => {
    const result = checkMachineModel(entry.machine, test);
    const report = formatCoverage(result.coverage);

    it('replays every generated path on a real actor', () => {
      expect(result.paths.length).toBeGreaterThan(0);
      expect(result.coverage.failures, report).toEqual([]);
    });

    it('covers every state node', () => {
      expect(result.coverage.states.uncovered, report).toEqual([]);
      expect(result.coverage.states.total).toBe(getModelUniverse(entry.machine).states.length);
    });

    it('covers every transition', () => {
      expect(result.coverage.transitions.uncovered, report).toEqual([]);
    });

    it('sees both outcomes of every guard', () => {
      expect(result.coverage.guardOutcomes.uncovered, report).toEqual([]);
      expect(result.coverage.ok, report).toBe(true);
    });

    it('is what the explorer shows (docs/statecharts/coverage.json; `npm run charts` when this fails)', () => {
      expect(loadCoverage()[entry.id]?.model).toEqual(modelCoverageData(entry.machine, result, test));
    });
  },
);

/** A machine with one transition no event can reach: `c` has no way in. */
const withUnreachable = createMachine({
  id: 'broken',
  initial: 'a',
  states: {
    a: { on: { go: 'b' } },
    b: { on: { back: 'a' } },
    c: { on: { go: 'a' } },
  },
});

describe('the harness can fail', () => {
  it('reports an unreachable state and its transition as uncovered', () => {
    const { coverage } = checkMachineModel(withUnreachable, { payloads: {} });

    expect(coverage.ok).toBe(false);
    expect(coverage.states.uncovered).toEqual(['broken.c']);
    expect(coverage.transitions.uncovered).toEqual(['broken.c --go#0--> broken.a']);
    expect(formatCoverage(coverage)).toContain('uncovered transition: broken.c --go#0--> broken.a');
  });

  it('reports a guard branch the payloads never reach, and the guard outcome never seen', () => {
    const m = setup({
      types: { events: {} as { type: 'pay'; amount: number } },
      guards: { isLarge: (_, params: { amount: number }) => params.amount > 100 },
    }).createMachine({
      id: 'guarded',
      initial: 'idle',
      states: {
        idle: {
          on: {
            pay: [
              {
                guard: { type: 'isLarge', params: ({ event }) => ({ amount: event.amount }) },
                target: 'review',
              },
              { target: 'done' },
            ],
          },
        },
        review: {},
        done: {},
      },
    });

    const { coverage } = checkMachineModel(m, { payloads: { pay: [{ type: 'pay', amount: 5 }] } });
    const fixed = checkMachineModel(m, {
      payloads: {
        pay: [
          { type: 'pay', amount: 5 },
          { type: 'pay', amount: 500 },
        ],
      },
    });

    expect(coverage.transitions.uncovered).toEqual(['guarded.idle --pay#0--> guarded.review']);
    expect(coverage.guardOutcomes.uncovered).toEqual(['isLarge=true']);
    expect(fixed.coverage.ok, formatCoverage(fixed.coverage)).toBe(true);
  });

  it('exempts a one-sided guard only when told why', () => {
    const m = setup({ guards: { always: () => true } }).createMachine({
      id: 'oneSided',
      initial: 'a',
      states: { a: { on: { go: { guard: 'always', target: 'b' } } }, b: {} },
    });

    const strict = checkMachineModel(m, { payloads: {} });
    const exempt = checkMachineModel(m, { payloads: {}, exemptGuards: { always: 'constant by design' } });

    expect(strict.coverage.guardOutcomes.uncovered).toEqual(['always=false']);
    expect(exempt.coverage.ok).toBe(true);
  });

  it('fails a replay when the real machine does not follow the path', () => {
    const original = createMachine({ id: 'm', initial: 'a', states: { a: { on: { go: 'b' } }, b: {} } });
    const changed = createMachine({
      id: 'm',
      initial: 'a',
      states: { a: { on: { go: 'c' } }, b: {}, c: {} },
    });
    const [path] = generateModelPaths(buildModelGraph(original, { payloads: {} }));

    expect(path).toBeDefined();
    expect(() => replayPath(changed, path as MachinePath)).toThrow(ReplayMismatch);
    expect(() => replayPath(changed, path as MachinePath)).toThrow(/expected state "b", got "c"/);
  });

  it('fails a replay when an action throws on the real actor', () => {
    const m = setup({
      actions: {
        explode: () => {
          throw new Error('boom');
        },
      },
    }).createMachine({
      id: 'm',
      initial: 'a',
      states: { a: { on: { go: { target: 'b', actions: 'explode' } } }, b: {} },
    });

    const { coverage } = checkMachineModel(m, { payloads: {} });

    expect(coverage.ok).toBe(false);
    expect(coverage.failures.join('\n')).toMatch(/actor failed: Error: boom/);
  });
});

describe('path generation', () => {
  const toggle = createMachine({
    id: 'toggle',
    initial: 'off',
    states: { off: { on: { flip: 'on' } }, on: { on: { flip: 'off' } } },
  });

  it.each(['session', 'authFlow', 'numbers', 'userAdmin'])(
    '%s: the shortest paths over the explored graph are those of xstate/graph, step for step',
    (id) => {
      const entry = machineRegistry.find((e) => e.id === id);
      if (!entry) throw new Error(`no chart ${id}`);
      const test = getModelTestEntry(id);
      const traversal = {
        events: payloadEvents(test.payloads),
        serializeState: (s: AnyMachineSnapshot) => serializeSnapshot(s),
        ...(test.limit === undefined ? {} : { limit: test.limit }),
        ...(test.stopWhen === undefined ? {} : { stopWhen: test.stopWhen }),
        ...(test.input === undefined ? {} : { input: test.input }),
      };
      const shape = (paths: readonly MachinePath[]) =>
        paths.map((p) => ({
          to: serializeSnapshot(p.state),
          weight: p.weight,
          steps: p.steps.map((step) => [JSON.stringify(step.event), serializeSnapshot(step.state)]),
        }));
      const ours = shape(shortestPathsOver(getAdjacencyMap(entry.machine, traversal)));
      expect(ours.length).toBeGreaterThan(3);
      expect(ours).toEqual(shape(getShortestPaths(entry.machine, traversal) as MachinePath[]));
    },
  );

  it('covers transitions that shortest paths alone miss', () => {
    const shortestOnly = getShortestPaths(toggle, { events: payloadEvents({}) }) as MachinePath[];
    const generated = generateModelPaths(buildModelGraph(toggle, { payloads: {} }));
    const measure = (paths: readonly MachinePath[]) => {
      const recorder = createCoverageRecorder(toggle);
      for (const p of paths) replayPath(toggle, p, { inspect: recorder.inspect });
      return recorder.report({ paths: paths.length, steps: 0 }).transitions;
    };

    expect(measure(shortestOnly).covered).toBe(1);
    expect(measure(generated)).toMatchObject({ covered: 2, total: 2 });
  });

  it('walks a user event also from where the context held other values than the event sets', () => {
    type Params = { tab: string; page: number };
    const list = setup({
      types: { context: {} as { params: Params }, events: {} as { type: 'params.changed'; params: Params } },
    }).createMachine({
      id: 'list',
      context: { params: { tab: 'active', page: 1 } },
      on: { 'params.changed': { actions: assign({ params: ({ event }) => event.params }) } },
    });
    const tabSwitch = { type: 'params.changed', params: { tab: 'blocked', page: 1 } };
    const nextPage = { type: 'params.changed', params: { tab: 'active', page: 2 } };
    const paths = generateModelPaths(
      buildModelGraph(list, { payloads: { 'params.changed': [tabSwitch, nextPage] } }),
    );
    const walked = paths.map((p) => p.steps.slice(1).map((step) => JSON.stringify(step.event)));
    // the tab switch from page 2: a view that keeps the page on a tab switch sends page 2 there
    expect(walked).toContainEqual([JSON.stringify(nextPage), JSON.stringify(tabSwitch)]);
    // and the next page from another tab: a view that keeps the tab on a page link sends it there
    expect(walked).toContainEqual([JSON.stringify(tabSwitch), JSON.stringify(nextPage)]);
    // without the payload classes, each event is walked once, from the start
    expect(
      generateModelPaths(buildModelGraph(list, { payloads: { 'params.changed': [tabSwitch, nextPage] } }), {
        payloadClasses: false,
      }).map((p) => p.steps.length - 1),
    ).toEqual([1]);
  });

  it('carries a payload on through the calls it starts, and walks each listed answer class', () => {
    type Profile = { at: number };
    const picker = setup({
      types: {
        context: {} as { role: string | null; profile: Profile | null },
        events: {} as { type: 'role.choose'; role: string },
      },
      actors: {
        save: fromPromise<void>(async () => undefined),
        load: fromPromise<Profile>(async () => ({ at: 5 })),
      },
    }).createMachine({
      id: 'picker',
      context: { role: null, profile: null },
      initial: 'choosing',
      states: {
        choosing: {
          on: { 'role.choose': { target: 'saving', actions: assign({ role: ({ event }) => event.role }) } },
        },
        saving: { tags: ['busy'], invoke: { src: 'save', id: 'save', onDone: 'loading' } },
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'load',
            id: 'load',
            onDone: { target: 'ready', actions: assign({ profile: ({ event }) => event.output }) },
          },
        },
        ready: {},
      },
    });
    const payloads = {
      'role.choose': [
        { type: 'role.choose', role: 'R005' },
        { type: 'role.choose', role: 'R008' },
      ],
      'xstate.done.actor.save': [{ type: 'xstate.done.actor.save', output: undefined }],
      'xstate.done.actor.load': [
        { type: 'xstate.done.actor.load', output: { at: 5 } },
        { type: 'xstate.done.actor.load', output: { at: 40 } },
      ],
    };
    const ends = (answerClasses?: readonly string[]) =>
      generateModelPaths(
        buildModelGraph(picker, { payloads, ...(answerClasses ? { answerClasses } : {}) }),
      ).map((p) => [p.state.context.role, p.state.context.profile?.at ?? null, String(p.state.value)]);
    // each chosen role is walked on until the calls it starts have answered: the role is seen where it shows
    expect(ends()).toEqual([
      ['R005', 5, 'ready'],
      ['R008', 5, 'ready'],
    ]);
    // a listed answer is a payload class of its own: the other account type is walked too
    expect(ends(['xstate.done.actor.load'])).toContainEqual(['R005', 40, 'ready']);
  });

  it('handles always, after, invoke results, parallel regions and nested final states', () => {
    const m = setup({
      types: { context: {} as { tries: number }, events: {} as { type: 'start' } | { type: 'finish' } },
      actors: { load: fromPromise<number>(async () => 1) },
      guards: { triedTwice: ({ context }) => context.tries >= 2 },
      actions: { countTry: assign({ tries: ({ context }) => context.tries + 1 }) },
    }).createMachine({
      id: 'features',
      context: { tries: 0 },
      initial: 'idle',
      states: {
        idle: { on: { start: 'working' } },
        working: {
          type: 'parallel',
          onDone: 'finished',
          states: {
            loader: {
              initial: 'loading',
              states: {
                loading: {
                  invoke: { id: 'load', src: 'load', onDone: 'loaded', onError: 'retrying' },
                },
                retrying: {
                  entry: 'countTry',
                  always: [{ guard: 'triedTwice', target: 'loaded' }],
                  after: { 1000: 'loading' },
                },
                loaded: { type: 'final' },
              },
            },
            user: {
              initial: 'waiting',
              states: { waiting: { on: { finish: 'finished' } }, finished: { type: 'final' } },
            },
          },
        },
        finished: { type: 'final' },
      },
    });
    const payloads = {
      'xstate.done.actor.load': [{ type: 'xstate.done.actor.load', output: 1 }],
      'xstate.error.actor.load': [{ type: 'xstate.error.actor.load', error: new Error('x') }],
    };

    const { coverage, paths } = checkMachineModel(m, { payloads });

    expect(coverage.failures).toEqual([]);
    expect(coverage.ok, formatCoverage(coverage)).toBe(true);
    expect(coverage.transitions.total).toBe(7);
    expect(
      paths.some((p) =>
        p.steps.some((s) => s.event.type === 'xstate.after.1000.features.working.loader.retrying'),
      ),
    ).toBe(true);
  });

  it('keeps a context counter finite with stopWhen, and the limit throws instead of truncating', () => {
    const counter = setup({ types: { context: {} as { n: number } } }).createMachine({
      id: 'counter',
      context: { n: 0 },
      initial: 'on',
      states: { on: { on: { inc: { actions: assign({ n: ({ context }) => context.n + 1 }) } } } },
    });

    const bounded = buildModelGraph(counter, { payloads: {}, stopWhen: (s) => s.context.n >= 3 });

    expect(bounded.snapshots.size).toBe(4);
    expect(() => buildModelGraph(counter, { payloads: {}, limit: 50 })).toThrow(/limit/);
  });

  it('sends a payload only where sendWhen lets it', () => {
    const counter = setup({ types: { context: {} as { n: number } } }).createMachine({
      id: 'limited',
      context: { n: 0 },
      initial: 'on',
      states: {
        on: {
          on: {
            inc: { actions: assign({ n: ({ context }) => context.n + 1 }) },
            set: { actions: assign({ n: ({ event }) => (event as { n: number } & EventObject).n }) },
          },
        },
      },
    });
    const payloads = { set: [{ type: 'set', n: 10 }] };
    const bounds = { payloads, stopWhen: (s: AnyMachineSnapshot) => s.context.n >= 2 };
    const everywhere = buildModelGraph(counter, bounds);
    // 'set' only from the first snapshot: n = 10 is reached once, not from n = 1 as well
    const onlyAtStart = buildModelGraph(counter, {
      ...bounds,
      sendWhen: (s, e) => e.type !== 'set' || s.context.n === 0,
    });
    const sets = (g: typeof everywhere) => g.edges.filter((e) => e.event.type === 'set').length;

    expect(sets(everywhere)).toBe(2);
    expect(sets(onlyAtStart)).toBe(1);
    expect([...onlyAtStart.snapshots.values()].map((s) => s.context.n).sort((a, b) => a - b)).toEqual([
      0, 1, 2, 10,
    ]);
  });

  it('starts machines that take input with the given input', () => {
    const m = setup({
      types: { input: {} as { start: 'a' | 'b' }, context: {} as { start: 'a' | 'b' } },
      guards: { startsAtB: ({ context }) => context.start === 'b' },
    }).createMachine({
      id: 'withInput',
      context: ({ input }) => ({ start: input.start }),
      initial: 'choosing',
      states: {
        choosing: { always: [{ guard: 'startsAtB', target: 'b' }, { target: 'a' }] },
        a: { on: { go: 'b' } },
        b: {},
      },
    });

    const { coverage } = checkMachineModel(m, { payloads: {}, input: { start: 'a' } });

    expect(coverage.failures).toEqual([]);
    expect(coverage.states.uncovered).toEqual([]);
    expect(coverage.transitions.uncovered).toEqual(['withInput.choosing --always#0--> withInput.b']);
  });

  it('replaces actors with never-settling fakes so the path drives the results', () => {
    const m = setup({ actors: { load: fromPromise<number>(async () => 42) } }).createMachine({
      id: 'm',
      initial: 'loading',
      states: {
        loading: { invoke: { id: 'load', src: 'load', onDone: 'done', onError: 'failed' } },
        done: {},
        failed: {},
      },
    });
    const paths = generateModelPaths(buildModelGraph(m, { payloads: {} }));
    const provided = m.provide({ actors: neverSettlingActors(m) });

    const replayed = paths.map((p) => replayPath(provided, p));

    expect(paths.map((p) => p.state.value).sort()).toEqual(['done', 'failed']);
    expect(replayed).toEqual([1, 1]);
  });
});
