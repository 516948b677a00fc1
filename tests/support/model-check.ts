import type { AnyStateMachine } from 'xstate';
import { createCoverageRecorder, type MachineCoverage } from './coverage';
import {
  buildModelGraph,
  generateModelPaths,
  type ModelGraph,
  type ModelGraphOptions,
  type ModelPath,
  reachablePairs,
} from './paths';
import { type ActorRecord, neverSettlingActors, ReplayMismatch, replayPath } from './replay';

export interface ModelCheckOptions extends ModelGraphOptions {
  /** Fakes replacing the never-settling defaults (they must not settle on their own, or paths diverge). */
  readonly actors?: () => ActorRecord;
  /** Guards allowed to show one outcome only, with the reason (printed in the report). */
  readonly exemptGuards?: Readonly<Record<string, string>>;
  /** Compare contexts during replay (default true). */
  readonly compareContext?: boolean;
}

export interface ModelCheckResult {
  readonly coverage: MachineCoverage;
  readonly paths: readonly ModelPath[];
  readonly graph: ModelGraph;
}

/**
 * The model check of one machine: explore it under the payloads, generate state- and transition-covering paths,
 * replay every path on a real actor (never-settling fakes, so the paths' actor events drive it) and measure
 * coverage. Plain TypeScript: runs under vitest and under `node --import tsx`.
 */
export function checkMachineModel(machine: AnyStateMachine, options: ModelCheckOptions): ModelCheckResult {
  const graph = buildModelGraph(machine, options);
  const paths = generateModelPaths(graph);
  const recorder = createCoverageRecorder(machine, { pairs: reachablePairs(graph) });
  const provided = recorder.instrument(
    machine.provide({ actors: { ...neverSettlingActors(machine), ...(options.actors?.() ?? {}) } }),
  );
  const failures: string[] = [];
  let steps = 0;
  for (const path of paths) {
    try {
      steps += replayPath(provided, path, {
        inspect: recorder.inspect,
        ...(options.input === undefined ? {} : { input: options.input }),
        ...(options.compareContext === undefined ? {} : { compareContext: options.compareContext }),
      });
    } catch (err) {
      if (!(err instanceof ReplayMismatch)) throw err;
      failures.push(err.message);
    }
  }
  const coverage = recorder.report({
    paths: paths.length,
    steps,
    failures,
    ...(options.exemptGuards ? { exemptGuards: options.exemptGuards } : {}),
  });
  return { coverage, paths, graph };
}
