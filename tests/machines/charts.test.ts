import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '@/machines/registry';
import { CHART_DATA_FILES, renderChartFiles } from '../../scripts/lib/chart-files';
import { toChart } from '../../scripts/lib/chart-model';
import { toDot } from '../../scripts/lib/dot';
import { toMermaid } from '../../scripts/lib/mermaid';
import { toScxml } from '../../scripts/lib/scxml';
import { features } from './chart-features';

const dir = join(import.meta.dirname, '..', '..', 'docs', 'statecharts');

describe('committed charts', () => {
  it('equal freshly generated ones (run `npm run charts` when this fails)', async () => {
    const fresh = await renderChartFiles(machineRegistry);
    // the data files are checked by the model, oracle and citation tests; screens/ is built, never committed
    const notCharts = new Set<string>([...CHART_DATA_FILES, 'screens']);
    const committed = new Set((await readdir(dir)).filter((name) => !notCharts.has(name)));

    for (const [name, content] of fresh) {
      expect(committed.has(name), `docs/statecharts/${name} is missing`).toBe(true);
      expect(await readFile(join(dir, name), 'utf8'), `docs/statecharts/${name} is stale`).toBe(content);
    }
    expect([...committed].filter((name) => !fresh.has(name))).toEqual([]);
  });

  it('go stale when a machine changes', async () => {
    const [first] = machineRegistry;
    expect(first).toBeDefined();
    if (!first) return;
    const changed = first.machine.provide({});
    changed.root.description = `${changed.root.description ?? ''} (changed)`;

    const fresh = await renderChartFiles([{ ...first, machine: changed }]);

    expect(fresh.get(`${first.id}.mmd`)).not.toBe(await readFile(join(dir, `${first.id}.mmd`), 'utf8'));
  });

  it('are deterministic', async () => {
    const a = await renderChartFiles(machineRegistry);
    const b = await renderChartFiles(machineRegistry);

    expect([...a.entries()]).toEqual([...b.entries()]);
  });

  it('index.html links every chart and has no script', async () => {
    const files = await renderChartFiles(machineRegistry);
    const index = files.get('index.html') ?? '';

    for (const e of machineRegistry) {
      for (const ext of ['mmd', 'scxml', 'json', 'svg']) expect(index).toContain(`href="${e.id}.${ext}"`);
    }
    expect(index).not.toMatch(/<script/i);
  });
});

describe('mermaid', () => {
  it('shows nesting, parallel regions, finals, always, after, invoke results, guards and root transitions', () => {
    const mmd = toMermaid(toChart(features));

    expect(mmd).toContain('state working {');
    expect(mmd).toMatch(/\n\s+--\n/);
    expect(mmd).toContain('loaded --> [*]');
    expect(mmd).toContain('retrying --> loaded : always [triedTwice]');
    expect(mmd).toContain('retrying --> loading : after 1000ms');
    expect(mmd).toContain('loading --> loaded : load.done');
    expect(mmd).toContain('loading --> retrying : load.error');
    expect(mmd).toContain('working --> finished : done');
    expect(mmd).toContain('features_any --> idle : abort / logAbort');
    expect(mmd).toContain('idle : Waiting - nothing runs');
    expect(mmd).toContain('idle : shows a start button');
  });

  it('names states by path when keys repeat', () => {
    const mmd = toMermaid(toChart(features));

    expect(mmd).toContain('state "finished" as working_user_finished');
    expect(mmd).toContain('\n  state finished\n');
    expect(mmd).toContain('waiting --> working_user_finished : finish');
  });
});

describe('dot and scxml', () => {
  it('dot draws compound states as clusters and reaches them through anchors', () => {
    const dot = toDot(toChart(features));

    expect(dot).toContain('subgraph "cluster_features.working"');
    expect(dot).toContain('style="rounded,dashed"');
    expect(dot).toContain('lhead="cluster_features.working"');
    expect(dot).toMatch(
      /"features\.finished" \[id="s:features\.finished", label=<.*<B>finished<\/B>.*, peripheries=2\]/,
    );
    // the explorer finds states and arrows by these ids
    expect(dot).toContain('subgraph "cluster_features.working" {');
    expect(dot).toMatch(/id="s:features\.working"; tooltip=/);
    expect(dot).toMatch(/-> "features\.working\.loader\.loaded" \[id="t:3:0", label=/);
    expect(dot).toContain('Waiting: nothing runs<BR ALIGN="LEFT"/>');
    expect(dot).toContain('tooltip="shows a start button"');
    expect(dot).toContain('always [triedTwice]');
  });

  it('scxml maps parallel, final, invoke, after, always and guards', () => {
    const scxml = toScxml(toChart(features));

    expect(scxml).toContain('<parallel id="features.working">');
    expect(scxml).toContain('<final id="features.finished">');
    expect(scxml).toContain('<invoke id="load" type="http://www.w3.org/TR/scxml/">');
    expect(scxml).toContain('<transition event="done.invoke.load" target="features.working.loader.loaded"');
    expect(scxml).toContain(
      '<transition event="error.invoke.load" target="features.working.loader.retrying"',
    );
    expect(scxml).toContain(
      '<send event="xstate.after.1000.features.working.loader.retrying" id="xstate.after.1000.features.working.loader.retrying" delay="1000ms"/>',
    );
    expect(scxml).toContain(
      `<transition cond="guard('triedTwice', 'features.working.loader.retrying#always#0')" target="features.working.loader.loaded" type="internal"/>`,
    );
    expect(scxml).toContain(
      `<transition event="done.state.features.working" cond="_event.name === 'done.state.features.working'" target="features.finished"`,
    );
    expect(scxml).toContain('<!-- entry actions: countTry');
    expect(scxml).toContain('<!-- actions: logAbort -->');
  });
});
