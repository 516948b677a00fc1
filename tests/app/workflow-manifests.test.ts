import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AnyStateMachine, StateMachine } from 'xstate';
import type { AppApi } from '@/app/api';
import type { WorkflowManifest } from '@/app/workflow-manifest';
import { pagePatternOf } from '@/domain/page-patterns.rules';
import { SIGNED_IN_PAGES } from '@/domain/page-routes.rules';
import { machineRegistry } from '@/machines/registry';
import { createDraftStore } from '@/services/drafts/draft-store';
import {
  camel,
  chartsOf,
  loadManifests,
  machineName,
  pageCallsOf,
  pageFieldsOf,
  renderWorkflowIndex,
  routesOf,
} from '../../scripts/lib/workflow-index';
import { PAGE_OF } from '../../server/permissions';
import { chartOracles } from '../machines/oracles';
import { modelTestEntries } from '../support/model-registry';
import { testAppLogic } from '../support/render-workflow';

/** The areas' manifests (src/app/<area>.workflow.ts) and the lists written from them (decisions AR19). */
const ROOT = join(import.meta.dirname, '..', '..');
let manifests: WorkflowManifest[] = [];
beforeAll(async () => {
  manifests = await loadManifests(ROOT);
});

/** An API client no workflow may call while it is only being provided (building the logic performs no call). */
const unusedApi = new Proxy({} as AppApi, {
  get: (_, name) => () => {
    throw new Error(`building the page logic called api.${String(name)}`);
  },
});

describe("the areas' manifests", () => {
  it('the generated files are what `npm run workflows` writes from them', () => {
    const files = renderWorkflowIndex(manifests);
    expect(files.size).toBe(10);
    for (const [path, text] of files) expect(readFileSync(join(ROOT, path), 'utf8'), path).toBe(text);
  });

  it('declare every chart once, and the registry holds exactly those, each the machine its file exports', async () => {
    const charts = chartsOf(manifests);
    expect(charts.map((c) => c.chart.id)).toEqual(machineRegistry.map((e) => e.id));
    expect(new Set(charts.map((c) => c.chart.id)).size).toBe(charts.length);
    for (const { chart } of charts) {
      const mod = (await import(`../../src/machines/${chart.file}.machine.ts`)) as Record<
        string,
        AnyStateMachine
      >;
      const machine = mod[machineName(chart)];
      expect(
        machine?.id,
        `${chart.file}.machine.ts exports ${machineName(chart)} with id '${chart.id}'`,
      ).toBe(chart.id);
      expect(machineRegistry.find((e) => e.id === chart.id)?.machine).toBe(machine);
    }
  });

  it("give every chart its selectors, titles, oracle and model-test entry at the manifest's paths", () => {
    for (const { chart } of chartsOf(manifests)) {
      if (chart.id !== 'notifications')
        expect(existsSync(join(ROOT, `src/machines/${chart.file}.selectors.ts`)), chart.file).toBe(true);
      expect(existsSync(join(ROOT, `src/machines/titles/${chart.id}.titles.json`)), chart.id).toBe(true);
      expect(chartOracles[chart.id], `${chart.id}Oracle`).toBeDefined();
      expect(modelTestEntries.find((e) => e.id === chart.id)?.id, `${chart.id}ModelEntry`).toBe(chart.id);
    }
    expect(Object.keys(chartOracles).sort()).toEqual(machineRegistry.map((e) => e.id).sort());
  });

  it("an area's `pageLogic` provides exactly its declared fields, each the chart the manifest names", async () => {
    const deps = { drafts: createDraftStore(null) };
    for (const m of manifests.filter((x) => x.pageLogic)) {
      const mod = (await import(`../../src/app/${m.area}.actors.ts`)) as {
        pageLogic?: (api: AppApi, d: typeof deps) => Record<string, unknown>;
      };
      expect(mod.pageLogic, `src/app/${m.area}.actors.ts exports pageLogic`).toBeTypeOf('function');
      const given = mod.pageLogic?.(unusedApi, deps) ?? {};
      const charts = Object.entries(given).flatMap(([k, v]) => (isChart(v) ? [[k, v] as const] : []));
      expect(Object.fromEntries(charts.map(([k, v]) => [k, v.id])), m.area).toEqual(
        Object.fromEntries(Object.entries(m.pageLogic ?? {}).map(([field, id]) => [field, machineOf(id).id])),
      );
    }
  });

  it("the tests' logic has every page field, the unprovided chart the manifest names", () => {
    const logic = testAppLogic() as unknown as Record<string, unknown>;
    for (const { field, chart } of pageFieldsOf(manifests))
      expect((logic[field] as AnyStateMachine | undefined)?.id, field).toBe(chart.id);
  });

  it("draw every signed-in page once, each with a view its manifest's module exports", async () => {
    const routes = routesOf(manifests);
    expect(routes.map((r) => r.path).sort()).toEqual([...SIGNED_IN_PAGES].sort());
    for (const r of routes) {
      const file = r.module.startsWith('@/')
        ? `../../src/${r.module.slice(2)}`
        : `../../src/app/${r.module.slice(2)}`;
      const mod = (await import(`${file}.tsx`)) as Record<string, unknown>;
      expect(typeof mod[r.name], `${r.path}: ${r.module} exports ${r.name}`).toBe('function');
    }
  });

  it('refuse a page two areas draw, and a view not written as <module>#<Export>', () => {
    const area = (name: string, routes: Record<string, `${string}#${string}`>): WorkflowManifest => ({
      area: name,
      charts: [],
      routes,
    });
    expect(() =>
      routesOf([area('a', { '/x': './a.routes#A' }), area('b', { '/x': './b.routes#B' })]),
    ).toThrow('pages declared twice: /x');
    expect(() => routesOf([area('a', { '/x': './a.routes#' })])).toThrow("route '/x' names './a.routes#'");
    expect(routesOf([area('a', { '/x': '@/views/a/a.view#APage' })])).toEqual([
      { area: 'a', path: '/x', module: '@/views/a/a.view', name: 'APage' },
    ]);
  });

  it('name each call that serves one page once, for a signed-in page, and the server reads exactly those', () => {
    const calls = pageCallsOf(manifests);
    for (const { area, call, page } of calls) {
      const pattern = pagePatternOf(`/ru${page}`)?.replace(/^\/:lang/, '') ?? null;
      expect(SIGNED_IN_PAGES as readonly (string | null)[], `${area}: ${call} → ${page}`).toContain(pattern);
    }
    expect(Object.fromEntries(calls.map((c) => [c.call, c.page]))).toEqual({ ...PAGE_OF });
    expect(PAGE_OF['orders.cancel']).toBe('/purchase/order');
    const again = { area: 'x', charts: [], pageCalls: { 'orders.cancel': '/orders' } };
    expect(() => pageCallsOf([...manifests, again])).toThrow('page calls declared twice: orders.cancel');
  });

  it("list each area's message keys once, keys both languages have, in the part its pages load", () => {
    const ru = JSON.parse(readFileSync(join(ROOT, 'src/i18n/ru.json'), 'utf8')) as object;
    const uz = JSON.parse(readFileSync(join(ROOT, 'src/i18n/uz.json'), 'utf8')) as object;
    const list = (name: string) =>
      JSON.parse(readFileSync(join(ROOT, `src/i18n/${name}`), 'utf8')) as string[];
    for (const m of manifests)
      for (const key of m.messages ?? []) {
        expect(ru, `${m.area}: ${key}`).toHaveProperty(key);
        expect(uz, `${m.area}: ${key}`).toHaveProperty(key);
        expect(list(m.publicLogic ? 'public-keys.json' : 'page-keys.json'), `${m.area}: ${key}`).toContain(
          key,
        );
      }
    const twice = [
      ...manifests,
      { area: 'x', charts: [], messages: [manifests.find((m) => m.messages)?.messages?.[0] ?? ''] },
    ];
    expect(() => renderWorkflowIndex(twice)).toThrow('message keys declared twice');
  });

  it('name each area once: the manifest, its actors module and its export follow the area', () => {
    for (const m of manifests) {
      const source = readFileSync(join(ROOT, `src/app/${m.area}.workflow.ts`), 'utf8');
      expect(source).toContain(`export const ${camel(m.area)}Workflow = defineWorkflow(`);
      if (m.pageLogic) expect(existsSync(join(ROOT, `src/app/${m.area}.actors.ts`)), m.area).toBe(true);
    }
  });
});

function machineOf(id: string): AnyStateMachine {
  const entry = machineRegistry.find((e) => e.id === id);
  if (!entry) throw new Error(`no chart '${id}'`);
  return entry.machine;
}

/** A chart, provided or not (not the golden choice's reader, the one page field that is no chart). */
const isChart = (value: unknown): value is AnyStateMachine => value instanceof StateMachine;
