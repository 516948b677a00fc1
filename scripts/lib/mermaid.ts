import {
  type Chart,
  type ChartEdge,
  type ChartNode,
  edgeLabel,
  flattenNodes,
  guardLabel,
} from './chart-model';
import { BUILT_IN_TITLES, type ChartTitles, specRef, triggerTitle } from './chart-titles';

/**
 * Mermaid `stateDiagram-v2` from a chart, checked by `mermaid.parse` in tests/machines/chart-tools.test.ts. States
 * and events are labelled `ru · uz (code)` when the chart has titles; atomic states list their description, view
 * and spec line. Written against mermaid's state grammar (stateDiagram.jison):
 * - ids are `[A-Za-z0-9_]` and never a keyword (`state`, `note`, `class`, `default…`); a state is named by its key
 *   when that key is unique in the machine, by its path joined with `_` otherwise;
 * - descriptions and labels contain no `:`, `;`, `#`, `"`, `{` or `}` (they end a description, start a comment or a
 *   block);
 * - composite states are `state "label" as id {…}`, parallel regions are split by `--`;
 * - an edge is written in the block of the lowest composite containing both ends; transitions of the machine root
 *   (accepted in any state) start from a pseudo-state "any state".
 */
export function toMermaid(chart: Chart, titles?: ChartTitles): string {
  const ids = mermaidIds(chart);
  const idOf = (nodeId: string) => ids.get(nodeId) ?? sanitizeId(nodeId);
  const anyId = `${sanitizeId(chart.id)}_any`;
  const lines: string[] = ['stateDiagram-v2', '  direction TB'];
  if (chart.description) lines.push(`  %% ${chart.id}: ${text(chart.description)}`);

  const parentOf = new Map<string, ChartNode>();
  for (const node of flattenNodes(chart.root))
    for (const child of node.children) parentOf.set(child.id, node);
  const ancestors = (id: string): string[] => {
    const out: string[] = [];
    for (let p = parentOf.get(id); p; p = parentOf.get(p.id)) out.push(p.id);
    return out;
  };
  /** The composite whose block holds an edge: the lowest common proper ancestor of its ends. */
  const blockOf = (edge: ChartEdge, target: string): string => {
    if (edge.source === chart.root.id) return chart.root.id;
    const a = ancestors(edge.source);
    const b = new Set(ancestors(target));
    return a.find((id) => b.has(id)) ?? chart.root.id;
  };
  const edgesByBlock = new Map<string, string[]>();
  for (const edge of chart.edges) {
    const from = edge.source === chart.root.id ? anyId : idOf(edge.source);
    const targets = edge.targets.length ? edge.targets : [edge.source];
    for (const target of targets) {
      const block = blockOf(edge, target);
      const to = target === chart.root.id ? anyId : idOf(target);
      const list = edgesByBlock.get(block) ?? [];
      list.push(`${from} --> ${to} : ${text(mermaidEdgeLabel(edge, titles))}`);
      edgesByBlock.set(block, list);
    }
  }

  const writeChildren = (node: ChartNode, indent: string) => {
    if (node.type === 'parallel') {
      node.children.forEach((region, i) => {
        if (i > 0) lines.push(`${indent}--`);
        writeNode(region, indent);
      });
    } else {
      for (const child of node.children) writeNode(child, indent);
      if (node.initial) lines.push(`${indent}[*] --> ${idOf(node.initial)}`);
      for (const child of node.children)
        if (child.type === 'final') lines.push(`${indent}${idOf(child.id)} --> [*]`);
    }
    for (const edge of edgesByBlock.get(node.id) ?? []) lines.push(`${indent}${edge}`);
  };
  const writeNode = (node: ChartNode, indent: string) => {
    const id = idOf(node.id);
    const t = titles?.states[node.titleKey];
    const label = t ? `${t.ru} · ${t.uz} (${node.key})` : node.key;
    const named = label !== id ? `"${text(label)}" as ${id}` : id;
    if (node.children.length > 0) {
      lines.push(`${indent}state ${named} {`);
      writeChildren(node, `${indent}  `);
      lines.push(`${indent}}`);
    } else {
      lines.push(`${indent}state ${named}`);
    }
    const spec = t ? specRef(t.spec) : undefined;
    const notes = [...describe(node), ...(spec ? [`spec §${spec.section} line ${spec.line}`] : [])];
    for (const line of node.children.length > 0 ? [] : notes) lines.push(`${indent}${id} : ${text(line)}`);
  };

  const anyLabel = titles
    ? `${BUILT_IN_TITLES.anyState.ru} · ${BUILT_IN_TITLES.anyState.uz} (any state)`
    : 'any state';
  if (chart.edges.some((e) => e.source === chart.root.id)) lines.push(`  state "${anyLabel}" as ${anyId}`);
  if (chart.root.type === 'parallel') {
    // `--` is only valid inside a block: a parallel root becomes a composite named after the machine
    lines.push(`  state ${sanitizeId(chart.id)} {`);
    writeChildren(chart.root, '    ');
    lines.push('  }');
    lines.push(`  [*] --> ${sanitizeId(chart.id)}`);
  } else {
    writeChildren(chart.root, '  ');
  }
  return `${lines.join('\n')}\n`;
}

/** `Войти · Kirish (login.submit) [guard] / actions`, or the code label without titles. */
function mermaidEdgeLabel(edge: ChartEdge, titles: ChartTitles | undefined): string {
  const t = triggerTitle(edge, titles);
  if (!t) return edgeLabel(edge);
  const guard = guardLabel(edge) ? ` ${guardLabel(edge)}` : '';
  const actions = edge.actions.length ? ` / ${edge.actions.join(', ')}` : '';
  return `${t.ru} · ${t.uz} (${edge.trigger})${guard}${actions}`;
}

/** Description lines of a state (mermaid drops descriptions of composites: the caller skips them). */
function describe(node: ChartNode): string[] {
  const out: string[] = [];
  if (node.invokes.length) out.push(`invoke ${node.invokes.map((i) => i.src).join(', ')}`);
  if (node.description) out.push(text(node.description));
  if (node.view) out.push(`shows ${text(node.view)}`);
  return out;
}

const RESERVED =
  /^(state|note|class|classdef|scale|direction|end|hide|accTitle|accDescr|stateDiagram|default.*)$/i;

function sanitizeId(raw: string): string {
  const id = raw.replace(/[^A-Za-z0-9_]/g, '_');
  return RESERVED.test(id) || /^[0-9]/.test(id) ? `s_${id}` : id;
}

/** Mermaid ids for every state node except the root. */
export function mermaidIds(chart: Chart): Map<string, string> {
  const nodes = flattenNodes(chart.root).slice(1);
  const keyCount = new Map<string, number>();
  for (const n of nodes) keyCount.set(n.key, (keyCount.get(n.key) ?? 0) + 1);
  const ids = new Map<string, string>();
  const prefix = `${chart.root.id}.`;
  for (const n of nodes) {
    const unique = keyCount.get(n.key) === 1 && sanitizeId(n.key) === n.key;
    ids.set(n.id, unique ? n.key : sanitizeId(n.id.startsWith(prefix) ? n.id.slice(prefix.length) : n.id));
  }
  return ids;
}

/** Free text safe for mermaid descriptions and labels. */
function text(s: string): string {
  return s
    .replace(/[:;#"{}]/g, (c) => ({ ':': ' -', ';': ',', '#': '№', '"': "'", '{': '(', '}': ')' })[c] ?? c)
    .replace(/\s+/g, ' ')
    .trim();
}
