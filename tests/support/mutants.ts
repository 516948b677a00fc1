import { isDeepStrictEqual } from 'node:util';
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  assign,
  raise,
} from 'xstate';
import { allStateNodes, nodeTransitions, transitionKey } from './model-universe';
import { evaluateGuardRef, type GuardArgs } from './oracle';

/**
 * Seeded bugs applied to a `provide()` copy of a chart (the copy owns its definitions, the registered machine is
 * untouched): the kinds an outside audit found surviving — an inverted guard, a wrong but reachable target, a
 * removed transition, dropped actions (assign/emit), dropped entry actions, a wrong invoke input — and the finer
 * kinds a second audit's hand-written mutants needed: one field of an invoke input made wrong (`inputField`), one
 * context key's update dropped or left raw (`assignField`), a guard always true or reading only the first element
 * of its lists (`guardHalf`), a delay made longer or shorter (`constant`).
 */
export type MutantKind =
  | 'invertGuard'
  | 'retarget'
  | 'removeTransition'
  | 'dropActions'
  | 'dropEntry'
  | 'wrongInput'
  | 'inputField'
  | 'assignField'
  | 'guardHalf'
  | 'constant';

/** Every kind, in report order. */
export const MUTANT_KINDS: readonly MutantKind[] = [
  'invertGuard',
  'retarget',
  'removeTransition',
  'dropActions',
  'dropEntry',
  'wrongInput',
  'inputField',
  'assignField',
  'guardHalf',
  'constant',
];

export interface Mutant {
  readonly kind: MutantKind;
  /** What is changed, by ids: a transition key, a state node id, an action or an input field, and the variant. */
  readonly where: string;
  readonly apply: (copy: AnyStateMachine) => void;
  /** Why the mutant cannot change behaviour, when that follows from the chart's structure alone. */
  readonly equivalent?: string;
  /**
   * The mutant's change never made a difference on any snapshot of the explored graph (seen by `observeChart` on
   * the unmutated chart): the generated suite cannot kill it, so it is counted as a survivor without being run. It
   * is not an equivalent mutant: a payload that reaches such a case would show it.
   */
  readonly inactive?: boolean;
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

/**
 * Every mutant of the kinds above that the chart allows, in document order. The field kinds (`inputField`,
 * `assignField`) need to know the fields an input has and the keys an assign writes, which only running the chart
 * shows: they come from `observation` (see `observeChart`), and without it only the other kinds are listed.
 */
export function enumerateMutants(machine: AnyStateMachine, observation?: ChartObservation): Mutant[] {
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
  out.push(...guardHalfMutants(machine, observation), ...delayMutants(machine));
  if (observation) out.push(...inputFieldMutants(observation), ...assignFieldMutants(observation));
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

// ---- the finer kinds: one input field, one assigned key, half a guard, a delay ----

type Dict = Record<string, unknown>;
type Fn = (...args: never[]) => unknown;
/** An xstate built-in action as `setup` and transitions hold it (`assign(...)`, `raise(...)`). */
interface BuiltinAction {
  readonly type: string;
  readonly assignment?: unknown;
  readonly event?: unknown;
  readonly id?: string;
  readonly delay?: unknown;
}

const isPlain = (v: unknown): v is Dict => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};
const isAssign = (a: unknown): a is BuiltinAction =>
  typeof a === 'function' && (a as unknown as BuiltinAction).type === 'xstate.assign';

/** The variants of one input field: a plausible wrong value, another field's value, the first value ever seen. */
export type InputVariant = 'wrong' | 'swap' | 'frozen';
const INPUT_VARIANTS: readonly InputVariant[] = ['wrong', 'swap', 'frozen'];
/** The variants of one assign: a key's update dropped (the previous value stays), the raw event value kept. */
export type AssignVariant = 'drop' | 'raw';
/** The variants of one guarded transition: always taken, deciding on the first element of every list, or (for a
 *  built-in `and`/`or`) deciding on one operand alone. */
export type GuardVariant = 'true' | 'first' | `operand ${number}`;

/** The operands of a built-in `and`/`or` guard, written in place or named in `setup({ guards })`. */
function guardOperands(machine: AnyStateMachine, guard: unknown): readonly unknown[] {
  const impls = machine.implementations.guards as Dict;
  const name = typeof guard === 'string' ? guard : (guard as { type?: string } | undefined)?.type;
  const resolved = typeof guard === 'function' ? guard : name ? impls[name] : undefined;
  const operands = (resolved as { guards?: unknown[] } | undefined)?.guards;
  const kind = (resolved as { name?: string } | undefined)?.name;
  return operands && operands.length > 1 && (kind === 'and' || kind === 'or') ? operands : [];
}

/** Lists found in a value, down to `depth` levels of plain objects. */
function listsIn(v: unknown, depth: number): unknown[][] {
  if (Array.isArray(v)) return [v];
  if (depth <= 0 || !isPlain(v)) return [];
  return Object.values(v).flatMap((x) => listsIn(x, depth - 1));
}

/**
 * A plausible wrong value of the same type: a boolean flipped, a number + 1, a string emptied, a list cut to its
 * first element, and a chosen element (an object listed in the context) replaced by the first of its list.
 */
function wrongValue(v: unknown, context: unknown): unknown {
  if (typeof v === 'boolean') return !v;
  if (typeof v === 'number') return v + 1;
  if (typeof v === 'string') return v === '' ? 'x' : '';
  if (Array.isArray(v)) return v.length > 1 ? v.slice(0, 1) : [];
  if (v !== null && typeof v === 'object') {
    for (const list of listsIn(context, 2)) {
      if (list.some((x) => isDeepStrictEqual(x, v))) return list[0];
    }
    return null;
  }
  return v;
}

const sameType = (a: unknown, b: unknown) =>
  typeof a === typeof b && Array.isArray(a) === Array.isArray(b) && (a === null) === (b === null);

/** The value of the first other field of the same type: among the input's fields, then the context's keys. */
function swapValue(field: string, input: Dict, context: unknown): unknown {
  const v = input[field];
  for (const [k, x] of Object.entries(input)) if (k !== field && sameType(x, v)) return x;
  if (isPlain(context))
    for (const [k, x] of Object.entries(context)) if (k !== field && sameType(x, v)) return x;
  return v;
}

/** Whatever a `[...]` normalising step may have made of a raw string: trimmed, squeezed, digits only, case. */
const NORMALISE: readonly ((s: string) => string)[] = [
  (s) => s.trim(),
  (s) => s.replace(/\s+/g, ' ').trim(),
  (s) => s.replace(/\s+/g, ''),
  (s) => s.replace(/\D+/g, ''),
  (s) => s.toLowerCase(),
  (s) => s.toUpperCase(),
];

/** Strings and lists of an event and an action's params (a bounded walk: payloads are small). */
function rawSources(sources: readonly unknown[]): { strings: string[]; lists: unknown[][] } {
  const strings: string[] = [];
  const lists: unknown[][] = [];
  let budget = 2000;
  const walk = (v: unknown, depth: number) => {
    if (--budget < 0) return;
    if (typeof v === 'string') strings.push(v);
    else if (Array.isArray(v)) {
      lists.push(v);
      if (depth > 0) for (const x of v) walk(x, depth - 1);
    } else if (depth > 0 && isPlain(v)) for (const x of Object.values(v)) walk(x, depth - 1);
  };
  for (const s of sources) walk(s, 4);
  return { strings, lists };
}

/**
 * The value an assign would have written without its normalising step: a string replaced by the event's raw
 * string it was trimmed (squeezed, reduced to digits, recased) from, a list by the longer event list it was
 * filtered from; inside plain objects too (a draft with a trimmed field).
 */
function rawValue(v: unknown, src: { strings: string[]; lists: unknown[][] }, depth = 3): unknown {
  if (typeof v === 'string') {
    return src.strings.find((r) => r !== v && NORMALISE.some((n) => n(r) === v)) ?? v;
  }
  if (Array.isArray(v)) {
    return (
      src.lists.find((l) => l.length > v.length && v.every((x) => l.some((y) => isDeepStrictEqual(x, y)))) ??
      v
    );
  }
  if (depth > 0 && isPlain(v)) {
    let changed = false;
    const out: Dict = {};
    for (const [k, x] of Object.entries(v)) {
      out[k] = rawValue(x, src, depth - 1);
      if (out[k] !== x) changed = true;
    }
    return changed ? out : v;
  }
  return v;
}

/** Every list cut to its first element, in plain objects down to `depth` levels; `cut` counts the lists cut. */
function firstOnly(v: unknown, depth: number, cut: { n: number }): unknown {
  if (Array.isArray(v)) {
    if (v.length > 1) cut.n++;
    const kept = v.length > 1 ? v.slice(0, 1) : v;
    return depth > 0 ? kept.map((x) => firstOnly(x, depth - 1, cut)) : kept;
  }
  if (depth <= 0 || !isPlain(v)) return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, firstOnly(x, depth - 1, cut)]));
}

function firstOnlyArgs(args: GuardArgs): { args: GuardArgs; cut: number } {
  const cut = { n: 0 };
  const context = firstOnly(args.context, 3, cut);
  const event = firstOnly(args.event, 3, cut);
  return { args: { ...args, context, event }, cut: cut.n };
}

const evalInput = (input: unknown, args: unknown): unknown =>
  typeof input === 'function' ? (input as (a: unknown) => unknown)(args) : input;

/** What an assign writes: the partial context its function returns, or its object's values resolved. */
function evalAssignment(assignment: unknown, args: unknown, params: unknown): Dict {
  if (typeof assignment === 'function')
    return ((assignment as Fn)(args as never, params as never) as Dict) ?? {};
  const out: Dict = {};
  for (const [k, f] of Object.entries(assignment as Dict))
    out[k] = typeof f === 'function' ? (f as Fn)(args as never, params as never) : f;
  return out;
}

/** Where an assign lives: a named action of `setup`, or a place in a transition's, an entry's or an exit's list. */
interface AssignSite {
  readonly id: string;
  readonly get: (m: AnyStateMachine) => BuiltinAction | undefined;
  readonly set: (m: AnyStateMachine, action: unknown) => void;
}

function assignSites(machine: AnyStateMachine): AssignSite[] {
  const sites: AssignSite[] = [];
  const actions = machine.implementations.actions as Dict;
  for (const [name, impl] of Object.entries(actions)) {
    if (!isAssign(impl)) continue;
    sites.push({
      id: `action ${name}`,
      get: (m) => (m.implementations.actions as Dict)[name] as BuiltinAction,
      set: (m, a) => {
        (m.implementations.actions as Dict)[name] = a;
      },
    });
  }
  const inList = (
    id: string,
    list: (m: AnyStateMachine) => { actions: unknown[] },
    i: number,
  ): AssignSite => ({
    id,
    get: (m) => list(m).actions[i] as BuiltinAction,
    set: (m, a) => {
      const holder = list(m);
      holder.actions = holder.actions.map((x, j) => (j === i ? a : x));
    },
  });
  for (const node of allStateNodes(machine)) {
    for (const t of nodeTransitions(node)) {
      const key = transitionKey(t);
      t.actions.forEach((a, i) => {
        if (isAssign(a))
          sites.push(inList(`${key} actions[${i}]`, (m) => findTransition(m, key) as never, i));
      });
    }
    for (const list of ['entry', 'exit'] as const) {
      node[list].forEach((a, i) => {
        if (!isAssign(a)) return;
        const holder = (m: AnyStateMachine) => {
          const n = findNode(m, node.id) as unknown as Record<'entry' | 'exit', unknown[]>;
          return {
            get actions() {
              return n[list];
            },
            set actions(v: unknown[]) {
              n[list] = v;
            },
          };
        };
        sites.push(inList(`${node.id} ${list}[${i}]`, holder, i));
      });
    }
  }
  return sites;
}

/** An invoke with an input: its state, its place in the state's list and its id. */
interface InputSite {
  readonly nodeId: string;
  readonly index: number;
  readonly id: string;
}
const inputSiteKey = (s: InputSite) => `${s.nodeId} invoke ${s.id}`;

function inputSites(machine: AnyStateMachine): InputSite[] {
  return allStateNodes(machine).flatMap((node) =>
    node.invoke.flatMap((inv, index) =>
      inv.input === undefined ? [] : [{ nodeId: node.id, index, id: inv.id }],
    ),
  );
}

const inputWhere = (site: string, field: string, v: InputVariant) => `${site} input.${field} ${v}`;
const assignWhere = (site: string, key: string) => `${site} ${key} drop`;
const rawWhere = (site: string) => `${site} raw`;
const guardWhere = (key: string, v: GuardVariant) => `${key} ${v}`;

/**
 * What running the unmutated chart showed: the fields of each invoke input, the keys each assign wrote, and which
 * of the finer mutants would have changed something on some step (`active`, by `Mutant.where`).
 */
export interface ChartObservation {
  readonly inputFields: ReadonlyMap<string, ReadonlySet<string>>;
  readonly assignKeys: ReadonlyMap<string, ReadonlySet<string>>;
  /** Assigns whose code normalises or filters what it writes (trims, filters a list): their `raw` mutant is listed
   *  even when no observed step shows it (a payload with spaces or an expired key would). */
  readonly normalising: ReadonlySet<string>;
  readonly active: ReadonlySet<string>;
}

/** Code that trims, squeezes, recases or filters: the steps whose absence a `raw` mutant stands for. */
const NORMALISES =
  /\.(trim|trimStart|trimEnd|replace|replaceAll|filter|toLowerCase|toUpperCase)\b|normali[sz]e|digits|clean/i;
const assignmentText = (a: unknown): string =>
  typeof a === 'function' ? String(a) : isPlain(a) ? Object.values(a).map(String).join('\n') : '';

/**
 * A `mutate` hook for the oracle check of the unmutated chart that changes nothing: it wraps every invoke input,
 * assign and guard to note, on every evaluation, the fields and keys it sees and whether each finer mutant's value
 * would differ there. The exploration and the replay both run through it, so a mutant never active here changes
 * nothing on the explored graph: the generated suite cannot kill it.
 */
export function observeChart(): { mutate: (copy: AnyStateMachine) => void; result: () => ChartObservation } {
  const inputFields = new Map<string, Set<string>>();
  const assignKeys = new Map<string, Set<string>>();
  const active = new Set<string>();
  const firstSeen = new Map<string, unknown>();
  const normalising = new Set<string>();
  const mutate = (copy: AnyStateMachine) => {
    for (const site of inputSites(copy)) {
      const def = findNode(copy, site.nodeId).invoke[site.index] as { input: unknown };
      const original = def.input;
      const key = inputSiteKey(site);
      def.input = (args: { context: unknown }) => {
        const v = evalInput(original, args);
        if (!isPlain(v)) return v;
        const fields = inputFields.get(key) ?? new Set<string>();
        inputFields.set(key, fields);
        for (const [field, x] of Object.entries(v)) {
          fields.add(field);
          if (!isDeepStrictEqual(wrongValue(x, args.context), x)) active.add(inputWhere(key, field, 'wrong'));
          if (!isDeepStrictEqual(swapValue(field, v, args.context), x))
            active.add(inputWhere(key, field, 'swap'));
          const frozen = inputWhere(key, field, 'frozen');
          if (!firstSeen.has(frozen)) firstSeen.set(frozen, x);
          else if (!isDeepStrictEqual(firstSeen.get(frozen), x)) active.add(frozen);
        }
        return v;
      };
    }
    for (const site of assignSites(copy)) {
      const original = site.get(copy)?.assignment;
      if (NORMALISES.test(assignmentText(original))) normalising.add(site.id);
      site.set(
        copy,
        assign((args: { context: Dict; event: unknown }, params: unknown) => {
          const partial = evalAssignment(original, args, params);
          const keys = assignKeys.get(site.id) ?? new Set<string>();
          assignKeys.set(site.id, keys);
          for (const [k, x] of Object.entries(partial)) {
            keys.add(k);
            if (!isDeepStrictEqual(args.context[k], x)) active.add(assignWhere(site.id, k));
          }
          if (rawValue(partial, rawSources([args.event, params])) !== partial) active.add(rawWhere(site.id));
          return partial;
        }),
      );
    }
    for (const node of allStateNodes(copy)) {
      for (const t of nodeTransitions(node)) {
        if (t.guard === undefined) continue;
        const key = transitionKey(t);
        const original = t.guard;
        setGuard(t, (snapshot, args) => {
          const result = evaluateGuardRef(copy, original, args, snapshot);
          if (!result) active.add(guardWhere(key, 'true'));
          guardOperands(copy, original).forEach((operand, i) => {
            if (evaluateGuardRef(copy, operand, args, snapshot) !== result)
              active.add(guardWhere(key, `operand ${i}`));
          });
          const cut = firstOnlyArgs(args);
          if (cut.cut > 0) {
            let cutResult: boolean | undefined;
            try {
              cutResult = evaluateGuardRef(copy, original, cut.args, snapshot);
            } catch {
              // reading a second element that is no longer there: the mutant would fail the step
            }
            if (cutResult !== result) active.add(guardWhere(key, 'first'));
          }
          return result;
        });
      }
    }
  };
  return { mutate, result: () => ({ inputFields, assignKeys, normalising, active }) };
}

/** Replaces a transition's guard by a check over the snapshot and the guard's arguments. */
function setGuard(
  t: AnyTransitionDefinition,
  check: (snapshot: AnyMachineSnapshot, args: GuardArgs) => boolean,
): void {
  const wrapper = (() => false) as unknown as { check: (s: unknown, a: unknown) => boolean };
  wrapper.check = (snapshot, args) => check(snapshot as AnyMachineSnapshot, args as GuardArgs);
  (t as { guard: unknown }).guard = wrapper;
}

function inputFieldMutants(observation: ChartObservation): Mutant[] {
  const out: Mutant[] = [];
  for (const [key, fields] of observation.inputFields) {
    for (const field of fields) {
      for (const variant of INPUT_VARIANTS) {
        const where = inputWhere(key, field, variant);
        // the first value ever seen by this mutant, over every copy it is applied to (each input class, the replay
        // and the exploration): a field frozen at one input's value must differ for another input
        let first: { value: unknown } | undefined;
        out.push({
          kind: 'inputField',
          where,
          ...(observation.active.has(where) ? {} : { inactive: true }),
          apply: (copy) => {
            const site = inputSites(copy).find((s) => inputSiteKey(s) === key);
            if (!site) throw new Error(`no invoke ${key}`);
            const def = findNode(copy, site.nodeId).invoke[site.index] as { input: unknown };
            const original = def.input;
            def.input = (args: { context: unknown }) => {
              const v = evalInput(original, args);
              if (!isPlain(v) || !(field in v)) return v;
              const x = v[field];
              first ??= { value: x };
              const wrong =
                variant === 'wrong'
                  ? wrongValue(x, args.context)
                  : variant === 'swap'
                    ? swapValue(field, v, args.context)
                    : first.value;
              return { ...v, [field]: wrong };
            };
          },
        });
      }
    }
  }
  return out;
}

function assignFieldMutants(observation: ChartObservation): Mutant[] {
  const out: Mutant[] = [];
  const mutated =
    (siteId: string, change: (partial: Dict, args: { event: unknown }, params: unknown) => Dict) =>
    (copy: AnyStateMachine) => {
      const site = assignSites(copy).find((s) => s.id === siteId);
      if (!site) throw new Error(`no assign ${siteId}`);
      const original = site.get(copy)?.assignment;
      site.set(
        copy,
        assign((args: { event: unknown }, params: unknown) =>
          change(evalAssignment(original, args, params), args, params),
        ),
      );
    };
  for (const [siteId, keys] of observation.assignKeys) {
    for (const key of keys) {
      const where = assignWhere(siteId, key);
      out.push({
        kind: 'assignField',
        where,
        ...(observation.active.has(where) ? {} : { inactive: true }),
        apply: mutated(siteId, (partial) => {
          const { [key]: _dropped, ...rest } = partial;
          return rest;
        }),
      });
    }
    const where = rawWhere(siteId);
    if (!observation.active.has(where) && !observation.normalising.has(siteId)) continue;
    out.push({
      kind: 'assignField',
      where,
      ...(observation.active.has(where) ? {} : { inactive: true }),
      apply: mutated(
        siteId,
        (partial, args, params) => rawValue(partial, rawSources([args.event, params])) as Dict,
      ),
    });
  }
  return out;
}

/** Source text of a guard's implementation and params, to tell a guard that may read a list. */
function guardText(machine: AnyStateMachine, guard: unknown): string {
  const impls = machine.implementations.guards as Dict;
  if (typeof guard === 'string') return String(impls[guard] ?? '');
  if (typeof guard === 'function') {
    const inner = (guard as { guards?: unknown[] }).guards ?? [];
    return [String(guard), ...inner.map((g) => guardText(machine, g))].join('\n');
  }
  const ref = guard as { type?: string; params?: unknown };
  return `${String(impls[ref.type ?? ''] ?? '')}\n${String(ref.params ?? '')}`;
}
/** A list read from the guard's arguments (not a list the guard closes over, like the codes of `codeIs`). */
const READS_A_LIST =
  /\b(roles|keys|items|list|bans|rows)\b|\b(context|event|params|output)(\??\.\w+)*\??\.(length|some|every|find|findIndex|filter|includes|indexOf|at)\b|\[0\]/;

/**
 * Half a guard, per place of use: always true (the check is skipped); deciding on the first element of every list in
 * the context and the event (a role list, a key list), listed where the guard's code or params name a list or where
 * the observation saw it decide otherwise; and for a built-in `and`/`or`, each operand alone. Always false is not
 * listed: it is `removeTransition` again. A condition written with `&&` inside a guard function cannot be split
 * through `provide()`.
 */
function guardHalfMutants(machine: AnyStateMachine, observation?: ChartObservation): Mutant[] {
  const out: Mutant[] = [];
  for (const node of allStateNodes(machine)) {
    for (const t of nodeTransitions(node)) {
      if (t.guard === undefined) continue;
      const key = transitionKey(t);
      // an always-true eventless transition back into its own state would loop for ever
      const loops =
        t.eventType === '' && (!t.target?.length || t.target.some((n) => n === node || isAncestor(n, node)));
      const variants: GuardVariant[] = loops ? [] : ['true'];
      const first = guardWhere(key, 'first');
      if (READS_A_LIST.test(guardText(machine, t.guard)) || observation?.active.has(first))
        variants.push('first');
      guardOperands(machine, t.guard).forEach((_, i) => {
        variants.push(`operand ${i}`);
      });
      for (const variant of variants) {
        const where = guardWhere(key, variant);
        out.push({
          kind: 'guardHalf',
          where,
          ...(observation && !observation.active.has(where) ? { inactive: true } : {}),
          apply: (copy) => {
            const ct = findTransition(copy, key);
            const original = ct.guard;
            const operand = variant.startsWith('operand ')
              ? guardOperands(copy, original)[Number(variant.slice('operand '.length))]
              : undefined;
            setGuard(ct, (snapshot, args) =>
              variant === 'true'
                ? true
                : operand !== undefined
                  ? evaluateGuardRef(copy, operand, args, snapshot)
                  : evaluateGuardRef(copy, original, firstOnlyArgs(args).args, snapshot),
            );
          },
        });
      }
    }
  }
  return out;
}

function isAncestor(a: AnyStateNode, b: AnyStateNode): boolean {
  for (let n = b.parent; n; n = n.parent) if (n === a) return true;
  return false;
}

/** The delay variants: a quarter longer, a fifth shorter. */
const DELAY_FACTORS = { longer: 1.25, shorter: 0.8 } as const;

/**
 * A delay changed where it is used: the `raise` that `after` adds to the state's entry is given a quarter more or a
 * fifth less, a named delay (`setup({ delays })`) resolved first. The delayed event keeps its type, so a check that
 * moves the clock by the written delay sees the late event missing. Constants the charts import from src/domain
 * are closed over by the guards and actions that read them and cannot be changed through `provide()`.
 */
function delayMutants(machine: AnyStateMachine): Mutant[] {
  const out: Mutant[] = [];
  for (const node of allStateNodes(machine)) {
    const seen = new Set<string>();
    for (const t of nodeTransitions(node)) {
      if (!t.eventType.startsWith('xstate.after.') || seen.has(t.eventType)) continue;
      seen.add(t.eventType);
      const delay = (t as unknown as { delay: unknown }).delay;
      for (const [variant, factor] of Object.entries(DELAY_FACTORS)) {
        out.push({
          kind: 'constant',
          where: `${node.id} after ${String(delay)} ${variant}`,
          apply: (copy) => {
            const n = findNode(copy, node.id) as unknown as { entry: unknown[] };
            const scaled =
              typeof delay === 'number'
                ? Math.round(delay * factor)
                : (args: never, params: never) => {
                    const named = (copy.implementations.delays as Dict)[String(delay)];
                    const ms = typeof named === 'function' ? (named as Fn)(args, params) : named;
                    return Math.round(Number(ms) * factor);
                  };
            let found = false;
            n.entry = n.entry.map((a) => {
              const r = a as BuiltinAction;
              if (r.type !== 'xstate.raise' || r.id !== t.eventType) return a;
              found = true;
              return raise(r.event as never, { id: r.id, delay: scaled as never });
            });
            if (!found) throw new Error(`no delayed event ${t.eventType} in ${node.id}`);
          },
        });
      }
    }
  }
  return out;
}
