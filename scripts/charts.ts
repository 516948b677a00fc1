/**
 * `npm run charts`: writes docs/statecharts/<id>.{mmd,scxml,json,svg} for every machine in src/machines/registry.ts,
 * plus index.html, and removes chart files of machines no longer registered. tests/machines/charts.test.ts fails
 * when the committed files differ from what this writes.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { machineRegistry } from '../src/machines/registry';
import { CHART_EXTENSIONS, renderChartFiles } from './lib/chart-files';

const dir = join(import.meta.dirname, '..', 'docs', 'statecharts');

const files = await renderChartFiles(machineRegistry);
await mkdir(dir, { recursive: true });
for (const [name, content] of files) await writeFile(join(dir, name), content);
const extensions = new Set<string>(CHART_EXTENSIONS);
for (const name of await readdir(dir)) {
  const ext = name.split('.').pop() ?? '';
  if (extensions.has(ext) && !files.has(name)) {
    await rm(join(dir, name));
    console.log(`removed ${name}`);
  }
}
console.log(
  `wrote ${files.size} files to docs/statecharts for ${machineRegistry.map((e) => e.id).join(', ')}`,
);
