/**
 * `npm run mutation`: seeds bugs into every registered chart (an inverted guard, a wrong but reachable target, a
 * removed transition, dropped transition or entry actions, a wrong invoke input, one input field made wrong, one
 * assigned key dropped or left raw, a guard always true or reading the first of its lists, a delay changed:
 * tests/support/mutants.ts) and runs the generated suite — every edge of the explored graph checked against the
 * chart's hand-written oracle — once per mutant. Prints the kill rate per chart, per kind and overall, lists the
 * survivors, writes coverage/mutation.json.
 *
 * Then the views' half (scripts/lib/view-mutation.ts): bugs seeded into the views' state rendering (a condition read
 * the other way round, a control enabled while busy, another text, a handler that does nothing), each run against the
 * generated view walks and, for the ones they miss, the hand-written view tests.
 *
 * Options: `--chart <id>` (repeatable) limits the charts; `--sample <n>` takes every n-th chart mutant (quick runs on
 * a shared machine); `--views-cap <n>` mutants per view folder, spread over the kinds (default 4); `--views <folder
 * part>` (repeatable) limits the view folders; `--no-views` / `--views-only` run one half; `--kind <kind>` (repeatable)
 * limits the chart mutants' kinds; `--min <percent>` is the gate (default 90).
 *
 * Exit code (scripts/lib/mutation-gate.ts): 0 when every half asked for ran and the overall kill rate is at least
 * `--min`; 1 when the rate is below; 2 when a half did not finish or a view folder was not measured.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chartOracles } from '../tests/machines/oracles';
import { registeredModels } from '../tests/support/model-registry';
import { enumerateMutants, MUTANT_KINDS, type MutantKind, observeChart } from '../tests/support/mutants';
import { checkAgainstOracle } from '../tests/support/oracle-check';
import { mutationGate } from './lib/mutation-gate';
import { runViewMutation, type ViewFolderResult } from './lib/view-mutation';

const { values } = parseArgs({
  options: {
    chart: { type: 'string', multiple: true },
    kind: { type: 'string', multiple: true },
    sample: { type: 'string', default: '1' },
    min: { type: 'string', default: '90' },
    'views-cap': { type: 'string', default: '4' },
    views: { type: 'string', multiple: true },
    'no-views': { type: 'boolean', default: false },
    'views-only': { type: 'boolean', default: false },
    'explore-each': { type: 'boolean', default: false },
    serial: { type: 'boolean', default: false },
    'charts-json': { type: 'string' },
  },
});
const sample = Math.max(1, Number(values.sample));
const started = Date.now();
for (const k of values.kind ?? []) {
  if (!MUTANT_KINDS.includes(k as MutantKind))
    throw new Error(`unknown kind ${k}: ${MUTANT_KINDS.join(', ')}`);
}

/** Mutants of one kind in one chart (or all charts): how many, how many killed, and of the survivors how many were
 *  never active on the explored graph or are equivalent. */
interface KindCount {
  mutants: number;
  killed: number;
  inactive: number;
  equivalent: number;
}
type ByKind = Partial<Record<MutantKind, KindCount>>;

interface ChartResult {
  chart: string;
  mutants: number;
  killed: number;
  /** Killed by replaying the unmutated chart's generated paths (the rest were explored on their own). */
  killedByReplay: number;
  /** Survivors that provably cannot change behaviour (see `Mutant.equivalent`). */
  equivalent: number;
  /** Survivors whose change made no difference on any step of the unmutated chart's explored graph (not run). */
  inactive: number;
  byKind: ByKind;
  survivors: string[];
  seconds: number;
}

const addKind = (by: ByKind, kind: MutantKind, c: Partial<KindCount>) => {
  const k = by[kind] ?? { mutants: 0, killed: 0, inactive: 0, equivalent: 0 };
  k.mutants += c.mutants ?? 0;
  k.killed += c.killed ?? 0;
  k.inactive += c.inactive ?? 0;
  k.equivalent += c.equivalent ?? 0;
  by[kind] = k;
};
const showKinds = (by: ByKind) =>
  MUTANT_KINDS.filter((k) => by[k])
    .map((k) => {
      const c = by[k] as KindCount;
      return `${k} ${c.killed}/${c.mutants}${c.inactive ? ` (${c.inactive} inactive)` : ''}`;
    })
    .join(', ');

function runCharts(): ChartResult[] {
  const results: ChartResult[] = [];
  for (const { entry, test } of registeredModels()) {
    if (values.chart && !values.chart.includes(entry.id)) continue;
    const oracle = chartOracles[entry.id];
    if (!oracle) throw new Error(`chart ${entry.id} has no oracle (tests/machines/oracles)`);
    const t0 = Date.now();
    // the baseline run also observes the fields, keys and guard outcomes the finer mutants are built from; the
    // observer changes nothing
    const observer = observeChart();
    const baseline = checkAgainstOracle(entry.machine, oracle, test, { mutate: observer.mutate });
    if (baseline.failures.length > 0) {
      throw new Error(
        `${entry.id}: the unmutated chart fails its oracle:\n${baseline.failures.slice(0, 3).join('\n')}`,
      );
    }
    const mutants = enumerateMutants(entry.machine, observer.result())
      .filter((m) => !values.kind || values.kind.includes(m.kind))
      .filter((_, i) => i % sample === 0);
    const survivors: string[] = [];
    const equivalent: string[] = [];
    const byKind: ByKind = {};
    let killedByReplay = 0;
    let inactive = 0;
    for (const m of mutants) {
      addKind(byKind, m.kind, { mutants: 1 });
      if (m.inactive) {
        // it changes nothing on any explored step: the generated suite provably cannot kill it
        inactive++;
        addKind(byKind, m.kind, { inactive: 1 });
        survivors.push(`${m.kind} ${m.where} (inactive: no explored step shows the change)`);
        continue;
      }
      // exploring a chart costs 10-40 times more than replaying its paths: the unmutated chart's generated paths are
      // tried first, and only a mutant they do not kill is explored and checked on its own generated paths
      if (!values['explore-each']) {
        const quick = checkAgainstOracle(entry.machine, oracle, test, {
          mutate: m.apply,
          stopAtFirst: true,
          replayOnly: baseline.eventPaths,
        });
        if (quick.failures.length > 0) {
          killedByReplay++;
          addKind(byKind, m.kind, { killed: 1 });
          continue;
        }
      }
      const { failures } = checkAgainstOracle(entry.machine, oracle, test, {
        mutate: m.apply,
        stopAtFirst: true,
      });
      if (failures.length === 0) {
        survivors.push(`${m.kind} ${m.where}${m.equivalent ? ` (equivalent: ${m.equivalent})` : ''}`);
        if (m.equivalent) {
          equivalent.push(`${m.kind} ${m.where}`);
          addKind(byKind, m.kind, { equivalent: 1 });
        }
      } else addKind(byKind, m.kind, { killed: 1 });
    }
    const r = {
      chart: entry.id,
      mutants: mutants.length,
      killed: mutants.length - survivors.length,
      killedByReplay,
      equivalent: equivalent.length,
      inactive,
      byKind,
      survivors,
      seconds: (Date.now() - t0) / 1000,
    };
    results.push(r);
    const pct = r.mutants === 0 ? 100 : (100 * r.killed) / r.mutants;
    console.log(
      `${r.chart.padEnd(14)} ${r.killed}/${r.mutants} killed (${pct.toFixed(1)} %; ${r.killedByReplay} by the unmutated chart's paths, ${r.equivalent} survivors equivalent, ${r.inactive} inactive) in ${r.seconds.toFixed(1)} s`,
    );
    console.log(`  by kind: ${showKinds(byKind)}`);
    for (const s of survivors) console.log(`  survived: ${s}`);
  }
  return results;
}

/**
 * The charts' half in a child process (`--charts-json <file>`), so that it runs on the second core while this process
 * drives vitest through the views' half; `--serial` runs both halves here, one after the other.
 */
function chartsInChild(): Promise<ChartResult[]> {
  const file = join(tmpdir(), `mutation-charts-${process.pid}.json`);
  const args = [
    ...process.execArgv,
    fileURLToPath(import.meta.url),
    '--no-views',
    '--charts-json',
    file,
    '--sample',
    String(sample),
    '--min',
    '0',
    ...(values['explore-each'] ? ['--explore-each'] : []),
    ...(values.chart ?? []).flatMap((c) => ['--chart', c]),
    ...(values.kind ?? []).flatMap((k) => ['--kind', k]),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`the charts' half exited with ${code}`));
      else readFile(file, 'utf8').then((text) => resolve(JSON.parse(text) as ChartResult[]), reject);
    });
  });
}

if (values['charts-json']) {
  await writeFile(values['charts-json'], JSON.stringify(runCharts()));
  process.exit(0);
}
const bothHalves = !values['views-only'] && !values['no-views'];
const failedHalves: string[] = [];
/** A half that throws is reported and counted as not run, so the other half's figures are still printed. */
const settle = async <T>(half: string, run: () => Promise<T>, none: T): Promise<T> => {
  try {
    return await run();
  } catch (err) {
    failedHalves.push(half);
    console.error(`${half} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return none;
  }
};
const chartsDone: Promise<ChartResult[]> = values['views-only']
  ? Promise.resolve([])
  : bothHalves && !values.serial
    ? settle("the charts' half", chartsInChild, [])
    : bothHalves
      ? Promise.resolve([]) // --serial: after the views' half, below
      : settle("the charts' half", async () => runCharts(), []);

const views: ViewFolderResult[] = values['no-views']
  ? []
  : await settle(
      "the views' half",
      () =>
        runViewMutation({
          cap: Math.max(1, Number(values['views-cap'])),
          only: values.views,
          log: (line) => console.log(line),
        }),
      [],
    );
const results =
  bothHalves && values.serial
    ? await settle("the charts' half", async () => runCharts(), [])
    : await chartsDone;

const chartTotal = results.reduce((a, r) => a + r.mutants, 0);
const chartKilled = results.reduce((a, r) => a + r.killed, 0);
const viewTotal = views.reduce((a, r) => a + r.mutants, 0);
const viewGenerated = views.reduce((a, r) => a + r.killedByGenerated, 0);
const viewAll = views.reduce((a, r) => a + r.killedByAll, 0);
const total = chartTotal + viewTotal;
// the chart mutants are run against the generated suite only: what it kills is a lower bound for all the tests
const killedGenerated = chartKilled + viewGenerated;
const killed = chartKilled + viewAll;
const pct = (n: number) => (total === 0 ? 100 : (100 * n) / total);
const seconds = (Date.now() - started) / 1000;
const byKind: ByKind = {};
for (const r of results) {
  for (const [k, c] of Object.entries(r.byKind)) addKind(byKind, k as MutantKind, c);
}
if (results.length > 0) {
  // one row per chart, one column per kind present: killed/seeded
  const kinds = MUTANT_KINDS.filter((k) => byKind[k]);
  const cell = (c: KindCount | undefined) => (c ? `${c.killed}/${c.mutants}` : '-');
  console.log(['chart'.padEnd(18), ...kinds.map((k) => k.padStart(18))].join(''));
  for (const r of results) {
    console.log([r.chart.padEnd(18), ...kinds.map((k) => cell(r.byKind[k]).padStart(18))].join(''));
  }
  console.log('chart mutants by kind (killed / seeded; inactive = never differs on an explored step):');
  for (const k of MUTANT_KINDS) {
    const c = byKind[k];
    if (!c) continue;
    const rate = c.mutants === 0 ? 100 : (100 * c.killed) / c.mutants;
    console.log(
      `  ${k.padEnd(16)} ${`${c.killed}/${c.mutants}`.padStart(9)} (${rate.toFixed(1)} %)  inactive ${c.inactive}, equivalent ${c.equivalent}`,
    );
  }
}
console.log(
  `charts: ${chartKilled}/${chartTotal} killed by the generated suites; views: ${viewGenerated}/${viewTotal} by the generated view walks, ${viewAll}/${viewTotal} with the hand-written view tests`,
);
console.log(
  `overall: ${killed}/${total} killed (${pct(killed).toFixed(1)} %), ${killedGenerated}/${total} by the generated suites alone (${pct(killedGenerated).toFixed(1)} %) in ${seconds.toFixed(0)} s`,
);
const dir = join(import.meta.dirname, '..', 'coverage');
await mkdir(dir, { recursive: true });
await writeFile(
  join(dir, 'mutation.json'),
  `${JSON.stringify({ sample, seconds, killed, killedGenerated, total, byKind, results, views }, null, 2)}\n`,
);
const gate = mutationGate({
  failedHalves,
  notMeasured: views.filter((v) => v.notMeasured).map((v) => v.folder),
  killed,
  total,
  min: Number(values.min),
});
for (const reason of gate.reasons) console.error(reason);
// set last: vitest sets process.exitCode = 1 after every run with a failing test, i.e. after every killed view mutant
process.exitCode = gate.code;
