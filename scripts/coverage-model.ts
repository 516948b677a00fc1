/**
 * `npm run coverage:model`: for every registered machine
 * 1. generates the model paths, replays them on real actors and measures states, transition definitions, transition
 *    pairs walked by those paths (informative) and guard outcomes per guard name;
 * 2. sends every event from every explored snapshot, walks every transition pair the explored graph makes possible,
 *    and checks each step against the chart's hand-written oracle (tests/machines/oracles), measuring graph edges,
 *    guard outcomes per place of use and transition pairs walked by an oracle-checked path.
 * Prints the figures and what is uncovered, writes coverage/model.json, and exits 1 when a replay or an oracle step
 * fails, when states, transition definitions, graph edges or guard outcomes per use are under 100 %, or when the
 * oracle-checked transition pairs are under PAIR_MIN of the possible ones.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chartOracles } from '../tests/machines/oracles';
import { type CoverageCount, formatCoverage } from '../tests/support/coverage';
import { checkMachineModel } from '../tests/support/model-check';
import { registeredModels } from '../tests/support/model-registry';
import { checkAgainstOracle } from '../tests/support/oracle-check';

/** Transition pairs (t1 directly followed by t2) an oracle-checked path must walk, in % of those the explored graph
 *  makes possible (a pair outside the explored graph is not possible; nothing leaves a final state). */
export const PAIR_MIN = 90;
const pct = (c: CoverageCount) => (c.total === 0 ? 100 : Math.round((c.covered / c.total) * 1000) / 10);
const line = (label: string, k: CoverageCount) =>
  `  ${label.padEnd(18)} ${k.covered}/${k.total} (${pct(k)} %)`;

const reports = registeredModels().map(({ entry, test }) => {
  const model = checkMachineModel(entry.machine, test).coverage;
  const oracle = chartOracles[entry.id];
  const checked = oracle
    ? checkAgainstOracle(entry.machine, oracle, test)
    : {
        failures: [`no oracle table for ${entry.id} in tests/machines/oracles`],
        paths: 0,
        steps: 0,
        edges: { covered: 0, total: 1, uncovered: ['(no oracle)'] },
        rawEdges: 0,
        guardUses: { covered: 0, total: 1, uncovered: ['(no oracle)'] },
        pairs: { covered: 0, total: 0, uncovered: [] },
      };
  const ok =
    model.ok &&
    checked.failures.length === 0 &&
    checked.edges.uncovered.length === 0 &&
    checked.guardUses.uncovered.length === 0 &&
    pct(checked.pairs) >= PAIR_MIN;
  const text = [
    formatCoverage({ ...model, ok }),
    `${line('graph edges', checked.edges)} classes of ${checked.rawEdges} (snapshot, event) pairs`,
    line('guard uses', checked.guardUses),
    `${line('pairs (oracle)', checked.pairs)} (at least ${PAIR_MIN} %)`,
    `  oracle paths       ${checked.paths} paths, ${checked.steps} steps`,
    ...checked.edges.uncovered.slice(0, 20).map((e) => `  unsent edge: ${e}`),
    ...checked.guardUses.uncovered.map((g) => `  unseen guard outcome at: ${g}`),
    ...checked.failures.slice(0, 20).map((f) => `  oracle mismatch: ${f}`),
  ].join('\n');
  return { id: entry.id, ok, text, model, oracle: checked };
});
for (const r of reports) console.log(r.text);

const dir = join(import.meta.dirname, '..', 'coverage');
await mkdir(dir, { recursive: true });
await writeFile(
  join(dir, 'model.json'),
  `${JSON.stringify(
    {
      machines: reports.map((r) => ({
        ...r.model,
        ok: r.ok,
        graphEdges: r.oracle.edges,
        rawGraphEdges: r.oracle.rawEdges,
        guardUses: r.oracle.guardUses,
        oracleTransitionPairs: { covered: r.oracle.pairs.covered, total: r.oracle.pairs.total },
        oraclePaths: r.oracle.paths,
        oracleSteps: r.oracle.steps,
        oracleFailures: r.oracle.failures,
      })),
    },
    null,
    2,
  )}\n`,
);
console.log(`wrote coverage/model.json (${reports.length} machines)`);

const failing = reports.filter((r) => !r.ok).map((r) => r.id);
if (failing.length > 0) {
  console.error(`model coverage incomplete: ${failing.join(', ')}`);
  process.exitCode = 1;
}
