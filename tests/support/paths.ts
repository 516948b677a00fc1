import {
  __unsafe_getAllOwnEventDescriptors,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventObject,
  fromTransition,
  type InspectionEvent,
} from 'xstate';
import { type AdjacencyMap, type StatePath, serializeSnapshot } from 'xstate/graph';
import { type EventPayloads, transitionKey } from './model-universe';

/** A path as xstate/graph returns it: `steps[0]` is the `xstate.init` step, each later step holds the snapshot
 *  reached after its event. */
export type MachinePath = StatePath<AnyMachineSnapshot, EventObject>;

/** A generated path plus why it exists. */
export interface ModelPath extends MachinePath {
  /** Readable: `event → event → … ⇒ state`. */
  readonly description: string;
  /** `shortest` reaches a state; `transition` is a shortest path to a source plus one uncovered edge. */
  readonly kind: 'shortest' | 'transition';
}

/** Options shared by the graph, the paths and the model check. */
export interface TraversalBounds {
  /** Maximum traversal iterations; xstate/graph throws when exceeded (it does not truncate). */
  readonly limit?: number;
  /** Do not explore past snapshots matching this (keeps contexts with counters finite). */
  readonly stopWhen?: (snapshot: AnyMachineSnapshot) => boolean;
  /**
   * Whether an event is sent from a snapshot at all (every one when absent): a payload that tells a limit apart only
   * where it is typed (the golden checkout's group count on the search form) is sent there only. `stopWhen` cannot
   * do it: a snapshot it stops is still reached by every payload of every explored snapshot.
   */
  readonly sendWhen?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean;
  /** Machine input, for machines started with `createActor(m, { input })` or invoked with `input`. */
  readonly input?: unknown;
}

export interface ModelGraphOptions extends TraversalBounds {
  readonly payloads: EventPayloads;
  /** Events to explore from a snapshot, instead of `payloadEvents(payloads)` (the oracle adds the events it
   *  expects to be handled, so a removed transition is still sent). */
  readonly events?: (snapshot: AnyMachineSnapshot) => EventObject[];
  /**
   * Actor answers (`xstate.done.actor.<id>`) each of whose listed results is a payload class of its own, as what the
   * user sends is: answers the chart only stores but the views read (the session's profile, whose account type the
   * menu reads). Any other answer is one class per transition.
   */
  readonly answerClasses?: readonly string[];
}

/**
 * The events to explore from a snapshot: every own event descriptor of the active states, each replaced by its
 * payloads when some are listed (merge, not replace: a bare `events` option would hide undiscovered events).
 * The wildcard `*` is explored only with the events listed under `payloads['*']`. Left out: `xstate.done.state.*`, which only the machine raises (when a final child is
 * reached); its transitions are taken inside the macrostep that reaches the final state.
 */
export function payloadEvents(payloads: EventPayloads): (snapshot: AnyMachineSnapshot) => EventObject[] {
  return (snapshot) =>
    __unsafe_getAllOwnEventDescriptors(snapshot)
      .filter((type) => !type.startsWith('xstate.done.state.'))
      .flatMap((type) => payloads[type] ?? (type === '*' ? [] : [{ type }]));
}

/** The events to explore from a snapshot: `options.events`, less those `options.sendWhen` holds back. */
export function sendable(options: {
  readonly events: (snapshot: AnyMachineSnapshot) => EventObject[];
  readonly sendWhen?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean;
}): (snapshot: AnyMachineSnapshot) => EventObject[] {
  const { events, sendWhen } = options;
  return sendWhen === undefined
    ? events
    : (snapshot) => events(snapshot).filter((e) => sendWhen(snapshot, e));
}

/** One edge of the explored graph with the transition keys its macrostep takes (including `always`). */
export interface ModelEdge {
  readonly from: string;
  readonly to: string;
  readonly event: EventObject;
  readonly transitions: readonly string[];
}

/** The explored state graph of a machine under the given payloads. */
export interface ModelGraph {
  readonly machine: AnyStateMachine;
  /** Serialized snapshot (value + context) → snapshot, in breadth-first discovery order. */
  readonly snapshots: ReadonlyMap<string, AnyMachineSnapshot>;
  readonly initialKey: string;
  /** Transition keys taken while entering the initial state (initial `always`). */
  readonly initialTransitions: readonly string[];
  /** Edges that take at least one transition, breadth-first. */
  readonly edges: readonly ModelEdge[];
  /** `ModelGraphOptions.answerClasses`. */
  readonly answerClasses: ReadonlySet<string>;
  /** Shortest path to every snapshot, by serialized snapshot. */
  readonly shortest: ReadonlyMap<string, MachinePath>;
  /** State node ids active or passed through (transient states) per serialized snapshot and per edge. */
  readonly nodesOf: (key: string) => readonly string[];
  readonly edgeNodes: (edge: ModelEdge) => readonly string[];
}

interface ProbeResult {
  readonly transitions: string[];
  readonly nodes: string[];
}

type Probed = ProbeResult & { readonly snapshot: AnyMachineSnapshot };

/** xstate/graph's adjacency map, each step also holding what the probe saw while taking it. */
type Adjacency = Record<
  string,
  {
    state: AnyMachineSnapshot;
    transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot; probed: Probed }>;
  }
>;

type ActorScopeOf<M extends AnyStateMachine> = Parameters<M['transition']>[2];

/**
 * Runs pure transitions of `machine` with an actor scope whose system reports `@xstate.microstep` inspection events,
 * so the transitions of a whole macrostep are known (`getTransitionData` misses the `always` that follow).
 */
function createProbe(machine: AnyStateMachine, input: unknown) {
  let current: ProbeResult = { transitions: [], nodes: [] };
  const observe = (ev: InspectionEvent) => {
    if (ev.type !== '@xstate.microstep') return;
    const micro = ev as InspectionEvent & {
      _transitions: Parameters<typeof transitionKey>[0][];
      snapshot: AnyMachineSnapshot;
    };
    for (const t of micro._transitions) {
      current.transitions.push(transitionKey(t));
      current.nodes.push(t.source.id);
    }
    current.nodes.push(...activeNodeIds(micro.snapshot));
  };
  const probeActor = createActor(
    fromTransition((s: number) => s, 0),
    { inspect: observe },
  );
  const scope = {
    self: probeActor,
    logger: () => {},
    id: 'probe',
    sessionId: 'probe',
    defer: () => {},
    system: probeActor.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as ActorScopeOf<AnyStateMachine>;
  const run = (fn: () => AnyMachineSnapshot): ProbeResult & { snapshot: AnyMachineSnapshot } => {
    current = { transitions: [], nodes: [] };
    const snapshot = fn();
    current.nodes.push(...activeNodeIds(snapshot));
    return { ...current, nodes: [...new Set(current.nodes)], snapshot };
  };
  return {
    initial: () => run(() => machine.getInitialSnapshot(scope, input)),
    step: (snapshot: AnyMachineSnapshot, event: EventObject) =>
      run(() => machine.transition(snapshot, event, scope)),
  };
}

/** Ids of the active state nodes of a snapshot (leaves and their ancestors). */
export function activeNodeIds(snapshot: AnyMachineSnapshot): string[] {
  const nodes = (snapshot as unknown as { _nodes: { id: string }[] })._nodes;
  return nodes.map((n) => n.id);
}

/**
 * The serialized snapshot (value and context), computed once per snapshot object: the exploration, the shortest paths
 * and the edges each asked for it again, and serializing was a fifth of an exploration's time.
 */
const keys = new WeakMap<AnyMachineSnapshot, string>();
export function snapshotKey(snapshot: AnyMachineSnapshot): string {
  let key = keys.get(snapshot);
  if (key === undefined) {
    key = serializeSnapshot(snapshot);
    keys.set(snapshot, key);
  }
  return key;
}

/**
 * The adjacency map of xstate/graph's `getAdjacencyMap`, built the same way: breadth first from the initial snapshot,
 * a snapshot's key taken when it leaves the queue (a key seen before is skipped), every event of `events` stepped
 * from it unless `stopWhen` holds, an entry per serialized event, and "Traversal limit exceeded" past `limit`
 * dequeues. The queue is read by index: the library's `queue.shift()` moves the whole queue (up to 146 000 entries)
 * on every step, which was a third of the time of exploring a chart of 18 000 snapshots. model-paths.test.ts holds
 * the paths over it equal to the library's.
 */
function adjacencyMapOf(
  initial: AnyMachineSnapshot,
  step: (snapshot: AnyMachineSnapshot, event: EventObject) => Probed,
  options: TraversalBounds & { events: (snapshot: AnyMachineSnapshot) => EventObject[] },
): Adjacency {
  const adjacency: Adjacency = {};
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const queue: AnyMachineSnapshot[] = [initial];
  for (let i = 0; i < queue.length; i++) {
    if (i > limit) throw new Error('Traversal limit exceeded');
    const state = queue[i] as AnyMachineSnapshot;
    const key = snapshotKey(state);
    if (adjacency[key]) continue;
    const entry: Adjacency[string] = { state, transitions: {} };
    adjacency[key] = entry;
    if (options.stopWhen?.(state)) continue;
    for (const event of sendable(options)(state)) {
      const probed = step(state, event);
      entry.transitions[JSON.stringify(event)] = { event, state: probed.snapshot, probed };
      queue.push(probed.snapshot);
    }
  }
  return adjacency;
}

/**
 * Explores the machine breadth-first under the payloads and records what each edge takes. The exploration runs every
 * step through the probe, which records the macrostep's transitions as it goes: stepping every edge again afterwards
 * to learn them doubled the cost of each exploration.
 */
export function buildModelGraph(machine: AnyStateMachine, options: ModelGraphOptions): ModelGraph {
  const probe = createProbe(machine, options.input);
  const init = probe.initial();
  const initialKey = snapshotKey(init.snapshot);
  const adjacency = adjacencyMapOf(init.snapshot, probe.step, {
    ...options,
    events: options.events ?? payloadEvents(options.payloads),
  });
  const paths = shortestPathsOver(adjacency);

  const snapshots = new Map<string, AnyMachineSnapshot>();
  const nodes = new Map<string, readonly string[]>();
  const edges: ModelEdge[] = [];
  const edgeNodeMap = new Map<ModelEdge, readonly string[]>();
  nodes.set(initialKey, init.nodes);
  for (const [key, entry] of Object.entries(adjacency)) {
    snapshots.set(key, entry.state);
    if (!nodes.has(key)) nodes.set(key, activeNodeIds(entry.state));
  }
  for (const [from, entry] of Object.entries(adjacency)) {
    for (const { event, probed: result } of Object.values(entry.transitions)) {
      if (result.transitions.length === 0) continue;
      const edge: ModelEdge = {
        from,
        to: snapshotKey(result.snapshot),
        event,
        transitions: result.transitions,
      };
      edges.push(edge);
      edgeNodeMap.set(edge, result.nodes);
    }
  }
  const shortest = new Map<string, MachinePath>();
  for (const path of paths) shortest.set(snapshotKey(path.state), path);
  return {
    machine,
    snapshots,
    initialKey,
    initialTransitions: init.transitions,
    edges,
    answerClasses: new Set(options.answerClasses ?? []),
    shortest,
    nodesOf: (key) => nodes.get(key) ?? [],
    edgeNodes: (edge) => edgeNodeMap.get(edge) ?? [],
  };
}

/**
 * The shortest path to every snapshot of `adjacency`, exactly as `getShortestPaths` of xstate/graph builds them (the
 * same breadth-first order, the same snapshot objects, `steps[0]` the `xstate.init` step): that function explores
 * the machine again to get the adjacency map it walks, which doubled the cost of every model graph (about 15 s of
 * the suite's CPU per pass over the charts). tests/machines/model-paths.test.ts holds the two equal.
 */
export function shortestPathsOver(
  adjacencyMap: AdjacencyMap<AnyMachineSnapshot, EventObject>,
): MachinePath[] {
  const adjacency = adjacencyMap as unknown as Record<
    string,
    {
      state: AnyMachineSnapshot;
      transitions: Record<string, { state: AnyMachineSnapshot; event: EventObject }>;
    }
  >;
  const initialKey = Object.keys(adjacency)[0];
  const initial = initialKey === undefined ? undefined : adjacency[initialKey];
  if (initialKey === undefined || initial === undefined) return [];
  const states = new Map<string, AnyMachineSnapshot>([[initialKey, initial.state]]);
  const via = new Map<string, { weight: number; from?: string; event?: EventObject }>([
    [initialKey, { weight: 0 }],
  ]);
  // a Set walked while it grows: breadth first, as the library's walk
  const unvisited = new Set([initialKey]);
  const visited = new Set<string>();
  for (const key of unvisited) {
    const weight = via.get(key)?.weight ?? 0;
    for (const { state, event } of Object.values(adjacency[key]?.transitions ?? {})) {
      const next = snapshotKey(state);
      states.set(next, state);
      const known = via.get(next);
      if (known === undefined || known.weight > weight + 1)
        via.set(next, { weight: weight + 1, from: key, event });
      if (!visited.has(next)) unvisited.add(next);
    }
    visited.add(key);
    unvisited.delete(key);
  }
  const stepsTo = new Map<string, { state: AnyMachineSnapshot; event: EventObject }[]>();
  const paths: MachinePath[] = [];
  for (const [key, { weight, from, event }] of via) {
    const state = states.get(key) as AnyMachineSnapshot;
    const raw =
      from === undefined || event === undefined
        ? []
        : [...(stepsTo.get(from) ?? []), { state: states.get(from) as AnyMachineSnapshot, event }];
    stepsTo.set(key, raw);
    // the library's `alterPath`: each step holds the snapshot reached and the event that reached it
    const steps =
      raw.length === 0
        ? [{ state, event: { type: 'xstate.init' } }]
        : [
            ...raw.map((step, i) => ({
              state: step.state,
              event: i === 0 ? { type: 'xstate.init' } : (raw[i - 1] as { event: EventObject }).event,
            })),
            { state, event: (raw[raw.length - 1] as { event: EventObject }).event },
          ];
    paths.push({ state, steps, weight });
  }
  return paths;
}

/** `a → b → c ⇒ authenticated.ready` (payload-carrying events show their first payload field). */
export function describePath(path: MachinePath): string {
  const events = path.steps.slice(1).map((s) => describeEvent(s.event));
  return `${events.length ? events.join(' → ') : '(initial)'} ⇒ ${JSON.stringify(path.state.value)}`;
}

function describeEvent(event: EventObject): string {
  const extra = Object.keys(event).filter((k) => k !== 'type');
  if (extra.length === 0) return event.type;
  const summary = JSON.stringify(
    Object.fromEntries(extra.map((k) => [k, (event as Record<string, unknown>)[k]])),
    (_, v: unknown) => (v instanceof Error ? `Error(${v.message})` : v),
  );
  return `${event.type}${summary.length > 60 ? `${summary.slice(0, 57)}…` : summary}`;
}

function eventsKey(path: MachinePath): string[] {
  return path.steps.slice(1).map((s) => JSON.stringify(s.event));
}

/**
 * Paths that together take every reachable transition and enter every reachable state node:
 * 1. for each edge (breadth-first) whose macrostep takes a transition not yet covered, the shortest path to its
 *    source plus that edge ("shortest path to the source, then the edge"); an edge of what the user sent is carried
 *    on through the calls it starts, answered with their first listed result, to where the chart is no longer busy
 *    (`settleAfter`: a chosen role shows in the header only once it is saved);
 * 2. then, unless `payloadClasses: false`, for each edge whose transitions were taken only with other payloads of what
 *    the user sent (or of an answer listed in `answerClasses`), the same, carried on the same way (every transition
 *    walked with each payload class: a role list, an account type, a trimmed and an untrimmed text);
 * 2b. then, for each such class of a user event, the same from a snapshot whose context differs from the payload where
 *    they share a path (see `staleSources`: a tab switch from another page than the one it asks);
 * 3. then the shortest path to any snapshot that shows a state node still not entered;
 * 4. paths that are a prefix of another path are dropped (replaying the longer one checks the same steps).
 */
export function generateModelPaths(
  graph: ModelGraph,
  options: { readonly payloadClasses?: boolean } = {},
): ModelPath[] {
  const coveredTransitions = new Set(graph.initialTransitions);
  const coveredNodes = new Set(graph.nodesOf(graph.initialKey));
  const coveredClasses = new Set<string>();
  const out: ModelPath[] = [];
  const edgesBySource = new Map<string, ModelEdge[]>();
  for (const edge of graph.edges) {
    const list = edgesBySource.get(edge.from) ?? [];
    list.push(edge);
    edgesBySource.set(edge.from, list);
  }
  const coverPath = (path: MachinePath) => {
    const steps = path.steps;
    for (let i = 1; i < steps.length; i++) {
      const prev = steps[i - 1];
      const step = steps[i];
      if (!prev || !step) continue;
      const fromKey = snapshotKey(prev.state);
      const edge = edgesBySource.get(fromKey)?.find((e) => sameEvent(e.event, step.event));
      if (!edge) continue;
      for (const t of edge.transitions) coveredTransitions.add(t);
      for (const n of graph.edgeNodes(edge)) coveredNodes.add(n);
      coveredClasses.add(classKey(edge, graph.answerClasses));
    }
  };

  // the shortest path to the edge's source, then the edge (and, for a payload class, the calls it starts answered)
  const walkEdge = (edge: ModelEdge, settle = false) => {
    const head = graph.shortest.get(edge.from);
    if (!head) return;
    const state = graph.snapshots.get(edge.to) ?? head.state;
    const tail = settle ? settleAfter(graph, edgesBySource, edge.to) : [];
    const path: MachinePath = {
      state: tail.at(-1)?.state ?? state,
      steps: [...head.steps, { event: edge.event, state }, ...tail],
      weight: head.weight + 1 + tail.length,
    };
    coverPath(path);
    out.push({ ...path, kind: 'transition', description: describePath(path) });
  };
  for (const edge of graph.edges)
    if (!edge.transitions.every((t) => coveredTransitions.has(t)))
      walkEdge(edge, !edge.event.type.startsWith('xstate.'));
  // one walk per payload class: every transition taken with each payload that takes it (a role list, an account
  // type, a trimmed and an untrimmed text), not only with the first payload that did
  if (options.payloadClasses !== false)
    for (const edge of graph.edges) {
      // a chart that has finished takes no event: the probe's step from its final snapshot is not a transition
      if (
        !coveredClasses.has(classKey(edge, graph.answerClasses)) &&
        graph.snapshots.get(edge.from)?.status === 'active'
      )
        walkEdge(edge, true);
    }
  // a user event walked from a state that already held what it sets cannot show a view or chart that keeps the old
  // value (a tab switch that keeps the page, a filter that keeps the BAN): walk it also where the value differs
  if (options.payloadClasses !== false) for (const edge of staleSources(graph)) walkEdge(edge, true);
  for (const [key, path] of graph.shortest) {
    if (graph.nodesOf(key).every((n) => coveredNodes.has(n))) continue;
    coverPath(path);
    for (const n of graph.nodesOf(key)) coveredNodes.add(n);
    out.push({ ...path, kind: 'shortest', description: describePath(path) });
  }
  if (out.length === 0) {
    const initial = graph.shortest.get(graph.initialKey);
    if (initial) out.push({ ...initial, kind: 'shortest', description: describePath(initial) });
  }
  const keys = out.map(eventsKey);
  return out.filter((_, i) => {
    const mine = keys[i] ?? [];
    return !keys.some(
      (other, j) => j !== i && other.length > mine.length && mine.every((ev, k) => other[k] === ev),
    );
  });
}

/** How many answered calls a payload class's walk is carried on by, at most (`settleAfter`). */
const SETTLE_DEPTH = 4;

/**
 * The steps that carry a snapshot on to where the chart is settled: while it is busy (tag `busy`: a call runs), the
 * shortest chain of calls answered with their first listed result (`xstate.done.actor.*`), up to `SETTLE_DEPTH`; none
 * when it is not busy or no such chain settles it. A payload often shows only once the calls it starts have answered
 * (a chosen role in the header, an account type in the menu): walked only to the edge's target, the snapshot that
 * shows it is never checked with that payload.
 */
function settleAfter(
  graph: ModelGraph,
  edgesBySource: ReadonlyMap<string, readonly ModelEdge[]>,
  from: string,
): MachinePath['steps'] {
  const busy = (key: string) => graph.snapshots.get(key)?.hasTag('busy') === true;
  if (!busy(from)) return [];
  const cameFrom = new Map<string, ModelEdge | null>([[from, null]]);
  let frontier = [from];
  for (let depth = 0; depth < SETTLE_DEPTH && frontier.length > 0; depth++) {
    const next: string[] = [];
    for (const key of frontier)
      for (const edge of edgesBySource.get(key) ?? []) {
        if (!edge.event.type.startsWith('xstate.done.actor.') || cameFrom.has(edge.to)) continue;
        cameFrom.set(edge.to, edge);
        if (!busy(edge.to) && graph.snapshots.get(edge.to)?.status === 'active') {
          const chain: ModelEdge[] = [];
          for (let e = cameFrom.get(edge.to); e; e = cameFrom.get(e.from)) chain.unshift(e);
          return chain.map((e) => ({
            event: e.event,
            state: graph.snapshots.get(e.to) as AnyMachineSnapshot,
          }));
        }
        next.push(edge.to);
      }
    frontier = next;
  }
  return [];
}

/** The primitive leaves of a payload (arrays whole), as dotted paths with their JSON, `type` left out. */
function payloadLeaves(value: unknown, prefix = ''): [string, string][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return prefix ? [[prefix, JSON.stringify(value)]] : [];
  return Object.entries(value).flatMap(([k, v]) =>
    !prefix && k === 'type' ? [] : payloadLeaves(v, prefix ? `${prefix}.${k}` : k),
  );
}

/** The JSON of `context` at a dotted path, or undefined where the context has no such path. */
function contextAt(context: unknown, path: string): string | undefined {
  let at: unknown = context;
  for (const k of path.split('.')) {
    if (at === null || typeof at !== 'object' || !(k in at)) return undefined;
    at = (at as Record<string, unknown>)[k];
  }
  return JSON.stringify(at);
}

/**
 * Edges to walk so that every user event's payload class is also taken from a snapshot whose context differs from
 * the payload at the paths they share (`params.page`, `query.status`): walked only from where the context already
 * held those values, a view or chart that keeps the old value instead of the event's passes. For each class (see
 * `classKey`) whose first edge's source holds some of the payload's values, the edge (shortest path to its source)
 * whose source differs at the most of them, as long as that adds a path not yet differing; at most one walk per
 * shared path.
 */
function staleSources(graph: ModelGraph): ModelEdge[] {
  const byClass = new Map<string, ModelEdge[]>();
  for (const edge of graph.edges) {
    if (edge.event.type.startsWith('xstate.') || graph.snapshots.get(edge.from)?.status !== 'active')
      continue;
    const list = byClass.get(classKey(edge, graph.answerClasses)) ?? [];
    list.push(edge);
    byClass.set(classKey(edge, graph.answerClasses), list);
  }
  const out: ModelEdge[] = [];
  const depth = (edge: ModelEdge) => graph.shortest.get(edge.from)?.steps.length ?? Number.POSITIVE_INFINITY;
  for (const edges of byClass.values()) {
    const first = edges[0] as ModelEdge;
    const leaves = payloadLeaves(first.event);
    const differing = (edge: ModelEdge) => {
      const context = graph.snapshots.get(edge.from)?.context;
      return new Set(
        leaves
          .filter(([path, json]) => {
            const held = contextAt(context, path);
            return held !== undefined && held !== json;
          })
          .map(([path]) => path),
      );
    };
    const shared = leaves.filter(
      ([path]) => contextAt(graph.snapshots.get(first.from)?.context, path) !== undefined,
    );
    const covered = differing(first);
    for (let round = 0; round < shared.length; round++) {
      let best: ModelEdge | undefined;
      let gain = 0;
      for (const edge of edges) {
        const adds = [...differing(edge)].filter((p) => !covered.has(p)).length;
        if (adds > gain || (adds === gain && adds > 0 && best && depth(edge) < depth(best))) {
          best = edge;
          gain = adds;
        }
      }
      if (!best) break;
      for (const p of differing(best)) covered.add(p);
      out.push(best);
    }
  }
  return out;
}

/**
 * An edge's transitions with the payload of what the user sent: a payload class of those transitions (an actor's
 * answer is one class per transition: its variants are the explored graph's, checked by the oracle).
 */
function classKey(edge: ModelEdge, answerClasses: ReadonlySet<string> = new Set()): string {
  const { event } = edge;
  const oneClass = event.type.startsWith('xstate.') && !answerClasses.has(event.type);
  return `${edge.transitions.join(' ')}|${oneClass ? event.type : JSON.stringify(event)}`;
}

function sameEvent(a: EventObject, b: EventObject): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Transition pairs (t1 directly followed by t2) the graph makes possible: consecutive transitions inside one
 * macrostep, and the last transition into a snapshot followed by the first one out of it.
 */
export function reachablePairs(graph: ModelGraph): Set<string> {
  const pairs = new Set<string>();
  const lastInto = new Map<string, Set<string>>();
  const addLast = (key: string, t: string | undefined) => {
    if (t === undefined) return;
    const set = lastInto.get(key) ?? new Set<string>();
    set.add(t);
    lastInto.set(key, set);
  };
  const within = (ts: readonly string[]) => {
    for (let i = 1; i < ts.length; i++) pairs.add(pairKey(ts[i - 1] as string, ts[i] as string));
  };
  within(graph.initialTransitions);
  addLast(graph.initialKey, graph.initialTransitions.at(-1));
  // an actor that reached a final state takes no more events: nothing leaves a done snapshot
  const live = graph.edges.filter((e) => graph.snapshots.get(e.from)?.status === 'active');
  for (const edge of live) {
    within(edge.transitions);
    addLast(edge.to, edge.transitions.at(-1));
  }
  for (const edge of live) {
    const first = edge.transitions[0];
    if (first === undefined) continue;
    for (const last of lastInto.get(edge.from) ?? []) pairs.add(pairKey(last, first));
  }
  return pairs;
}

export function pairKey(a: string, b: string): string {
  return `${a}  ⟶  ${b}`;
}
