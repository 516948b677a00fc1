/**
 * `npm run charts`: writes docs/statecharts/<id>.{mmd,scxml,json,svg} for every machine in src/machines/registry.ts,
 * index.html and the explorer (explorer.html) with its data: coverage.json (the model check and the oracle check of
 * every chart, about two minutes) and spec-lines.json (the spec's lines, recorded for clones without the spec). It
 * removes chart files of machines no longer registered. `--keep-coverage` reuses the committed coverage.json (for a
 * change of titles or layout only). tests/machines/charts.test.ts fails when the committed files differ from what
 * this writes; the model and oracle tests fail when coverage.json differs from what they measure.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { machineRegistry } from '../src/machines/registry';
import { chartOracles } from '../tests/machines/oracles';
import { checkMachineModel } from '../tests/support/model-check';
import { registeredModels } from '../tests/support/model-registry';
import { checkAgainstOracle } from '../tests/support/oracle-check';
import {
  COVERAGE_FILE,
  type CoverageFile,
  coverageText,
  loadCoverage,
  modelCoverageData,
  oracleCoverageData,
} from './lib/chart-coverage';
import {
  CHART_DATA_FILES,
  CHART_EXTENSIONS,
  committedExplorerSources,
  renderChartFiles,
} from './lib/chart-files';
import { loadChartTitles } from './lib/chart-titles';
import { parseSpec, SPEC_FILE, SPEC_RECORD, specLinesText } from './lib/spec-lines';

const dir = join(import.meta.dirname, '..', 'docs', 'statecharts');
await mkdir(dir, { recursive: true });

if (existsSync(SPEC_FILE))
  await writeFile(SPEC_RECORD, specLinesText(parseSpec(readFileSync(SPEC_FILE, 'utf8'))));
else console.log('the spec is not beside the repository (../shared/spec): spec-lines.json kept as recorded');

if (process.argv.includes('--keep-coverage')) {
  console.log('coverage.json kept as committed');
} else {
  const started = performance.now();
  const coverage: Record<string, CoverageFile[string]> = {};
  for (const { entry, test } of registeredModels()) {
    const oracle = chartOracles[entry.id];
    coverage[entry.id] = {
      model: modelCoverageData(entry.machine, checkMachineModel(entry.machine, test), test),
      oracle: oracle ? oracleCoverageData(checkAgainstOracle(entry.machine, oracle, test)) : null,
    };
  }
  await writeFile(COVERAGE_FILE, coverageText(coverage));
  console.log(
    `coverage.json: ${Object.keys(coverage).length} charts in ${Math.round((performance.now() - started) / 1000)} s`,
  );
}
if (Object.keys(loadCoverage()).length === 0) console.log('no coverage.json: the explorer shows no coverage');

const files = await renderChartFiles(machineRegistry, loadChartTitles, await committedExplorerSources());
for (const [name, content] of files) await writeFile(join(dir, name), content);
const extensions = new Set<string>(CHART_EXTENSIONS);
const kept = new Set<string>(CHART_DATA_FILES);
for (const name of await readdir(dir)) {
  const ext = name.split('.').pop() ?? '';
  if (extensions.has(ext) && !files.has(name) && !kept.has(name)) {
    await rm(join(dir, name));
    console.log(`removed ${name}`);
  }
}
console.log(
  `wrote ${files.size} files to docs/statecharts for ${machineRegistry.map((e) => e.id).join(', ')}`,
);
