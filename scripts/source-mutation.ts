/**
 * `npm run mutation:source`: measures the tests against hand-written source mutants, bugs written as text patches to
 * src/ files by someone who did not write the suites (tests/mutants/outside/*.json, format in
 * scripts/lib/source-mutants.ts). `npm run mutation` seeds its own mutants into copies of the charts; this one patches
 * the files themselves, in a scratch copy of the working tree, never in the repository.
 *
 * The scratch copy: every file git lists in the working tree (tracked and untracked, less what .gitignore ignores:
 * node_modules, dist, coverage…), copied once into a temporary directory, node_modules a symlink to the repository's.
 * Each mutant is written there, run, and the file written back before the next.
 *
 * For each mutant, in that copy:
 * - stale: its `find` (that occurrence) is not in the file. Not run; counted as an error (exit 2).
 * - invalid: the mutated file does not parse (esbuild), or a test file fails to load on a parse/transform error.
 *   Not in the rates.
 * - Stage 1, the generated suites (scripts/lib/source-mutants.ts `planGenerated`): for a mutant of a chart's own
 *   files (src/machines, `chart` given), the chart's model suites (tests/machines/oracle-paths, model-paths,
 *   random-walk, limited to the chart by `MODEL_CHARTS` and by `--testNamePattern` to their per-chart describes) and
 *   its view walk(s) (tests/views/*.view-walk.test.tsx, from its manifest src/app/<area>.workflow.ts); for any other
 *   mutant, the model suites of every chart whose machine, payloads or oracle import the file and every view walk
 *   that imports it (transitively; not through the generated indexes, which import every chart), plus the given
 *   chart's suites. The passing run must show tests of every selected chart in each model suite and of every walk,
 *   and none of another chart: else an error. No generated suite importing the file: stage 1 does not kill.
 * - Stage 2, all tests, only when stage 1 did not kill: `vitest related <file> --run` with the default config (the
 *   unit, view, app, server and contract tests: every test file vitest finds importing the file, transitively), plus
 *   the test files this script's own import graph (scripts/lib/import-graph.ts) finds importing it, plus the test
 *   files that start a server entry importing it in a child process (`scripts/launch.js`, `server/<x>.ts` in their
 *   text); then, when the file is part of the reference backend, the black-box security suite (vitest.remote.config.ts,
 *   `npm run test:security`). The model suites there run the charts whose machine, payloads or oracle import the file
 *   (no other chart's can execute it) and their chart-independent describes. Not in "all tests": the e2e suite
 *   (a built app in a browser), typecheck, lint and the boundaries check.
 * - killed: a test failed (or a test file failed to load on a run-time error, or an unhandled error failed the run),
 *   and, unless `--no-confirm`, the failing test files pass without the mutant (else an error: the failure is not the
 *   mutant's). timeout: a run took longer than `--timeout` minutes (exit 2).
 *
 * Every vitest run is its own process (`--bail=1`, JSON reporter). Vitest's node API keeping one instance (as
 * scripts/lib/view-mutation.ts does) was not kept: a process's start-up is a few seconds (a one-file confirmation run
 * took 2 to 8 s on the shared two-core machine), small beside the suites' own time (stage 1 10 to 45 s, stage 2 3 to
 * 6 min), while one instance would have to be trusted to drop the mutated module from workers that keep evaluated
 * modules between files (`isolate: false`), and `MODEL_CHARTS` differs from mutant to mutant.
 *
 * Prints one line per mutant with its seconds (stage 1 / stage 2 / confirmation), the rates per kind, chart and area,
 * and the totals: the generated-suite kill rate and the all-tests kill rate (killed / measured; invalid, stale,
 * timed-out and unfinished mutants are listed, not counted). Writes coverage/source-mutation.json.
 *
 * Options: `--dir <folder>` (default tests/mutants/outside), `--only <id>` (repeatable), `--area
 * machines|views|domain|other` (repeatable), `--min-generated <percent>` (default 80), `--min-all <percent>` (default
 * 90), `--generated-only` (stage 1 alone: a mutant it does not kill is listed as surviving with that reason, and only
 * `--min-generated` gates), `--timeout <minutes>` per vitest run (default 20: all tests of a file every chart imports are most of the
 * suite), `--no-confirm`, `--keep` (leave the scratch copy).
 *
 * Exit code (scripts/lib/source-mutants.ts `sourceMutationGate`): 0 when both rates reach their minimum; 1 when one
 * is below; 2 when a mutant was stale, timed out or not measured.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { transform } from 'esbuild';
import { buildImportGraph, closure } from './lib/import-graph';
import {
  AREAS,
  type Area,
  applyMutant,
  areaOf,
  type ChartSuites,
  type Count,
  checkSelection,
  classifyRun,
  FIRST_STAGE_PATTERN,
  type GeneratedPlan,
  MODEL_SUITES,
  type MutantResult,
  type Outcome,
  parseMutants,
  planGenerated,
  type RunClassification,
  rate,
  refuseDuplicateIds,
  type SourceMutant,
  sourceMutationGate,
  summarize,
  type VitestJsonReport,
  withPatched,
} from './lib/source-mutants';
import { loadManifests, workflowFiles } from './lib/workflow-index';

const ROOT = join(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'tests/mutants/outside' },
    only: { type: 'string', multiple: true },
    area: { type: 'string', multiple: true },
    'min-generated': { type: 'string', default: '80' },
    'min-all': { type: 'string', default: '90' },
    timeout: { type: 'string', default: '20' },
    'no-confirm': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    'generated-only': { type: 'boolean', default: false },
  },
});
const generatedOnly = values['generated-only'] === true;
for (const a of values.area ?? []) {
  if (!AREAS.includes(a as Area)) throw new Error(`unknown area ${a}: ${AREAS.join(', ')}`);
}
const timeoutMs = Number(values.timeout) * 60_000;
const started = Date.now();

// ---- the mutants
const dir = join(ROOT, values.dir);
const mutantFiles = readdirSync(dir)
  .filter((n) => n.endsWith('.json'))
  .sort();
const allMutants = mutantFiles.flatMap((n) =>
  parseMutants(JSON.parse(readFileSync(join(dir, n), 'utf8')), `${values.dir}/${n}`),
);
refuseDuplicateIds(allMutants);
const unknownIds = (values.only ?? []).filter((id) => !allMutants.some((m) => m.id === id));
if (unknownIds.length > 0) {
  console.error(`--only names no mutant: ${unknownIds.join(', ')}`);
  process.exit(2);
}
const mutants = allMutants
  .filter((m) => !values.only || values.only.includes(m.id))
  .filter((m) => !values.area || values.area.includes(areaOf(m.file)));

// ---- which suites can run which file (read from the unmutated repository)
const graph = buildImportGraph(ROOT);
const throughIndexes = (f: string) => /\.generated\.ts$/.test(f);
const reachCache = new Map<string, Set<string>>();
const reachGenerated = (from: readonly string[], file: string) => {
  const key = from.join('\n');
  const c = reachCache.get(key) ?? closure(graph, from, throughIndexes);
  reachCache.set(key, c);
  return c.has(file);
};
const chartFiles = workflowFiles(await loadManifests());
const str = (e: unknown): string | null => (typeof e === 'string' ? e : null);
const charts: ChartSuites[] = Object.entries(chartFiles).map(([id, f]) => ({
  id,
  roots: [str(f.chart), str(f.payloads), str(f.oracle)].filter(
    (p): p is string => p !== null && existsSync(join(ROOT, p)),
  ),
  walks: [str(f.viewWalk)].filter((p): p is string => p !== null && existsSync(join(ROOT, p))),
}));
const allWalks = readdirSync(join(ROOT, 'tests', 'views'))
  .filter((n) => n.endsWith('.view-walk.test.tsx'))
  .map((n) => `tests/views/${n}`);
const unitTests = [...graph.imports.keys()].filter(
  (f) => /^tests\/.*\.test\.tsx?$/.test(f) && !f.startsWith('tests/e2e/'),
);
/** Server entries the tests start as child processes (`scripts/launch.js <entry>` runs server/<entry>.ts). */
const LAUNCH_ENTRIES = ['start', 'admin-create', 'backup', 'retention']
  .map((e) => `server/${e}.ts`)
  .filter((f) => existsSync(join(ROOT, f)));
function spawnedRoots(testFile: string): string[] {
  const text = readFileSync(join(ROOT, testFile), 'utf8');
  const named = [...text.matchAll(/['"`](server\/[\w/-]+\.ts)['"`]/g)].map((m) => m[1] as string);
  return [...(text.includes('scripts/launch.js') ? LAUNCH_ENTRIES : []), ...named].filter((f) =>
    existsSync(join(ROOT, f)),
  );
}
/** Test files that import the file (this script's graph) or start a process that does. */
const testClosures = new Map<string, Set<string>>();
function allTestsFor(file: string): string[] {
  return unitTests.filter((t) => {
    const c = testClosures.get(t) ?? closure(graph, [t, ...spawnedRoots(t)]);
    testClosures.set(t, c);
    return c.has(file);
  });
}
const REMOTE_SERVER = 'tests/remote/reference-server.ts';
const remoteClosure = closure(graph, [REMOTE_SERVER]);
/** Charts whose model suites can execute the file (stage 2's `MODEL_CHARTS`). */
const chartsImporting = (file: string) =>
  charts.filter((c) => reachGenerated(c.roots, file)).map((c) => c.id);

// ---- the scratch copy
const scratch = mkdtempSync(join(tmpdir(), 'source-mutation-'));
const reports = mkdtempSync(join(tmpdir(), 'source-mutation-reports-'));
const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
})
  .split('\0')
  .filter((f) => f && existsSync(join(ROOT, f)));
for (const f of listed) {
  mkdirSync(dirname(join(scratch, f)), { recursive: true });
  copyFileSync(join(ROOT, f), join(scratch, f));
}
symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(scratch, 'node_modules'), 'dir');
const VITEST = join(scratch, 'node_modules', 'vitest', 'vitest.mjs');

let running: ChildProcess | undefined;
let restore: (() => void) | undefined;
const cleanUp = () => {
  restore?.();
  if (running?.pid) {
    try {
      process.kill(-running.pid, 'SIGKILL');
    } catch {}
  }
  if (!values.keep) rmSync(scratch, { recursive: true, force: true });
  rmSync(reports, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    cleanUp();
    process.exit(130);
  });
}
console.log(
  `${mutants.length} mutants from ${values.dir} (${mutantFiles.join(', ')}); scratch copy ${scratch} (${listed.length} files)`,
);

// ---- one vitest run
interface Run extends RunClassification {
  readonly timedOut: boolean;
  readonly seconds: number;
  readonly report: VitestJsonReport | null;
}
let runNo = 0;
function runVitest(args: readonly string[], env: Readonly<Record<string, string>>): Promise<Run> {
  const out = join(reports, `run-${++runNo}.json`);
  const t0 = Date.now();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, FORCE_COLOR: '0' };
  if (!('MODEL_CHARTS' in env)) delete childEnv.MODEL_CHARTS;
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        VITEST,
        ...args,
        '--no-cache',
        '--bail=1',
        '--reporter=dot',
        '--reporter=json',
        `--outputFile.json=${out}`,
      ],
      { cwd: scratch, env: childEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    running = child;
    let output = '';
    const keep = (d: Buffer) => {
      output = (output + String(d)).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {}
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      running = undefined;
      let report: VitestJsonReport | null = null;
      try {
        report = JSON.parse(readFileSync(out, 'utf8')) as VitestJsonReport;
      } catch {}
      const seconds = (Date.now() - t0) / 1000;
      const allowNoTests = args.includes('--passWithNoTests');
      const c = timedOut
        ? {
            outcome: 'error' as const,
            tests: 0,
            failedFiles: [],
            failures: [],
            reason: `timed out after ${values.timeout} min`,
          }
        : classifyRun({ exitCode: code, report, output, allowNoTests });
      resolve({ ...c, timedOut, seconds, report });
    });
  });
}

/** Files as vitest reports them (absolute, in the scratch copy) → repository-relative. */
const rel = (abs: string) => (abs.startsWith(`${scratch}/`) ? abs.slice(scratch.length + 1) : abs);

/** Whether the failing files of a killing run fail without the mutant too (cached: the same files, the same env). */
const baseline = new Map<string, boolean>();
async function failsUnmutated(
  run: Run,
  extraArgs: readonly string[],
  env: Readonly<Record<string, string>>,
): Promise<{ fails: boolean; seconds: number }> {
  const files = run.failedFiles.map(rel).sort();
  if (files.length === 0) return { fails: false, seconds: 0 };
  const key = JSON.stringify([files, extraArgs, env]);
  const known = baseline.get(key);
  if (known !== undefined) return { fails: known, seconds: 0 };
  const again = await runVitest(['run', ...files, ...extraArgs], env);
  const fails = again.outcome !== 'survived';
  baseline.set(key, fails);
  return { fails, seconds: again.seconds };
}

interface StageReport {
  readonly outcome: RunClassification['outcome'] | 'timeout' | 'none';
  readonly seconds: number;
  readonly confirmSeconds: number;
  readonly tests: number;
  readonly files: number;
  readonly failures: readonly string[];
  readonly reason?: string;
}
interface FullResult extends MutantResult {
  readonly area: Area;
  readonly note: string;
  readonly line?: number;
  readonly plan?: GeneratedPlan;
  readonly stage1?: StageReport;
  readonly stage2?: StageReport;
}

const stageOf = (run: Run, confirmSeconds: number, reason?: string): StageReport => ({
  outcome: run.timedOut ? 'timeout' : run.outcome,
  seconds: run.seconds,
  confirmSeconds,
  tests: run.tests,
  files: run.report?.testResults.length ?? 0,
  failures: run.failures,
  ...((reason ?? run.reason) ? { reason: reason ?? run.reason } : {}),
});

/** Runs one stage on the mutated scratch file; a kill is confirmed on the restored one. */
async function stage(
  m: SourceMutant,
  mutated: string,
  original: string,
  runs: readonly { args: readonly string[]; env: Readonly<Record<string, string>>; confirmArgs: string[] }[],
  check?: (run: Run) => string[],
): Promise<StageReport> {
  const target = join(scratch, m.file);
  let total: StageReport | undefined;
  for (const r of runs) {
    const run = await withPatched(
      target,
      mutated,
      () => runVitest(r.args, r.env),
      (held) => {
        restore = held;
      },
    );
    if (readFileSync(target, 'utf8') !== original) throw new Error(`${m.file} was not restored`);
    let reason: string | undefined;
    let confirmSeconds = 0;
    let outcome = run.outcome;
    if (run.outcome === 'killed' && !values['no-confirm']) {
      const b = await failsUnmutated(run, r.confirmArgs, r.env);
      confirmSeconds = b.seconds;
      if (b.fails) {
        outcome = 'error';
        reason = `the failing tests (${run.failedFiles.map(rel).join(', ')}) fail without the mutant too`;
      }
    }
    if (run.outcome === 'survived' && check) {
      const problems = check(run);
      if (problems.length > 0) {
        outcome = 'error';
        reason = `the run did not select what it should: ${problems.slice(0, 3).join('; ')}`;
      }
    }
    const s = stageOf({ ...run, outcome }, confirmSeconds, reason);
    total = total
      ? {
          ...s,
          seconds: total.seconds + s.seconds,
          confirmSeconds: total.confirmSeconds + s.confirmSeconds,
          tests: total.tests + s.tests,
          files: total.files + s.files,
        }
      : s;
    if (s.outcome !== 'survived') break;
  }
  return total as StageReport;
}

async function measure(m: SourceMutant): Promise<FullResult> {
  const base = { id: m.id, kind: m.kind, file: m.file, chart: m.chart, area: areaOf(m.file), note: m.note };
  const end = (outcome: Outcome, extra: Partial<FullResult> = {}): FullResult => ({
    ...base,
    outcome,
    ...extra,
  });
  const target = join(scratch, m.file);
  if (!existsSync(target)) return end('stale', { reason: 'the file does not exist' });
  const original = readFileSync(target, 'utf8');
  const applied = applyMutant(original, m);
  if (!applied.ok) return end('stale', { reason: applied.reason });
  try {
    await transform(applied.text, {
      loader: m.file.endsWith('.tsx') ? 'tsx' : m.file.endsWith('.ts') ? 'ts' : 'js',
      format: 'esm',
      jsx: 'automatic',
      logLevel: 'silent',
    });
  } catch (err) {
    return end('invalid', {
      line: applied.line,
      reason: `does not parse: ${String(err instanceof Error ? err.message : err).slice(0, 300)}`,
    });
  }
  let plan: GeneratedPlan;
  try {
    plan = planGenerated(m, charts, allWalks, reachGenerated);
  } catch (err) {
    return end('error', { reason: String(err instanceof Error ? err.message : err) });
  }
  const common = { line: applied.line, plan };
  // stage 1: the generated suites
  const genFiles = [...(plan.charts.length > 0 ? MODEL_SUITES.map((s) => s.file) : []), ...plan.walks];
  let stage1: StageReport;
  if (genFiles.length === 0) {
    stage1 = {
      outcome: 'none',
      seconds: 0,
      confirmSeconds: 0,
      tests: 0,
      files: 0,
      failures: [],
      reason: 'no generated suite imports the file',
    };
  } else {
    const pattern = [`--testNamePattern=${FIRST_STAGE_PATTERN}`];
    stage1 = await stage(
      m,
      applied.text,
      original,
      [
        {
          args: ['run', ...genFiles, ...pattern],
          env: { MODEL_CHARTS: plan.charts.join(',') },
          confirmArgs: pattern,
        },
      ],
      (run) => (run.report ? checkSelection(run.report, scratch, plan.charts, plan.walks) : ['no report']),
    );
  }
  if (stage1.outcome === 'killed') return end('killed-generated', { ...common, stage1 });
  if (stage1.outcome === 'invalid') return end('invalid', { ...common, stage1, reason: stage1.reason });
  if (stage1.outcome === 'timeout') return end('timeout', { ...common, stage1, reason: stage1.reason });
  if (stage1.outcome === 'error') return end('error', { ...common, stage1, reason: stage1.reason });
  if (generatedOnly)
    return end('survived', { ...common, stage1, reason: 'stage 2 not run (--generated-only)' });
  // stage 2: all tests
  const modelCharts = chartsImporting(m.file);
  const extra = allTestsFor(m.file);
  const env: Record<string, string> = modelCharts.length > 0 ? { MODEL_CHARTS: modelCharts.join(',') } : {};
  const excludeModels = modelCharts.length > 0 ? [] : MODEL_SUITES.flatMap((s) => ['--exclude', s.file]);
  const runs = [
    {
      args: ['related', m.file, ...extra, '--run', '--passWithNoTests', ...excludeModels],
      env,
      confirmArgs: [],
    },
    ...(remoteClosure.has(m.file)
      ? [
          {
            args: ['run', '-c', 'vitest.remote.config.ts'],
            env: {},
            confirmArgs: ['-c', 'vitest.remote.config.ts'],
          },
        ]
      : []),
  ];
  const stage2 = await stage(m, applied.text, original, runs);
  const outcome: Outcome =
    stage2.outcome === 'killed'
      ? 'killed-all'
      : stage2.outcome === 'survived'
        ? 'survived'
        : stage2.outcome === 'invalid'
          ? 'invalid'
          : stage2.outcome === 'timeout'
            ? 'timeout'
            : 'error';
  return end(outcome, {
    ...common,
    stage1,
    stage2,
    ...(stage2.reason && outcome !== 'killed-all' ? { reason: stage2.reason } : {}),
  });
}

// ---- run
const LABEL: Record<Outcome, string> = {
  'killed-generated': 'killed by generated',
  'killed-all': 'killed by all',
  survived: 'SURVIVED',
  invalid: 'invalid',
  stale: 'STALE',
  timeout: 'TIMEOUT',
  error: 'ERROR',
};
const secs = (s?: StageReport) =>
  s ? `${s.seconds.toFixed(0)}${s.confirmSeconds ? `+${s.confirmSeconds.toFixed(0)}` : ''}` : '-';
const results: FullResult[] = [];
const idWidth = Math.max(6, ...mutants.map((m) => m.id.length));
const kindWidth = Math.max(4, ...mutants.map((m) => m.kind.length));
try {
  console.log(
    `${'mutant'.padEnd(idWidth)} ${'kind'.padEnd(kindWidth)} ${'area'.padEnd(8)} ${'chart'.padEnd(16)} ${'outcome'.padEnd(20)} ${'stage 1 s'.padStart(9)} ${'stage 2 s'.padStart(9)}  (s: run + confirmation without the mutant)`,
  );
  for (const m of mutants) {
    const r = await measure(m);
    results.push(r);
    console.log(
      `${r.id.padEnd(idWidth)} ${r.kind.padEnd(kindWidth)} ${r.area.padEnd(8)} ${(r.chart ?? '-').padEnd(16)} ${LABEL[r.outcome].padEnd(20)} ${secs(r.stage1).padStart(9)} ${secs(r.stage2).padStart(9)}`,
    );
    if (r.outcome !== 'killed-generated' && r.outcome !== 'killed-all' && r.reason)
      console.log(`  ${r.reason.replace(/\s+/g, ' ').slice(0, 400)}`);
  }
} finally {
  cleanUp();
}

// ---- report
const summary = summarize(results);
const table = (title: string, rows: Record<string, Count>) => {
  console.log(
    `${title.padEnd(22)} ${'mutants'.padStart(7)} ${'measured'.padStart(8)} ${'generated'.padStart(14)} ${'all tests'.padStart(14)}`,
  );
  for (const [name, c] of Object.entries(rows).sort(([a], [b]) => a.localeCompare(b))) {
    const cell = (k: number) => `${k}/${c.measured} ${rate(k, c.measured).toFixed(0).padStart(3)}%`;
    console.log(
      `  ${name.padEnd(20)} ${String(c.mutants).padStart(7)} ${String(c.measured).padStart(8)} ${cell(c.killedGenerated).padStart(14)} ${cell(c.killedAll).padStart(14)}`,
    );
  }
};
table('by kind', summary.byKind);
table('by chart', summary.byChart);
table('by area', summary.byArea);
const list = (what: string, ids: readonly string[]) => {
  if (ids.length > 0) console.log(`${what}: ${ids.join(', ')}`);
};
list('survived', summary.survivors);
list('invalid (not counted)', summary.invalid);
list('stale (not counted)', summary.stale);
list('timed out (not counted)', summary.timeouts);
list('not measured (not counted)', summary.errors);
const seconds = (Date.now() - started) / 1000;
const t = summary.total;
console.log(
  `generated suites: ${t.killedGenerated}/${t.measured} killed (${summary.generatedRate.toFixed(1)} %); ${generatedOnly ? 'all tests: not run (--generated-only)' : `all tests: ${t.killedAll}/${t.measured} (${summary.allRate.toFixed(1)} %)`}; ${t.mutants} mutants in ${seconds.toFixed(0)} s`,
);
const outDir = join(ROOT, 'coverage');
mkdirSync(outDir, { recursive: true });
writeFileSync(
  join(outDir, 'source-mutation.json'),
  `${JSON.stringify({ dir: values.dir, seconds, ...summary, results }, null, 2)}\n`,
);
const gate = sourceMutationGate(summary, {
  generated: Number(values['min-generated']),
  all: generatedOnly ? 0 : Number(values['min-all']),
});
for (const reason of gate.reasons) console.error(reason);
process.exitCode = gate.code;
