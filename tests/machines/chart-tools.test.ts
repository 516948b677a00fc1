// @vitest-environment jsdom
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import mermaid from 'mermaid';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AnyMachineSnapshot,
  type AnyTransitionDefinition,
  createMachine,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import { type ChartEdge, toChart } from '../../scripts/lib/chart-model';
import { toMermaid } from '../../scripts/lib/mermaid';
import { scxmlEventName, toScxml, transitionRef } from '../../scripts/lib/scxml';
import { toStatelyJson } from '../../scripts/lib/stately-json';
import { registeredModels } from '../support/model-registry';
import { buildModelGraph, generateModelPaths, type ModelPath } from '../support/paths';
import { neverSettlingActors, replayPath } from '../support/replay';
import { features } from './chart-features';

/**
 * Every committed export loads in its standard tool: Mermaid's own parser, the SCION SCXML interpreter (which
 * replays the model paths to the same states as xstate) and `createMachine` for the Stately JSON.
 */
const dir = join(import.meta.dirname, '..', '..', 'docs', 'statecharts');
const models = registeredModels();
const read = (name: string) => readFile(join(dir, name), 'utf8');

describe('mermaid.parse', () => {
  it.each(models.map((m) => [m.entry.id] as const))('accepts %s.mmd', async (id) => {
    await expect(mermaid.parse(await read(`${id}.mmd`))).resolves.toMatchObject({
      diagramType: 'stateDiagram',
    });
  });

  it('rejects a broken diagram (the check can fail)', async () => {
    const broken = (await read(`${models[0]?.entry.id}.mmd`)).replace(/\n\s*}\n/, '\n');

    await expect(mermaid.parse(broken)).rejects.toThrow();
  });
});

// SCION is CommonJS without types: the little of its API used here is typed below.
interface ScionStatechart {
  start(): void;
  gen(event: { name: string; data?: unknown }): void;
  getConfiguration(): string[];
}
interface Scion {
  documentStringToModel(
    url: string,
    doc: string,
    cb: (err: unknown, model: { prepare(cb: (err: unknown, fn: unknown) => void): void }) => void,
  ): void;
  core: { Statechart: new (model: unknown, opts: object) => ScionStatechart };
}
const scion = createRequire(import.meta.url)('@scion-scxml/scxml') as Scion;

/** The SCXML document compiled by SCION; rejects on any parse or compile error. */
function scionModel(name: string, doc: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    scion.documentStringToModel(name, doc, (err, model) => {
      if (err) reject(err instanceof Error ? err : new Error(String(err)));
      else model.prepare((err2, fn) => (err2 ? reject(new Error(String(err2))) : resolve(fn)));
    });
  });
}

/** `transitionRef` of an xstate transition definition, as the SCXML export writes it in `cond`. */
function refOf(t: AnyTransitionDefinition): string {
  const list: readonly AnyTransitionDefinition[] =
    t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? []);
  return transitionRef(t.source.id, t.eventType, list.indexOf(t));
}

/** Ids of the active atomic and final states: what SCION's `getConfiguration` lists. */
function leafIds(snapshot: AnyMachineSnapshot): string[] {
  const nodes = (snapshot as unknown as { _nodes: { id: string; type: string }[] })._nodes;
  return nodes
    .filter((n) => n.type === 'atomic' || n.type === 'final')
    .map((n) => n.id)
    .sort();
}

/**
 * Replays a path on xstate and on SCION side by side. xstate's guards are TypeScript, so SCION's `guard(name, ref)`
 * stub answers whether xstate took that transition next in the same macrostep (in xstate's microstep order); everything else (targets, hierarchy,
 * initial states, parallel regions, event names, document-order priority) is SCION's own. Returns the mismatches.
 */
function replayOnScion(
  fnModel: unknown,
  machine: Parameters<typeof replayPath>[0],
  path: ModelPath,
  input: unknown,
): string[] {
  const mismatches: string[] = [];
  // the guarded transitions xstate took in this macrostep, microstep by microstep, in order: SCION also asks an
  // eventless guard before the event's own transitions, so a transition taken later in the macrostep (a re-entered
  // state's `always`) must not answer yes to that earlier question
  let taken: Set<string>[] = [];
  let statechart: ScionStatechart | undefined;
  const inspect = (ev: InspectionEvent) => {
    if (ev.type !== '@xstate.microstep') return;
    const guarded = (ev as unknown as { _transitions: AnyTransitionDefinition[] })._transitions.filter(
      (t) => t.guard !== undefined,
    );
    if (guarded.length > 0) taken.push(new Set(guarded.map(refOf)));
  };
  const answer = (ref: string): boolean => {
    const next = taken[0];
    if (!next?.delete(ref)) return false;
    if (next.size === 0) taken.shift();
    return true;
  };
  const onStep = (actual: AnyMachineSnapshot, _expected: AnyMachineSnapshot, index: number) => {
    const step = path.steps[index];
    if (index === 0) {
      statechart = new scion.core.Statechart(fnModel, {
        params: { guard: (_name: string, ref: string) => answer(ref) },
        // delays never fire on their own here: the paths send `xstate.after.*` events like xstate's replay
        customSend: () => {},
        customCancel: () => {},
      });
      statechart.start();
    } else if (step) {
      const event: EventObject = step.event;
      statechart?.gen({ name: scxmlEventName(event.type), data: event });
    }
    const got = [...(statechart?.getConfiguration() ?? [])].sort();
    const want = leafIds(actual);
    if (!isDeepStrictEqual(got, want))
      mismatches.push(`${path.description} step ${index}: SCION ${got.join(' ')}, xstate ${want.join(' ')}`);
    taken = [];
  };
  replayPath(machine, path, { inspect, onStep, ...(input === undefined ? {} : { input }) });
  return mismatches;
}

describe.each(models.map((m) => [m.entry.id, m] as const))('SCION runs %s.scxml', (id, { entry, test }) => {
  let fnModel: unknown;
  beforeAll(async () => {
    fnModel = await scionModel(`${id}.scxml`, await read(`${id}.scxml`));
  });

  it('loads it and replays every generated path to the same states as xstate', () => {
    const paths = generateModelPaths(buildModelGraph(entry.machine, test));
    const machine = entry.machine.provide({
      actors: { ...neverSettlingActors(entry.machine), ...(test.actors?.() ?? {}) },
    });
    const mismatches = paths.flatMap((p) => replayOnScion(fnModel, machine, p, test.input));

    expect(paths.length).toBeGreaterThan(0);
    expect(mismatches).toEqual([]);
    // every path of the largest charts (golden checkout, new client) replayed twice: 10 s alone, twice that while the
    // other worker runs the other half of the suite on the second core
  }, 120_000);

  it('has no custom elements inside transitions and names invoke results done.invoke.*', async () => {
    const doc = new DOMParser().parseFromString(await read(`${id}.scxml`), 'application/xml');
    const inTransitions = [...doc.getElementsByTagName('transition')].flatMap((t) =>
      [...t.children].filter((c) => c.namespaceURI !== 'http://www.w3.org/2005/07/scxml'),
    );
    const events = [...doc.getElementsByTagName('transition')].map((t) => t.getAttribute('event') ?? '');

    expect(inTransitions.map((c) => c.tagName)).toEqual([]);
    expect(
      events.filter((e) => e.startsWith('xstate.done.actor') || e.startsWith('xstate.error.actor')),
    ).toEqual([]);
    const invokes = doc.getElementsByTagName('invoke').length;
    if (invokes > 0) expect(events.some((e) => e.startsWith('done.invoke.'))).toBe(true);
  });
});

/** A machine the SCION replay must catch: `go` leads elsewhere than in the exported chart. */
describe('the SCION replay can fail', () => {
  it('reports a state SCION does not reach', async () => {
    const exported = createMachine({
      id: 'm',
      initial: 'a',
      states: { a: { on: { go: 'b' } }, b: {}, c: {} },
    });
    const actual = createMachine({ id: 'm', initial: 'a', states: { a: { on: { go: 'c' } }, b: {}, c: {} } });
    const fnModel = await scionModel('m.scxml', toScxml(toChart(exported)));
    const [path] = generateModelPaths(buildModelGraph(actual, { payloads: {} })).filter((p) =>
      p.description.includes('go'),
    );

    expect(path).toBeDefined();
    if (!path) return;
    expect(replayOnScion(fnModel, actual, path, undefined).join('\n')).toMatch(/SCION m\.b, xstate m\.c/);
  });

  it('rejects a document that is not SCXML', async () => {
    await expect(
      scionModel('bad.scxml', '<scxml><state id="a"><transition target="nowhere"/>'),
    ).rejects.toThrow();
  });
});

/** Edges keyed by source, event and position, so the order of event groups does not matter. */
function edgeSet(edges: readonly ChartEdge[]): Map<string, ChartEdge> {
  return new Map(edges.map((e) => [`${e.source} ${e.eventType} #${e.index}`, e]));
}

describe.each(models.map((m) => [m.entry.id, m] as const))('Stately JSON of %s', (id, { entry }) => {
  it('round-trips through createMachine to the same chart, always transitions included', async () => {
    const json = await read(`${id}.json`);
    const original = toChart(entry.machine);
    const loaded = toChart(createMachine(JSON.parse(json)));

    expect(loaded.root).toEqual(original.root);
    expect(edgeSet(loaded.edges)).toEqual(edgeSet(original.edges));
    expect(loaded.edges.filter((e) => e.kind === 'always')).toHaveLength(
      original.edges.filter((e) => e.kind === 'always').length,
    );
    expect(toStatelyJson(loaded)).toBe(json);
  });
});

/**
 * The exports of a machine with what no registered chart uses yet (`after`, a parallel state's completion, final
 * states, a root transition), so a new machine that uses them loads too.
 */
describe('every chart feature loads in the standard tools', () => {
  const chart = toChart(features);
  const tries = (n: number) => ({ type: 'xstate.error.actor.load', error: new Error(`try ${n}`) });

  it('mermaid parses it', async () => {
    await expect(mermaid.parse(toMermaid(chart))).resolves.toMatchObject({ diagramType: 'stateDiagram' });
  });

  it('SCION replays its paths, delayed events and done.state included', async () => {
    const fnModel = await scionModel('features.scxml', toScxml(chart));
    const graph = buildModelGraph(features, {
      payloads: { 'xstate.error.actor.load': [tries(1)] },
      stopWhen: (s) => s.status === 'done' || (s.context as { tries: number }).tries > 3,
    });
    const paths = generateModelPaths(graph);
    const machine = features.provide({ actors: neverSettlingActors(features) });
    const events = new Set(paths.flatMap((p) => p.steps.map((st) => st.event.type)));

    expect(events).toContain('xstate.after.1000.features.working.loader.retrying');
    expect(
      paths.some((p) => leafIds(p.steps.at(-1)?.state as AnyMachineSnapshot).includes('features.finished')),
    ).toBe(true);
    expect(paths.flatMap((p) => replayOnScion(fnModel, machine, p, undefined))).toEqual([]);
  });

  it('the Stately JSON round-trips it', () => {
    const loaded = toChart(createMachine(JSON.parse(toStatelyJson(chart))));

    expect(loaded.root).toEqual(chart.root);
    expect(edgeSet(loaded.edges)).toEqual(edgeSet(chart.edges));
  });
});
