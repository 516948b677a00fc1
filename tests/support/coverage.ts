import type { AnyMachineSnapshot, AnyStateMachine, AnyTransitionDefinition, InspectionEvent } from 'xstate';
import { getModelUniverse, type ModelUniverse, transitionKey } from './model-universe';
import { activeNodeIds, pairKey } from './paths';

/** Covered out of total, with the uncovered items by name. */
export interface CoverageCount {
  readonly covered: number;
  readonly total: number;
  readonly uncovered: readonly string[];
}

/** Which outcomes of a named guard were seen. */
export interface GuardOutcomes {
  true: boolean;
  false: boolean;
}

/** Model coverage of one machine (printed by `npm run coverage:model`, written to coverage/model.json). */
export interface MachineCoverage {
  readonly machineId: string;
  /** Paths replayed and events sent along them. */
  readonly paths: number;
  readonly steps: number;
  /** Enforced: every state node entered. */
  readonly states: CoverageCount;
  /** Enforced: every transition (on, onDone/onError, after, always, state onDone) taken. */
  readonly transitions: CoverageCount;
  /** Informative: transition t1 directly followed by t2, out of the pairs the explored graph makes possible. */
  readonly transitionPairs: CoverageCount;
  /** Per named guard, the outcomes seen. */
  readonly guards: Readonly<Record<string, GuardOutcomes>>;
  /** Enforced: `guard=true` and `guard=false` for every named guard, except the exempted ones. */
  readonly guardOutcomes: CoverageCount;
  /** Guards allowed to show a single outcome, with the reason. */
  readonly exemptGuards: Readonly<Record<string, string>>;
  /** Replays that did not follow their path. */
  readonly failures: readonly string[];
  /** No failure and nothing enforced left uncovered. */
  readonly ok: boolean;
}

export interface CoverageRecorder {
  readonly universe: ModelUniverse;
  /** The same machine with every named guard wrapped to record its outcomes. */
  instrument<M extends AnyStateMachine>(machine: M): M;
  /** Inspection observer for `createActor(m, { inspect })`: records states, transitions and pairs of root actors. */
  readonly inspect: (ev: InspectionEvent) => void;
  report(run: {
    paths: number;
    steps: number;
    failures?: readonly string[];
    exemptGuards?: Readonly<Record<string, string>>;
  }): MachineCoverage;
}

type GuardFn = (args: unknown, params: unknown) => boolean;

function count(universe: Iterable<string>, seen: ReadonlySet<string>): CoverageCount {
  const all = [...universe];
  const uncovered = all.filter((k) => !seen.has(k));
  return { covered: all.length - uncovered.length, total: all.length, uncovered };
}

/**
 * Observes real actors of `machine` (or of its `provide()` copies: keys are ids) and reports what they covered.
 * `pairs` is the universe of transition pairs (see `reachablePairs`); without it pairs are only counted.
 */
export function createCoverageRecorder(
  machine: AnyStateMachine,
  options: { pairs?: Iterable<string> } = {},
): CoverageRecorder {
  const universe = getModelUniverse(machine);
  const states = new Set<string>();
  const transitions = new Set<string>();
  const pairs = new Set<string>();
  const lastByRoot = new Map<string, string>();
  const guards: Record<string, GuardOutcomes> = Object.fromEntries(
    universe.guards.map((g) => [g, { true: false, false: false }]),
  );

  const inspect = (ev: InspectionEvent) => {
    if (ev.actorRef.sessionId !== ev.rootId) return;
    if (ev.type === '@xstate.snapshot') {
      const snapshot = ev.snapshot as AnyMachineSnapshot;
      if (snapshot.machine) for (const id of activeNodeIds(snapshot)) states.add(id);
      return;
    }
    if (ev.type !== '@xstate.microstep') return;
    const micro = ev as InspectionEvent & {
      _transitions: AnyTransitionDefinition[];
      snapshot: AnyMachineSnapshot;
    };
    for (const t of micro._transitions) {
      const key = transitionKey(t);
      transitions.add(key);
      states.add(t.source.id);
      const last = lastByRoot.get(ev.rootId);
      if (last !== undefined) pairs.add(pairKey(last, key));
      lastByRoot.set(ev.rootId, key);
    }
    for (const id of activeNodeIds(micro.snapshot)) states.add(id);
  };

  const instrument = <M extends AnyStateMachine>(m: M): M => {
    const impl = m.implementations.guards as Record<string, unknown>;
    const wrapped: Record<string, unknown> = {};
    for (const [name, guard] of Object.entries(impl)) {
      if (typeof guard !== 'function' || 'check' in guard) continue;
      const fn = guard as GuardFn;
      wrapped[name] = (args: unknown, params: unknown) => {
        const result = fn(args, params);
        const outcomes = guards[name] ?? { true: false, false: false };
        outcomes[result ? 'true' : 'false'] = true;
        guards[name] = outcomes;
        return result;
      };
    }
    return m.provide({ guards: wrapped } as Parameters<M['provide']>[0]) as M;
  };

  const report: CoverageRecorder['report'] = (run) => {
    const exemptGuards = run.exemptGuards ?? {};
    const outcomeKeys = universe.guards.flatMap((g) => [`${g}=true`, `${g}=false`]);
    const seenOutcomes = new Set<string>();
    for (const g of universe.guards) {
      const o = guards[g];
      if (o?.true || g in exemptGuards) seenOutcomes.add(`${g}=true`);
      if (o?.false || g in exemptGuards) seenOutcomes.add(`${g}=false`);
    }
    const pairUniverse = options.pairs ? new Set(options.pairs) : pairs;
    const result = {
      machineId: machine.id,
      paths: run.paths,
      steps: run.steps,
      states: count(universe.states, states),
      transitions: count(universe.transitions, transitions),
      transitionPairs: count(pairUniverse, pairs),
      guards: Object.fromEntries(
        universe.guards.map((g) => [g, { ...(guards[g] ?? { true: false, false: false }) }]),
      ),
      guardOutcomes: count(outcomeKeys, seenOutcomes),
      exemptGuards,
      failures: run.failures ?? [],
    };
    return {
      ...result,
      ok:
        result.failures.length === 0 &&
        result.states.uncovered.length === 0 &&
        result.transitions.uncovered.length === 0 &&
        result.guardOutcomes.uncovered.length === 0,
    };
  };

  return { universe, instrument, inspect, report };
}

const pct = (c: CoverageCount) => (c.total === 0 ? 100 : Math.round((c.covered / c.total) * 1000) / 10);

/** Plain-text report of one machine, as printed by `npm run coverage:model` and by failing tests. */
export function formatCoverage(c: MachineCoverage): string {
  const line = (label: string, k: CoverageCount) =>
    `  ${label.padEnd(18)} ${k.covered}/${k.total} (${pct(k)} %)`;
  const guardLine = Object.entries(c.guards)
    .map(
      ([g, o]) => `${g} ${o.true ? 'T' : '-'}${o.false ? 'F' : '-'}${g in c.exemptGuards ? ' (exempt)' : ''}`,
    )
    .join(', ');
  const out = [
    `${c.ok ? 'OK  ' : 'FAIL'} ${c.machineId}: ${c.paths} paths, ${c.steps} steps`,
    line('states', c.states),
    line('transitions', c.transitions),
    line('transition pairs', c.transitionPairs),
    line('guard outcomes', c.guardOutcomes),
    `  guards             ${guardLine || '(none)'}`,
  ];
  const list = (label: string, items: readonly string[]) => {
    for (const item of items) out.push(`  ${label}: ${item}`);
  };
  list('uncovered state', c.states.uncovered);
  list('uncovered transition', c.transitions.uncovered);
  list('unseen guard outcome', c.guardOutcomes.uncovered);
  list('replay failure', c.failures);
  return out.join('\n');
}
