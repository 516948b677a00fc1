/**
 * `npm run mutation`: seeds bugs into every registered chart (an inverted guard, a wrong but reachable target, a
 * removed transition, dropped transition or entry actions, a wrong invoke input: tests/support/mutants.ts) and runs
 * the generated suite — every edge of the explored graph checked against the chart's hand-written oracle — once
 * per mutant. Prints the kill rate per chart and overall, lists the survivors, writes coverage/mutation.json.
 *
 * Options: `--chart <id>` (repeatable) limits the charts; `--sample <n>` takes every n-th mutant (quick runs on a
 * shared machine); `--min <percent>` exits 1 below that overall kill rate (default 90).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chartOracles } from '../tests/machines/oracles';
import { registeredModels } from '../tests/support/model-registry';
import { enumerateMutants } from '../tests/support/mutants';
import { checkAgainstOracle } from '../tests/support/oracle-check';

const { values } = parseArgs({
  options: {
    chart: { type: 'string', multiple: true },
    sample: { type: 'string', default: '1' },
    min: { type: 'string', default: '90' },
  },
});
const sample = Math.max(1, Number(values.sample));
const started = Date.now();

interface ChartResult {
  chart: string;
  mutants: number;
  killed: number;
  survivors: string[];
  seconds: number;
}

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
  for (const m of mutants) {
    const { failures } = checkAgainstOracle(entry.machine, oracle, test, {
      mutate: m.apply,
      stopAtFirst: true,
    });
    if (failures.length === 0) survivors.push(`${m.kind} ${m.where}`);
  }
  const r = {
    chart: entry.id,
    mutants: mutants.length,
    killed: mutants.length - survivors.length,
    survivors,
    seconds: (Date.now() - t0) / 1000,
  };
  results.push(r);
  const pct = r.mutants === 0 ? 100 : (100 * r.killed) / r.mutants;
  console.log(
    `${r.chart.padEnd(14)} ${r.killed}/${r.mutants} killed (${pct.toFixed(1)} %) in ${r.seconds.toFixed(1)} s`,
  );
  for (const s of survivors) console.log(`  survived: ${s}`);
}

const total = results.reduce((a, r) => a + r.mutants, 0);
const killed = results.reduce((a, r) => a + r.killed, 0);
const rate = total === 0 ? 100 : (100 * killed) / total;
const seconds = (Date.now() - started) / 1000;
console.log(
  `overall: ${killed}/${total} killed by the generated suites (${rate.toFixed(1)} %) in ${seconds.toFixed(0)} s`,
);
const dir = join(import.meta.dirname, '..', 'coverage');
await mkdir(dir, { recursive: true });
await writeFile(
  join(dir, 'mutation.json'),
  `${JSON.stringify({ sample, seconds, killed, total, results }, null, 2)}\n`,
);
if (rate < Number(values.min)) {
  console.error(`kill rate ${rate.toFixed(1)} % is below ${values.min} %`);
  process.exitCode = 1;
}
