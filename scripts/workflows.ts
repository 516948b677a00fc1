/**
 * `npm run workflows`: writes the lists derived from the areas' manifests (src/app/<area>.workflow.ts) — the chart
 * registry, the page logic's type and composition, the tests' page charts, model-test entries and oracles' index, the
 * message parts' key lists and the server's page of each call (scripts/lib/workflow-index.ts, decisions AR19, AR24) — and the API client's endpoint table loaded one slice per task,
 * from the slices of src/services/contract/endpoints.ts (scripts/lib/endpoint-table.ts, LB19).
 * tests/app/workflow-manifests.test.ts and tests/services/endpoint-table.test.ts fail when the committed files differ
 * from what this writes.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ENDPOINT_TABLE, ENDPOINTS_SOURCE, renderEndpointTable } from './lib/endpoint-table';
import { loadManifests, ROOT, renderWorkflowIndex } from './lib/workflow-index';

const manifests = await loadManifests();
const files = renderWorkflowIndex(manifests);
files.set(ENDPOINT_TABLE, renderEndpointTable(await readFile(join(ROOT, ENDPOINTS_SOURCE), 'utf8')));
let changed = 0;
for (const [path, text] of files) {
  const target = join(ROOT, path);
  const old = await readFile(target, 'utf8').catch(() => '');
  if (old === text) continue;
  await writeFile(target, text);
  changed += 1;
  console.log(`wrote ${path}`);
}
console.log(
  `${manifests.length} manifests, ${manifests.reduce((n, m) => n + m.charts.length, 0)} charts: ` +
    `${changed} of ${files.size} generated files changed`,
);
