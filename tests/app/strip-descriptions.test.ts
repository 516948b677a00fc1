import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '@/machines/registry';

/**
 * The build drops the charts' prose from the bundle (scripts/lib/strip-descriptions.cjs, decisions LB11, LB15): the
 * `description` texts and the `view` and `title` texts of states' `meta`, exactly those, and nothing else of a chart's
 * source; a state's `meta.testId` goes too, except in the charts whose selectors read it (decisions LB16).
 */
const { stripDescriptions, readsOwnMeta } = createRequire(import.meta.url)(
  '../../scripts/lib/strip-descriptions.cjs',
) as {
  stripDescriptions: (
    source: string,
    fileName?: string,
    keepTestIds?: boolean,
  ) => { code: string; removed: number };
  readsOwnMeta: (path: string) => boolean;
};

const MACHINES = 'src/machines';
const chartFiles = readdirSync(MACHINES)
  .filter((f) => f.endsWith('.machine.ts'))
  .map((f) => join(MACHINES, f));

/** The prose a chart holds, counted in its config as XState reads it (states and transitions): descriptions, and
 *  the `view` and `title` texts of meta. */
function proseOf(config: unknown, inMeta = false): number {
  if (Array.isArray(config)) return config.reduce((n: number, item) => n + proseOf(item), 0);
  if (config === null || typeof config !== 'object') return 0;
  return Object.entries(config).reduce((n, [key, value]) => {
    const prose = key === 'description' || (inMeta && (key === 'view' || key === 'title'));
    return n + (prose && typeof value === 'string' ? 1 : proseOf(value, key === 'meta'));
  }, 0);
}

/** The `meta.testId`s a chart holds. */
function testIdsOf(config: unknown, inMeta = false): string[] {
  if (Array.isArray(config)) return config.flatMap((item) => testIdsOf(item));
  if (config === null || typeof config !== 'object') return [];
  return Object.entries(config).flatMap(([key, value]) =>
    inMeta && key === 'testId' && typeof value === 'string' ? [value] : testIdsOf(value, key === 'meta'),
  );
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

function syntaxErrors(code: string): number {
  const out = ts.transpileModule(code, {
    reportDiagnostics: true,
    compilerOptions: { module: ts.ModuleKind.ESNext },
  });
  return out.diagnostics?.length ?? 0;
}

describe('the bundle carries no chart prose', () => {
  it('cuts string descriptions only, with their commas', () => {
    const source = [
      'const a = {',
      "  description: 'one',",
      "  id: 'x',",
      "  on: { go: { target: 'b', description: 'two' + ` three` } },",
      '  states: { b: { description: `four`, meta: { view: "v" } } },',
      "  c: { meta: { 'view': 'seven', testId: 'c-id', title: `eight` }, view: 'not meta' },",
      "  d: { meta: { view: someText, title: 'x' + name }, other: { meta: helper({ view: 'nine' }) } },",
      '  kept: { description: someText, other: { description: null } },',
      "  computed: { ['description']: 'five' },",
      "  quoted: { 'description': 'six' }",
      '};',
    ].join('\n');
    const { code, removed } = stripDescriptions(source);
    expect(removed).toBe(7);
    // the cut leaves the whitespace around it, which the minifier drops
    expect(code.split('\n')).toEqual([
      'const a = {',
      '  ',
      "  id: 'x',",
      "  on: { go: { target: 'b',  } },",
      '  states: { b: {  meta: {  } } },',
      "  c: { meta: {  testId: 'c-id',  }, view: 'not meta' },",
      "  d: { meta: { view: someText, title: 'x' + name }, other: { meta: helper({ view: 'nine' }) } },",
      '  kept: { description: someText, other: { description: null } },',
      "  computed: { ['description']: 'five' },",
      '  quoted: {  }',
      '};',
    ]);
  });

  it('removes exactly the prose of the registered charts, and the charts still compile', () => {
    let removed = 0;
    for (const file of chartFiles) {
      const source = readFileSync(file, 'utf8');
      const once = stripDescriptions(source, file);
      removed += once.removed;
      expect(syntaxErrors(once.code), file).toBe(0);
      // nothing left to cut: all the prose went in one pass
      expect(stripDescriptions(once.code, file).removed, file).toBe(0);
      // every test id is still there when asked to keep them
      const ids = [...source.matchAll(/testId: '([^']+)'/g)].map((m) => m[1]);
      for (const id of ids) expect(once.code, file).toContain(`testId: '${id}'`);
    }
    const registered = machineRegistry.reduce((n, entry) => n + proseOf(entry.machine.config), 0);
    expect(registered).toBeGreaterThan(500);
    expect(machineRegistry.flatMap((entry) => testIdsOf(entry.machine.config)).length).toBeGreaterThan(100);
    expect(removed).toBe(registered);
  });

  it('removes the test ids too, but of the charts whose selectors read them at run time', () => {
    const keeping = chartFiles.filter(readsOwnMeta).map((f) => f.replace(`${MACHINES}/`, ''));
    expect(keeping).toEqual(['block-restore.machine.ts', 'signing.machine.ts']);
    let seen = 0;
    for (const file of chartFiles) {
      const source = readFileSync(file, 'utf8');
      const { code } = stripDescriptions(source, file, readsOwnMeta(file));
      const ids = [...source.matchAll(/testId: '([^']+)'/g)].map((m) => m[1]);
      seen += ids.length;
      for (const id of ids)
        if (readsOwnMeta(file)) expect(code, file).toContain(`testId: '${id}'`);
        else expect(code, file).not.toContain(`testId: '${id}'`);
      expect(syntaxErrors(code), file).toBe(0);
    }
    expect(seen).toBeGreaterThan(100);
    // the rule sees every reader: outside the charts' selectors, only state-path.ts calls getMeta (for `view`)
    const readers = filesUnder('src').filter(
      (f) => /\.tsx?$/.test(f) && readFileSync(f, 'utf8').includes('getMeta('),
    );
    for (const f of readers) expect(f, f).toMatch(/(\.selectors\.ts|state-path\.ts)$/);
    expect(readers.length).toBeGreaterThan(2);
  });

  it('removes the one-line summary of every call of the API contract, and nothing else of it', () => {
    const CONTRACT = 'src/services/contract';
    const files = readdirSync(CONTRACT)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(CONTRACT, f));
    let calls = 0;
    let removed = 0;
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      calls += source.match(/defineEndpoint\(\{/g)?.length ?? 0;
      const once = stripDescriptions(source, file);
      removed += once.removed;
      expect(syntaxErrors(once.code), file).toBe(0);
      expect(once.code, file).not.toMatch(/summary:\s*['"`]/);
      // the definitions keep their paths
      const paths = [...source.matchAll(/path: '([^']+)'/g)].map((m) => m[1]);
      for (const path of paths) expect(once.code, file).toContain(`path: '${path}'`);
    }
    expect(calls).toBeGreaterThan(50);
    expect(removed).toBe(calls);
    // only a summary in a definition goes: an object's own `summary` field elsewhere stays
    const { code } = stripDescriptions(
      "const a = { summary: 'kept' }; defineEndpoint({ path: 'x', summary: 'cut' });",
    );
    expect(code).toContain("summary: 'kept'");
    expect(code).not.toContain("'cut'");
  });
});
