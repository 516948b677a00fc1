import type { Chart, ChartEdge, ChartNode } from './chart-model';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** One transition as a machine config writes it: absolute `#id` targets, named guard and actions. */
function transitionConfig(edge: ChartEdge): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  if (edge.targets.length) out.target = edge.targets.map((t) => `#${t}`);
  if (edge.guard) out.guard = edge.guard;
  if (edge.actions.length) out.actions = edge.actions.map((type) => ({ type }));
  if (edge.reenter) out.reenter = true;
  return out;
}

/** Groups edges by the key `keyOf` gives, keeping document order within each group. */
function groupBy(edges: readonly ChartEdge[], keyOf: (e: ChartEdge) => string): { [key: string]: Json } {
  const out: { [key: string]: Json[] } = {};
  for (const edge of edges) {
    const key = keyOf(edge);
    const list = out[key] ?? [];
    list.push(transitionConfig(edge));
    out[key] = list;
  }
  return out;
}

/** `list` without the last `count` occurrences of `name`. */
function withoutLast(list: readonly string[], name: string, count: number): string[] {
  const out = [...list];
  for (let left = count, i = out.length - 1; left > 0 && i >= 0; i--) {
    if (out[i] === name) {
      out.splice(i, 1);
      left--;
    }
  }
  return out;
}

/**
 * The machine config (JSON) of a chart, the format `createMachine` and the Stately editor import: every state
 * with its type, initial child, description, `meta`, tags, entry/exit, invokes with `onDone`/`onError`, `on`,
 * `after`, `onDone` and `always` transitions. Guards and actions keep their names (the implementations stay in
 * TypeScript); higher-order guards are written as their readable name, e.g. `not(isBlocked)`.
 */
export function toStatelyConfig(chart: Chart): { [key: string]: Json } {
  const edgesBySource = new Map<string, ChartEdge[]>();
  for (const edge of chart.edges) {
    const list = edgesBySource.get(edge.source) ?? [];
    list.push(edge);
    edgesBySource.set(edge.source, list);
  }
  const nodeConfig = (node: ChartNode): { [key: string]: Json } => {
    const out: { [key: string]: Json } = {};
    if (node.id === chart.root.id) out.id = chart.id;
    if (node.type === 'parallel' || node.type === 'final' || node.type === 'history') out.type = node.type;
    if (node.initial) out.initial = node.initial.slice(node.id.length + 1);
    if (node.description) out.description = node.description;
    const meta: { [key: string]: Json } = {};
    if (node.view) meta.view = node.view;
    if (node.testId) meta.testId = node.testId;
    if (node.titleKey !== node.path) meta.title = node.titleKey;
    if (Object.keys(meta).length) out.meta = meta;
    if (node.tags.length) out.tags = [...node.tags];
    const edges = edgesBySource.get(node.id) ?? [];
    // xstate appends a raise on entry and a cancel on exit per delayed transition; `after` recreates them
    const delays = new Set(edges.filter((e) => e.kind === 'after').map((e) => e.eventType)).size;
    const entry = withoutLast(node.entry, 'xstate.raise', delays);
    const exit = withoutLast(node.exit, 'xstate.cancel', delays);
    if (entry.length) out.entry = entry.map((type) => ({ type }));
    if (exit.length) out.exit = exit.map((type) => ({ type }));
    const actorEdges = (kind: ChartEdge['kind'], id: string) =>
      edges.filter(
        (e) => e.kind === kind && e.trigger === `${id}.${kind === 'done.actor' ? 'done' : 'error'}`,
      );
    if (node.invokes.length) {
      out.invoke = node.invokes.map((inv) => {
        const invoke: { [key: string]: Json } = { id: inv.id, src: inv.src };
        const done = actorEdges('done.actor', inv.id);
        const error = actorEdges('error.actor', inv.id);
        if (done.length) invoke.onDone = done.map(transitionConfig);
        if (error.length) invoke.onError = error.map(transitionConfig);
        return invoke;
      });
    }
    const invoked = new Set(node.invokes.map((i) => i.id));
    const isInvokeResult = (e: ChartEdge) =>
      (e.kind === 'done.actor' || e.kind === 'error.actor') &&
      invoked.has(e.trigger.replace(/\.(done|error)$/, ''));
    const on = edges.filter(
      (e) => (e.kind === 'event' || e.kind === 'snapshot' || e.kind.endsWith('.actor')) && !isInvokeResult(e),
    );
    if (on.length) out.on = groupBy(on, (e) => e.eventType);
    const after = edges.filter((e) => e.kind === 'after');
    if (after.length) out.after = groupBy(after, (e) => e.trigger.replace(/^after /, '').replace(/ms$/, ''));
    const onDone = edges.filter((e) => e.kind === 'done.state');
    if (onDone.length) out.onDone = onDone.map(transitionConfig);
    const always = edges.filter((e) => e.kind === 'always');
    if (always.length) out.always = always.map(transitionConfig);
    if (node.children.length)
      out.states = Object.fromEntries(node.children.map((c) => [c.key, nodeConfig(c)]));
    return out;
  };
  return nodeConfig(chart.root);
}

/** `toStatelyConfig`, pretty-printed. */
export function toStatelyJson(chart: Chart): string {
  return `${JSON.stringify(toStatelyConfig(chart), null, 2)}\n`;
}
