import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/**
 * A machine as the chart converters see it: a tree of state nodes and a flat list of edges, both in document order,
 * read from `machine.root` (never from the config, so defaults xstate fills in are shown too).
 */
export interface Chart {
  readonly id: string;
  readonly description: string | undefined;
  readonly root: ChartNode;
  readonly edges: readonly ChartEdge[];
}

export type ChartNodeType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface ChartNode {
  /** xstate id, e.g. `session.authenticated.ready`. */
  readonly id: string;
  readonly key: string;
  /** Path below the machine root (`authenticated.main.ready`); `''` for the root. */
  readonly path: string;
  /** Key of the node's titles in the chart's titles file: `meta.title` when set, else `path` (`''` for the root). */
  readonly titleKey: string;
  readonly type: ChartNodeType;
  /** Id of the initial child (compound states). */
  readonly initial: string | undefined;
  readonly description: string | undefined;
  /** `meta.view`: what the screen shows in this state. */
  readonly view: string | undefined;
  readonly testId: string | undefined;
  readonly tags: readonly string[];
  readonly invokes: readonly { readonly id: string; readonly src: string }[];
  readonly entry: readonly string[];
  readonly exit: readonly string[];
  readonly children: readonly ChartNode[];
}

export type ChartEdgeKind =
  | 'event'
  | 'always'
  | 'after'
  | 'done.actor'
  | 'error.actor'
  | 'snapshot'
  | 'done.state';

export interface ChartEdge {
  readonly source: string;
  /** Target ids; empty for a targetless transition (actions only). */
  readonly targets: readonly string[];
  /** The raw event type (`''` for always). */
  readonly eventType: string;
  readonly kind: ChartEdgeKind;
  /** Readable trigger: `user.logout`, `fetchSession.done`, `fetchSession.error`, `after 1000ms`, `always`, `done`. */
  readonly trigger: string;
  readonly guard: string | undefined;
  readonly actions: readonly string[];
  readonly reenter: boolean;
  /** Position among the source's transitions for the same event (xstate tries them in this order). */
  readonly index: number;
  /** The unguarded fallback after guarded transitions for the same event: drawn as `[else]`. */
  readonly isElse: boolean;
}

function nameOf(item: unknown): string {
  if (typeof item === 'string') return item;
  if (typeof item === 'function') {
    const typed = item as { type?: unknown; name?: string };
    if (typeof typed.type === 'string') return typed.type;
    return typed.name ? `inline ${typed.name}` : 'inline';
  }
  if (typeof item === 'object' && item !== null && 'type' in item && typeof item.type === 'string')
    return item.type;
  return 'inline';
}

/** `hasUser`, `not(isBlocked)`, `and(a, b)` */
export function guardText(guard: unknown): string | undefined {
  if (guard === undefined || guard === null) return undefined;
  if (typeof guard === 'function' && 'check' in guard) {
    const g = guard as { name: string; guards?: unknown[]; stateValue?: unknown };
    if (g.guards) return `${g.name}(${g.guards.map((inner) => guardText(inner) ?? '').join(', ')})`;
    return `${g.name}(${JSON.stringify(g.stateValue)})`;
  }
  return nameOf(guard);
}

function edgeKind(t: AnyTransitionDefinition): { kind: ChartEdgeKind; trigger: string } {
  const type = t.eventType;
  if (type === '') return { kind: 'always', trigger: 'always' };
  const delay = (t as { delay?: unknown }).delay;
  if (delay !== undefined && type.startsWith('xstate.after.')) {
    return {
      kind: 'after',
      trigger: typeof delay === 'number' ? `after ${delay}ms` : `after ${String(delay)}`,
    };
  }
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (actor) {
    return actor[1] === 'done'
      ? { kind: 'done.actor', trigger: `${actor[2]}.done` }
      : { kind: 'error.actor', trigger: `${actor[2]}.error` };
  }
  if (type.startsWith('xstate.snapshot.')) {
    return { kind: 'snapshot', trigger: `${type.slice('xstate.snapshot.'.length)}.snapshot` };
  }
  if (type.startsWith('xstate.done.state.')) return { kind: 'done.state', trigger: 'done' };
  return { kind: 'event', trigger: type };
}

function toNode(node: AnyStateNode): ChartNode {
  const meta = (node.meta ?? {}) as { view?: unknown; testId?: unknown; title?: unknown };
  const path = node.path.join('.');
  return {
    id: node.id,
    key: node.key,
    path,
    titleKey: typeof meta.title === 'string' ? meta.title : path,
    type: node.type as ChartNodeType,
    initial: node.type === 'compound' ? node.initial?.target[0]?.id : undefined,
    description: node.description,
    view: typeof meta.view === 'string' ? meta.view : undefined,
    testId: typeof meta.testId === 'string' ? meta.testId : undefined,
    tags: [...node.tags],
    invokes: node.invoke.map((inv) => ({ id: inv.id, src: String(inv.src) })),
    entry: node.entry.map(nameOf),
    exit: node.exit.map(nameOf),
    children: Object.values(node.states).map(toNode),
  };
}

function nodeEdges(node: AnyStateNode): ChartEdge[] {
  const lists = [...node.transitions.values(), ...(node.always?.length ? [node.always] : [])];
  const own = lists.flatMap((list) =>
    list.map((t, index): ChartEdge => {
      const { kind, trigger } = edgeKind(t);
      const isElse = !t.guard && list.slice(0, index).some((before) => before.guard);
      return {
        source: node.id,
        targets: (t.target ?? []).map((n) => n.id),
        eventType: t.eventType,
        kind,
        trigger,
        guard: guardText(t.guard),
        actions: t.actions.map(nameOf),
        reenter: t.reenter,
        index,
        isElse,
      };
    }),
  );
  return [...own, ...Object.values(node.states).flatMap(nodeEdges)];
}

export function toChart(machine: AnyStateMachine): Chart {
  return {
    id: machine.id,
    description: machine.root.description,
    root: toNode(machine.root),
    edges: nodeEdges(machine.root),
  };
}

/** Every node of the tree, root first, depth-first in document order. */
export function flattenNodes(node: ChartNode): ChartNode[] {
  return [node, ...node.children.flatMap(flattenNodes)];
}

/** `[guard]`, `[else]` for the unguarded fallback, `''` otherwise. */
export function guardLabel(edge: ChartEdge): string {
  if (edge.guard) return `[${edge.guard}]`;
  return edge.isElse ? '[else]' : '';
}

/** `trigger [guard] / a, b` */
export function edgeLabel(edge: ChartEdge): string {
  const guard = guardLabel(edge) ? ` ${guardLabel(edge)}` : '';
  const actions = edge.actions.length ? ` / ${edge.actions.join(', ')}` : '';
  return `${edge.trigger}${guard}${actions}`;
}
