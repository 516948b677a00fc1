import type {
  AnyEventObject,
  AnyStateMachine,
  AnyStateNode,
  AnyTransitionDefinition,
  EventObject,
} from 'xstate';
import { getStateNodes } from 'xstate/graph';

/**
 * Boundary payloads per event type. Each listed event replaces the bare `{ type }` the traversal would otherwise
 * send, so list every variant a guard should see (both outcomes), and realistic actor results under
 * `xstate.done.actor.<id>` (with `output`) and `xstate.error.actor.<id>` (with `error`).
 */
export type EventPayloads = Readonly<Record<string, readonly AnyEventObject[]>>;

/** The event type xstate uses for `always` transitions (`NULL_EVENT`). */
const ALWAYS = '';

/** Every state node of the machine, root first, in document order. */
export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  return [machine.root, ...getStateNodes(machine.root)];
}

/** Readable event label: `always` for eventless transitions, the event type otherwise. */
export function eventLabel(eventType: string): string {
  return eventType === ALWAYS ? 'always' : eventType;
}

/**
 * Stable key of a transition definition, by ids only, so it is the same for the registered machine and for any
 * `machine.provide(...)` copy: `<source id> --<event>#<index>--> <target ids>`; `index` is the position among the
 * candidates for that event on that source (document order), `(self)` marks a targetless transition.
 */
export function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source;
  const list: readonly AnyTransitionDefinition[] =
    t.eventType === ALWAYS ? (source.always ?? []) : (source.transitions.get(t.eventType) ?? []);
  const index = list.indexOf(t);
  const targets = t.target?.length ? t.target.map((n) => n.id).join(',') : '(self)';
  return `${source.id} --${eventLabel(t.eventType)}#${index}--> ${targets}`;
}

/** All transition definitions of a node: `on`, invoke `onDone`/`onError`, `after`, state `onDone`, then `always`. */
export function nodeTransitions(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

/** A guard as written in a transition: a name, `{ type, params }`, a built-in (`and`/`or`/`not`) or a function. */
type GuardRef = unknown;

interface BuiltinGuard {
  (...args: never[]): unknown;
  check: unknown;
  guards?: readonly GuardRef[];
  stateValue?: unknown;
}

function isBuiltinGuard(g: GuardRef): g is BuiltinGuard {
  return typeof g === 'function' && 'check' in g;
}

/** Human label of a guard, e.g. `hasUser`, `not(isBlocked)`, `and(a, b)`. */
export function guardLabel(g: GuardRef): string {
  if (g === undefined || g === null) return '';
  if (typeof g === 'string') return g;
  if (isBuiltinGuard(g)) {
    if (g.guards) return `${g.name}(${g.guards.map(guardLabel).join(', ')})`;
    return `${g.name}(${JSON.stringify(g.stateValue)})`;
  }
  if (typeof g === 'object' && 'type' in g && typeof g.type === 'string') return g.type;
  if (typeof g === 'function') return g.name ? `inline ${g.name}` : 'inline';
  return 'unknown';
}

/** Names of the named guards (plain functions in `setup({ guards })`) a guard reference evaluates. */
export function namedGuards(machine: AnyStateMachine, g: GuardRef): string[] {
  const impl = machine.implementations.guards as Record<string, GuardRef>;
  const visit = (ref: GuardRef, seen: Set<string>): string[] => {
    if (ref === undefined || ref === null) return [];
    const name =
      typeof ref === 'string'
        ? ref
        : typeof ref === 'object' && 'type' in ref && typeof ref.type === 'string'
          ? ref.type
          : undefined;
    if (name !== undefined) {
      if (seen.has(name)) return [];
      seen.add(name);
      const resolved = impl[name];
      if (isBuiltinGuard(resolved)) return visit(resolved, seen);
      return [name];
    }
    if (isBuiltinGuard(ref)) return (ref.guards ?? []).flatMap((inner) => visit(inner, seen));
    return [];
  };
  return visit(g, new Set());
}

/** What model coverage measures for one machine. */
export interface ModelUniverse {
  /** State node ids, root first. */
  readonly states: readonly string[];
  /** Transition keys (see `transitionKey`). */
  readonly transitions: readonly string[];
  /** Named guards referenced by transitions; each must be seen true and false. */
  readonly guards: readonly string[];
}

export function getModelUniverse(machine: AnyStateMachine): ModelUniverse {
  const nodes = allStateNodes(machine);
  const transitions = nodes.flatMap(nodeTransitions);
  const guards = new Set<string>();
  for (const t of transitions) for (const name of namedGuards(machine, t.guard)) guards.add(name);
  return {
    states: nodes.map((n) => n.id),
    transitions: transitions.map(transitionKey),
    guards: [...guards].sort(),
  };
}

/**
 * Conventions a machine must follow for the harness to work (conventions.md, "Machines"): every invoke has an
 * explicit `id` equal to its `src`, the machine and every state have a `description`, every state a `meta.view`,
 * guards are named.
 * Returns the problems found, empty when the machine is fine.
 */
export function lintMachine(machine: AnyStateMachine): string[] {
  const problems: string[] = [];
  if (!machine.root.description) problems.push(`${machine.id}: no description on the machine`);
  for (const node of getStateNodes(machine.root)) {
    if (!node.description) problems.push(`${node.id}: no description`);
    const meta = node.meta as { view?: unknown } | undefined;
    if (typeof meta?.view !== 'string' || meta.view === '') problems.push(`${node.id}: no meta.view`);
  }
  for (const node of allStateNodes(machine)) {
    for (const inv of node.invoke) {
      if (inv.id !== inv.src)
        problems.push(`${node.id}: invoke id '${inv.id}' differs from src '${inv.src}'`);
    }
    for (const t of nodeTransitions(node)) {
      if (t.guard !== undefined && guardLabel(t.guard).startsWith('inline')) {
        problems.push(`${transitionKey(t)}: inline guard, name it in setup({ guards })`);
      }
    }
  }
  return problems;
}

/**
 * Payloads typed against a chart's event union: a user event's payloads must be events of that type (a misspelt
 * field or type fails to compile); actor results (`xstate.done.actor.*`, `xstate.error.actor.*`) and delays stay
 * loose, since their shape is the actor's output.
 */
export type TypedPayloads<TEvent extends EventObject> = {
  readonly [K in TEvent['type']]?: readonly Extract<TEvent, { type: K }>[];
} & { readonly [K in `xstate.${string}`]?: readonly AnyEventObject[] };

/** Checks a payload table against the event union `TEvent` (see `TypedPayloads`). */
export function payloadsFor<TEvent extends EventObject>(payloads: TypedPayloads<TEvent>): EventPayloads {
  return payloads as EventPayloads;
}
