/**
 * Everything the statechart explorer (docs/statecharts/explorer.html) shows, as one JSON value inlined in the page:
 * per chart its diagram, states (titles, description, spec line and its text, invokes with a real input, the
 * transitions out), edges (event titles, guard, target, whether the model paths walked it, the guard outcomes seen,
 * the oracle rows that state it), the generated paths and the coverage figures; then the traceability of the spec
 * lines (cited → states → tests; uncited requirement lines as gaps). Deterministic: the stale-chart test compares it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MachineEntry } from '../../src/machines/registry';
import { endpoints } from '../../src/services/contract/endpoints';
import { type ChartOracle, matchesFrom } from '../../tests/support/oracle';
import { matchSpecCalls, type SpecCall, specCalls } from '../openapi-doc';
import type { ChartCoverageData, CoverageFile } from './chart-coverage';
import { type Chart, type ChartEdge, flattenNodes } from './chart-model';
import { type ChartTitles, specRef, type Title, triggerTitle } from './chart-titles';
import { isStatement, REQUIREMENT_SECTIONS, type SpecLines } from './spec-lines';

const root = join(import.meta.dirname, '..', '..');

export interface ExplorerInvoke {
  readonly id: string;
  readonly src: string;
  readonly title: Title | null;
  /** The input a model path started it with (JSON), `null` when no path started it. */
  readonly input: string | null;
  /** The invoked logic is a registered chart: the explorer can follow it. */
  readonly chart: boolean;
}

export interface ExplorerState {
  readonly path: string;
  readonly key: string;
  readonly type: string;
  readonly parent: string | null;
  readonly title: Title | null;
  readonly description: string | null;
  /** `§4:160`, with the cited line's text. */
  readonly spec: string | null;
  readonly view: string | null;
  readonly invokes: readonly ExplorerInvoke[];
  readonly entry: readonly string[];
  readonly exit: readonly string[];
  /** Indexes of the edges leaving this state. */
  readonly out: readonly number[];
  /** The oracle rows stated from this state or below it: `file:row` with the row's spec words. */
  readonly rows: readonly string[];
}

export interface ExplorerEdge {
  readonly source: string;
  readonly targets: readonly string[];
  readonly kind: string;
  readonly trigger: string;
  readonly title: Title | null;
  readonly guard: string | null;
  readonly actions: readonly string[];
  /** How many arrows the diagram draws for it (one per target, at least one). */
  readonly arrows: number;
  /** Walked by a replayed model path; `null` when the chart has no coverage data. */
  readonly walked: boolean | null;
  /** The outcomes of its guard seen by the model paths, by name; the oracle's uses of this place not seen. */
  readonly guardSeen: { readonly true: boolean; readonly false: boolean } | null;
  readonly unseenUses: readonly string[];
}

export interface ExplorerChart {
  readonly id: string;
  readonly title: Title | null;
  readonly description: string;
  readonly parents: readonly string[];
  readonly children: readonly string[];
  readonly states: readonly ExplorerState[];
  readonly edges: readonly ExplorerEdge[];
  readonly coverage: ChartCoverageData | null;
  /** Test files that import this chart's machine (model, view walk and unit tests). */
  readonly tests: readonly string[];
}

export interface TraceLine {
  readonly line: number;
  readonly section: string;
  readonly text: string;
  readonly refs: readonly { readonly chart: string; readonly state: string }[];
  /** For a call of spec 7: the endpoints of src/services/contract/endpoints.ts that implement it. */
  readonly endpoints?: readonly string[];
  /** For a call of spec 7: the server tests that call those endpoints' paths. */
  readonly serverTests?: readonly string[];
  /** For a route of spec 2: the areas whose manifests declare a page under it, with those pages. */
  readonly areas?: readonly { readonly area: string; readonly routes: readonly string[] }[];
}

/** An area of the portal as its manifest (src/app/<area>.workflow.ts) declares it. */
export interface ExplorerArea {
  readonly area: string;
  readonly charts: readonly string[];
  /** The signed-in pages it draws (`/purchase`, `/orders/:id`). */
  readonly routes: readonly string[];
}

export interface ExplorerData {
  readonly charts: readonly ExplorerChart[];
  /** The areas and their charts, in the manifests' order: the explorer's chart list is grouped by them. */
  readonly areas: readonly ExplorerArea[];
  readonly sections: SpecLines['sections'];
  readonly cited: readonly TraceLine[];
  readonly gaps: readonly Omit<TraceLine, 'refs'>[];
}

/** The key the model coverage gives a transition definition (tests/support/model-universe.ts `transitionKey`). */
export const transitionKeyOf = (e: ChartEdge) =>
  `${e.source} --${e.eventType === '' ? 'always' : e.eventType}#${e.index}--> ${
    e.targets.length ? e.targets.join(',') : '(self)'
  }`;

const relative = (chartId: string, id: string) =>
  id === chartId ? '' : id.startsWith(`${chartId}.`) ? id.slice(chartId.length + 1) : id;

/** The source files of the chart machines and of the tests, read once per build. */
function sources() {
  const read = (dir: string, test: (name: string) => boolean) =>
    readdirSync(join(root, dir))
      .filter(test)
      .sort()
      .map((name) => ({ file: `${dir}/${name}`, text: readFileSync(join(root, dir, name), 'utf8') }));
  return {
    machines: read('src/machines', (n) => n.endsWith('.machine.ts')),
    tests: ['tests/machines', 'tests/views', 'tests/app'].flatMap((d) =>
      read(d, (n) => /\.test\.tsx?$/.test(n)),
    ),
    oracles: read('tests/machines/oracles', (n) => n.endsWith('.oracle.ts')),
    server: read('tests/server', (n) => /\.test\.ts$/.test(n)),
  };
}

interface ChartInput {
  readonly entry: MachineEntry;
  readonly chart: Chart;
  readonly titles: ChartTitles | undefined;
}

/**
 * The lines of spec 7 whose calls an endpoint implements, with those endpoints: each line is read as the OpenAPI
 * document reads the section (scripts/openapi-doc.ts `specCalls`, with its group's heading for the path prefix), and
 * all calls are matched together (`matchSpecCalls` settles an ambiguous path by its group's other calls).
 */
export function callLines(spec: SpecLines): Map<number, string[]> {
  const section = spec.sections.find((s) => s.n === '7');
  const byCall = new Map<SpecCall, number>();
  if (section) {
    let heading = '';
    for (let line = section.from + 1; line <= section.to; line++) {
      const text = spec.lines[String(line)];
      if (!text) continue;
      if (!text.startsWith('- ')) {
        if (text.trim().endsWith(':')) heading = text;
        continue;
      }
      for (const call of specCalls(`## 7. Calls\n${heading}\n${text}\n`)) byCall.set(call, line);
    }
  }
  const out = new Map<number, string[]>();
  for (const { call, name } of matchSpecCalls([...byCall.keys()], endpoints).matched) {
    const line = byCall.get(call);
    if (line === undefined) continue;
    const list = out.get(line) ?? [];
    if (!list.includes(name)) list.push(name);
    out.set(line, list.sort());
  }
  return out;
}

/**
 * The rows of spec 2's route table whose pages an area's manifest declares, with the area and those pages: a row
 * names a page by its path (`/purchase`, `/orders/{id}`) or, for the Main row's children, by the bare word
 * (`profile, details, settings`); a page matches by its first path segment.
 */
export function routeLines(spec: SpecLines, areas: readonly ExplorerArea[]) {
  const out = new Map<number, { area: string; routes: string[] }[]>();
  const section = spec.sections.find((s) => s.n === '2');
  if (!section) return out;
  for (let line = section.from; line <= section.to; line++) {
    const text = spec.lines[String(line)];
    if (!text?.startsWith('|') || !isStatement(spec, line)) continue;
    const named = text.split('|')[2] ?? '';
    const hasPaths = /\/[a-z]/.test(named);
    const found = areas.flatMap((a) => {
      const routes = a.routes.filter((r) => {
        const seg = r.split('/')[1] ?? '';
        if (!seg) return false;
        return hasPaths ? named.includes(`/${seg}`) : new RegExp(`\\b${seg}\\b`).test(named);
      });
      return routes.length ? [{ area: a.area, routes }] : [];
    });
    if (found.length) out.set(line, found);
  }
  return out;
}

/** The explorer's data for the given charts. */
export function explorerData(
  items: readonly ChartInput[],
  coverage: CoverageFile,
  oracles: Readonly<Record<string, ChartOracle>>,
  spec: SpecLines,
  areas: readonly ExplorerArea[] = [],
): ExplorerData {
  const src = sources();
  const ids = new Set(items.map((i) => i.entry.id));
  const childrenOf = (c: Chart) =>
    [...new Set(flattenNodes(c.root).flatMap((n) => n.invokes.map((inv) => inv.src)))].filter((s) =>
      ids.has(s),
    );

  const charts = items.map(({ entry, chart, titles }): ExplorerChart => {
    const cov = coverage[entry.id] ?? null;
    const uncoveredTransitions = new Set(cov?.model.transitions.uncovered ?? []);
    const unseenUses = cov?.oracle?.guardUses.uncovered ?? [];
    const oracle = oracles[entry.id];
    const oracleFile = src.oracles.find((o) => o.text.includes(`id: '${entry.id}'`))?.file;
    const machineFile = src.machines.find((m) => m.text.includes(`id: '${entry.id}'`))?.file;
    const module = machineFile?.replace(/^src\/machines\/(.+)\.ts$/, '$1');
    const tests = module ? src.tests.filter((t) => t.text.includes(`/${module}'`)).map((t) => t.file) : [];

    const edges = chart.edges.map((e): ExplorerEdge => {
      const key = transitionKeyOf(e);
      const guardName = e.guard && /^[A-Za-z0-9_]+$/.test(e.guard) ? e.guard : undefined;
      return {
        source: relative(chart.id, e.source),
        targets: e.targets.map((t) => relative(chart.id, t)),
        kind: e.kind,
        trigger: e.trigger,
        title: triggerTitle(e, titles) ?? null,
        guard: e.guard ?? (e.isElse ? 'else' : null),
        actions: e.actions,
        arrows: Math.max(1, e.targets.length),
        walked: cov ? !uncoveredTransitions.has(key) : null,
        guardSeen: guardName && cov ? (cov.model.guards[guardName] ?? null) : null,
        unseenUses: unseenUses.filter((u) => u.startsWith(`${key}=`)),
      };
    });
    const nodes = flattenNodes(chart.root).slice(1);
    const states = nodes.map((n): ExplorerState => {
      const t = titles?.states[n.titleKey];
      const rows = (oracle?.rows ?? []).flatMap((row, i) => {
        const from = typeof row.from === 'string' ? [row.from] : row.from;
        const hit = from.some((p) => matchesFrom(p, n.path) || p === n.path || p.startsWith(`${n.path}.`));
        return hit ? [`${oracleFile ?? 'oracle'} row ${i + 1}: ${row.event} — ${row.spec}`] : [];
      });
      return {
        path: n.path,
        key: n.key,
        type: n.type,
        parent: n.path.includes('.') ? n.path.slice(0, n.path.lastIndexOf('.')) : null,
        title: t ? { ru: t.ru, uz: t.uz } : null,
        description: n.description ?? null,
        spec: t?.spec ?? null,
        view: n.view ?? null,
        invokes: n.invokes.map((inv) => ({
          id: inv.id,
          src: inv.src,
          title: titles?.invokes[inv.id] ?? null,
          input: cov?.model.inputs[inv.id] ?? null,
          chart: ids.has(inv.src),
        })),
        entry: n.entry,
        exit: n.exit,
        out: chart.edges.flatMap((e, i) => (e.source === n.id ? [i] : [])),
        rows,
      };
    });
    return {
      id: entry.id,
      title: titles?.chart ?? null,
      description: entry.description,
      parents: items.filter((i) => childrenOf(i.chart).includes(entry.id)).map((i) => i.entry.id),
      children: childrenOf(chart),
      states,
      edges,
      coverage: cov,
      tests,
    };
  });

  const calls = callLines(spec);
  const table = endpoints as unknown as Record<string, { path: string }>;
  // a test calls an endpoint when it names the path up to its first parameter (`online-sales/orders/`)
  const serverTests = (names: readonly string[]) =>
    src.server
      .filter((t) =>
        names.some((n) => {
          const fixed = (table[n]?.path ?? '').replace(/^\//, '').replace(/\{.*$/, '');
          return fixed.length > 3 && t.text.includes(fixed);
        }),
      )
      .map((t) => t.file);
  const refs = new Map<number, { chart: string; state: string }[]>();
  for (const c of charts) {
    for (const s of c.states) {
      const ref = s.spec ? specRef(s.spec) : undefined;
      if (!ref) continue;
      const list = refs.get(ref.line) ?? [];
      list.push({ chart: c.id, state: s.path });
      refs.set(ref.line, list);
    }
  }
  const sectionAt = (line: number) => spec.sections.find((s) => line >= s.from && line <= s.to)?.n ?? '';
  const text = (line: number) => spec.lines[String(line)] ?? '';
  const routes = routeLines(spec, areas);
  const cited = [...new Set([...refs.keys(), ...calls.keys(), ...routes.keys()])]
    .sort((a, b) => a - b)
    .map((line) => ({
      line,
      section: sectionAt(line),
      text: text(line),
      refs: refs.get(line) ?? [],
      ...(calls.has(line)
        ? { endpoints: calls.get(line), serverTests: serverTests(calls.get(line) ?? []) }
        : {}),
      ...(routes.has(line) ? { areas: routes.get(line) } : {}),
    }));
  const gaps = Object.keys(spec.lines)
    .map(Number)
    .filter((line) => REQUIREMENT_SECTIONS.includes(sectionAt(line)) && isStatement(spec, line))
    .filter((line) => !refs.has(line) && !calls.has(line) && !routes.has(line))
    .sort((a, b) => a - b)
    .map((line) => ({ line, section: sectionAt(line), text: text(line) }));
  return { charts, areas, sections: spec.sections, cited, gaps };
}
