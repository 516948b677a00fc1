import { isDeepStrictEqual } from 'node:util';
import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  createActor,
  type EventObject,
  fromCallback,
  type InspectionEvent,
  SimulatedClock,
} from 'xstate';
import { allStateNodes, type EventPayloads, nodeTransitions, transitionKey } from './model-universe';
import {
  buildModelGraph,
  type MachinePath,
  type ModelGraph,
  pairKey,
  payloadEvents,
  sendable,
  type TraversalBounds,
} from './paths';
import { actorNames } from './replay';

/**
 * The expected behaviour of one chart, written from the spec and docs/decisions.md, never read from the machine:
 * generated paths are replayed on the real machine and every step is compared with what this table says.
 *
 * A step is looked up by the leaf paths active before it (`from`, e.g. `authenticated.main.ready`, `*`, or a prefix
 * such as `authenticated.*`), the event type and `when` (the guard outcome in the spec's terms, over the event and
 * the context before the step). Rows are tried in order; the first that matches decides. No row means the event is
 * ignored: the state, the context, the started actors and the emitted events must not change.
 */
export interface OracleRow {
  readonly from: string | readonly string[];
  readonly event: string;
  /** The spec's condition (a guard outcome), over the context before the step and the event. */
  readonly when?: (ctx: Ctx, event: Ev) => boolean;
  /** Leaf path(s) active after the step; leaves outside the region that changed stay as they were. `'.'` = same.
   *  A function when the spec's rule picks the target (e.g. the start-up decision after sign-in). */
  readonly to: Target | ((prev: Ctx, event: Ev) => Target);
  /** The state (re-)entered although it stays active (`true`: the first target), so its invokes restart. */
  readonly reenter?: boolean | string;
  /** Context values that matter after the step (a subset; others are not compared). */
  readonly ctx?: (prev: Ctx, event: Ev) => Ctx;
  /** Events the chart emits during the step (exactly these, in order; default none). */
  readonly emits?: (prev: Ctx, event: Ev) => readonly AnyEventObject[];
  /** Custom actions (filled in at the composition root, e.g. keeping a draft) run during the step, with their
   *  params: exactly these, in order; default none. */
  readonly effects?: (prev: Ctx, event: Ev) => readonly { type: string; params?: unknown }[];
  /** Output of the chart when the step ends it. */
  readonly output?: (prev: Ctx, event: Ev) => unknown;
  /** Spec line or decision the row is written from. */
  readonly spec: string;
}

type Target = string | readonly string[];

// biome-ignore lint/suspicious/noExplicitAny: oracle predicates read loosely typed contexts and events on purpose
export type Ctx = Record<string, any>;
// biome-ignore lint/suspicious/noExplicitAny: see Ctx
export type Ev = Record<string, any> & { type: string };

/** The input each invoked actor receives when a state is entered, from the context after entry and the event that
 *  entered it. */
export type InvokeTable = Readonly<
  Record<string, Readonly<Record<string, (ctx: Ctx, event: Ev) => unknown>>>
>;

export interface ChartOracle {
  readonly id: string;
  /** Leaf paths of the initial state. */
  readonly initial: { readonly to: string | readonly string[] };
  /** State path (as in `to`) → actor id → expected input. A state listed here must start exactly these actors. */
  readonly invokes: InvokeTable;
  readonly rows: readonly OracleRow[];
  /** Text the view shows in a state (leaf path), exactly as the spec quotes it in Russian; view walks assert it. */
  readonly viewTexts?: Readonly<Record<string, string>>;
  /**
   * The oracle's own model of the context (a shadow of the chart): the whole context the spec expects at the start,
   * from the chart's input. With it the runner never reads the chart's context to build what it expects: every row's
   * `when`, `ctx`, `to`, `emits`, `effects`, `output` and every invoke input is computed over this shadow, each row's
   * `ctx` is merged into it, and after every step the chart's **whole** context is compared with it, minus `free`.
   */
  readonly context: (input: unknown) => Ctx;
  /** Context keys the oracle cannot state, each with the reason (kept under 10 % of the keys); their value is taken
   *  over from the chart after every step so rows may still read them. */
  readonly free?: Readonly<Record<string, string>>;
  /** Named delays of the chart (`setup({ delays })`) in ms, as the spec states them: a delayed transition must not
   *  fire one millisecond earlier, and must fire at that time (numeric delays are read from the event type). */
  readonly delays?: Readonly<Record<string, number | ((ctx: Ctx) => number)>>;
}

/** Leaf paths of a snapshot's value, e.g. `{ a: { b: 'c' }, d: 'e' }` → `['a.b.c', 'd.e']`. */
export function leafPaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix ? `${prefix}.${value}` : value];
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return prefix ? [prefix] : [];
    return entries.flatMap(([k, v]) => leafPaths(v, prefix ? `${prefix}.${k}` : k));
  }
  return [];
}

const under = (path: string, ancestor: string) => path === ancestor || path.startsWith(`${ancestor}.`);

/** Whether a `from` pattern matches a leaf path: exact, `*`, or `prefix.*`. */
export function matchesFrom(pattern: string, leaf: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) return under(leaf, pattern.slice(0, -2));
  return pattern === leaf;
}

const list = (x: string | readonly string[]): readonly string[] => (typeof x === 'string' ? [x] : x);

function commonAncestor(a: string, b: string): string {
  const pa = a.split('.');
  const pb = b.split('.');
  const out: string[] = [];
  for (let i = 0; i < Math.min(pa.length, pb.length) - 1; i++) {
    if (pa[i] !== pb[i]) break;
    out.push(pa[i] as string);
  }
  return out.join('.');
}

/** The first row that applies to a step, with the leaf it matched. */
export function findRow(
  oracle: ChartOracle,
  leaves: readonly string[],
  ctx: Ctx,
  event: Ev,
): { row: OracleRow; leaf: string } | undefined {
  for (const row of oracle.rows) {
    if (row.event !== event.type) continue;
    const leaf = leaves.find((l) => list(row.from).some((p) => matchesFrom(p, l)));
    if (leaf === undefined) continue;
    if (row.when && !row.when(ctx, event)) continue;
    return { row, leaf };
  }
  return undefined;
}

/** The leaves a row leads to: the targets, plus the leaves outside the region the transition changed. */
export function expectedLeaves(
  row: OracleRow,
  leaf: string,
  before: readonly string[],
  prev: Ctx,
  event: Ev,
): string[] {
  const targets = list(typeof row.to === 'function' ? row.to(prev, event) : row.to);
  if (targets.length === 1 && targets[0] === '.') return [...before];
  const region = targets.map((t) => commonAncestor(leaf, t)).reduce((a, b) => (a.length <= b.length ? a : b));
  const kept = before.filter((l) => region !== '' && !under(l, region));
  return [...new Set([...kept, ...targets])].sort();
}

/** An actor started during a step, as the recording fakes saw it. */
export interface StartedActor {
  readonly id: string;
  readonly input: unknown;
}

/**
 * Fakes that never settle (the path sends the results) and record every start with its input. Callback logic, not
 * promise logic: a promise actor stopped unsettled aborts its signal, and the `DOMException` each abort builds (with
 * its stack) was a tenth of replaying the orders chart's paths; the chart sees the same start, input and stop.
 */
export function recordingActors(machine: AnyStateMachine, log: StartedActor[]) {
  const logic = fromCallback<EventObject, unknown>(({ input, self }) => {
    log.push({ id: self.id, input });
  });
  return Object.fromEntries(actorNames(machine).map((n) => [n, logic]));
}

/**
 * Custom actions (plain functions in `setup({ actions })`, not assign/emit/raise/sendTo built-ins) replaced by
 * recorders: what the composition root would do with them is checked as `{ type, params }`.
 */
export function recordingActions(machine: AnyStateMachine, log: { type: string; params?: unknown }[]) {
  const impls = machine.implementations.actions as Record<string, unknown>;
  const out: Record<string, (args: unknown, params: unknown) => void> = {};
  for (const [name, impl] of Object.entries(impls)) {
    if (typeof impl !== 'function' || 'resolve' in impl) continue;
    out[name] = (_args, params) => {
      log.push(params === undefined ? { type: name } : { type: name, params });
    };
  }
  return out;
}

/** State paths entered by a step: every ancestor of a new leaf that was not active before (or all, on reenter). */
function enteredPaths(before: readonly string[], after: readonly string[], reenterFrom?: string): string[] {
  const ancestors = (leaves: readonly string[]) => {
    const out = new Set<string>();
    for (const l of leaves) {
      const parts = l.split('.');
      for (let i = 1; i <= parts.length; i++) out.add(parts.slice(0, i).join('.'));
    }
    return out;
  };
  const old = ancestors(before);
  const now = ancestors(after);
  return [...now].filter((p) => !old.has(p) || (reenterFrom !== undefined && under(p, reenterFrom)));
}

function expectedStarts(
  oracle: ChartOracle,
  entered: readonly string[],
  ctx: Ctx,
  event: Ev = { type: 'xstate.init' },
): StartedActor[] {
  const out: StartedActor[] = [];
  for (const path of entered) {
    for (const [id, input] of Object.entries(oracle.invokes[path] ?? {}))
      out.push({ id, input: input(ctx, event) });
  }
  return out.sort((a, b) => a.id.localeCompare(b.id));
}

/** The whole context against the shadow, both ways (a key the chart adds is a mismatch too), minus free keys. */
function wholeMismatch(actual: Ctx, expected: Ctx, free: ReadonlySet<string>): string | undefined {
  for (const k of new Set([...Object.keys(actual), ...Object.keys(expected)])) {
    if (free.has(k)) continue;
    if (!isDeepStrictEqual(actual[k], expected[k]))
      return `context.${k}: expected ${show(expected[k])}, got ${show(actual[k])}`;
  }
  return undefined;
}

/** JSON with errors spelled out (their own fields too: two failures with one message are different payloads). */
function show(v: unknown): string {
  return (
    JSON.stringify(v, (_, x: unknown) =>
      x instanceof Error
        ? { error: `${x.name}(${x.message})`, ...(x as unknown as Record<string, unknown>) }
        : x,
    ) ?? 'undefined'
  );
}

const shownEvents = new WeakMap<EventObject, string>();
/**
 * `show` of an event, computed once per event object: the graph's steps, the paths and the payloads hold the same
 * event objects thousands of times over (the orders chart's paths: 388 000 steps), and an event is never changed once
 * made. Serializing them again on every use was a quarter of that chart's oracle check.
 */
export function showEvent(event: EventObject): string {
  let shown = shownEvents.get(event);
  if (shown === undefined) {
    shown = show(event);
    shownEvents.set(event, shown);
  }
  return shown;
}

/** A step the machine took differently from the oracle. */
export class OracleMismatch extends Error {
  override readonly name = 'OracleMismatch';
}

export interface OracleReplayObserver {
  /** Called before each event with the snapshot it is sent from and the event's index in the path (edge coverage). */
  readonly onSend?: (from: AnyMachineSnapshot, event: EventObject, step: number) => void;
  /** Inspection observer of the replaying actors (transition pairs). */
  readonly inspect?: (ev: InspectionEvent) => void;
}

export interface OracleRunnerOptions extends OracleReplayObserver {
  readonly input?: unknown;
  /** Records guard outcomes per place of use. */
  readonly guardUses?: GuardUses;
  /** Rewrites the provided copy before use (seeded bugs in tests and `npm run mutation`). */
  readonly mutate?: (copy: AnyStateMachine) => void;
}

/**
 * Replays event lists on real actors of `machine` (recording fakes for every actor) and checks every step against
 * the oracle: target leaves, context values, actors started with their inputs, emitted events, output. The path's
 * own snapshots are not used: the machine is never its own oracle. `run` throws `OracleMismatch`.
 */
export function createOracleRunner(
  machine: AnyStateMachine,
  oracle: ChartOracle,
  options: OracleRunnerOptions = {},
): { readonly machine: AnyStateMachine; run(events: readonly EventObject[]): void } {
  const started: StartedActor[] = [];
  const effects: { type: string; params?: unknown }[] = [];
  const provided = machine.provide({
    actors: recordingActors(machine, started),
    actions: recordingActions(machine, effects),
  } as Parameters<AnyStateMachine['provide']>[0]);
  options.mutate?.(provided);
  if (options.guardUses) instrumentGuardUses(provided, options.guardUses);
  const run = (events: readonly EventObject[]) => {
    started.length = 0;
    const emitted: AnyEventObject[] = [];
    const errors: unknown[] = [];
    const clock = new SimulatedClock();
    const actor = createActor(provided, {
      clock,
      ...(options.inspect ? { inspect: options.inspect } : {}),
      ...(options.input === undefined ? {} : { input: options.input }),
    });
    actor.on('*', (e) => emitted.push(e as AnyEventObject));
    actor.subscribe({ error: (err) => errors.push(err) });
    const trail: string[] = [];
    const fail = (msg: string): never => {
      throw new OracleMismatch(`${oracle.id}: after ${trail.join(' → ') || '(start)'}: ${msg}`);
    };
    const sortIds = (xs: readonly StartedActor[]) => [...xs].sort((a, b) => a.id.localeCompare(b.id));
    const free = new Set(Object.keys(oracle.free ?? {}));
    /** The oracle's expected context, with the free keys taken over from the chart. */
    let shadow: Ctx = {};
    const withFree = (want: Ctx, actual: Ctx): Ctx => {
      const out = { ...want };
      for (const k of free) {
        if (k in actual) out[k] = actual[k];
        else delete out[k];
      }
      return out;
    };
    try {
      actor.start();
      let snap = actor.getSnapshot() as AnyMachineSnapshot;
      let leaves = leafPaths(snap.value).sort();
      const initial = [...list(oracle.initial.to)].sort();
      if (!isDeepStrictEqual(leaves, initial))
        fail(`initial state ${show(leaves)}, expected ${show(initial)}`);
      shadow = withFree(oracle.context(options.input), snap.context);
      const initMismatch = wholeMismatch(snap.context, shadow, free);
      if (initMismatch) fail(`initial ${initMismatch}`);
      const initStarts = expectedStarts(oracle, enteredPaths([], leaves), shadow);
      if (!isDeepStrictEqual(sortIds(started), initStarts))
        fail(`started ${show(sortIds(started))}, expected ${show(initStarts)}`);
      for (const [step, event] of events.entries()) {
        started.length = 0;
        emitted.length = 0;
        effects.length = 0;
        const prev = snap;
        // what the rows read: the oracle's own context, never the chart's
        const base = shadow;
        options.onSend?.(prev, event, step);
        trail.push(event.type);
        const found = findRow(oracle, leaves, base, event as Ev);
        // a delayed transition's event is not sent: the simulated clock is moved on by its delay
        if (event.type.startsWith(AFTER)) {
          // the oracle's delay (the spec's number): nothing may happen one millisecond before it
          const ms = oracleDelay(oracle, event.type, base);
          clock.increment(ms - 1);
          const early = actor.getSnapshot() as AnyMachineSnapshot;
          // a re-entering timer (a countdown) keeps its state and changes the context
          if (
            found &&
            (!isDeepStrictEqual(early.value, prev.value) || !isDeepStrictEqual(early.context, prev.context))
          )
            fail(`${event.type} fired before ${ms} ms`);
          clock.increment(1);
        } else actor.send(event);
        snap = actor.getSnapshot() as AnyMachineSnapshot;
        if (errors.length > 0 || snap.status === 'error')
          fail(`actor failed: ${String(errors[0] ?? snap.error)}`);
        const after = leafPaths(snap.value).sort();
        if (!found) {
          if (!isDeepStrictEqual(after, leaves))
            fail(`${event.type} should be ignored, went to ${show(after)}`);
          if (!isDeepStrictEqual(snap.context, prev.context))
            fail(`${event.type} should be ignored, changed the context`);
          if (started.length > 0 || emitted.length > 0 || effects.length > 0)
            fail(
              `${event.type} should be ignored, started ${show(started)} emitted ${show(emitted)} ran ${show(effects)}`,
            );
          continue;
        }
        const { row, leaf } = found;
        const where = `${event.type} from ${leaf} (${row.spec})`;
        const want = expectedLeaves(row, leaf, leaves, base, event as Ev);
        if (!isDeepStrictEqual(after, want)) fail(`${where}: went to ${show(after)}, expected ${show(want)}`);
        const patch = row.ctx?.(base, event as Ev);
        const next = withFree({ ...shadow, ...patch }, snap.context);
        const mismatch = wholeMismatch(snap.context, next, free);
        if (mismatch) fail(`${where}: ${mismatch}`);
        const firstTarget = list(typeof row.to === 'function' ? row.to(base, event as Ev) : row.to)[0];
        const reenterFrom =
          typeof row.reenter === 'string' ? row.reenter : row.reenter ? firstTarget : undefined;
        const startsWant = expectedStarts(
          oracle,
          enteredPaths(leaves, after, reenterFrom),
          next,
          event as Ev,
        );
        if (!isDeepStrictEqual(sortIds(started), startsWant))
          fail(`${where}: started ${show(sortIds(started))}, expected ${show(startsWant)}`);
        const emitsWant = row.emits?.(base, event as Ev) ?? [];
        if (!isDeepStrictEqual(emitted, emitsWant))
          fail(`${where}: emitted ${show(emitted)}, expected ${show(emitsWant)}`);
        const effectsWant = row.effects?.(base, event as Ev) ?? [];
        if (!isDeepStrictEqual(effects, effectsWant))
          fail(`${where}: ran ${show(effects)}, expected ${show(effectsWant)}`);
        if (row.output) {
          const outWant = row.output(base, event as Ev);
          if (!isDeepStrictEqual(snap.output, outWant))
            fail(`${where}: output ${show(snap.output)}, expected ${show(outWant)}`);
        }
        shadow = next;
        leaves = after;
      }
    } finally {
      actor.stop();
    }
  };
  return { machine: provided, run };
}

const AFTER = 'xstate.after.';

/** The delay of an `xstate.after.<delay>.<state id>` event: a number, or a named delay of `setup({ delays })`. */
export function delayOf(machine: AnyStateMachine, type: string, snapshot: AnyMachineSnapshot): number {
  const key = type.slice(AFTER.length).split('.')[0] ?? '';
  if (/^\d+$/.test(key)) return Number(key);
  const delay = (machine.implementations.delays as Record<string, unknown>)[key];
  if (typeof delay === 'number') return delay;
  if (typeof delay === 'function') return delay({ context: snapshot.context, event: { type } }) as number;
  throw new Error(`unknown delay '${key}' in ${type}`);
}

/** The delay of an `xstate.after.<delay>.<state id>` event as the oracle states it: the number in the event type, or
 *  the oracle's `delays` entry (never the chart's). */
export function oracleDelay(oracle: ChartOracle, type: string, ctx: Ctx): number {
  const key = type.slice(AFTER.length).split('.')[0] ?? '';
  if (/^\d+$/.test(key)) return Number(key);
  const delay = oracle.delays?.[key];
  if (typeof delay === 'number') return delay;
  if (typeof delay === 'function') return delay(ctx);
  throw new Error(`${oracle.id}: the oracle states no delay '${key}' (${type})`);
}

/** Event types the oracle expects to be handled from a snapshot (so a removed transition is still sent). */
function oracleEventTypes(oracle: ChartOracle, snapshot: AnyMachineSnapshot): string[] {
  const leaves = leafPaths(snapshot.value);
  return oracle.rows
    .filter((r) => leaves.some((l) => list(r.from).some((p) => matchesFrom(p, l))))
    .map((r) => r.event);
}

/** The events sent from a snapshot: the machine's own event types and the oracle's, each with every payload. */
export function edgeEvents(
  oracle: ChartOracle,
  payloads: EventPayloads,
): (snapshot: AnyMachineSnapshot) => EventObject[] {
  const own = payloadEvents(payloads);
  return (snapshot) => {
    const seen = new Set<string>();
    const out: EventObject[] = [];
    const extra = oracleEventTypes(oracle, snapshot).flatMap((t) => payloads[t] ?? [{ type: t }]);
    for (const e of [...own(snapshot), ...extra]) {
      const key = showEvent(e);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(e);
    }
    return out;
  };
}

/** One edge of the explored graph: a snapshot and an event sent from it. */
export interface OracleEdge {
  readonly from: string;
  readonly event: EventObject;
}

export interface EdgePaths {
  readonly graph: ModelGraph;
  /** The edges sent: one per equivalence class (see `generateEdgePaths`). */
  readonly edges: readonly OracleEdge[];
  /** Every (snapshot, event) pair of the explored graph, before grouping into classes. */
  readonly rawEdges: number;
  /** Event sequences: the shortest path to each edge's source, then the edge. */
  readonly paths: readonly (readonly EventObject[])[];
  /**
   * Per path, the indexes of its events that end one of `edges` (the class's own path, or a path that began like it
   * and was dropped): where the replay must be at the edge's snapshot, sending its event.
   */
  readonly edgeSteps: readonly (readonly number[])[];
}

/**
 * "Shortest path to the source, then the edge" for every edge of the explored graph, not only for uncovered
 * transition definitions: an event accepted in 28 control states is sent from all 28.
 *
 * Snapshots differ by context too (which user, which page is shown), so the raw graph can have thousands of edges.
 * Edges are grouped into classes that cannot behave differently for the table or for the machine: same state value,
 * same event payload, same oracle row (the spec's expected outcome, guard outcome included) and expected target, same transition
 * definitions taken by the machine, and the same context values the row expects to change (an assign that changes
 * nothing in one snapshot changes something in another: both are sent). One edge per class is sent, from the snapshot with the shortest path. Paths that
 * are a prefix of another are dropped (replaying the longer one checks the same steps).
 */
export function generateEdgePaths(
  machine: AnyStateMachine,
  oracle: ChartOracle,
  options: TraversalBounds & { payloads: EventPayloads; everyEdge?: boolean },
): EdgePaths {
  const events = sendable({ ...options, events: edgeEvents(oracle, options.payloads) });
  const graph = buildModelGraph(machine, { ...options, events });
  const idOf = snapshotIds(graph);
  const taken = new Map<string, string>();
  for (const e of graph.edges)
    taken.set(`${idOf(e.from)}\u0001${showEvent(e.event)}`, e.transitions.join(','));
  const classes = new Map<string, { edge: OracleEdge; prefix: EventObject[] }>();
  let rawEdges = 0;
  for (const [key, head] of graph.shortest) {
    const snapshot = graph.snapshots.get(key) ?? head.state;
    if (snapshot.status !== 'active') continue;
    const id = idOf(key);
    const prefix = head.steps.slice(1).map((s) => s.event);
    const leaves = leafPaths(snapshot.value).sort();
    const value = JSON.stringify(snapshot.value);
    for (const event of events(snapshot)) {
      rawEdges++;
      const shown = showEvent(event);
      const found = findRow(oracle, leaves, snapshot.context, event as Ev);
      const row = found?.row;
      const cls = options.everyEdge
        ? `${id}\u0001${shown}`
        : [
            value,
            shown,
            row ? oracle.rows.indexOf(row) : -1,
            // a row whose target depends on the context (e.g. back to the results if there are any) is one class
            // per target: a mutant that always takes one of them must be sent from a snapshot expecting the other
            found
              ? expectedLeaves(found.row, found.leaf, leaves, snapshot.context, event as Ev).join(' ')
              : '',
            taken.get(`${id}\u0001${shown}`) ?? '',
            changedKeys(row, snapshot.context, event as Ev),
            // a step that starts actors is sent from every snapshot: an input read from the wrong field of the
            // context (the privileged flag for the LOP one) differs only in some snapshots
            found ? startsKey(oracle, found, leaves, id, snapshot.context, event as Ev) : '',
            // so is a step that emits with a payload: a query emitted untrimmed differs only where it was typed
            // with spaces
            row?.emits?.(snapshot.context, event as Ev).some((e) => Object.keys(e).length > 1) ? id : '',
          ].join('\u0001');
      const known = classes.get(cls);
      if (known && known.prefix.length <= prefix.length) continue;
      classes.set(cls, { edge: { from: key, event }, prefix });
    }
  }
  const edges = [...classes.values()].map((c) => c.edge);
  const paths = [...classes.values()].map((c) => [...c.prefix, c.edge.event]);
  if (paths.length === 0) paths.push([]);
  paths.push(...pairPaths(graph, paths));
  // a path that is the beginning of another is dropped: a trie of the paths' events (by their serialized form), where
  // a path ending on a node with children is a proper prefix of another
  type Node = Map<string, Node>;
  const root: Node = new Map();
  const ends = paths.map((p) => {
    let node = root;
    for (const e of p) {
      const k = showEvent(e);
      let next = node.get(k);
      if (!next) {
        next = new Map();
        node.set(k, next);
      }
      node = next;
    }
    return node;
  });
  // the empty path (a chart with no edge to send) stays, as it did when prefixes were compared as joined strings
  const keep = paths.filter((p, i) => p.length === 0 || (ends[i] as Node).size === 0);
  // the class paths come first; where one ends, its edge is sent
  const edgeEnds = new Set(ends.slice(0, edges.length));
  const edgeSteps = keep.map((p) => {
    const steps: number[] = [];
    let node = root;
    p.forEach((e, i) => {
      node = node.get(showEvent(e)) as Node;
      if (edgeEnds.has(node)) steps.push(i);
    });
    return steps;
  });
  return { graph, edges, rawEdges, paths: keep, edgeSteps };
}

/**
 * A snapshot's key (its whole serialized context: 4 KB on average in the orders chart) as its number in the graph's
 * discovery order, one to one, for keys of maps and classes: the same keys, without building and hashing strings of
 * kilobytes for every one of the graph's 90 000 edges. A key outside the graph stands for itself.
 */
function snapshotIds(graph: ModelGraph): (key: string) => string {
  const ids = new Map<string, string>();
  for (const key of graph.snapshots.keys()) ids.set(key, String(ids.size));
  return (key) => ids.get(key) ?? key;
}

/**
 * Extra paths so that every transition pair the explored graph makes possible (`reachablePairs`: t1 directly followed
 * by t2, inside a macrostep or the last transition into a snapshot then the first one out of it) is walked by an
 * oracle-checked path: for each pair the class paths miss, the shortest path to a snapshot `s0`, the edge into `s`
 * whose macrostep ends with t1, and the edge out of `s` that starts with t2. Greedy: a path added covers all the pairs
 * it walks. The graph is deterministic, so the pairs a path walks are read from the graph, not replayed.
 */
export function pairPaths(graph: ModelGraph, paths: readonly (readonly EventObject[])[]): EventObject[][] {
  const idOf = snapshotIds(graph);
  const edgeBy = new Map<string, ModelGraph['edges'][number]>();
  const outOf = new Map<string, ModelGraph['edges'][number][]>();
  // an actor that reached a final state takes no more events
  const live = graph.edges.filter((e) => graph.snapshots.get(e.from)?.status === 'active');
  for (const e of live) {
    edgeBy.set(`${idOf(e.from)}\u0001${showEvent(e.event)}`, e);
    const out = outOf.get(e.from);
    if (out) out.push(e);
    else outOf.set(e.from, [e]);
  }
  const covered = new Set<string>();
  const walk = (events: readonly EventObject[]) => {
    let key = graph.initialKey;
    let last = graph.initialTransitions.at(-1);
    for (let i = 1; i < graph.initialTransitions.length; i++)
      covered.add(pairKey(graph.initialTransitions[i - 1] as string, graph.initialTransitions[i] as string));
    for (const ev of events) {
      const e = edgeBy.get(`${idOf(key)}\u0001${showEvent(ev)}`);
      if (!e) continue;
      const first = e.transitions[0];
      if (last !== undefined && first !== undefined) covered.add(pairKey(last, first));
      for (let i = 1; i < e.transitions.length; i++)
        covered.add(pairKey(e.transitions[i - 1] as string, e.transitions[i] as string));
      last = e.transitions.at(-1) ?? last;
      key = e.to;
    }
  };
  for (const p of paths) walk(p);
  const prefixOf = (key: string) =>
    graph.shortest
      .get(key)
      ?.steps.slice(1)
      .map((st) => st.event);
  const out: EventObject[][] = [];
  const consider = (events: EventObject[] | undefined) => {
    if (!events) return;
    const before = covered.size;
    walk(events);
    if (covered.size > before) out.push(events);
  };
  // pairs inside one macrostep, and the initial macrostep followed by the first edge out of the initial snapshot
  for (const e of live) {
    const prefix = prefixOf(e.from);
    const inner = e.transitions.some(
      (t, i) => i > 0 && !covered.has(pairKey(e.transitions[i - 1] as string, t)),
    );
    if (prefix && inner) consider([...prefix, e.event]);
  }
  const initLast = graph.initialTransitions.at(-1);
  for (const e of outOf.get(graph.initialKey) ?? []) {
    const first = e.transitions[0];
    if (initLast !== undefined && first !== undefined && !covered.has(pairKey(initLast, first)))
      consider([e.event]);
  }
  // the last transition into a snapshot, then the first one out of it; the shortest way in first
  const depth = (key: string) => (graph.shortest.get(key)?.steps.length ?? 1e9 + 1) - 1;
  const ins = [...live].sort((a, b) => depth(a.from) - depth(b.from));
  for (const into of ins) {
    const last = into.transitions.at(-1);
    const prefix = prefixOf(into.from);
    if (last === undefined || !prefix) continue;
    for (const out2 of outOf.get(into.to) ?? []) {
      const first = out2.transitions[0];
      if (first === undefined || covered.has(pairKey(last, first))) continue;
      consider([...prefix, into.event, out2.event]);
    }
  }
  return out;
}

function startsKey(
  oracle: ChartOracle,
  found: { row: OracleRow; leaf: string },
  leaves: readonly string[],
  key: string,
  ctx: Ctx,
  event: Ev,
): string {
  return startsOf(oracle, found, leaves, ctx, event).some((s) => s.input !== undefined) ? key : '';
}

/** The actors (with inputs) the oracle expects a step to start, computed over the given context. */
function startsOf(
  oracle: ChartOracle,
  found: { row: OracleRow; leaf: string },
  leaves: readonly string[],
  ctx: Ctx,
  event: Ev,
): StartedActor[] {
  const { row, leaf } = found;
  const after = expectedLeaves(row, leaf, leaves, ctx, event);
  const next = { ...ctx, ...row.ctx?.(ctx, event) };
  const first = list(typeof row.to === 'function' ? row.to(ctx, event) : row.to)[0];
  const reenterFrom = typeof row.reenter === 'string' ? row.reenter : row.reenter ? first : undefined;
  try {
    return expectedStarts(oracle, enteredPaths(leaves, after, reenterFrom), next, event);
  } catch {
    return [];
  }
}

/** The context keys a row expects to differ from the context before the step. */
function changedKeys(row: OracleRow | undefined, ctx: Ctx, event: Ev): string {
  if (!row?.ctx) return '';
  return Object.entries(row.ctx(ctx, event))
    .filter(([k, v]) => !isDeepStrictEqual(ctx[k], v))
    .map(([k]) => k)
    .join(',');
}

export const edgeKey = (e: OracleEdge) => `${e.from} ⟹ ${showEvent(e.event)}`;

/** Outcomes of each guarded transition definition, per place of use (not per guard name). */
export type GuardUses = Map<string, { true: boolean; false: boolean }>;

type GuardImpl = ((args: unknown, params: unknown) => boolean) & {
  check?: (s: AnyMachineSnapshot, a: unknown, g: unknown) => boolean;
};

export interface GuardArgs {
  readonly context: unknown;
  readonly event: unknown;
}

/** Evaluates a guard reference the way xstate does (names, `{ type, params }`, built-ins, inline functions). */
export function evaluateGuardRef(
  machine: AnyStateMachine,
  guard: unknown,
  args: GuardArgs,
  snapshot: AnyMachineSnapshot,
): boolean {
  const impls = machine.implementations.guards as Record<string, unknown>;
  const inline = typeof guard === 'function';
  const name = typeof guard === 'string' ? guard : (guard as { type?: string }).type;
  const resolved = (inline ? guard : impls[name as string]) as GuardImpl | undefined;
  if (!resolved) throw new Error(`guard '${name}' is not implemented`);
  if (typeof resolved !== 'function') return evaluateGuardRef(machine, resolved, args, snapshot);
  if (resolved.check) return resolved.check(snapshot, args, resolved);
  const raw = inline || typeof guard === 'string' ? undefined : (guard as { params?: unknown }).params;
  const params = typeof raw === 'function' ? raw(args) : raw;
  return resolved(args, params);
}

/**
 * Makes every guarded transition of `copy` record its outcome under its transition key: the same guard used by
 * nine transitions is nine places of use. Rewrites the definitions in place: pass a `provide()` copy, which owns
 * its own definitions.
 */
export function instrumentGuardUses(copy: AnyStateMachine, uses: GuardUses): AnyStateMachine {
  for (const node of allStateNodes(copy)) {
    for (const t of nodeTransitions(node)) {
      if (t.guard === undefined) continue;
      const key = transitionKey(t);
      const original = t.guard;
      uses.set(key, uses.get(key) ?? { true: false, false: false });
      const wrapper = (() => false) as unknown as GuardImpl;
      wrapper.check = (snapshot, args) => {
        const result = evaluateGuardRef(copy, original, args as GuardArgs, snapshot);
        const seen = uses.get(key) ?? { true: false, false: false };
        seen[result ? 'true' : 'false'] = true;
        uses.set(key, seen);
        return result;
      };
      (t as { guard: unknown }).guard = wrapper;
    }
  }
  return copy;
}

/** Every guarded transition definition of a machine (the universe of guard uses). */
export function guardUseKeys(machine: AnyStateMachine): string[] {
  return allStateNodes(machine)
    .flatMap(nodeTransitions)
    .filter((t: AnyTransitionDefinition) => t.guard !== undefined)
    .map(transitionKey);
}

/** Paths as event lists (for `replayAgainstOracle`) from xstate/graph paths. */
export function eventsOf(path: MachinePath): EventObject[] {
  return path.steps.slice(1).map((s) => s.event);
}
