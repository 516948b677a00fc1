import { Graphviz } from '@hpcc-js/wasm-graphviz';
import { type Chart, type ChartNode, flattenNodes } from './chart-model';

/** A DOT string literal. */
function q(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

const anchor = (id: string) => `${id}::anchor`;
const cluster = (id: string) => `cluster_${id}`;

/**
 * Graphviz DOT from a chart: atomic states are rounded boxes, compound and parallel states are clusters (parallel
 * ones dashed), a point marks each initial state, finals have a double border, descriptions and `meta.view` are
 * tooltips. Edges to or from a cluster go through its anchor point with `lhead`/`ltail`; transitions of the machine
 * root start from an "any state" node.
 */
export function toDot(chart: Chart): string {
  const out: string[] = [
    `digraph ${q(chart.id)} {`,
    `  graph [compound=true, rankdir=TB, fontname="Helvetica", fontsize=12, labelloc=t, label=${q(
      chart.description ? `${chart.id}\n${chart.description}` : chart.id,
    )}];`,
    '  node [shape=box, style=rounded, fontname="Helvetica", fontsize=11];',
    '  edge [fontname="Helvetica", fontsize=9];',
  ];
  const nodes = new Map(flattenNodes(chart.root).map((n) => [n.id, n]));
  const isCluster = (id: string) => id === chart.root.id || (nodes.get(id)?.children.length ?? 0) > 0;
  const anyId = `${chart.id}::any`;

  const writeNode = (node: ChartNode, indent: string) => {
    const tooltip = [node.description, node.view ? `shows ${node.view}` : undefined]
      .filter(Boolean)
      .join('\n');
    if (node.children.length === 0) {
      const label = [node.key, ...node.invokes.map((i) => `invoke ${i.src}`)].join('\n');
      const attrs = [`label=${q(label)}`];
      if (tooltip) attrs.push(`tooltip=${q(tooltip)}`);
      if (node.type === 'final') attrs.push('peripheries=2');
      out.push(`${indent}${q(node.id)} [${attrs.join(', ')}];`);
      return;
    }
    out.push(`${indent}subgraph ${q(cluster(node.id))} {`);
    const inner = `${indent}  `;
    const label = [node.key, ...node.invokes.map((i) => `invoke ${i.src}`)].join('\n');
    out.push(
      `${inner}label=${q(label)}; style=${node.type === 'parallel' ? '"rounded,dashed"' : 'rounded'};`,
    );
    if (tooltip) out.push(`${inner}tooltip=${q(tooltip)};`);
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

  if (chart.edges.some((e) => e.source === chart.root.id)) {
    out.push(`  ${q(anyId)} [label="any state", style="rounded,dashed"];`);
  }
  writeChildren(chart.root, '  ');
  for (const edge of chart.edges) {
    const targets = edge.targets.length ? edge.targets : [edge.source];
    const labelParts = [edge.trigger];
    if (edge.guard) labelParts.push(`[${edge.guard}]`);
    if (edge.actions.length) labelParts.push(`/ ${edge.actions.join(', ')}`);
    for (const target of targets) {
      const fromRoot = edge.source === chart.root.id;
      const from = fromRoot ? anyId : endpoint(edge.source);
      const to = target === chart.root.id ? anyId : endpoint(target);
      const attrs = [`label=${q(labelParts.join('\n'))}`];
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

/** DOT → SVG with Graphviz compiled to WebAssembly (no browser, no native binary); same input, same output. */
export async function dotToSvg(dot: string): Promise<string> {
  graphviz ??= Graphviz.load();
  const gv = await graphviz;
  return gv.dot(dot, 'svg');
}
