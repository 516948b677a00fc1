/**
 * The coverage the explorer draws on its diagrams (docs/statecharts/coverage.json, written by `npm run charts`):
 * per chart, what the model paths walked (states, transition definitions, guard outcomes, the paths themselves for
 * the path player) and what the oracle check covered (graph edges, guard outcomes per place of use, transition
 * pairs). The model tests and the oracle tests compare the committed file with what they compute, so it cannot go
 * stale unnoticed (tests/machines/model-paths.test.ts, tests/machines/oracle-paths.test.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import type { CoverageCount } from '../../tests/support/coverage';
import type { ModelCheckOptions, ModelCheckResult } from '../../tests/support/model-check';
import { leafPaths, recordingActors, type StartedActor } from '../../tests/support/oracle';
import type { OracleCheckResult } from '../../tests/support/oracle-check';
import { ReplayMismatch, replayPath } from '../../tests/support/replay';

export const COVERAGE_FILE = join(import.meta.dirname, '..', '..', 'docs', 'statecharts', 'coverage.json');

/** A count with its uncovered items, as the explorer shows it. */
export interface CountData {
  readonly covered: number;
  readonly total: number;
  readonly uncovered: readonly string[];
}

/** A generated path as the path player steps it: the events sent and the leaf states after each. */
export interface PathData {
  readonly kind: 'shortest' | 'transition';
  /** `''` for the initial state. */
  readonly events: readonly string[];
  /** The active leaf paths after each step (index 0: the initial state), `+`-joined when parallel. */
  readonly states: readonly string[];
}

export interface ModelCoverageData {
  readonly paths: number;
  readonly steps: number;
  readonly states: CountData;
  readonly transitions: CountData;
  readonly guards: Readonly<Record<string, { readonly true: boolean; readonly false: boolean }>>;
  readonly exemptGuards: Readonly<Record<string, string>>;
  /** Transition pairs the model paths walked, out of those the explored graph makes possible (informative; the
   *  oracle's pairs, which are enforced, carry the list of those not walked). */
  readonly pairs: { readonly covered: number; readonly total: number };
  readonly walks: readonly PathData[];
  /** Per invoke id, the input its actor got the first time a model path started it (JSON, cut at 300 characters). */
  readonly inputs: Readonly<Record<string, string>>;
}

export interface OracleCoverageData {
  readonly paths: number;
  readonly steps: number;
  readonly failures: number;
  readonly edges: CountData;
  readonly rawEdges: number;
  readonly guardUses: CountData;
  readonly pairs: CountData;
}

export interface ChartCoverageData {
  readonly model: ModelCoverageData;
  readonly oracle: OracleCoverageData | null;
}

export type CoverageFile = Readonly<Record<string, ChartCoverageData>>;

const count = (c: CoverageCount): CountData => ({
  covered: c.covered,
  total: c.total,
  uncovered: [...c.uncovered],
});

/** The state a path step ends in, as the explorer names it: its leaf paths, sorted, `+`-joined. */
export const stateKeyOf = (value: unknown) => leafPaths(value).sort().join('+');

/** JSON of an actor's input for a reader: functions and actor references by name, cycles cut, at most 300 chars. */
export function inputText(input: unknown): string {
  const seen = new WeakSet<object>();
  const text =
    JSON.stringify(input, (_, value: unknown) => {
      if (typeof value === 'function') return `ƒ ${(value as { name?: string }).name || 'function'}`;
      if (value && typeof value === 'object') {
        if ('sessionId' in value && 'send' in value) return `actor ${String((value as { id?: unknown }).id)}`;
        if (seen.has(value)) return '…';
        seen.add(value);
      }
      return value;
    }) ?? 'undefined';
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

/** The input each invoked actor gets the first time one of the model paths starts it, by invoke id. */
export function firstInputs(
  machine: AnyStateMachine,
  result: ModelCheckResult,
  options: ModelCheckOptions,
): Record<string, string> {
  const log: StartedActor[] = [];
  const provided = machine.provide({ actors: recordingActors(machine, log) });
  const inputs: Record<string, string> = {};
  for (const path of result.paths) {
    try {
      replayPath(provided, path, {
        ...(options.input === undefined ? {} : { input: options.input }),
        compareContext: false,
      });
    } catch (err) {
      if (!(err instanceof ReplayMismatch)) throw err;
    }
    for (const started of log.splice(0)) inputs[started.id] ??= inputText(started.input);
  }
  return Object.fromEntries(Object.entries(inputs).sort(([a], [b]) => a.localeCompare(b)));
}

/** What the explorer keeps of one chart's model check. */
export function modelCoverageData(
  machine: AnyStateMachine,
  result: ModelCheckResult,
  options: ModelCheckOptions,
): ModelCoverageData {
  const c = result.coverage;
  return {
    paths: c.paths,
    steps: c.steps,
    states: count(c.states),
    transitions: count(c.transitions),
    guards: Object.fromEntries(
      Object.entries(c.guards)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, o]) => [name, { true: o.true, false: o.false }]),
    ),
    exemptGuards: { ...c.exemptGuards },
    pairs: { covered: c.transitionPairs.covered, total: c.transitionPairs.total },
    walks: result.paths.map((p) => ({
      kind: p.kind,
      events: p.steps.map((s, i) => (i === 0 ? '' : s.event.type)),
      states: p.steps.map((s) => stateKeyOf(s.state.value)),
    })),
    inputs: firstInputs(machine, result, options),
  };
}

/** What the explorer keeps of one chart's oracle check. */
export function oracleCoverageData(result: OracleCheckResult): OracleCoverageData {
  return {
    paths: result.paths,
    steps: result.steps,
    failures: result.failures.length,
    edges: count(result.edges),
    rawEdges: result.rawEdges,
    guardUses: count(result.guardUses),
    pairs: count(result.pairs),
  };
}

/** The committed coverage file, `{}` when there is none yet. */
export function loadCoverage(file: string = COVERAGE_FILE): CoverageFile {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CoverageFile) : {};
}

/** The file's text: two-space JSON, charts in the given order, a final newline. */
export const coverageText = (data: CoverageFile) => `${JSON.stringify(data, null, 2)}\n`;
