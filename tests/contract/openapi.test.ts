/**
 * docs/openapi.json (issue 31 item 4, docs/decisions.md API1): generated from the endpoint table, fresh, one operation
 * per call, and `x-spec` read from spec 7.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApi, openApiText, specCalls, specNames } from '../../scripts/openapi-doc';
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
    const recorded = (JSON.parse(committed) as { 'x-spec-calls': string[] })['x-spec-calls'].map((c) => {
      const [method = '', path = ''] = c.split(' ');
      return { method, path };
    });
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
    expect(named.length).toBeGreaterThan(50);
    for (const id of ['session.user', 'session.logout', 'block.verify', 'golden.checkout']) {
      if (id in endpoints) expect(named, id).toContain(id);
    }
    for (const id of ['session.login', 'clientErrors.report'])
      if (id in endpoints) expect(named).not.toContain(id);
  });
});

describe('reading spec 7', () => {
  const spec = [
    '## 7. Calls',
    'Session and user:',
    '- GET user/ (session); GET profile; POST user/logout.',
    '- GET client/sn/{n} or client/ban/{n} (lookup) -> status.',
    'Internet package and roaming (under /api/internet-package/):',
    '- GET services?ipGroup; POST delete-roaming.',
    'AT 39:',
    '- GET {token}; GET /api/v1/epdp/get-session-id.',
    '## 8. Errors',
    '- GET not/in/section7',
  ].join('\n');

  it('takes every METHOD path of its bullets, with the group prefix, and skips parameter-only paths', () => {
    expect(specCalls(spec)).toEqual([
      { method: 'GET', path: 'user' },
      { method: 'GET', path: 'profile' },
      { method: 'POST', path: 'user/logout' },
      { method: 'GET', path: 'client/sn/{}' },
      { method: 'GET', path: 'client/ban/{}' },
      { method: 'GET', path: 'internet-package/services' },
      { method: 'POST', path: 'internet-package/delete-roaming' },
      { method: 'GET', path: 'v1/epdp/get-session-id' },
    ]);
  });

  it('matches a call by method and the end of its path', () => {
    const calls = specCalls(spec);
    expect(specNames({ method: 'POST', path: 'user/logout' }, calls)).toBe(true);
    expect(specNames({ method: 'GET', path: 'user/logout' }, calls)).toBe(false);
    expect(specNames({ method: 'GET', path: 'client/sn/{sn}' }, calls)).toBe(true);
    expect(specNames({ method: 'GET', path: 'other-services' }, calls)).toBe(false);
    expect(specNames({ method: 'GET', path: 'not/in/section7' }, calls)).toBe(false);
  });
});
