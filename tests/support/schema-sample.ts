import type { Schema } from '../../src/services/contract/endpoint';

/**
 * A minimal valid value of a zod 4 schema, built by walking its definition. Used to make well-formed replies and
 * inputs for every endpoint of the table without hand-writing 70 fixtures. Objects get every key (optional ones
 * too) so that mutations have something to break; strings and numbers are picked from candidates that satisfy the
 * schema's own checks (regex, length, range).
 */

type Def = { type: string; [k: string]: unknown };
const defOf = (s: Schema): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

const STRING_CANDIDATES = [
  'sample',
  '1',
  '90',
  '12345',
  'R001',
  'abc123',
  'abcdefgh',
  '901234567',
  '12345678901234',
  '2024-01-31',
  'a@b.uz',
  'c2lnbmluZy1jaGFsbGVuZ2U',
  'a'.repeat(64),
];
const NUMBER_CANDIDATES = [1, 0, 2, 0.5, -1];

function pick<T>(schema: Schema, candidates: readonly T[]): T {
  for (const c of candidates) if (schema.safeParse(c).success) return c;
  throw new Error(`no sample candidate satisfies a ${defOf(schema).type} schema`);
}

function sampleObject(schema: Schema, def: Def): Record<string, unknown> {
  const shape = def.shape as Record<string, Schema>;
  const full: Record<string, unknown> = {};
  const required: Record<string, unknown> = {};
  const optionalKeys: string[] = [];
  for (const [k, v] of Object.entries(shape)) {
    full[k] = sample(v);
    if (v.safeParse(undefined).success) optionalKeys.push(k);
    else required[k] = full[k];
  }
  if (schema.safeParse(full).success) return full;
  if (schema.safeParse(required).success) {
    // a refinement across keys (e.g. exactly one of ban/sn): add optional keys one at a time
    for (const k of optionalKeys) {
      const one = { ...required, [k]: full[k] };
      if (schema.safeParse(one).success) return one;
    }
    return required;
  }
  for (const k of optionalKeys) {
    const one = { ...required, [k]: full[k] };
    if (schema.safeParse(one).success) return one;
  }
  throw new Error('no object sample satisfies the schema');
}

/** A value that the schema accepts (its input form). Throws if the walker cannot find one. */
export function sample(schema: Schema): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return sampleObject(schema, def);
    case 'array': {
      const el = sample(def.element as Schema);
      return pick(schema, [[el], [el, el], []]);
    }
    case 'string':
      return pick(schema, STRING_CANDIDATES);
    case 'number':
      return pick(schema, NUMBER_CANDIDATES);
    case 'boolean':
      return pick(schema, [true, false]);
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'union': {
      for (const o of def.options as Schema[]) {
        try {
          const v = sample(o);
          if (schema.safeParse(v).success) return v;
        } catch {
          // try the next option
        }
      }
      throw new Error('no union option sample satisfies the schema');
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sample(def.innerType as Schema);
    case 'pipe': {
      const v = sample(def.in as Schema);
      if (schema.safeParse(v).success) return v;
      const inDef = defOf(def.in as Schema);
      if (inDef.type === 'union') {
        for (const o of inDef.options as Schema[]) {
          const w = sample(o);
          if (schema.safeParse(w).success) return w;
        }
      }
      return pick(schema, [...STRING_CANDIDATES, ...NUMBER_CANDIDATES, true]);
    }
    case 'custom':
      return pick(schema, [new Blob(['%PDF-1.4 sample'], { type: 'application/pdf' })]);
    case 'unknown':
    case 'any':
      return null;
    default:
      throw new Error(`sample: unsupported schema type ${def.type}`);
  }
}

/** Every path (list of keys/indices) inside a JSON-like value, the root excluded. */
export function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) {
    return value.flatMap((v, i) => [[...prefix, i], ...pathsOf(v, [...prefix, i])]);
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...pathsOf(v, [...prefix, k])]);
  }
  return [];
}

/** A deep copy of `value` with the element at `path` removed (`replacement === undefined`) or replaced. */
export function mutateAt(
  value: unknown,
  path: (string | number)[],
  replacement: unknown,
  remove: boolean,
): unknown {
  const copy: unknown = structuredClone(value);
  if (path.length === 0) return remove ? undefined : replacement;
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else {
    node[last] = replacement;
  }
  return copy;
}
