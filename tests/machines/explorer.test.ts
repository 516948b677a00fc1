import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { machineRegistry } from '@/machines/registry';
import { loadCoverage } from '../../scripts/lib/chart-coverage';
import { committedExplorerSources, renderChartFiles } from '../../scripts/lib/chart-files';
import { toChart } from '../../scripts/lib/chart-model';
import { explorerData, transitionKeyOf } from '../../scripts/lib/explorer-data';
import { explorerScript } from '../../scripts/lib/explorer-html';
import { parseSpec, REQUIREMENT_SECTIONS } from '../../scripts/lib/spec-lines';
import { getModelUniverse } from '../support/model-universe';

const dir = join(import.meta.dirname, '..', '..', 'docs', 'statecharts');
const page = readFileSync(join(dir, 'explorer.html'), 'utf8');
const dataOf = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="explorer-data">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null',
  );
const data = dataOf(page);

describe('the statechart explorer', () => {
  it('has every registered chart, each with its diagram', () => {
    expect(data.charts.map((c: { id: string }) => c.id)).toEqual(machineRegistry.map((e) => e.id));
    for (const e of machineRegistry) expect(page).toContain(`<template id="svg-${e.id}"><svg`);
  });

  it('finds every state and every arrow of every chart on its diagram', () => {
    const missing: string[] = [];
    for (const e of machineRegistry) {
      const svg = readFileSync(join(dir, `${e.id}.svg`), 'utf8');
      const chart = data.charts.find((c: { id: string }) => c.id === e.id);
      for (const s of chart.states)
        if (!svg.includes(`id="s:${e.id}.${s.path}"`)) missing.push(`${e.id} ${s.path}`);
      chart.edges.forEach((edge: { arrows: number }, i: number) => {
        for (let k = 0; k < edge.arrows; k++)
          if (!svg.includes(`id="t:${i}:${k}"`)) missing.push(`${e.id} t:${i}:${k}`);
      });
    }
    expect(missing).toEqual([]);
  });

  it('names each transition as the model coverage does, so walked / not walked is the measured one', () => {
    const coverage = loadCoverage();
    for (const e of machineRegistry) {
      const keys = toChart(e.machine).edges.map(transitionKeyOf);
      expect([...keys].sort(), e.id).toEqual([...getModelUniverse(e.machine).transitions].sort());
      for (const u of coverage[e.id]?.model.transitions.uncovered ?? []) expect(keys, e.id).toContain(u);
    }
  });

  it('colours a transition no model path walked, and shows the guard outcomes seen', () => {
    const machine = createMachine({
      id: 'mini',
      initial: 'a',
      states: { a: { on: { go: [{ guard: 'ok', target: 'b' }, { target: 'a' }] } }, b: {} },
    });
    const chart = toChart(machine);
    const unwalked = transitionKeyOf(chart.edges[1] as (typeof chart.edges)[number]);
    const model = {
      paths: 1,
      steps: 1,
      states: { covered: 3, total: 3, uncovered: [] },
      transitions: { covered: 1, total: 2, uncovered: [unwalked] },
      guards: { ok: { true: true, false: false } },
      exemptGuards: {},
      pairs: { covered: 0, total: 0 },
      walks: [],
      inputs: {},
    };
    const built = explorerData(
      [{ entry: { id: 'mini', machine, description: 'Mini' }, chart, titles: undefined }],
      { mini: { model, oracle: null } },
      {},
      parseSpec(''),
    );
    const [guarded, fallback] = built.charts[0]?.edges ?? [];

    expect(guarded?.walked).toBe(true);
    expect(guarded?.guardSeen).toEqual({ true: true, false: false });
    expect(fallback?.walked).toBe(false);
    expect(fallback?.guard).toBe('else');
    expect(built.charts[0]?.states.find((s) => s.path === 'a')?.out).toEqual([0, 1]);
  });

  it('cites the spec text of every cited line and lists uncited requirement lines as gaps', async () => {
    const { spec } = await committedExplorerSources();
    const cited = new Set<number>();
    for (const line of data.cited) {
      expect(line.text).toBe(spec.lines[String(line.line)]);
      expect(line.refs.length + (line.endpoints?.length ?? 0) + (line.areas?.length ?? 0)).toBeGreaterThan(0);
      cited.add(line.line);
    }
    for (const gap of data.gaps) {
      expect(cited.has(gap.line)).toBe(false);
      expect(REQUIREMENT_SECTIONS).toContain(gap.section);
    }
    expect(data.cited.length).toBeGreaterThan(50);
    expect(data.gaps.length).toBeGreaterThan(0);
    // a call of spec 7 an endpoint implements is cited by it, with the server tests that call it
    const session = data.cited.find((l: { text: string }) => l.text.startsWith('- GET user/ (session)'));
    expect(session?.endpoints).toEqual(['session.logout', 'session.profile', 'session.user']);
    expect(session?.serverTests.length).toBeGreaterThan(0);
    // a route of spec 2 is cited by the areas whose manifests declare its pages
    const purchase = data.cited.find((l: { text: string }) => l.text.startsWith('| Purchase |'));
    expect(purchase?.areas).toEqual([
      { area: 'golden', routes: ['/purchase'] },
      { area: 'new-order', routes: ['/purchase/order'] },
    ]);
    expect(data.areas.flatMap((a: { charts: string[] }) => a.charts).sort()).toEqual(
      machineRegistry.map((e) => e.id).sort(),
    );
  });

  it('opens from file://: its data and script are inline, the only script file is the optional screens list', async () => {
    const html = (await renderChartFiles(machineRegistry)).get('explorer.html') ?? '';
    const sources = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]*)"/g)].map((m) => m[1]);

    expect(sources).toEqual(['screens/manifest.js']);
    expect(html).not.toMatch(/type="module"/);
    expect(dataOf(html)).toEqual(data);
    expect(html).toContain(explorerScript());
    expect(explorerScript()).not.toMatch(/^\s*(import|export)\b/m);
  });
});
