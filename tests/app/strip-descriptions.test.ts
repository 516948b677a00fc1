import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '@/machines/registry';

/**
 * The build drops the charts' `description` texts from the bundle (scripts/lib/strip-descriptions.cjs, decisions
 * LB11): exactly those, and nothing else of a chart's source.
 */
const { stripDescriptions } = createRequire(import.meta.url)('../../scripts/lib/strip-descriptions.cjs') as {
  stripDescriptions: (source: string, fileName?: string) => { code: string; removed: number };
};

const MACHINES = 'src/machines';
const chartFiles = readdirSync(MACHINES)
  .filter((f) => f.endsWith('.machine.ts'))
  .map((f) => join(MACHINES, f));

/** The descriptions a chart holds, counted in its config as XState reads it (states and transitions). */
function descriptionsOf(config: unknown): number {
  if (Array.isArray(config)) return config.reduce((n: number, item) => n + descriptionsOf(item), 0);
  if (config === null || typeof config !== 'object') return 0;
  return Object.entries(config).reduce(
    (n, [key, value]) => n + (key === 'description' && typeof value === 'string' ? 1 : descriptionsOf(value)),
    0,
  );
}

function syntaxErrors(code: string): number {
  const out = ts.transpileModule(code, {
    reportDiagnostics: true,
    compilerOptions: { module: ts.ModuleKind.ESNext },
  });
  return out.diagnostics?.length ?? 0;
}

describe('the bundle carries no chart description', () => {
  it('cuts string descriptions only, with their commas', () => {
    const source = [
      'const a = {',
      "  description: 'one',",
      "  id: 'x',",
      "  on: { go: { target: 'b', description: 'two' + ` three` } },",
      '  states: { b: { description: `four`, meta: { view: "v" } } },',
      '  kept: { description: someText, other: { description: null } },',
      "  computed: { ['description']: 'five' },",
      "  quoted: { 'description': 'six' }",
      '};',
    ].join('\n');
    const { code, removed } = stripDescriptions(source);
    expect(removed).toBe(4);
    // the cut leaves the whitespace around it, which the minifier drops
    expect(code.split('\n')).toEqual([
      'const a = {',
      '  ',
      "  id: 'x',",
      "  on: { go: { target: 'b',  } },",
      '  states: { b: {  meta: { view: "v" } } },',
      '  kept: { description: someText, other: { description: null } },',
      "  computed: { ['description']: 'five' },",
      '  quoted: {  }',
      '};',
    ]);
  });

  it('removes exactly the descriptions of the registered charts, and the charts still compile', () => {
    let removed = 0;
    for (const file of chartFiles) {
      const source = readFileSync(file, 'utf8');
      const once = stripDescriptions(source, file);
      removed += once.removed;
      expect(syntaxErrors(once.code), file).toBe(0);
      // nothing left to cut: every description went in one pass
      expect(stripDescriptions(once.code, file).removed, file).toBe(0);
    }
    const registered = machineRegistry.reduce((n, entry) => n + descriptionsOf(entry.machine.config), 0);
    expect(registered).toBeGreaterThan(200);
    expect(removed).toBe(registered);
  });
});
