import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '@/machines/registry';
import { loadChartTitles } from '../../scripts/lib/chart-titles';
import {
  citationProblems,
  isStatement,
  loadSpecLines,
  parseSpec,
  SPEC_FILE,
  SPEC_RECORD,
} from '../../scripts/lib/spec-lines';

const SAMPLE = [
  '# Title',
  '',
  '## 1. First',
  '',
  '- a function',
  'Widgets:',
  '',
  '## 2. Second',
  '',
  '| Route | Path |',
  '|---|---|',
  '| Auth | /login |',
  '',
].join('\n');

describe('spec citations', () => {
  const loaded = loadSpecLines();

  it('every state cites a line that states something, in the section it names', () => {
    expect(
      loaded,
      'neither ../shared/spec/portal-spec.md nor docs/statecharts/spec-lines.json',
    ).toBeDefined();
    if (!loaded) return;
    const problems = machineRegistry.flatMap((e) =>
      Object.entries(loadChartTitles(e.id)?.states ?? {}).flatMap(([state, t]) =>
        citationProblems(loaded.spec, t.spec).map((p) => `${e.id} ${state}: ${p}`),
      ),
    );

    expect(problems).toEqual([]);
  });

  it('the recorded lines are the spec’s own (`npm run charts` records them; a moved line fails here first)', () => {
    const record = JSON.parse(readFileSync(SPEC_RECORD, 'utf8'));
    // beside the repository the spec itself is the truth; a clone without it checks the record's own shape
    const truth = existsSync(SPEC_FILE) ? parseSpec(readFileSync(SPEC_FILE, 'utf8')) : record;

    expect(record).toEqual(truth);
    expect(record.sections.map((s: { n: string }) => s.n)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
    ]);
  });

  it('a citation fails when its line moved: another section, an empty line, a heading or a table head', () => {
    const spec = parseSpec(SAMPLE);

    expect(citationProblems(spec, '§1:5')).toEqual([]);
    expect(citationProblems(spec, '§2:12')).toEqual([]);
    expect(citationProblems(spec, '§2:5')).toEqual(['§2:5: line 5 is in section 1, not 2']);
    expect(citationProblems(spec, '§1:4')[0]).toMatch(/states nothing/);
    // a list's introduction may be cited for its list, but is not a gap of its own
    expect(citationProblems(spec, '§1:6')).toEqual([]);
    expect(isStatement(spec, 6)).toBe(false);
    expect(citationProblems(spec, '§2:8')[0]).toMatch(/states nothing/);
    expect(citationProblems(spec, '§2:10')[0]).toMatch(/states nothing/);
    expect(citationProblems(spec, '§2:11')[0]).toMatch(/states nothing/);
    expect(citationProblems(spec, '§1:1')[0]).toMatch(/outside/);
    expect(citationProblems(spec, '4:5')[0]).toMatch(/not §/);
    expect(isStatement(spec, 12)).toBe(true);
  });
});
