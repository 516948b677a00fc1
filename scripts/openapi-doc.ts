/**
 * The portal's HTTP contract as an OpenAPI 3.1 document, generated from the zod endpoint table
 * (src/services/contract/endpoints.ts) so it cannot drift from what the SPA parses and the reference backend serves
 * (issue 31 item 4, docs/decisions.md API1). `npm run openapi` writes docs/openapi.json; tests/contract/openapi.test.ts
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

/** A call spec 7 names: its method and its path, normalised (no leading slash, no query, `{…}` for parameters). */
export interface SpecCall {
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
 * heading gives ('Internet package and roaming (under /api/internet-package/):'). A path made of parameters only
 * (`GET {token}`) cannot name a call and is skipped.
 */
export function specCalls(spec: string): SpecCall[] {
  const section = spec.split(/^## 7\. /m)[1]?.split(/^## 8\. /m)[0] ?? '';
  const calls: SpecCall[] = [];
  let prefix = '';
  for (const line of section.split('\n')) {
    if (!line.startsWith('- ')) {
      if (line.trim().endsWith(':')) prefix = normalise(/\(under ([^)]+)\)/.exec(line)?.[1] ?? '');
      continue;
    }
    for (const m of line.matchAll(/\b(GET|POST|PUT|DELETE)\s+(\/?[\w{}/.-]+(?:\?[\w,&=-]*)?)/g)) {
      const method = m[1] as string;
      for (const raw of (m[2] as string).split(/\s+or\s+/)) {
        const path = normalise(raw);
        if (!/[a-z]/i.test(path.replace(/\{\}/g, ''))) continue;
        calls.push({ method, path: prefix && !path.startsWith(prefix) ? `${prefix}/${path}` : path });
      }
    }
    // 'GET client/sn/{n} or client/ban/{n}': the second path carries no method of its own
    for (const m of line.matchAll(/\b(GET|POST|PUT|DELETE)\s+[\w{}/.-]+\s+or\s+([\w{}/.-]+)/g))
      calls.push({ method: m[1] as string, path: normalise(m[2] as string) });
  }
  return calls;
}

/** Whether spec 7 names the call `def`: same method, and the spec's path is the end of its path. */
export function specNames(def: Pick<EndpointDef, 'method' | 'path'>, calls: readonly SpecCall[]): boolean {
  const path = normalise(def.path);
  return calls.some((c) => c.method === def.method && (path === c.path || path.endsWith(`/${c.path}`)));
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

function operation(name: string, def: EndpointDef, calls: readonly SpecCall[]): Json {
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
    'x-spec': specNames(def, calls),
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

/**
 * The calls of spec 7: read from the spec beside the repository when it is there (a developer's machine), else the
 * list the committed document recorded (`x-spec-calls`), so a clone without the spec still checks the document.
 */
export function knownSpecCalls(): SpecCall[] {
  if (existsSync(SPEC)) return specCalls(readFileSync(SPEC, 'utf8'));
  const doc = JSON.parse(readFileSync(DOC, 'utf8')) as { 'x-spec-calls'?: string[] };
  return (doc['x-spec-calls'] ?? []).map((c) => {
    const [method = '', path = ''] = c.split(' ');
    return { method, path };
  });
}

/** The whole document: one operation per endpoint, in the table's order. */
export function buildOpenApi(calls: readonly SpecCall[] = knownSpecCalls()): Json {
  const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { version: string };
  const paths: Record<string, Record<string, Json>> = {};
  for (const [name, def] of Object.entries(endpoints) as [string, EndpointDef][]) {
    const path = `/${def.path.replace(/^\//, '')}`;
    paths[path] ??= {};
    (paths[path] as Record<string, Json>)[def.method.toLowerCase()] = operation(name, def, calls);
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
    'x-spec-calls': [...new Set(calls.map((c) => `${c.method} ${c.path}`))],
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'portal_sid', description: 'httpOnly session cookie' },
      },
      schemas: {
        ErrorEnvelope: {
          type: 'object',
          required: ['status'],
          properties: { status: { enum: [...ERROR_CODES] }, description: { type: 'string' } },
        },
      },
    },
  };
}

/** The file's text: two-space JSON with a final newline. */
export const openApiText = (doc: Json = buildOpenApi()) => `${JSON.stringify(doc, null, 2)}\n`;
