import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { machineRegistry } from '@/machines/registry';
import { renderChartFiles } from '../../scripts/lib/chart-files';
import { toChart } from '../../scripts/lib/chart-model';
import { type ChartTitles, loadChartTitles, missingTitles, specRef } from '../../scripts/lib/chart-titles';
import { toMermaid } from '../../scripts/lib/mermaid';

const tiny = createMachine({
  id: 'tiny',
  description: 'Two states',
  initial: 'a',
  states: {
    a: { description: 'First', on: { go: [{ guard: 'ok', target: 'b' }, { target: 'a' }] } },
    b: { description: 'Second', meta: { title: 'shared' } },
  },
});

const tinyTitles: ChartTitles = {
  chart: { ru: 'Малая', uz: 'Kichik' },
  states: {
    a: { ru: 'Первое', uz: 'Birinchi', spec: '§4:158' },
    shared: { ru: 'Второе', uz: 'Ikkinchi', spec: '§4:160' },
  },
  events: { go: { ru: 'Дальше', uz: 'Keyingi' } },
  invokes: {},
};

describe.each(machineRegistry.map((e) => [e.id, e] as const))('titles of %s', (id, entry) => {
  it('name every state, event and invoke in ru and uz, and cite a spec line for every state', () => {
    expect(missingTitles(toChart(entry.machine), loadChartTitles(id))).toEqual([]);
  });
});

describe('missing titles', () => {
  it('are reported per state, language, event and spec reference', () => {
    const titles: ChartTitles = {
      ...tinyTitles,
      states: { a: { ru: 'Первое', uz: ' ', spec: 'line 3' } },
      events: {},
    };

    expect(missingTitles(toChart(tiny), titles)).toEqual([
      "tiny: state 'a' has no uz title",
      "tiny: state 'a' has no spec reference",
      "tiny: state 'shared' has no title",
      "tiny: event 'go' has no title",
    ]);
  });

  it('fail when a chart has no titles file', () => {
    expect(missingTitles(toChart(tiny), loadChartTitles('tiny'))).toEqual([
      'tiny: no titles file src/machines/titles/tiny.titles.json',
    ]);
  });

  it('a malformed titles file is rejected', () => {
    const dir = mkdtempSync(join(tmpdir(), 'titles-'));
    writeFileSync(join(dir, 'tiny.titles.json'), JSON.stringify({ chart: { ru: 'x' } }));

    expect(() => loadChartTitles('tiny', dir)).toThrow(/tiny\.titles\.json/);
  });
});

describe('titled exports', () => {
  it('label states and events in both languages with the code name, and mark [else]', () => {
    const mmd = toMermaid(toChart(tiny), tinyTitles);

    expect(mmd).toContain('state "Первое · Birinchi (a)" as a');
    expect(mmd).toContain('state "Второе · Ikkinchi (b)" as b');
    expect(mmd).toContain('a --> b : Дальше · Keyingi (go) [ok]');
    expect(mmd).toContain('a --> a : Дальше · Keyingi (go) [else]');
    expect(mmd).toContain('a : spec §4 line 158');
  });

  it('the SVG and index show titles, descriptions, spec links and zoom controls', async () => {
    const files = await renderChartFiles(
      [{ id: 'tiny', machine: tiny, description: 'Two states' }],
      () => tinyTitles,
    );
    const svg = files.get('tiny.svg') ?? '';
    const index = files.get('index.html') ?? '';

    for (const text of ['Первое', 'Birinchi', 'Дальше', 'Keyingi', '[else]', 'First', 'spec §4 line 158'])
      expect(svg).toContain(text);
    expect(svg).toContain('xlink:href="../../../shared/spec/portal-spec.md"');
    expect(index).toContain('Малая · Kichik');
    expect(index).toContain('<svg');
    expect(index).toMatch(/<input type="radio" name="zoom-tiny"[^>]*class="zoom-100" checked>/);
    expect(index).toContain('class="viewport"');
  });

  it('link a child chart from its parent', async () => {
    const child = createMachine({ id: 'child', initial: 'x', states: { x: {} } });
    const parent = createMachine({
      id: 'parent',
      initial: 'p',
      states: { p: { invoke: { id: 'child', src: 'child' } } },
    });
    const files = await renderChartFiles(
      [
        { id: 'parent', machine: parent, description: 'Parent' },
        { id: 'child', machine: child, description: 'Child' },
      ],
      () => undefined,
    );

    expect(files.get('parent.svg')).toContain('xlink:href="index.html#child"');
    expect(files.get('index.html')).toMatch(/Дочерние диаграммы · Ichki diagrammalar: <a href="#child">/);
    expect(files.get('index.html')).toMatch(/Родительская диаграмма · Asosiy diagramma: <a href="#parent">/);
  });
});

describe('spec references', () => {
  it('split into section and line', () => {
    expect(specRef('§4:158')).toEqual({ section: '4', line: 158 });
    expect(specRef('4:158')).toBeUndefined();
  });
});
