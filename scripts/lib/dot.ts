import { Graphviz } from '@hpcc-js/wasm-graphviz';
import { type Chart, type ChartEdge, type ChartNode, flattenNodes, guardLabel } from './chart-model';
import { BUILT_IN_TITLES, type ChartTitles, specRef, triggerTitle } from './chart-titles';

/** A DOT string literal. */
function q(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

const anchor = (id: string) => `${id}::anchor`;
const cluster = (id: string) => `cluster_${id}`;

/** Relative link from docs/statecharts to the product spec, which sits beside the repository (shared/spec). */
export const SPEC_HREF = '../../../shared/spec/portal-spec.md';

/** Text for a Graphviz HTML-like label. */
function h(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Words wrapped into lines of at most `width` characters. */
function wrap(s: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of s.split(/\s+/).filter(Boolean)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

const small = (s: string, color = '#555555') => `<FONT POINT-SIZE="8" COLOR="${color}">${s}</FONT>`;
const row = (cell: string, attrs = '') => `<TR><TD${attrs}>${cell}</TD></TR>`;

/** The SVG element id of a state (its node, or its cluster when it has children); the root's is the "any state" node. */
export const svgStateId = (stateId: string) => `s:${stateId}`;
/** The SVG element id of the `k`-th drawn arrow of the chart's `index`-th edge (one arrow per target). */
export const svgEdgeId = (index: number, k: number) => `t:${index}:${k}`;

export interface DotOptions {
  readonly titles?: ChartTitles;
  /** Ids of the charts exported with this one: an invoke of one of them links to its chart. */
  readonly charts?: ReadonlySet<string>;
}

/**
 * Graphviz DOT from a chart: atomic states are rounded boxes, compound and parallel states are clusters (parallel
 * ones dashed), a point marks each initial state, finals have a double border. Every state shows its ru and uz
 * titles, its code name in small print, its description, its invokes (a child chart links to its section of
 * index.html) and a link to its spec line; `meta.view` is the tooltip. Edges show the event's titles with the
 * code, guard (`[else]` for the fallback) and actions in small print. Edges to or from a cluster go through its
 * anchor point with `lhead`/`ltail`; transitions of the machine root start from an "any state" node.
 */
export function toDot(chart: Chart, options: DotOptions = {}): string {
  const { titles, charts = new Set<string>() } = options;
  const chartTitle = titles ? `${titles.chart.ru} · ${titles.chart.uz}` : chart.id;
  const graphLabel = [
    `<B>${h(chartTitle)}</B>`,
    small(h(chart.id)),
    ...wrap(chart.description ?? '', 100).map((l) => `<FONT POINT-SIZE="10">${h(l)}</FONT>`),
  ].join('<BR/>');
  const out: string[] = [
    `digraph ${q(chart.id)} {`,
    `  graph [compound=true, rankdir=TB, fontname="Helvetica", fontsize=12, labelloc=t, label=<${graphLabel}>];`,
    '  node [shape=box, style=rounded, fontname="Helvetica", fontsize=11, margin="0.2,0.06"];',
    '  edge [fontname="Helvetica", fontsize=9];',
  ];
  const nodes = new Map(flattenNodes(chart.root).map((n) => [n.id, n]));
  const isCluster = (id: string) => id === chart.root.id || (nodes.get(id)?.children.length ?? 0) > 0;
  const anyId = `${chart.id}::any`;

  const stateLabel = (node: ChartNode): string => {
    const t = titles?.states[node.titleKey];
    const rows = t
      ? [row(`<B>${h(t.ru)}</B>`), row(h(t.uz)), row(small(h(node.key)))]
      : [row(`<B>${h(node.key)}</B>`)];
    const description = wrap(node.description ?? '', 44).map(h);
    if (description.length)
      rows.push(
        row(`<FONT POINT-SIZE="9">${description.join('<BR ALIGN="LEFT"/>')}<BR ALIGN="LEFT"/></FONT>`),
      );
    for (const inv of node.invokes) {
      if (charts.has(inv.src)) {
        rows.push(
          row(
            small(`<U>invoke ${h(inv.src)}: child chart ↗</U>`, '#1a55b0'),
            ` HREF="index.html#${h(inv.src)}" TOOLTIP="child chart ${h(inv.src)}"`,
          ),
        );
      } else rows.push(row(small(`invoke ${h(inv.src)}`)));
    }
    const spec = t ? specRef(t.spec) : undefined;
    if (spec) {
      const ref = `spec §${spec.section} line ${spec.line}`;
      rows.push(
        row(small(`<U>${ref}</U>`, '#1a55b0'), ` HREF="${SPEC_HREF}" TOOLTIP="portal-spec.md ${ref}"`),
      );
    }
    return `<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="1">${rows.join('')}</TABLE>>`;
  };
  const tooltipOf = (node: ChartNode) => (node.view ? `shows ${node.view}` : node.key);

  const writeNode = (node: ChartNode, indent: string) => {
    if (node.children.length === 0) {
      const attrs = [
        `id=${q(svgStateId(node.id))}`,
        `label=${stateLabel(node)}`,
        `tooltip=${q(tooltipOf(node))}`,
      ];
      if (node.type === 'final') attrs.push('peripheries=2');
      out.push(`${indent}${q(node.id)} [${attrs.join(', ')}];`);
      return;
    }
    out.push(`${indent}subgraph ${q(cluster(node.id))} {`);
    const inner = `${indent}  `;
    out.push(
      `${inner}label=${stateLabel(node)}; style=${node.type === 'parallel' ? '"rounded,dashed"' : 'rounded'};`,
    );
    out.push(`${inner}id=${q(svgStateId(node.id))}; tooltip=${q(tooltipOf(node))};`);
    writeChildren(node, inner);
    out.push(`${indent}}`);
  };
  const writeChildren = (node: ChartNode, indent: string) => {
    if (node.type === 'parallel') {
      out.push(`${indent}${q(anchor(node.id))} [shape=point, style=invis, width=0, label=""];`);
    } else {
      out.push(`${indent}${q(anchor(node.id))} [shape=point, width=0.12, label=""];`);
      if (node.initial) out.push(`${indent}${q(anchor(node.id))} -> ${q(endpoint(node.initial))};`);
    }
    for (const child of node.children) writeNode(child, indent);
  };
  const endpoint = (id: string) => (isCluster(id) ? anchor(id) : id);

  const edgeLabel = (edge: ChartEdge): string => {
    const code = [edge.trigger, guardLabel(edge), edge.actions.length ? `/ ${edge.actions.join(', ')}` : '']
      .filter(Boolean)
      .join(' ');
    const t = triggerTitle(edge, titles);
    const lines = t ? [h(t.ru), h(t.uz)] : [];
    const codeLines = wrap(code, 40).map(h);
    return `<${[...lines, small(codeLines.join('<BR/>'))].join('<BR/>')}>`;
  };

  if (chart.edges.some((e) => e.source === chart.root.id)) {
    const label = titles
      ? `<<B>${h(BUILT_IN_TITLES.anyState.ru)}</B><BR/>${h(BUILT_IN_TITLES.anyState.uz)}<BR/>${small('any state')}>`
      : '"any state"';
    out.push(`  ${q(anyId)} [id=${q(svgStateId(chart.root.id))}, label=${label}, style="rounded,dashed"];`);
  }
  writeChildren(chart.root, '  ');
  for (const [index, edge] of chart.edges.entries()) {
    const targets = edge.targets.length ? edge.targets : [edge.source];
    for (const [k, target] of targets.entries()) {
      const fromRoot = edge.source === chart.root.id;
      const from = fromRoot ? anyId : endpoint(edge.source);
      const to = target === chart.root.id ? anyId : endpoint(target);
      const attrs = [`id=${q(svgEdgeId(index, k))}`, `label=${edgeLabel(edge)}`];
      const self = edge.source === target;
      if (!fromRoot && !self && isCluster(edge.source)) attrs.push(`ltail=${q(cluster(edge.source))}`);
      if (!self && target !== chart.root.id && isCluster(target)) attrs.push(`lhead=${q(cluster(target))}`);
      if (edge.kind === 'always') attrs.push('style=dashed');
      out.push(`  ${q(from)} -> ${q(to)} [${attrs.join(', ')}];`);
    }
  }
  out.push('}');
  return `${out.join('\n')}\n`;
}

let graphviz: Promise<Graphviz> | undefined;

/**
 * DOT → SVG with Graphviz compiled to WebAssembly (no browser, no native binary); same input, same output. Graphviz
 * numbers the anchors of linked label cells with a counter that survives between calls: they are renumbered per
 * document so the output stays deterministic.
 */
export async function dotToSvg(dot: string): Promise<string> {
  graphviz ??= Graphviz.load();
  const gv = await graphviz;
  let n = 0;
  return gv.dot(dot, 'svg').replace(/ id="a_([^"]*)_\d+"/g, (_, owner: string) => ` id="a_${owner}_${n++}"`);
}
