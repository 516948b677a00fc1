import { type Chart, type ChartEdge, type ChartNode, edgeLabel, flattenNodes } from './chart-model';

/**
 * Mermaid `stateDiagram-v2` from a chart. Written against mermaid's state grammar (stateDiagram.jison):
 * - ids are `[A-Za-z0-9_]` and never a keyword (`state`, `note`, `class`, `default…`); a state is named by its key
 *   when that key is unique in the machine, by its path joined with `_` otherwise;
 * - descriptions and labels contain no `:`, `;`, `#` or `"` (they end a description or start a comment);
 * - composite states are `state id {…}` (mermaid cannot label a composite), parallel regions are split by `--`;
 * - an edge is written in the block of the lowest composite containing both ends; transitions of the machine root
 *   (accepted in any state) start from a pseudo-state "any state".
 */
export function toMermaid(chart: Chart): string {
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
      list.push(`${from} --> ${to} : ${text(edgeLabel(edge))}`);
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
    if (node.children.length > 0) {
      lines.push(`${indent}state ${id} {`);
      writeChildren(node, `${indent}  `);
      lines.push(`${indent}}`);
    } else if (id !== node.key) {
      lines.push(`${indent}state "${text(node.key)}" as ${id}`);
    } else {
      lines.push(`${indent}state ${id}`);
    }
    for (const line of describe(node)) lines.push(`${indent}${id} : ${line}`);
  };

  if (chart.edges.some((e) => e.source === chart.root.id)) lines.push(`  state "any state" as ${anyId}`);
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

/** Description lines of an atomic state (mermaid drops descriptions of composites). */
function describe(node: ChartNode): string[] {
  if (node.children.length > 0) return [];
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
    .replace(/[:;#"]/g, (c) => ({ ':': ' -', ';': ',', '#': '№', '"': "'" })[c] ?? c)
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Structural check of the subset `toMermaid` writes (mermaid itself is not installed): header, balanced blocks,
 * valid and declared ids, one start per composite, `--` only inside blocks, labels free of `:`/`;`.
 * Returns the problems, empty when the text is fine.
 */
export function checkMermaidStateDiagram(source: string): string[] {
  const problems: string[] = [];
  const lines = source.split('\n');
  if (lines[0] !== 'stateDiagram-v2') problems.push('first line must be stateDiagram-v2');
  const ID = '[A-Za-z_][A-Za-z0-9_]*';
  const declared = new Set<string>();
  const referenced: { id: string; line: number }[] = [];
  const stack: { id: string; starts: number; regions: number }[] = [{ id: '(root)', starts: 0, regions: 1 }];
  const checkId = (id: string, line: number) => {
    if (id === '[*]') return;
    if (!new RegExp(`^${ID}$`).test(id)) problems.push(`line ${line}: invalid id '${id}'`);
    else if (RESERVED.test(id)) problems.push(`line ${line}: reserved id '${id}'`);
  };
  const EDGE_END = `${ID}|\\[\\*\\]`;
  const rules: [RegExp, (m: readonly (string | undefined)[], n: number) => void][] = [
    [
      new RegExp(`^state (${ID}) \\{$`),
      ([, id = ''], n) => {
        checkId(id, n);
        declared.add(id);
        stack.push({ id, starts: 0, regions: 1 });
      },
    ],
    [
      /^\}$/,
      (_, n) => {
        const block = stack.pop();
        if (!block || stack.length === 0) problems.push(`line ${n}: unbalanced }`);
        else if (block.starts !== block.regions && block.starts !== 0) {
          problems.push(
            `line ${n}: block ${block.id} has ${block.starts} starts for ${block.regions} regions`,
          );
        }
      },
    ],
    [
      /^--$/,
      (_, n) => {
        const top = stack.at(-1);
        if (stack.length < 2 || !top) problems.push(`line ${n}: -- outside a composite state`);
        else top.regions++;
      },
    ],
    [
      new RegExp(`^state "[^"]+" as (${ID})$|^state (${ID})$`),
      ([, aliased, plain], n) => {
        const id = aliased ?? plain ?? '';
        checkId(id, n);
        declared.add(id);
      },
    ],
    [
      new RegExp(`^(${EDGE_END}) --> (${EDGE_END})(?: : [^:;]+)?$`),
      ([, from = '', to = ''], n) => {
        if (from === '[*]' && to === '[*]') problems.push(`line ${n}: [*] --> [*]`);
        const top = stack.at(-1);
        if (from === '[*]' && top) top.starts++;
        for (const id of [from, to]) {
          checkId(id, n);
          if (id !== '[*]') referenced.push({ id, line: n });
        }
      },
    ],
    [new RegExp(`^(${ID}) : [^:;]+$`), ([, id = ''], n) => referenced.push({ id, line: n })],
  ];
  lines.slice(1).forEach((raw, i) => {
    const n = i + 2;
    const line = raw.trim();
    if (line === '' || line.startsWith('%%') || /^direction (TB|LR|BT|RL)$/.test(line)) return;
    for (const [pattern, apply] of rules) {
      const m = pattern.exec(line);
      if (m) {
        apply([...m], n);
        return;
      }
    }
    problems.push(`line ${n}: not a stateDiagram-v2 statement: ${line}`);
  });
  if (stack.length !== 1) problems.push(`unclosed block ${stack.at(-1)?.id}`);
  else if (stack[0]?.starts !== 1)
    problems.push(`the diagram needs exactly one [*] start, found ${stack[0]?.starts}`);
  for (const { id, line } of referenced) {
    if (!declared.has(id)) problems.push(`line ${line}: '${id}' used without declaration`);
  }
  return problems;
}
