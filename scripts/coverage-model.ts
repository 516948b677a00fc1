/**
 * `npm run coverage:model`: for every registered machine, generates the model paths, replays them on real actors
 * and prints states / transitions / transition pairs / guard outcomes covered, the path count and what is
 * uncovered; writes coverage/model.json; exits 1 when anything enforced is uncovered or a replay fails.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { formatCoverage } from '../tests/support/coverage';
import { checkMachineModel } from '../tests/support/model-check';
import { registeredModels } from '../tests/support/model-registry';

const reports = registeredModels().map(({ entry, test }) => checkMachineModel(entry.machine, test).coverage);
for (const report of reports) console.log(formatCoverage(report));

const dir = join(import.meta.dirname, '..', 'coverage');
await mkdir(dir, { recursive: true });
await writeFile(join(dir, 'model.json'), `${JSON.stringify({ machines: reports }, null, 2)}\n`);
console.log(`wrote coverage/model.json (${reports.length} machines)`);

const failing = reports.filter((r) => !r.ok).map((r) => r.machineId);
if (failing.length > 0) {
  console.error(`model coverage incomplete: ${failing.join(', ')}`);
  process.exitCode = 1;
}
