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
} from './oracle';
import { pairKey, reachablePairs } from './paths';

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
  options: {
    mutate?: (copy: AnyStateMachine) => void;
    stopAtFirst?: boolean;
    /** Replay these event sequences (generated from the unmutated chart) instead of exploring the machine: no
     *  coverage is counted. `npm run mutation` tries them first, then explores the mutant if they all pass. */
    replayOnly?: readonly (readonly EventObject[])[];
  } = {},
): OracleCheckResult {
  const uses: GuardUses = new Map();
  const sent = new Set<string>();
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
    onSend: (from, event) => sent.add(edgeKey({ from, event })),
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
  for (const path of edges.paths) {
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
  return {
    failures,
    pairs: count(possible, pairs),
    paths: edges.paths.length,
    steps,
    edges: count(edges.edges.map(edgeKey), sent),
    rawEdges: edges.rawEdges,
    guardUses: count(guardKeys, seenGuards),
    eventPaths: edges.paths,
  };
}
