import type { AnyStateMachine, AnyTransitionDefinition, EventObject } from 'xstate';
import type { CoverageCount } from './coverage';
import type { ModelTestEntry } from './model-registry';
import { transitionKey } from './model-universe';
import {
  type ChartOracle,
  createOracleRunner,
  edgeKey,
  type GuardUses,
  generateEdgePaths,
  guardUseKeys,
  OracleMismatch,
  showEvent,
} from './oracle';
import { pairKey, reachablePairs, snapshotKey } from './paths';

export interface OracleCheckResult {
  /** Steps where the machine did not do what the oracle says. */
  readonly failures: readonly string[];
  readonly paths: number;
  readonly steps: number;
  /** Edge classes of the explored state graph (every event from every control state) sent during replay. */
  readonly edges: CoverageCount;
  /** Raw (snapshot, event) pairs of the explored graph, before grouping into classes. */
  readonly rawEdges: number;
  /** `<transition key>=true|false` for every guarded transition definition. */
  readonly guardUses: CoverageCount;
  /** Transition pairs taken by the oracle replays, out of those the explored graph makes possible (informative). */
  readonly pairs: CoverageCount;
  /** The event sequences replayed (the generated suite), for `replayOnly` runs of mutants. */
  readonly eventPaths: readonly (readonly EventObject[])[];
}

const none: CoverageCount = { covered: 0, total: 0, uncovered: [] };

const count = (all: readonly string[], seen: ReadonlySet<string>): CoverageCount => {
  const uncovered = all.filter((k) => !seen.has(k));
  return { covered: all.length - uncovered.length, total: all.length, uncovered };
};

/**
 * The oracle check of one chart: explore the (possibly mutated) machine with the machine's and the oracle's events,
 * send every event from every explored snapshot (shortest path to it, then the event), and compare every step with
 * the oracle. `stopAtFirst` ends at the first mismatch (mutation runs).
 */
export function checkAgainstOracle(
  machine: AnyStateMachine,
  oracle: ChartOracle,
  test: ModelTestEntry,
  options: CheckOptions = {},
): OracleCheckResult {
  const first = checkOneInput(machine, oracle, test, options);
  // replays of the first input's paths (mutation runs) stay one input: a mutant they miss is explored afterwards
  if (options.replayOnly || !test.inputClasses?.length) return first;
  const results = [first];
  for (const cls of test.inputClasses) {
    if (options.stopAtFirst && results.some((r) => r.failures.length > 0)) break;
    const r = checkOneInput(machine, oracle, { ...test, input: cls.input }, options);
    results.push({ ...r, failures: r.failures.map((f) => `[input ${cls.name}] ${f}`) });
  }
  return mergeResults(results);
}

/** Counts over several inputs: a key is covered when one input covers it (edges are per input's own graph). */
function mergeResults(results: readonly OracleCheckResult[]): OracleCheckResult {
  const union = (pick: (r: OracleCheckResult) => CoverageCount, keyed: boolean): CoverageCount => {
    const missed = new Map<string, number>();
    results.forEach((r, i) => {
      const c = pick(r);
      const prefix = keyed ? `#${i} ` : '';
      for (const u of c.uncovered) missed.set(prefix + u, (missed.get(prefix + u) ?? 0) + 1);
    });
    if (keyed) {
      const total = results.reduce((n, r) => n + pick(r).total, 0);
      const uncovered = [...missed.keys()];
      return { covered: total - uncovered.length, total, uncovered };
    }
    // the same universe for every input: uncovered only when no input covered it
    const total = pick(results[0] as OracleCheckResult).total;
    const uncovered = [...missed].filter(([, n]) => n === results.length).map(([k]) => k);
    return { covered: total - uncovered.length, total, uncovered };
  };
  return {
    failures: results.flatMap((r) => r.failures),
    paths: results.reduce((n, r) => n + r.paths, 0),
    steps: results.reduce((n, r) => n + r.steps, 0),
    edges: union((r) => r.edges, true),
    rawEdges: results.reduce((n, r) => n + r.rawEdges, 0),
    guardUses: union((r) => r.guardUses, false),
    pairs: union((r) => r.pairs, true),
    eventPaths: (results[0] as OracleCheckResult).eventPaths,
  };
}

interface CheckOptions {
  mutate?: (copy: AnyStateMachine) => void;
  stopAtFirst?: boolean;
  /** Replay these event sequences (generated from the unmutated chart) instead of exploring the machine: no
   *  coverage is counted. `npm run mutation` tries them first, then explores the mutant if they all pass. */
  replayOnly?: readonly (readonly EventObject[])[];
}

function checkOneInput(
  machine: AnyStateMachine,
  oracle: ChartOracle,
  test: ModelTestEntry,
  options: CheckOptions,
): OracleCheckResult {
  const uses: GuardUses = new Map();
  // the events sent from each snapshot key: a key is a whole serialized snapshot, so it is not joined with the event
  // into one more string of kilobytes for every step replayed
  const sent = new Map<string, Set<string>>();
  /** The steps of the path being replayed that send a counted edge. */
  let edgeSteps: ReadonlySet<number> = new Set();
  const pairs = new Set<string>();
  const lastByActor = new Map<string, string>();
  const runner = createOracleRunner(machine, oracle, {
    inspect: (ev) => {
      if (ev.type !== '@xstate.microstep' || ev.actorRef.sessionId !== ev.rootId) return;
      for (const t of (ev as unknown as { _transitions: AnyTransitionDefinition[] })._transitions) {
        const key = transitionKey(t);
        const last = lastByActor.get(ev.rootId);
        if (last !== undefined) pairs.add(pairKey(last, key));
        lastByActor.set(ev.rootId, key);
      }
    },
    ...(test.input === undefined ? {} : { input: test.input }),
    ...(options.mutate ? { mutate: options.mutate } : {}),
    guardUses: uses,
    // the snapshot is serialized only where a path sends one of the edges counted: serializing it at every step
    // (4 KB on average for the orders chart) was an eighth of that chart's check
    onSend: (snapshot, event, step) => {
      if (!edgeSteps.has(step)) return;
      const from = snapshotKey(snapshot);
      const events = sent.get(from);
      if (events) events.add(showEvent(event));
      else sent.set(from, new Set([showEvent(event)]));
    },
  });
  const failures: string[] = [];
  if (options.replayOnly) {
    let steps = 0;
    for (const path of options.replayOnly) {
      try {
        runner.run(path);
        steps += path.length;
      } catch (err) {
        failures.push(err instanceof OracleMismatch ? err.message : `crashed: ${String(err)}`);
        if (options.stopAtFirst) break;
      }
    }
    const paths = options.replayOnly;
    return {
      failures,
      paths: paths.length,
      steps,
      edges: none,
      rawEdges: 0,
      guardUses: none,
      pairs: none,
      eventPaths: paths,
    };
  }
  let edges: ReturnType<typeof generateEdgePaths>;
  try {
    edges = generateEdgePaths(runner.machine, oracle, {
      payloads: test.payloads,
      ...(test.limit === undefined ? {} : { limit: test.limit }),
      ...(test.stopWhen === undefined ? {} : { stopWhen: test.stopWhen }),
      ...(test.sendWhen === undefined ? {} : { sendWhen: test.sendWhen }),
      ...(test.input === undefined ? {} : { input: test.input }),
    });
  } catch (err) {
    return {
      failures: [`exploring the machine failed: ${String(err)}`],
      paths: 0,
      steps: 0,
      edges: none,
      rawEdges: 0,
      guardUses: none,
      pairs: none,
      eventPaths: [],
    };
  }
  let steps = 0;
  for (const [i, path] of edges.paths.entries()) {
    edgeSteps = new Set(edges.edgeSteps[i]);
    try {
      runner.run(path);
      steps += path.length;
    } catch (err) {
      if (!(err instanceof OracleMismatch)) {
        failures.push(`crashed: ${String(err)}`);
      } else failures.push(err.message);
      if (options.stopAtFirst) break;
    }
  }
  const guardKeys = guardUseKeys(machine).flatMap((k) => [`${k}=true`, `${k}=false`]);
  const seenGuards = new Set<string>();
  for (const [k, o] of uses) {
    if (o.true) seenGuards.add(`${k}=true`);
    if (o.false) seenGuards.add(`${k}=false`);
  }
  const possible = [...reachablePairs(edges.graph)];
  const unsent = edges.edges.filter((e) => !sent.get(e.from)?.has(showEvent(e.event)));
  return {
    failures,
    pairs: count(possible, pairs),
    paths: edges.paths.length,
    steps,
    edges: {
      covered: edges.edges.length - unsent.length,
      total: edges.edges.length,
      uncovered: unsent.map(edgeKey),
    },
    rawEdges: edges.rawEdges,
    guardUses: count(guardKeys, seenGuards),
    eventPaths: edges.paths,
  };
}
