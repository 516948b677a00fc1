import { readFileSync, writeFileSync } from 'node:fs';

/**
 * The testable half of `npm run mutation:source` (scripts/source-mutation.ts): the mutant files' format, applying one
 * mutant to a file's text and writing the file back, telling a killed mutant from an invalid one in a vitest JSON
 * report, the figures and the exit code. No process is started here (tests/app/source-mutation.test.ts).
 */

/** One hand-written source mutant (tests/mutants/outside/*.json hold arrays of them). */
export interface SourceMutant {
  readonly id: string;
  /** What kind of bug (free text: `guard-inverted`, `off-by-one`, `wrong-text`…); the report groups by it. */
  readonly kind: string;
  /** The file the bug is seeded into, from the repository root: `src/…`. */
  readonly file: string;
  /** Exact text to find (not a pattern). */
  readonly find: string;
  readonly replace: string;
  /** Which occurrence of `find` to replace, 1-based (default 1). */
  readonly occurrence?: number;
  /** The registered chart id the bug belongs to, or null. */
  readonly chart: string | null;
  readonly note: string;
}

/** Reads one mutant file's parsed JSON; throws with the file's name and the item's index on a malformed item. */
export function parseMutants(json: unknown, origin: string): SourceMutant[] {
  if (!Array.isArray(json)) throw new Error(`${origin}: a JSON array of mutants is expected`);
  return json.map((item: unknown, i) => {
    const where = `${origin}[${i}]`;
    if (typeof item !== 'object' || item === null) throw new Error(`${where}: not an object`);
    const o = item as Record<string, unknown>;
    for (const key of ['id', 'kind', 'file', 'find', 'replace', 'note'] as const) {
      if (typeof o[key] !== 'string') throw new Error(`${where}: "${key}" must be a string`);
    }
    if (!(o.file as string).startsWith('src/')) throw new Error(`${where}: "file" must be under src/`);
    if ((o.find as string).length === 0) throw new Error(`${where}: "find" is empty`);
    if (o.chart !== null && typeof o.chart !== 'string')
      throw new Error(`${where}: "chart" must be a chart id or null`);
    if (o.occurrence !== undefined && !(Number.isInteger(o.occurrence) && (o.occurrence as number) >= 1))
      throw new Error(`${where}: "occurrence" must be an integer from 1`);
    return {
      id: o.id as string,
      kind: o.kind as string,
      file: o.file as string,
      find: o.find as string,
      replace: o.replace as string,
      ...(o.occurrence === undefined ? {} : { occurrence: o.occurrence as number }),
      chart: (o.chart as string | null) ?? null,
      note: o.note as string,
    };
  });
}

/** Refuses two mutants with one id (the report and `--only` name them by it). */
export function refuseDuplicateIds(mutants: readonly SourceMutant[]): void {
  const twice = mutants.filter((m, i) => mutants.findIndex((o) => o.id === m.id) !== i).map((m) => m.id);
  if (twice.length > 0) throw new Error(`mutant ids used twice: ${[...new Set(twice)].join(', ')}`);
}

export type Applied =
  | { readonly ok: true; readonly text: string; readonly line: number }
  | { readonly ok: false; readonly reason: string };

/** The file's text with the mutant's occurrence of `find` replaced, or why it cannot be (the mutant is stale). */
export function applyMutant(text: string, m: Pick<SourceMutant, 'find' | 'replace' | 'occurrence'>): Applied {
  const want = m.occurrence ?? 1;
  if (m.find === m.replace) return { ok: false, reason: '"replace" equals "find": nothing would change' };
  let at = -1;
  let count = 0;
  for (let from = 0; ; ) {
    const i = text.indexOf(m.find, from);
    if (i < 0) break;
    count++;
    if (count === want) at = i;
    from = i + 1;
  }
  if (at < 0)
    return {
      ok: false,
      reason:
        count === 0
          ? '"find" is not in the file'
          : `"find" occurs ${count} time${count === 1 ? '' : 's'}, occurrence ${want} asked`,
    };
  return {
    ok: true,
    text: text.slice(0, at) + m.replace + text.slice(at + m.find.length),
    line: text.slice(0, at).split('\n').length,
  };
}

/**
 * Runs `run` with `file` holding `mutated`, then writes the file's text back as it was, whether `run` returned or
 * threw; `onHold` is given the restore for a signal handler while the mutant is in place.
 */
export async function withPatched<T>(
  file: string,
  mutated: string,
  run: () => Promise<T>,
  onHold: (restore: (() => void) | undefined) => void = () => {},
): Promise<T> {
  const original = readFileSync(file, 'utf8');
  const restore = () => writeFileSync(file, original);
  writeFileSync(file, mutated);
  onHold(restore);
  try {
    return await run();
  } finally {
    restore();
    onHold(undefined);
  }
}

export type Area = 'machines' | 'views' | 'domain' | 'other';
export const AREAS: readonly Area[] = ['machines', 'views', 'domain', 'other'];

export function areaOf(file: string): Area {
  if (file.startsWith('src/machines/')) return 'machines';
  if (file.startsWith('src/views/')) return 'views';
  if (file.startsWith('src/domain/')) return 'domain';
  return 'other';
}

/** The parts of vitest's JSON reporter output (`--reporter=json --outputFile=…`) read here. */
export interface VitestJsonReport {
  readonly numTotalTests: number;
  readonly numFailedTests: number;
  readonly numPassedTests: number;
  readonly testResults: readonly {
    readonly name: string;
    readonly status: string;
    readonly message?: string;
    readonly assertionResults: readonly {
      readonly ancestorTitles: readonly string[];
      readonly fullName: string;
      readonly status: string;
      readonly failureMessages?: readonly string[];
    }[];
  }[];
}

export interface RunClassification {
  /**
   * killed: a test failed, or a test file failed to load with a run-time error (the mutated code threw while
   * loading), or the run failed on an unhandled error; survived: the run passed and ran at least one test; invalid:
   * a test file failed to load with a parse or transform error; error: none of these (no report, a failed run with
   * no failure in it, no test run).
   */
  readonly outcome: 'killed' | 'survived' | 'invalid' | 'error';
  /** Tests run (passed or failed). */
  readonly tests: number;
  /** The test files (from the report's `name`, absolute) with a failed test or that failed to load. */
  readonly failedFiles: readonly string[];
  /** The first failures, for the report. */
  readonly failures: readonly string[];
  readonly reason?: string;
}

/** A load failure that is a parse/transform error (the mutant is not valid code), not a run-time throw. */
const TRANSFORM_ERROR =
  /Transform failed|Failed to parse|SyntaxError|Unexpected token|Unterminated|Expected ["'`].*["'`] but found|Parse error|\[PARSE_ERROR\]|ERROR: /;

export function classifyRun(input: {
  readonly exitCode: number | null;
  readonly report: VitestJsonReport | null;
  /** The run's stderr/stdout tail, for unhandled errors (the JSON report does not carry them). */
  readonly output: string;
  /** A run with no test (nothing imports the file) is `survived` rather than an error. */
  readonly allowNoTests?: boolean;
}): RunClassification {
  const { report } = input;
  if (!report)
    return {
      outcome: 'error',
      tests: 0,
      failedFiles: [],
      failures: [],
      reason: `no JSON report (exit code ${input.exitCode}): ${input.output.slice(-600)}`,
    };
  const loadFailures = report.testResults.filter(
    (f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed'),
  );
  const failedTests = report.testResults.flatMap((f) =>
    f.assertionResults
      .filter((a) => a.status === 'failed')
      .map((a) => ({ file: f.name, name: a.fullName, message: (a.failureMessages ?? []).join(' ') })),
  );
  const failedFiles = [...new Set([...loadFailures.map((f) => f.name), ...failedTests.map((t) => t.file)])];
  const tests = report.testResults.reduce(
    (n, f) => n + f.assertionResults.filter((a) => a.status === 'passed' || a.status === 'failed').length,
    0,
  );
  const failures = [
    ...loadFailures.map((f) => `${f.name}: ${(f.message ?? '').slice(0, 300)}`),
    ...failedTests.map((t) => `${t.name}: ${t.message.slice(0, 300)}`),
  ].slice(0, 3);
  const invalid = loadFailures.filter((f) => TRANSFORM_ERROR.test(f.message ?? ''));
  if (invalid.length > 0)
    return {
      outcome: 'invalid',
      tests,
      failedFiles,
      failures,
      reason: `a test file failed to load: ${(invalid[0]?.message ?? '').slice(0, 300)}`,
    };
  if (report.numFailedTests > 0 || failedTests.length > 0 || loadFailures.length > 0) {
    if (input.exitCode === 0)
      return { outcome: 'error', tests, failedFiles, failures, reason: 'failures reported with exit code 0' };
    return { outcome: 'killed', tests, failedFiles, failures };
  }
  if (input.exitCode !== 0) {
    if (/Unhandled (?:Error|Rejection)/i.test(input.output))
      return {
        outcome: 'killed',
        tests,
        failedFiles,
        failures: [input.output.slice(-300)],
        reason: 'an unhandled error failed the run',
      };
    return {
      outcome: 'error',
      tests,
      failedFiles,
      failures,
      reason: `exit code ${input.exitCode} without a failed test: ${input.output.slice(-600)}`,
    };
  }
  if (tests === 0 && !input.allowNoTests)
    return { outcome: 'error', tests, failedFiles, failures, reason: 'no test ran' };
  return { outcome: 'survived', tests, failedFiles, failures };
}

/**
 * The per-chart generated suites in tests/machines: each `describe.each`s over the charts `MODEL_CHARTS` selects
 * (tests/support/model-registry.ts `selectedModels`), titled `<prefix> of <chart id>`.
 */
export const MODEL_SUITES = [
  { file: 'tests/machines/oracle-paths.test.ts', prefix: 'oracle of' },
  { file: 'tests/machines/model-paths.test.ts', prefix: 'model paths of' },
  { file: 'tests/machines/random-walk.test.ts', prefix: 'random walk of' },
] as const;

/**
 * The describes of the model suites' files that are not per chart (the registry's conventions, the harness's own
 * checks, the path generator against xstate/graph on four fixed charts): the first stage leaves them out with
 * vitest's `--testNamePattern`, the second runs them.
 */
export const NOT_PER_CHART = [
  'registry',
  'the harness can fail',
  'path generation',
  'the random walk can fail',
];
export const FIRST_STAGE_PATTERN = `^(?!(?:${NOT_PER_CHART.join('|')}) )`;

/**
 * Whether a passing first-stage run ran what it was meant to: in each model suite's file, only tests of the selected
 * charts ran and each selected chart had at least one; each view walk ran at least one test. Empty when it did.
 */
export function checkSelection(
  report: VitestJsonReport,
  root: string,
  charts: readonly string[],
  walks: readonly string[],
): string[] {
  const problems: string[] = [];
  const ran = (file: string) => {
    const r = report.testResults.find((f) => f.name === `${root}/${file}`);
    return (r?.assertionResults ?? []).filter((a) => a.status === 'passed' || a.status === 'failed');
  };
  if (charts.length > 0) {
    for (const suite of MODEL_SUITES) {
      const tests = ran(suite.file);
      for (const t of tests) {
        const top = t.ancestorTitles[0] ?? '';
        if (!charts.some((c) => top === `${suite.prefix} ${c}`))
          problems.push(`${suite.file}: ran "${t.fullName}", which is not of a selected chart`);
      }
      for (const c of charts) {
        if (!tests.some((t) => t.ancestorTitles[0] === `${suite.prefix} ${c}`))
          problems.push(`${suite.file}: no test of chart ${c} ran`);
      }
    }
  }
  for (const w of walks) if (ran(w).length === 0) problems.push(`${w}: no test ran`);
  return problems;
}

/** How one mutant ended. */
export type Outcome =
  | 'killed-generated'
  | 'killed-all'
  | 'survived'
  | 'invalid'
  | 'stale'
  | 'timeout'
  | 'error';

export interface MutantResult {
  readonly id: string;
  readonly kind: string;
  readonly file: string;
  readonly chart: string | null;
  readonly outcome: Outcome;
  readonly reason?: string;
}

export interface Count {
  mutants: number;
  /** Measured: killed or survived (the rates' denominator). */
  measured: number;
  killedGenerated: number;
  killedAll: number;
}

const emptyCount = (): Count => ({ mutants: 0, measured: 0, killedGenerated: 0, killedAll: 0 });

function add(c: Count, r: MutantResult): void {
  c.mutants++;
  if (r.outcome === 'killed-generated' || r.outcome === 'killed-all' || r.outcome === 'survived')
    c.measured++;
  if (r.outcome === 'killed-generated') c.killedGenerated++;
  if (r.outcome === 'killed-generated' || r.outcome === 'killed-all') c.killedAll++;
}

export interface Summary {
  readonly total: Count;
  readonly byKind: Record<string, Count>;
  readonly byChart: Record<string, Count>;
  readonly byArea: Record<string, Count>;
  /** Kill rates in percent over the measured mutants (100 when none was measured). */
  readonly generatedRate: number;
  readonly allRate: number;
  readonly survivors: readonly string[];
  readonly invalid: readonly string[];
  readonly stale: readonly string[];
  readonly timeouts: readonly string[];
  readonly errors: readonly string[];
}

export const rate = (killed: number, measured: number) => (measured === 0 ? 100 : (100 * killed) / measured);

export function summarize(results: readonly MutantResult[]): Summary {
  const total = emptyCount();
  const byKind: Record<string, Count> = {};
  const byChart: Record<string, Count> = {};
  const byArea: Record<string, Count> = {};
  for (const r of results) {
    add(total, r);
    const group = (by: Record<string, Count>, key: string) => {
      by[key] ??= emptyCount();
      add(by[key], r);
    };
    group(byKind, r.kind);
    group(byChart, r.chart ?? '(none)');
    group(byArea, areaOf(r.file));
  }
  const ids = (o: Outcome) => results.filter((r) => r.outcome === o).map((r) => r.id);
  return {
    total,
    byKind,
    byChart,
    byArea,
    generatedRate: rate(total.killedGenerated, total.measured),
    allRate: rate(total.killedAll, total.measured),
    survivors: ids('survived'),
    invalid: ids('invalid'),
    stale: ids('stale'),
    timeouts: ids('timeout'),
    errors: ids('error'),
  };
}

export interface SourceGate {
  /** 0: every mutant measured (or invalid) and both rates at their minimum; 1: a rate below; 2: something not measured. */
  readonly code: 0 | 1 | 2;
  readonly reasons: readonly string[];
}

/**
 * The exit code, as scripts/lib/mutation-gate.ts decides `npm run mutation`'s: from the figures alone, set last. A
 * stale mutant (its `find` no longer in the file), a time-out or a run that did not finish is 2, whatever the rates.
 */
export function sourceMutationGate(
  s: Pick<Summary, 'generatedRate' | 'allRate' | 'stale' | 'timeouts' | 'errors'>,
  min: { readonly generated: number; readonly all: number },
): SourceGate {
  const reasons: string[] = [];
  if (s.stale.length > 0)
    reasons.push(`stale mutants (their "find" does not resolve): ${s.stale.join(', ')}`);
  if (s.timeouts.length > 0) reasons.push(`timed out: ${s.timeouts.join(', ')}`);
  if (s.errors.length > 0) reasons.push(`not measured (a run did not finish): ${s.errors.join(', ')}`);
  const unmeasured = reasons.length > 0;
  let below = false;
  if (s.generatedRate < min.generated) {
    below = true;
    reasons.push(`generated-suite kill rate ${s.generatedRate.toFixed(1)} % is below ${min.generated} %`);
  }
  if (s.allRate < min.all) {
    below = true;
    reasons.push(`all-tests kill rate ${s.allRate.toFixed(1)} % is below ${min.all} %`);
  }
  return { code: unmeasured ? 2 : below ? 1 : 0, reasons };
}

/** A chart's generated suites: the files its model suites load for it, and its view walks. */
export interface ChartSuites {
  readonly id: string;
  /** Its machine, payloads and oracle files (what the model suites run for this chart). */
  readonly roots: readonly string[];
  /** Its generated view walks (tests/views/*.view-walk.test.tsx, from its manifest). */
  readonly walks: readonly string[];
}

export interface GeneratedPlan {
  /** Charts whose model suites run (`MODEL_CHARTS`). */
  readonly charts: readonly string[];
  readonly walks: readonly string[];
  readonly why: string;
}

/**
 * The first stage's suites for a mutant. A mutant of a chart's own files (under src/machines, `chart` given): that
 * chart's model suites and view walks. Any other (a view, a domain rule, a service, or `chart: null`): the model suites
 * of every chart whose machine, payloads or oracle import the file (transitively), and every view walk that imports
 * it (transitively, not through the generated indexes, which import every chart), plus, when `chart` is given, that
 * chart's suites. `reaches(from, file)`: whether `file` is in the import closure of `from`.
 */
export function planGenerated(
  m: Pick<SourceMutant, 'file' | 'chart'>,
  charts: readonly ChartSuites[],
  allWalks: readonly string[],
  reaches: (from: readonly string[], file: string) => boolean,
): GeneratedPlan {
  const own = m.chart === null ? undefined : charts.find((c) => c.id === m.chart);
  if (m.chart !== null && !own) throw new Error(`chart ${m.chart} is not a registered chart`);
  if (own && m.file.startsWith('src/machines/'))
    return { charts: [own.id], walks: [...own.walks], why: `chart ${own.id}'s suites` };
  const byImport = charts.filter((c) => reaches(c.roots, m.file)).map((c) => c.id);
  const walks = allWalks.filter((w) => reaches([w], m.file));
  const chartIds = [...new Set([...(own ? [own.id] : []), ...byImport])];
  const walkFiles = [...new Set([...(own?.walks ?? []), ...walks])];
  return {
    charts: chartIds,
    walks: walkFiles,
    why: `${own ? `chart ${own.id}'s suites and ` : ''}the suites that import the file`,
  };
}
