/**
 * docs/openapi.json (docs/decisions.md API1): generated from the endpoint table, fresh, one operation
 * per call, and `x-spec` read from spec 7.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  buildOpenApi,
  knownSpecCalls,
  matchSpecCalls,
  openApiText,
  recordedCalls,
  specCalls,
} from '../../scripts/openapi-doc';
import { isMutating } from '../../src/services/contract/endpoint';
import { endpoints } from '../../src/services/contract/endpoints';

type Op = {
  operationId: string;
  'x-spec': boolean;
  parameters?: { name: string; in: string }[];
  responses: Record<string, unknown>;
  security: unknown[];
};
const committed = readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8');
const doc = JSON.parse(committed) as { openapi: string; paths: Record<string, Record<string, Op>> };
const ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
  Object.entries(byMethod).map(([method, op]) => ({ path, method, op })),
);

describe('docs/openapi.json', () => {
  it('is what `npm run openapi` writes now (run it after changing a contract)', () => {
    expect(committed).toBe(openApiText(buildOpenApi()));
  });

  it('rebuilds the same from the spec calls it records, as a clone without the spec beside it does', () => {
    const recorded = recordedCalls(
      (JSON.parse(committed) as { 'x-spec-calls': Record<string, string[]> })['x-spec-calls'],
    );
    expect(recorded.length).toBeGreaterThan(50);
    expect(openApiText(buildOpenApi(recorded))).toBe(committed);
  });

  it('has one OpenAPI 3.1 operation per endpoint, each with a 200 reply', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(ops.map((o) => o.op.operationId).sort()).toEqual(Object.keys(endpoints).sort());
    for (const { op } of ops) expect(op.responses['200'], op.operationId).toBeDefined();
  });

  it('declares every path parameter, the CSRF header of every state-changing call and the session cookie', () => {
    for (const { path, op } of ops) {
      const def = endpoints[op.operationId as keyof typeof endpoints];
      for (const m of path.matchAll(/\{(\w+)\}/g))
        expect(
          op.parameters?.some((p) => p.in === 'path' && p.name === m[1]),
          `${op.operationId} ${m[1]}`,
        ).toBe(true);
      expect(op.parameters?.some((p) => p.in === 'header') ?? false, op.operationId).toBe(isMutating(def));
      expect(op.security.length > 0, op.operationId).toBe(def.auth === 'session');
    }
  });

  it('marks the calls spec 7 names, and only those', () => {
    const named = ops.filter((o) => o.op['x-spec']).map((o) => o.op.operationId);
    const { matched } = matchSpecCalls(knownSpecCalls(), endpoints);
    expect(named.length).toBeGreaterThan(50);
    // one operation per matched spec call: no call names two endpoints, no endpoint is named twice
    expect(named.length).toBe(matched.length);
    expect(new Set(matched.map((m) => m.name)).size).toBe(matched.length);
    expect([...named].sort()).toEqual(matched.map((m) => m.name).sort());
    for (const id of ['session.user', 'session.logout', 'block.verify', 'golden.checkout', 'at39.register']) {
      if (id in endpoints) expect(named, id).toContain(id);
    }
    // user/register and agreement/register only end like AT 39's 'POST register/'; orders/{id} is the portal's own
    // (spec 7's 'GET orders/{id}' is the documents group's online-sales/orders/{id}, decisions 11 and 16)
    for (const id of [
      'session.login',
      'session.register',
      'agreement.register',
      'orders.get',
      'report.clientError',
    ])
      if (id in endpoints) expect(named, id).not.toContain(id);
    if ('documents.order' in endpoints) expect(named).toContain('documents.order');
  });
});

describe('reading spec 7', () => {
  const spec = [
    '## 7. Calls',
    'Session and user:',
    '- GET user/ (session); GET profile; POST user/logout.',
    '- GET client/sn/{n} or client/ban/{n} (lookup) -> status.',
    '- GET single-sign-on initialise-authorization (external link).',
    'Internet package and roaming (under /api/internet-package/):',
    '- GET services?ipGroup; POST delete-roaming.',
    'AT 39:',
    '- GET {token}; GET /api/v1/epdp/get-session-id.',
    '- POST docs/re-upload?docId, multipart file.',
    '## 8. Errors',
    '- GET not/in/section7',
  ].join('\n');
  const S = 'Session and user';
  const I = 'Internet package and roaming (under /api/internet-package/)';

  it('takes every METHOD path of its bullets, with the group prefix, and skips parameter-only paths and names', () => {
    expect(specCalls(spec)).toEqual([
      { group: S, method: 'GET', path: 'user' },
      { group: S, method: 'GET', path: 'profile' },
      { group: S, method: 'POST', path: 'user/logout' },
      { group: S, method: 'GET', path: 'client/sn/{}' },
      { group: S, method: 'GET', path: 'client/ban/{}' },
      { group: I, method: 'GET', path: 'internet-package/services' },
      { group: I, method: 'POST', path: 'internet-package/delete-roaming' },
      { group: 'AT 39', method: 'GET', path: 'v1/epdp/get-session-id' },
      { group: 'AT 39', method: 'POST', path: 'docs/re-upload' },
    ]);
  });

  it('matches a call to one endpoint by method and path end, the group prefix deciding between several', () => {
    const call = (group: string, method: string, path: string) => ({ group, method, path });
    const defs = {
      logout: { method: 'POST', path: 'user/logout' },
      sn: { method: 'GET', path: 'client/sn/{sn}' },
      other: { method: 'GET', path: 'other-services' },
      comment: { method: 'GET', path: 'at39/register/comment' },
      filter: { method: 'GET', path: 'at39/register/filter' },
      register: { method: 'POST', path: 'at39/register/' },
      userRegister: { method: 'POST', path: 'user/register' },
      list: { method: 'GET', path: 'a/list' },
      list2: { method: 'GET', path: 'b/list' },
    } as const;
    const { matched, unmatched } = matchSpecCalls(
      [
        call('S', 'POST', 'user/logout'),
        call('S', 'GET', 'user/logout'),
        call('S', 'GET', 'client/sn/{}'),
        call('A', 'GET', 'register/comment'),
        call('A', 'GET', 'register/filter'),
        call('A', 'POST', 'register'),
        call('L', 'GET', 'list'),
      ],
      defs,
    );
    expect(matched.map((m) => m.name)).toEqual(['logout', 'sn', 'comment', 'filter', 'register']);
    // no endpoint of that method; two endpoints and no group prefix to choose: left unmatched, not guessed
    expect(unmatched).toEqual([call('S', 'GET', 'user/logout'), call('L', 'GET', 'list')]);
  });
});
