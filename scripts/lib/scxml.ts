import { type Chart, type ChartEdge, type ChartNode, flattenNodes } from './chart-model';

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

/** SCXML name of an edge's event: invoke results are `done.invoke.<id>` / `error.invoke.<id>`, a compound state's
 *  completion is `done.state.<id>` (raised by the interpreter), other events keep their xstate type. */
export function scxmlEventName(xstateType: string): string {
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(xstateType);
  if (actor) return `${actor[1]}.invoke.${actor[2]}`;
  if (xstateType.startsWith('xstate.done.state.')) return xstateType.slice('xstate.'.length);
  return xstateType;
}

/** Identifies a transition for the guard stub: `<source id>#<event type or always>#<index>`. */
export function transitionRef(source: string, eventType: string, index: number): string {
  return `${source}#${eventType || 'always'}#${index}`;
}

function jsString(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function comment(s: string): string {
  return `<!-- ${s.replace(/--/g, '- -')} -->`;
}

/**
 * W3C SCXML (ECMAScript data model) from a chart, loadable by an SCXML interpreter such as SCION. The machine root
 * is the top `<state>` (SCXML allows no transitions on `<scxml>`), so transitions accepted in any state stay on it.
 * Mapping:
 * - `always` → eventless `<transition>`; `after` → `<send delay>` on entry, `<cancel>` on exit and a transition on
 *   the delayed event;
 * - invoke → `<invoke id>` of an inline stub chart that runs until cancelled (the real actor is TypeScript code);
 *   its results are `done.invoke.<id>` / `error.invoke.<id>` transitions, sent by whoever drives the chart;
 * - guard → `cond="guard('<guard>', '<transition ref>')"`: `guard` is a data-model stub answering false, which a
 *   test harness replaces with the outcome xstate computed (guards are TypeScript functions of the context);
 * - an event that another event of the chart extends (`done.state.<parallel>` and its regions' `done.state.<region>`)
 *   also gets `_event.name === '<event>'` in its cond: SCXML matches by token prefix, xstate exactly;
 * - action names → XML comments (nothing custom inside `<transition>`); descriptions, titles, `meta.view` and tags
 *   → elements in the xstate namespace on the states, which SCXML processors ignore.
 */
export function toScxml(chart: Chart): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:xstate="${XSTATE_NS}" version="1.0" datamodel="ecmascript" name="${attr(
      chart.id,
    )}" initial="${attr(chart.root.id)}">`,
    '  <datamodel>',
    '    <!-- guard(name, transition): the outcome of an xstate guard; a stub here, supplied by whoever runs the chart -->',
    '    <data id="guard" expr="function (name, transition) { return false; }"/>',
    '  </datamodel>',
  ];
  // SCXML matches event descriptors by token prefix (`done.state.a.b` also takes `done.state.a.b.c`); xstate matches
  // exactly. Where another event of the chart extends a transition's event, its cond also checks the exact name.
  const eventNames = new Set([
    ...chart.edges.filter((e) => e.kind !== 'always').map((e) => scxmlEventName(e.eventType)),
    ...flattenNodes(chart.root)
      .filter((n) => n.children.length > 0)
      .map((n) => `done.state.${n.id}`),
  ]);
  const needsExactName = (name: string) => [...eventNames].some((other) => other.startsWith(`${name}.`));
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
      if (node.entry.length) out.push(`${inner}  ${comment(`entry actions: ${node.entry.join(', ')}`)}`);
      for (const ev of delayedEvents) {
        const delay = delayed.find((e) => e.eventType === ev)?.trigger.replace(/^after /, '') ?? '';
        out.push(`${inner}  <send event="${attr(ev)}" id="${attr(ev)}" delay="${attr(delay)}"/>`);
      }
      out.push(`${inner}</onentry>`);
    }
    if (node.exit.length || delayedEvents.length) {
      out.push(`${inner}<onexit>`);
      if (node.exit.length) out.push(`${inner}  ${comment(`exit actions: ${node.exit.join(', ')}`)}`);
      for (const ev of delayedEvents) out.push(`${inner}  <cancel sendid="${attr(ev)}"/>`);
      out.push(`${inner}</onexit>`);
    }
    for (const inv of node.invokes) {
      out.push(`${inner}<invoke id="${attr(inv.id)}" type="http://www.w3.org/TR/scxml/">`);
      out.push(`${inner}  ${comment(`stub of the actor '${inv.src}'`)}`);
      out.push(`${inner}  <content>`);
      out.push(
        `${inner}    <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="${attr(inv.src)}"><state id="${attr(`${node.id}.invoke.${inv.id}`)}"/></scxml>`,
      );
      out.push(`${inner}  </content>`);
      out.push(`${inner}</invoke>`);
    }
    for (const edge of edges) {
      const parts: string[] = [];
      const name = scxmlEventName(edge.eventType);
      if (edge.kind !== 'always') parts.push(`event="${attr(name)}"`);
      const conds: string[] = [];
      if (edge.kind !== 'always' && needsExactName(name)) conds.push(`_event.name === ${jsString(name)}`);
      if (edge.guard) {
        const ref = transitionRef(edge.source, edge.eventType, edge.index);
        conds.push(`guard(${jsString(edge.guard)}, ${jsString(ref)})`);
      }
      if (conds.length) parts.push(`cond="${attr(conds.join(' && '))}"`);
      if (edge.targets.length) parts.push(`target="${attr(edge.targets.join(' '))}"`);
      parts.push(`type="${edge.reenter ? 'external' : 'internal'}"`);
      const notes = [
        ...(edge.isElse ? ['else'] : []),
        ...(edge.actions.length ? [`actions: ${edge.actions.join(', ')}`] : []),
      ];
      if (notes.length === 0) {
        out.push(`${inner}<transition ${parts.join(' ')}/>`);
      } else {
        out.push(`${inner}<transition ${parts.join(' ')}>`);
        out.push(`${inner}  ${comment(notes.join('; '))}`);
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
