import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { i18nParts } from './scripts/lib/i18n-parts.vite.ts';

/** Whether a test file asks for jsdom (its `@vitest-environment` comment) rather than the configured node. */
function runsInJsdom(file: string): boolean {
  return /@vitest-environment\s+jsdom\b/.test(readFileSync(file, 'utf8'));
}

/**
 * Vitest's order (the slowest files of the last run first, else the largest), with the chart suites of
 * tests/machines ahead of the rest: they walk whole charts and take minutes each (some while collecting, so the last
 * run's test times call them fast), and one of them started last kept a worker busy alone for minutes at the end.
 *
 * Then the files are grouped by environment, node before jsdom: a worker is kept for the next file only when that
 * file's environment is the same (vitest's pool), else it is stopped and a new one forked, which evaluates the app's
 * modules and jsdom again. Interleaved node and jsdom files restarted workers about once every two files.
 */
class ChartSuitesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const charts = (f: TestSpecification) => /[\\/]tests[\\/]machines[\\/]/.test(f.moduleId);
    const jsdom = new Set(sorted.filter((f) => runsInJsdom(f.moduleId)));
    const node = sorted.filter((f) => !jsdom.has(f));
    return [
      ...node.filter(charts),
      ...node.filter((f) => !charts(f)),
      ...sorted.filter((f) => jsdom.has(f) && charts(f)),
      ...sorted.filter((f) => jsdom.has(f) && !charts(f)),
    ];
  }
}

export default defineConfig({
  plugins: [i18nParts],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    setupFiles: ['tests/support/console-guard.setup.ts', 'tests/support/i18n.setup.ts'],
    // two workers share the two cores, so a heavy test takes up to twice its time alone: the limit catches a hang
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Every core: vitest's default takes all but one, which on the two-core CI machine is one worker for 233 files.
    maxWorkers: '100%',
    // A worker keeps the modules it has evaluated from one test file to the next instead of evaluating the app again
    // for each (the suite's largest cost after the tests themselves). So a test file does not replace modules
    // (`vi.mock`): what it swaps, it passes in (the actors take their dependencies), and what it changes for all
    // (a spy on the console, the language) it gives back; i18n.setup.ts sets the language again for every file.
    isolate: false,
    sequence: { sequencer: ChartSuitesFirst },
  },
});
