/**
 * `npm run mutation`: seeds bugs into every registered chart (an inverted guard, a wrong but reachable target, a
 * removed transition, dropped transition or entry actions, a wrong invoke input: tests/support/mutants.ts) and runs
 * the generated suite — every edge of the explored graph checked against the chart's hand-written oracle — once
 * per mutant. Prints the kill rate per chart and overall, lists the survivors, writes coverage/mutation.json.
 *
 * Then the views' half (scripts/lib/view-mutation.ts): bugs seeded into the views' state rendering (a condition read
 * the other way round, a control enabled while busy, another text, a handler that does nothing), each run against the
 * generated view walks and, for the ones they miss, the hand-written view tests.
 *
 * Options: `--chart <id>` (repeatable) limits the charts; `--sample <n>` takes every n-th chart mutant (quick runs on
 * a shared machine); `--views-cap <n>` mutants per view folder, spread over the kinds (default 4); `--views <folder
 * part>` (repeatable) limits the view folders; `--no-views` / `--views-only` run one half; `--min <percent>` exits 1
 * below that overall kill rate (default 90).
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chartOracles } from '../tests/machines/oracles';
import { registeredModels } from '../tests/support/model-registry';
import { enumerateMutants } from '../tests/support/mutants';
import { checkAgainstOracle } from '../tests/support/oracle-check';
import { runViewMutation, type ViewFolderResult } from './lib/view-mutation';

const { values } = parseArgs({
  options: {
    chart: { type: 'string', multiple: true },
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

interface ChartResult {
  chart: string;
  mutants: number;
  killed: number;
  /** Killed by replaying the unmutated chart's generated paths (the rest were explored on their own). */
  killedByReplay: number;
  /** Survivors that provably cannot change behaviour (see `Mutant.equivalent`). */
  equivalent: number;
  survivors: string[];
  seconds: number;
}

function runCharts(): ChartResult[] {
  const results: ChartResult[] = [];
  for (const { entry, test } of registeredModels()) {
    if (values.chart && !values.chart.includes(entry.id)) continue;
    const oracle = chartOracles[entry.id];
    if (!oracle) throw new Error(`chart ${entry.id} has no oracle (tests/machines/oracles)`);
    const t0 = Date.now();
    const baseline = checkAgainstOracle(entry.machine, oracle, test);
    if (baseline.failures.length > 0) {
      throw new Error(
        `${entry.id}: the unmutated chart fails its oracle:\n${baseline.failures.slice(0, 3).join('\n')}`,
      );
    }
    const mutants = enumerateMutants(entry.machine).filter((_, i) => i % sample === 0);
    const survivors: string[] = [];
    const equivalent: string[] = [];
    let killedByReplay = 0;
    for (const m of mutants) {
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
          continue;
        }
      }
      const { failures } = checkAgainstOracle(entry.machine, oracle, test, {
        mutate: m.apply,
        stopAtFirst: true,
      });
      if (failures.length === 0) {
        survivors.push(`${m.kind} ${m.where}${m.equivalent ? ` (equivalent: ${m.equivalent})` : ''}`);
        if (m.equivalent) equivalent.push(`${m.kind} ${m.where}`);
      }
    }
    const r = {
      chart: entry.id,
      mutants: mutants.length,
      killed: mutants.length - survivors.length,
      killedByReplay,
      equivalent: equivalent.length,
      survivors,
      seconds: (Date.now() - t0) / 1000,
    };
    results.push(r);
    const pct = r.mutants === 0 ? 100 : (100 * r.killed) / r.mutants;
    console.log(
      `${r.chart.padEnd(14)} ${r.killed}/${r.mutants} killed (${pct.toFixed(1)} %; ${r.killedByReplay} by the unmutated chart's paths, ${r.equivalent} survivors equivalent) in ${r.seconds.toFixed(1)} s`,
    );
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
const chartsDone: Promise<ChartResult[]> = values['views-only']
  ? Promise.resolve([])
  : bothHalves && !values.serial
    ? chartsInChild()
    : Promise.resolve(values.serial ? [] : runCharts());

const views: ViewFolderResult[] = values['no-views']
  ? []
  : await runViewMutation({
      cap: Math.max(1, Number(values['views-cap'])),
      only: values.views,
      log: (line) => console.log(line),
    });
const results = bothHalves && values.serial ? runCharts() : await chartsDone;

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
const rate = pct(killed);
const seconds = (Date.now() - started) / 1000;
console.log(
  `charts: ${chartKilled}/${chartTotal} killed by the generated suites; views: ${viewGenerated}/${viewTotal} by the generated view walks, ${viewAll}/${viewTotal} with the hand-written view tests`,
);
console.log(
  `overall: ${killed}/${total} killed (${rate.toFixed(1)} %), ${killedGenerated}/${total} by the generated suites alone (${pct(killedGenerated).toFixed(1)} %) in ${seconds.toFixed(0)} s`,
);
const dir = join(import.meta.dirname, '..', 'coverage');
await mkdir(dir, { recursive: true });
await writeFile(
  join(dir, 'mutation.json'),
  `${JSON.stringify({ sample, seconds, killed, killedGenerated, total, results, views }, null, 2)}\n`,
);
if (rate < Number(values.min)) {
  console.error(`kill rate ${rate.toFixed(1)} % is below ${values.min} %`);
  process.exitCode = 1;
}
