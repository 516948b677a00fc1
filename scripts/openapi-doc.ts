/**
 * The portal's HTTP contract as an OpenAPI 3.1 document, generated from the zod endpoint table
 * (src/services/contract/endpoints.ts) so it cannot drift from what the SPA parses and the reference backend serves
 * (docs/decisions.md API1). `npm run openapi` writes docs/openapi.json; tests/contract/openapi.test.ts
 * fails when the committed file is stale. `x-spec` says whether spec 7 names the call (read from the spec's text) or
 * this portal adds it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { toJSONSchema, type z } from 'zod';
import { ERROR_CODES } from '../src/domain/errors';
import { CSRF_HEADER, CSRF_VALUE } from '../src/services/contract/csrf';
import { type EndpointDef, isMutating, type Schema } from '../src/services/contract/endpoint';
import { endpoints } from '../src/services/contract/endpoints';
import { OK_STATUS } from '../src/services/contract/envelope';

type Json = Record<string, unknown>;

const root = new URL('../', import.meta.url);

/** A zod schema as JSON Schema 2020-12 (the wire form the client sends and the server answers). */
const jsonSchema = (s: Schema, io: 'input' | 'output'): Json => {
  const { $schema: _drop, ...rest } = toJSONSchema(s as unknown as z.ZodType, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as Json;
  return rest;
};

/** A call spec 7 names: its group (the heading line above its bullet, without the colon), its method and its path,
 *  normalised (no leading slash, no query, `{}` for parameters). */
export interface SpecCall {
  group: string;
  method: string;
  path: string;
}

const normalise = (p: string) =>
  p
    .replace(/^\/?(api\/)?/, '')
    .replace(/\?.*$/, '')
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/[.,]+$/, '')
    .replace(/\/+$/, '');

/**
 * The calls of spec section 7, read from its text: every `METHOD path` on its bullet lines, with the prefix a group's
 * heading gives ('Internet package and roaming (under /api/internet-package/):'). Not read as calls, so never matched
 * (their operations default to `x-spec: false`): a path made of parameters only (`GET {token}`), which names no path
 * to compare; and a path followed by another bare word (`GET single-sign-on initialise-authorization (external
 * link)`), which names a browser link, not a path (decisions 15).
 */
export function specCalls(spec: string): SpecCall[] {
  const section = spec.split(/^## 7\. /m)[1]?.split(/^## 8\. /m)[0] ?? '';
  const calls: SpecCall[] = [];
  let group = '';
  let prefix = '';
  for (const line of section.split('\n')) {
    if (!line.startsWith('- ')) {
      if (line.trim().endsWith(':')) {
        group = line.trim().slice(0, -1);
        prefix = normalise(/\(under ([^)]+)\)/.exec(line)?.[1] ?? '');
      }
      continue;
    }
    for (const m of line.matchAll(/\b(GET|POST|PUT|DELETE)\s+(\/?[\w{}/.-]+(?:\?[\w,&=-]*)?)/g)) {
      // a bare word right after the path (no punctuation between) makes it a name: 'single-sign-on initialise-…'
      if (!/[,.;]$/.test(m[0]) && /^\s+(?!or\b)[a-z]/i.test(line.slice((m.index ?? 0) + m[0].length)))
        continue;
      const path = normalise(m[2] as string);
      if (!/[a-z]/i.test(path.replace(/\{\}/g, ''))) continue;
      calls.push({
        group,
        method: m[1] as string,
        path: prefix && !path.startsWith(prefix) ? `${prefix}/${path}` : path,
      });
    }
    // 'GET client/sn/{n} or client/ban/{n}': the second path carries no method of its own
    for (const m of line.matchAll(/\b(GET|POST|PUT|DELETE)\s+[\w{}/.-]+\s+or\s+([\w{}/.-]+)/g))
      calls.push({ group, method: m[1] as string, path: normalise(m[2] as string) });
  }
  return calls;
}

/** Which endpoint each spec call names (`matched`, one endpoint per call), and the calls that name none. */
export interface SpecMatch {
  matched: { call: SpecCall; name: string }[];
  unmatched: SpecCall[];
}

/**
 * Matches each spec call to one endpoint of the same method whose path is the spec's path or ends with it: spec 7
 * writes many paths relative to a prefix it does not show (documents under `online-sales/`, AT 39 under `at39/`,
 * decisions 11). When several endpoints end with the same path (`GET orders/{id}`: `orders/{id}` and
 * `online-sales/orders/{id}`; `POST register/`: `user/register`, `agreement/register`, `at39/register/`), the one
 * under the prefix the group's unambiguous calls share wins (the documents group's other calls all sit under
 * `online-sales/`, AT 39's under `at39/`); if that does not single one out the call is left unmatched rather than
 * guessed, and every endpoint it might name stays `x-spec: false`.
 */
export function matchSpecCalls(
  calls: readonly SpecCall[],
  defs: Readonly<Record<string, Pick<EndpointDef, 'method' | 'path'>>>,
): SpecMatch {
  const entries = Object.entries(defs).map(([name, d]) => ({
    name,
    method: d.method,
    path: normalise(d.path),
  }));
  const candidates = (c: SpecCall) =>
    entries.filter((e) => e.method === c.method && (e.path === c.path || e.path.endsWith(`/${c.path}`)));
  const matched: SpecMatch['matched'] = [];
  const prefixes = new Map<string, Map<string, number>>();
  const ambiguous: SpecCall[] = [];
  const unmatched: SpecCall[] = [];
  for (const call of calls) {
    const found = candidates(call);
    if (found.length === 1) {
      const e = found[0] as (typeof entries)[number];
      matched.push({ call, name: e.name });
      const counts = prefixes.get(call.group) ?? new Map<string, number>();
      const prefix = e.path.slice(0, e.path.length - call.path.length);
      counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
      prefixes.set(call.group, counts);
    } else if (found.length > 1) ambiguous.push(call);
    else unmatched.push(call);
  }
  for (const call of ambiguous) {
    const counts = [...(prefixes.get(call.group) ?? new Map<string, number>())].sort((a, b) => b[1] - a[1]);
    const top = counts[0];
    const tie = top !== undefined && counts[1] !== undefined && counts[1][1] === top[1];
    const found = top && !tie ? candidates(call).filter((e) => e.path === `${top[0]}${call.path}`) : [];
    if (found.length === 1) matched.push({ call, name: (found[0] as (typeof entries)[number]).name });
    else unmatched.push(call);
  }
  return { matched, unmatched };
}

/** The object schema's properties as OpenAPI parameters `in` the path or query. */
function parametersOf(s: Schema | undefined, where: 'path' | 'query'): Json[] {
  if (!s) return [];
  const schema = jsonSchema(s, 'input');
  const props = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(props).map(([name, p]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: p,
  }));
}

const BLOB_TYPES = ['application/pdf', 'application/octet-stream'];

function operation(name: string, def: EndpointDef, spec: ReadonlySet<string>): Json {
  const parameters = [...parametersOf(def.params, 'path'), ...parametersOf(def.query, 'query')];
  // a path placeholder the params schema does not name still needs a declaration
  for (const m of def.path.matchAll(/\{(\w+)\}/g))
    if (!parameters.some((p) => p.in === 'path' && p.name === m[1]))
      parameters.push({ name: m[1], in: 'path', required: true, schema: { type: 'string' } });
  if (isMutating(def))
    parameters.push({
      name: CSRF_HEADER,
      in: 'header',
      required: true,
      description: 'every state-changing call carries it (docs/security.md)',
      schema: { const: CSRF_VALUE },
    });
  const op: Json = {
    operationId: name,
    summary: def.summary,
    'x-spec': spec.has(name),
    ...(parameters.length > 0 ? { parameters } : {}),
  };
  if (def.body) {
    const body = jsonSchema(def.body, 'input');
    if (def.multipart) {
      const field = def.fileField ?? 'file';
      const props = { ...((body.properties ?? {}) as Json), [field]: { type: 'string', format: 'binary' } };
      op.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { ...body, properties: props, required: [...((body.required ?? []) as string[]), field] },
          },
        },
      };
    } else op.requestBody = { required: true, content: { 'application/json': { schema: body } } };
  }
  const success =
    def.reply === 'blob'
      ? {
          description: 'the file (Content-Disposition names it); an error still answers the JSON envelope',
          content: Object.fromEntries(
            BLOB_TYPES.map((t) => [t, { schema: { type: 'string', format: 'binary' } }]),
          ),
        }
      : {
          description: `status ${OK_STATUS} with the result, or an error code of the catalogue (spec 8)`,
          content: {
            'application/json': {
              schema: {
                oneOf: [
                  {
                    type: 'object',
                    required: ['status'],
                    properties: { status: { const: OK_STATUS }, result: jsonSchema(def.result, 'input') },
                  },
                  { $ref: '#/components/schemas/ErrorEnvelope' },
                ],
              },
            },
          },
        };
  op.responses = { '200': success };
  if (def.auth === 'session') op.security = [{ session: [] }];
  else op.security = [];
  return op;
}

const SPEC = new URL('../shared/spec/portal-spec.md', root);
const DOC = new URL('docs/openapi.json', root);

/** The calls as the document records them: by group, each `METHOD path`. */
const recordCalls = (calls: readonly SpecCall[]) => {
  const byGroup: Record<string, string[]> = {};
  for (const c of calls) {
    const list = byGroup[c.group] ?? [];
    const text = `${c.method} ${c.path}`;
    if (!list.includes(text)) list.push(text);
    byGroup[c.group] = list;
  }
  return byGroup;
};

/** Reads back what `recordCalls` wrote. */
export const recordedCalls = (recorded: Readonly<Record<string, readonly string[]>>): SpecCall[] =>
  Object.entries(recorded).flatMap(([group, list]) =>
    list.map((c) => {
      const [method = '', path = ''] = c.split(' ');
      return { group, method, path };
    }),
  );

/**
 * The calls of spec 7: read from the spec beside the repository when it is there (a developer's machine), else the
 * list the committed document recorded (`x-spec-calls`), so a clone without the spec still checks the document.
 */
export function knownSpecCalls(): SpecCall[] {
  if (existsSync(SPEC)) return specCalls(readFileSync(SPEC, 'utf8'));
  const doc = JSON.parse(readFileSync(DOC, 'utf8')) as { 'x-spec-calls'?: Record<string, string[]> };
  return recordedCalls(doc['x-spec-calls'] ?? {});
}

/** The whole document: one operation per endpoint, in the table's order. */
export function buildOpenApi(calls: readonly SpecCall[] = knownSpecCalls()): Json {
  const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { version: string };
  const table = endpoints as unknown as Record<string, EndpointDef>;
  const { matched, unmatched } = matchSpecCalls(calls, table);
  const named = new Set(matched.map((m) => m.name));
  const paths: Record<string, Record<string, Json>> = {};
  for (const [name, def] of Object.entries(table)) {
    const path = `/${def.path.replace(/^\//, '')}`;
    paths[path] ??= {};
    (paths[path] as Record<string, Json>)[def.method.toLowerCase()] = operation(name, def, named);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'B2B self-service portal API',
      version: pkg.version,
      description:
        'Generated from src/services/contract/endpoints.ts by `npm run openapi`. `x-spec: true` marks the calls spec 7 names; the others are this portal’s own. Every JSON reply is an envelope: status OKOK with `result`, or an error code of spec 8 with an optional description.',
    },
    servers: [{ url: '/api/' }],
    'x-spec-calls': recordCalls(calls),
    'x-spec-unmatched': unmatched.map((c) => `${c.method} ${c.path}`),
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'portal_sid', description: 'httpOnly session cookie' },
      },
      schemas: {
        ErrorCode: {
          type: 'string',
          description: 'the error catalogue (spec 8, src/domain/errors.ts)',
          enum: [...ERROR_CODES],
        },
        ErrorEnvelope: {
          type: 'object',
          required: ['status'],
          properties: { status: { $ref: '#/components/schemas/ErrorCode' }, description: { type: 'string' } },
        },
      },
    },
  };
}

/** The file's text: two-space JSON with a final newline. */
export const openApiText = (doc: Json = buildOpenApi()) => `${JSON.stringify(doc, null, 2)}\n`;
