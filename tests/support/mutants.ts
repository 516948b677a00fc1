import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { allStateNodes, nodeTransitions, transitionKey } from './model-universe';
import { evaluateGuardRef, type GuardArgs } from './oracle';

/**
 * Seeded bugs applied to a `provide()` copy of a chart (the copy owns its definitions, the registered machine is
 * untouched): the kinds an outside audit found surviving — an inverted guard, a wrong but reachable target, a
 * removed transition, dropped actions (assign/emit), dropped entry actions, a wrong invoke input.
 */
export type MutantKind =
  | 'invertGuard'
  | 'retarget'
  | 'removeTransition'
  | 'dropActions'
  | 'dropEntry'
  | 'wrongInput';

export interface Mutant {
  readonly kind: MutantKind;
  /** What is changed, by ids: a transition key or a state node id. */
  readonly where: string;
  readonly apply: (copy: AnyStateMachine) => void;
  /** Why the mutant cannot change behaviour, when that follows from the chart's structure alone. */
  readonly equivalent?: string;
}

/**
 * Removing an unguarded transition with no target and no actions (the "otherwise ignore it" branch after a guarded
 * one) changes nothing when no ancestor state handles the event: the event is ignored either way.
 */
function equivalentRemoval(t: AnyTransitionDefinition): string | undefined {
  if (t.guard !== undefined || (t.target?.length ?? 0) > 0 || t.actions.length > 0 || t.eventType === '')
    return undefined;
  for (let n = t.source.parent; n; n = n.parent) {
    if (n.transitions.has(t.eventType) || n.transitions.has('*')) return undefined;
  }
  return 'an unguarded branch without target or actions, and no ancestor handles the event';
}

const findTransition = (copy: AnyStateMachine, key: string): AnyTransitionDefinition => {
  for (const node of allStateNodes(copy)) {
    for (const t of nodeTransitions(node)) if (transitionKey(t) === key) return t;
  }
  throw new Error(`no transition ${key}`);
};
const findNode = (copy: AnyStateMachine, id: string): AnyStateNode => {
  const node = allStateNodes(copy).find((n) => n.id === id);
  if (!node) throw new Error(`no state ${id}`);
  return node;
};

/** Siblings a wrong target may point to: the other children of the target's parent. */
function wrongTarget(t: AnyTransitionDefinition): AnyStateNode | undefined {
  const target = t.target?.[0];
  const parent = target?.parent;
  if (!target || !parent) return undefined;
  return Object.values(parent.states as Record<string, AnyStateNode>).find(
    (s) => s !== target && s.type !== 'history' && s !== t.source,
  );
}

/** Changes one field of an invoke input: strings gain a suffix, numbers and booleans flip, objects lose a field. */
function mangle(input: unknown): unknown {
  if (input === null || typeof input !== 'object') {
    if (typeof input === 'string') return `${input}-wrong`;
    if (typeof input === 'number') return input + 1;
    if (typeof input === 'boolean') return !input;
    return { wrong: true };
  }
  const entries = Object.entries(input as Record<string, unknown>);
  const [first] = entries;
  if (!first) return { wrong: true };
  return { ...(input as Record<string, unknown>), [first[0]]: mangle(first[1]) };
}

/** Every mutant of the kinds above that the chart allows, in document order. */
export function enumerateMutants(machine: AnyStateMachine): Mutant[] {
  const out: Mutant[] = [];
  for (const node of allStateNodes(machine)) {
    for (const t of nodeTransitions(node)) {
      const key = transitionKey(t);
      if (t.guard !== undefined) {
        out.push({
          kind: 'invertGuard',
          where: key,
          apply: (copy) => {
            const ct = findTransition(copy, key) as { guard: unknown };
            const original = ct.guard;
            const not = (() => false) as unknown as { check: (s: unknown, a: unknown) => boolean };
            not.check = (snapshot, args) =>
              !evaluateGuardRef(copy, original, args as GuardArgs, snapshot as AnyMachineSnapshot);
            ct.guard = not;
          },
        });
      }
      const wrong = wrongTarget(t);
      if (wrong) {
        out.push({
          kind: 'retarget',
          where: `${key} ⇒ ${wrong.id}`,
          apply: (copy) => {
            (findTransition(copy, key) as { target: unknown }).target = [findNode(copy, wrong.id)];
          },
        });
      }
      const equivalent = equivalentRemoval(t);
      out.push({
        kind: 'removeTransition',
        where: key,
        ...(equivalent ? { equivalent } : {}),
        apply: (copy) => {
          const ct = findTransition(copy, key);
          const src = ct.source;
          if (ct.eventType === '') {
            (src as { always?: unknown[] }).always = (src.always ?? []).filter((x) => x !== ct);
          } else {
            const list = src.transitions.get(ct.eventType) ?? [];
            src.transitions.set(
              ct.eventType,
              list.filter((x) => x !== ct),
            );
          }
        },
      });
      if (t.actions.length > 0) {
        out.push({
          kind: 'dropActions',
          where: key,
          apply: (copy) => {
            (findTransition(copy, key) as unknown as { actions: unknown[] }).actions = [];
          },
        });
      }
    }
    if (node.entry.some((a) => !String((a as { type?: string }).type ?? '').startsWith('xstate.'))) {
      out.push({
        kind: 'dropEntry',
        where: node.id,
        apply: (copy) => {
          const n = findNode(copy, node.id);
          (n as { entry: unknown[] }).entry = n.entry.filter((a) =>
            String((a as { type?: string }).type ?? '').startsWith('xstate.'),
          );
        },
      });
    }
    node.invoke.forEach((inv, i) => {
      if (inv.input === undefined) return;
      out.push({
        kind: 'wrongInput',
        where: `${node.id} invoke ${inv.id}`,
        apply: (copy) => {
          const def = findNode(copy, node.id).invoke[i] as { input: unknown };
          const original = def.input;
          def.input = (args: unknown) => mangle(typeof original === 'function' ? original(args) : original);
        },
      });
    });
  }
  return out;
}

/** A wrong target chosen by hand (the audit's "wrong but reachable target"), for tests. */
export function retargetTo(key: string, targetId: string): Mutant {
  return {
    kind: 'retarget',
    where: `${key} ⇒ ${targetId}`,
    apply: (copy) => {
      (findTransition(copy, key) as { target: unknown }).target = [findNode(copy, targetId)];
    },
  };
}
