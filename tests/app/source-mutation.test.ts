import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildImportGraph, closure, specifiersOf } from '../../scripts/lib/import-graph';
import {
  applyMutant,
  type ChartSuites,
  checkSelection,
  classifyRun,
  FIRST_STAGE_PATTERN,
  type MutantResult,
  parseMutants,
  planGenerated,
  refuseDuplicateIds,
  sourceMutationGate,
  summarize,
  type VitestJsonReport,
  withPatched,
} from '../../scripts/lib/source-mutants';
import { modelsNamed } from '../support/model-registry';

/**
 * `npm run mutation:source` (scripts/source-mutation.ts) without starting vitest: the patch, the classification of a
 * run from vitest's JSON report (the samples are what vitest 4 writes for each case), the figures and the exit code.
 */

const mutant = { find: 'a', replace: 'b' };

describe('applying a mutant', () => {
  it('replaces the first occurrence by default, the asked one otherwise, and tells the line', () => {
    const text = 'x = a;\ny = a;\nz = a;\n';
    expect(applyMutant(text, mutant)).toEqual({ ok: true, text: 'x = b;\ny = a;\nz = a;\n', line: 1 });
    expect(applyMutant(text, { ...mutant, occurrence: 3 })).toEqual({
      ok: true,
      text: 'x = a;\ny = a;\nz = b;\n',
      line: 3,
    });
  });

  it('counts overlapping occurrences', () => {
    expect(applyMutant('aaa', { find: 'aa', replace: 'X', occurrence: 2 })).toMatchObject({ text: 'aX' });
  });

  it('is stale when find is not there, or not that many times, or changes nothing', () => {
    expect(applyMutant('x = 1', mutant)).toEqual({ ok: false, reason: '"find" is not in the file' });
    expect(applyMutant('a a', { ...mutant, occurrence: 3 })).toEqual({
      ok: false,
      reason: '"find" occurs 2 times, occurrence 3 asked',
    });
    expect(applyMutant('a', { find: 'a', replace: 'a' })).toMatchObject({ ok: false });
  });

  it('writes the file back as it was, after the run and after a run that throws', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'source-mutation-test-'));
    try {
      const file = join(dir, 'f.ts');
      writeFileSync(file, 'original');
      let held: (() => void) | undefined;
      const seen = await withPatched(
        file,
        'mutated',
        async () => readFileSync(file, 'utf8'),
        (r) => {
          held = r;
        },
      );
      expect(seen).toBe('mutated');
      expect(readFileSync(file, 'utf8')).toBe('original');
      expect(held).toBeUndefined();
      await expect(
        withPatched(file, 'mutated', async () => {
          throw new Error('run failed');
        }),
      ).rejects.toThrow('run failed');
      expect(readFileSync(file, 'utf8')).toBe('original');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the mutant files', () => {
  const item = {
    id: 'm1',
    kind: 'guard-inverted',
    file: 'src/machines/debt.machine.ts',
    find: 'a',
    replace: 'b',
    chart: 'debt',
    note: 'n',
  };

  it('reads the format and refuses a malformed item, naming it', () => {
    expect(parseMutants([item, { ...item, id: 'm2', chart: null, occurrence: 2 }], 'f.json')).toHaveLength(2);
    expect(() => parseMutants({}, 'f.json')).toThrow(/f\.json: a JSON array/);
    expect(() => parseMutants([{ ...item, file: 'server/app.ts' }], 'f.json')).toThrow(/f\.json\[0\].*src\//);
    expect(() => parseMutants([{ ...item, occurrence: 0 }], 'f.json')).toThrow(/occurrence/);
    expect(() => parseMutants([{ ...item, chart: 3 }], 'f.json')).toThrow(/chart/);
    expect(() => refuseDuplicateIds(parseMutants([item, item], 'f.json'))).toThrow(/m1/);
  });

  it('every file in tests/mutants/outside parses, with ids used once', () => {
    const dir = 'tests/mutants/outside';
    const all = readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .flatMap((n) => parseMutants(JSON.parse(readFileSync(join(dir, n), 'utf8')), n));
    expect(all.length).toBeGreaterThan(0);
    expect(() => refuseDuplicateIds(all)).not.toThrow();
  });
});

/** A vitest 4 JSON report with the given files. */
const report = (files: VitestJsonReport['testResults']): VitestJsonReport => {
  const tests = files.flatMap((f) => f.assertionResults);
  return {
    numTotalTests: tests.length,
    numFailedTests: tests.filter((t) => t.status === 'failed').length,
    numPassedTests: tests.filter((t) => t.status === 'passed').length,
    testResults: files,
  };
};
const test = (title: string, status: string, ancestor = 'suite') => ({
  ancestorTitles: [ancestor],
  fullName: `${ancestor} ${title}`,
  status,
  failureMessages: status === 'failed' ? ['expected 1 to be 2'] : [],
});

describe('classifying a vitest run', () => {
  it('a failed test with a non-zero exit code kills; under --bail the rest are pending', () => {
    const r = report([
      {
        name: '/s/c.test.ts',
        status: 'failed',
        message: '',
        assertionResults: [test('c1', 'failed'), test('c2', 'pending')],
      },
    ]);
    expect(classifyRun({ exitCode: 1, report: r, output: '' })).toMatchObject({
      outcome: 'killed',
      tests: 1,
      failedFiles: ['/s/c.test.ts'],
    });
  });

  it('a test file that fails to load on a parse error is invalid, not killed', () => {
    const message =
      'Transform failed with 1 error:\n\n[PARSE_ERROR] Unexpected token\n   ╭─[ src/domain/debt.rules.ts:13:30 ]';
    const r = report([{ name: '/s/a.test.ts', status: 'failed', message, assertionResults: [] }]);
    expect(classifyRun({ exitCode: 1, report: r, output: '' }).outcome).toBe('invalid');
  });

  it('a test file that fails to load on a run-time throw of the mutated code kills', () => {
    const r = report([
      { name: '/s/b.test.ts', status: 'failed', message: 'boom at load', assertionResults: [] },
    ]);
    expect(classifyRun({ exitCode: 1, report: r, output: '' }).outcome).toBe('killed');
  });

  it('an unhandled error fails the run without a failed test: killed; another failed run: an error', () => {
    const r = report([
      { name: '/s/e.test.ts', status: 'passed', message: '', assertionResults: [test('e', 'passed')] },
    ]);
    const unhandled = '⎯⎯ Unhandled Errors ⎯⎯\nVitest caught 1 unhandled error during the test run.';
    expect(classifyRun({ exitCode: 1, report: r, output: unhandled }).outcome).toBe('killed');
    expect(classifyRun({ exitCode: 1, report: r, output: 'Killed' }).outcome).toBe('error');
  });

  it('a passing run survives; no report, or no test run, is an error unless no test is allowed', () => {
    const passed = report([
      { name: '/s/d.test.ts', status: 'passed', message: '', assertionResults: [test('d', 'passed')] },
    ]);
    expect(classifyRun({ exitCode: 0, report: passed, output: '' }).outcome).toBe('survived');
    expect(classifyRun({ exitCode: 1, report: null, output: 'crash' }).outcome).toBe('error');
    const none = report([]);
    expect(classifyRun({ exitCode: 0, report: none, output: '' })).toMatchObject({
      outcome: 'error',
      reason: 'no test ran',
    });
    expect(classifyRun({ exitCode: 0, report: none, output: '', allowNoTests: true }).outcome).toBe(
      'survived',
    );
  });
});

describe("the first stage's selection", () => {
  const root = '/scratch';
  const suites = [
    ['tests/machines/oracle-paths.test.ts', 'oracle of'],
    ['tests/machines/model-paths.test.ts', 'model paths of'],
    ['tests/machines/random-walk.test.ts', 'random walk of'],
  ] as const;
  const ran = (charts: readonly string[], extra: VitestJsonReport['testResults'] = []) =>
    report([
      ...suites.map(([file, prefix]) => ({
        name: `${root}/${file}`,
        status: 'passed',
        message: '',
        assertionResults: [
          ...charts.map((c) => test('t', 'passed', `${prefix} ${c}`)),
          test('skipped by the pattern', 'skipped', 'registry'),
        ],
      })),
      ...extra,
    ]);
  const walk = 'tests/views/debt.view-walk.test.tsx';
  const walkRan = {
    name: `${root}/${walk}`,
    status: 'passed',
    message: '',
    assertionResults: [test('w', 'passed')],
  };

  it('accepts a run of exactly the selected charts and walks', () => {
    expect(checkSelection(ran(['debt'], [walkRan]), root, ['debt'], [walk])).toEqual([]);
  });

  it('reports a chart with no test, a test of another chart, and a walk that ran nothing', () => {
    expect(checkSelection(ran([]), root, ['debt'], [walk])).toEqual([
      'tests/machines/oracle-paths.test.ts: no test of chart debt ran',
      'tests/machines/model-paths.test.ts: no test of chart debt ran',
      'tests/machines/random-walk.test.ts: no test of chart debt ran',
      `${walk}: no test ran`,
    ]);
    expect(checkSelection(ran(['debt', 'orders'], [walkRan]), root, ['debt'], [walk])).toHaveLength(3);
  });

  it("the name pattern leaves out the model suites' chart-independent describes only", () => {
    const pattern = new RegExp(FIRST_STAGE_PATTERN);
    expect(pattern.test('registry fails when a registered machine has no test entry')).toBe(false);
    expect(pattern.test('path generation covers transitions that shortest paths alone miss')).toBe(false);
    expect(pattern.test('oracle of debt sends every event from every explored state (graph edges)')).toBe(
      true,
    );
    expect(pattern.test('debt view walk shows each state')).toBe(true);
  });

  it('MODEL_CHARTS selects the charts it names, none when empty, all when unset, and refuses an unknown id', () => {
    expect(modelsNamed('debt, orders').map((m) => m.entry.id)).toEqual(['debt', 'orders']);
    expect(modelsNamed('')).toEqual([]);
    expect(modelsNamed(undefined).length).toBeGreaterThan(20);
    expect(() => modelsNamed('debt,nosuch')).toThrow(/nosuch/);
  });
});

describe("the first stage's suites", () => {
  const charts: ChartSuites[] = [
    { id: 'debt', roots: ['src/machines/debt.machine.ts'], walks: ['tests/views/debt.view-walk.test.tsx'] },
    {
      id: 'orders',
      roots: ['src/machines/orders.machine.ts'],
      walks: ['tests/views/orders.view-walk.test.tsx'],
    },
  ];
  const walks = ['tests/views/debt.view-walk.test.tsx', 'tests/views/orders.view-walk.test.tsx'];
  const imports: Record<string, string[]> = {
    'src/machines/debt.machine.ts': ['src/domain/debt.rules.ts'],
    'tests/views/orders.view-walk.test.tsx': ['src/views/orders/list.view.tsx'],
  };
  const reaches = (from: readonly string[], file: string) =>
    from.some((f) => f === file || (imports[f] ?? []).includes(file));

  it("a chart's own file: that chart's suites only", () => {
    expect(
      planGenerated({ file: 'src/machines/debt.machine.ts', chart: 'debt' }, charts, walks, reaches),
    ).toMatchObject({ charts: ['debt'], walks: ['tests/views/debt.view-walk.test.tsx'] });
  });

  it('any other file: the suites that import it, and the given chart', () => {
    expect(
      planGenerated({ file: 'src/domain/debt.rules.ts', chart: null }, charts, walks, reaches),
    ).toMatchObject({
      charts: ['debt'],
      walks: [],
    });
    expect(
      planGenerated({ file: 'src/views/orders/list.view.tsx', chart: 'debt' }, charts, walks, reaches),
    ).toMatchObject({
      charts: ['debt'],
      walks: ['tests/views/debt.view-walk.test.tsx', 'tests/views/orders.view-walk.test.tsx'],
    });
    expect(() => planGenerated({ file: 'src/x.ts', chart: 'nosuch' }, charts, walks, reaches)).toThrow(
      /nosuch/,
    );
  });

  it("the import graph finds a view walk's page and does not go through the generated indexes", () => {
    const graph = buildImportGraph('.');
    const walk = closure(graph, ['tests/views/numbers.view-walk.test.tsx'], (f) =>
      f.endsWith('.generated.ts'),
    );
    expect(walk.has('src/views/numbers/numbers-list.view.tsx')).toBe(true);
    expect(walk.has('src/machines/debt.machine.ts')).toBe(false);
    expect(
      specifiersOf("import a from './a';\nexport { b } from '@/b';\nconst c = await import('../c');"),
    ).toEqual(['./a', '@/b', '../c']);
  });
});

describe('the figures and the exit code of npm run mutation:source', () => {
  const r = (
    id: string,
    outcome: MutantResult['outcome'],
    file = 'src/machines/debt.machine.ts',
  ): MutantResult => ({
    id,
    kind: 'k',
    file,
    chart: file.includes('machines') ? 'debt' : null,
    outcome,
  });
  const results = [
    r('a', 'killed-generated'),
    r('b', 'killed-generated'),
    r('c', 'killed-all', 'src/views/debt/x.tsx'),
    r('d', 'survived', 'src/domain/debt.rules.ts'),
    r('e', 'invalid'),
  ];

  it('rates count killed over measured; invalid and stale are listed, not counted', () => {
    const s = summarize([...results, r('f', 'stale')]);
    expect(s.total).toEqual({ mutants: 6, measured: 4, killedGenerated: 2, killedAll: 3 });
    expect(s.generatedRate).toBe(50);
    expect(s.allRate).toBe(75);
    expect(s.byArea.views).toEqual({ mutants: 1, measured: 1, killedGenerated: 0, killedAll: 1 });
    expect(s.byChart['(none)']?.mutants).toBe(2);
    expect(s.invalid).toEqual(['e']);
    expect(s.stale).toEqual(['f']);
    expect(s.survivors).toEqual(['d']);
  });

  it.each([
    ['both rates at their minimum', results, { generated: 50, all: 75 }, 0],
    ['the generated rate below', results, { generated: 51, all: 75 }, 1],
    ['the all-tests rate below', results, { generated: 50, all: 76 }, 1],
    ['a stale mutant', [...results, r('f', 'stale')], { generated: 0, all: 0 }, 2],
    ['a time-out', [...results, r('g', 'timeout')], { generated: 0, all: 0 }, 2],
    [
      'a run that did not finish, rates below too',
      [...results, r('h', 'error')],
      { generated: 99, all: 99 },
      2,
    ],
    ['nothing measured', [r('e', 'invalid')], { generated: 80, all: 90 }, 0],
  ] as const)('%s', (_, rs, min, code) => {
    expect(sourceMutationGate(summarize(rs), min).code).toBe(code);
  });
});
