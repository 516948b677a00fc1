import type { Chart, ChartEdge, ChartNode } from './chart-model';

const XSTATE_NS = 'https://stately.ai/xstate';

function attr(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '&#10;');
}

function textNode(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * W3C SCXML from a chart. The machine root is the top `<state>` (SCXML allows no transitions on `<scxml>`), so
 * transitions accepted in any state stay on it. Mapping: `always` → eventless `<transition>`; `after` →
 * `<send delay>` on entry, `<cancel>` on exit and a transition on the delayed event; invoke → `<invoke id src>`
 * with its `onDone`/`onError` as transitions on `xstate.done.actor.<id>` / `xstate.error.actor.<id>`; guards →
 * `cond` (the guard's name); action names, descriptions, `meta.view` and tags → elements in the xstate namespace,
 * which SCXML processors ignore.
 */
export function toScxml(chart: Chart): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:xstate="${XSTATE_NS}" version="1.0" name="${attr(
      chart.id,
    )}" initial="${attr(chart.root.id)}">`,
  ];
  const edgesBySource = new Map<string, ChartEdge[]>();
  for (const edge of chart.edges) {
    const list = edgesBySource.get(edge.source) ?? [];
    list.push(edge);
    edgesBySource.set(edge.source, list);
  }

  const writeNode = (node: ChartNode, indent: string) => {
    const tag = node.type === 'parallel' ? 'parallel' : node.type === 'final' ? 'final' : 'state';
    const initial = node.initial ? ` initial="${attr(node.initial)}"` : '';
    out.push(`${indent}<${tag} id="${attr(node.id)}"${initial}>`);
    const inner = `${indent}  `;
    if (node.description)
      out.push(`${inner}<xstate:description>${textNode(node.description)}</xstate:description>`);
    if (node.view || node.testId) {
      const testId = node.testId ? ` testId="${attr(node.testId)}"` : '';
      out.push(`${inner}<xstate:meta view="${attr(node.view ?? '')}"${testId}/>`);
    }
    for (const tag of node.tags) out.push(`${inner}<xstate:tag name="${attr(tag)}"/>`);
    const edges = edgesBySource.get(node.id) ?? [];
    const delayed = edges.filter((e) => e.kind === 'after');
    const delayedEvents = [...new Set(delayed.map((e) => e.eventType))];
    if (node.entry.length || delayedEvents.length) {
      out.push(`${inner}<onentry>`);
      for (const a of node.entry) out.push(`${inner}  <xstate:action type="${attr(a)}"/>`);
      for (const ev of delayedEvents) {
        const delay = delayed.find((e) => e.eventType === ev)?.trigger.replace(/^after /, '') ?? '';
        out.push(`${inner}  <send event="${attr(ev)}" id="${attr(ev)}" delay="${attr(delay)}"/>`);
      }
      out.push(`${inner}</onentry>`);
    }
    if (node.exit.length || delayedEvents.length) {
      out.push(`${inner}<onexit>`);
      for (const a of node.exit) out.push(`${inner}  <xstate:action type="${attr(a)}"/>`);
      for (const ev of delayedEvents) out.push(`${inner}  <cancel sendid="${attr(ev)}"/>`);
      out.push(`${inner}</onexit>`);
    }
    for (const inv of node.invokes) out.push(`${inner}<invoke id="${attr(inv.id)}" src="${attr(inv.src)}"/>`);
    for (const edge of edges) {
      const parts: string[] = [];
      if (edge.kind !== 'always') parts.push(`event="${attr(edge.eventType)}"`);
      if (edge.guard) parts.push(`cond="${attr(edge.guard)}"`);
      if (edge.targets.length) parts.push(`target="${attr(edge.targets.join(' '))}"`);
      parts.push(`type="${edge.reenter ? 'external' : 'internal'}"`);
      if (edge.actions.length === 0) {
        out.push(`${inner}<transition ${parts.join(' ')}/>`);
      } else {
        out.push(`${inner}<transition ${parts.join(' ')}>`);
        for (const a of edge.actions) out.push(`${inner}  <xstate:action type="${attr(a)}"/>`);
        out.push(`${inner}</transition>`);
      }
    }
    for (const child of node.children) writeNode(child, inner);
    out.push(`${indent}</${tag}>`);
  };
  writeNode(chart.root, '  ');
  out.push('</scxml>');
  return `${out.join('\n')}\n`;
}
