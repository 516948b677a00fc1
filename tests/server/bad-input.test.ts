/**
 * Every mounted call fed malformed input answers an error envelope: never OKOK, never a 500, never a stack trace.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allHandlers, honoPath } from '../../server/app';
import type { EndpointDef, Schema } from '../../src/services/contract/endpoint';
import { type EndpointName, endpoints } from '../../src/services/contract/endpoints';
import { createHarness, type Reply } from './harness';

const mounted = (Object.keys(allHandlers) as EndpointName[]).map((name) => ({
  name,
  def: endpoints[name] as EndpointDef,
}));

const shapeKeys = (schema: Schema | undefined): string[] =>
  Object.keys((schema as unknown as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});

/** A concrete path for the endpoint with every {param} replaced by `value`. */
const pathWith = (def: EndpointDef, value: string) => def.path.replace(/\{\w+\}/g, value);

/** A valid-looking path for endpoints with params (so only the body / query is malformed). */
const samplePath = (def: EndpointDef) => pathWith(def, def.path.includes('user_id') ? '1' : '100234561');

function expectErrorEnvelope(r: Reply, what: string) {
  expect([what, r.http]).not.toEqual([what, 500]);
  expect([what, r.status]).not.toEqual([what, 'OKOK']);
  expect(r.status, what).toMatch(/^E\d{3}$/);
  expect(JSON.stringify(r), what).not.toMatch(/\bat .+\.(ts|js):\d+|Error:/);
}

const BAD_BODIES = ['{bad json', '[]', 'null', '"text"', '42', '{}', '{"__proto__":{"x":1}}'];

describe('malformed input', () => {
  it('covers every mounted call', () => {
    expect(mounted.length).toBeGreaterThanOrEqual(19);
  });

  for (const { name, def } of mounted) {
    if (def.body) {
      it(`${name}: malformed bodies`, async () => {
        const h = createHarness();
        const a = h.agent();
        await a.login('admin');
        const keys = shapeKeys(def.body);
        // an all-optional body (user/update) accepts {} — that is a valid no-op, not malformed
        const emptyIsValid = def.body?.safeParse({}).success === true;
        const variants = [
          ...BAD_BODIES.filter((b) => !emptyIsValid || (b !== '{}' && !b.includes('__proto__'))),
          JSON.stringify(Object.fromEntries(keys.map((k) => [k, { nested: [1, 2] }]))),
          JSON.stringify(Object.fromEntries(keys.map((k) => [k, 'x'.repeat(5000)]))),
          JSON.stringify(Object.fromEntries(keys.map((k) => [k, -1]))),
        ];
        for (const raw of variants) {
          expectErrorEnvelope(await a.call(def.method, samplePath(def), raw), `${name} ${raw.slice(0, 40)}`);
        }
        const huge = await a.call(def.method, samplePath(def), JSON.stringify({ x: 'y'.repeat(100_000) }));
        if (def.multipart) {
          // an upload call takes bodies up to the upload limit (DOC3): a JSON body, however big, is refused as such
          expectErrorEnvelope(huge, `${name} huge JSON body`);
        } else {
          expect(huge.http).toBe(413);
          expect(huge.status).toBe('E101');
        }
      });
    }
    if (def.query) {
      it(`${name}: malformed query strings`, async () => {
        const h = createHarness();
        const a = h.agent();
        await a.login('admin');
        const keys = shapeKeys(def.query);
        const queries = [
          '',
          ...['abc', '-1', '9'.repeat(30), '%00', '1e3', ''].map(
            (v) => `?${keys.map((k) => `${k}=${encodeURIComponent(v)}`).join('&')}`,
          ),
        ];
        for (const q of queries) {
          // a value the contract accepts is not malformed (a login check's 'abc' is a free-text login)
          const parsed = def.query?.safeParse(Object.fromEntries(new URLSearchParams(q)));
          if (parsed?.success) continue;
          expectErrorEnvelope(await a.call(def.method, `${samplePath(def)}${q}`), `${name} ${q}`);
        }
      });
    }
    if (def.params) {
      it(`${name}: malformed path parameters`, async () => {
        const h = createHarness();
        const a = h.agent();
        await a.login('admin');
        for (const v of ['abc', '-1', '0', '%E0%A4%A', 'x'.repeat(300), '1%2F2', '%20']) {
          const body = def.body ? { blocked: true, full_name: 'x' } : undefined;
          expectErrorEnvelope(await a.call(def.method, pathWith(def, v), body), `${name} ${v}`);
        }
      });
    }
  }

  it('arbitrary JSON bodies never cause a 500', async () => {
    const h = createHarness();
    const a = h.agent();
    await a.login('admin');
    const withBody = mounted.filter((m) => m.def.body);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...withBody),
        fc.jsonValue({ maxDepth: 3 }),
        async ({ def }, value) => {
          const r = await a.call(def.method, samplePath(def), JSON.stringify(value));
          return r.http !== 500 && /^(OKOK|E\d{3})$/.test(r.status);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('answers unknown calls and methods with a 404 envelope, not the SPA', async () => {
    const h = createHarness();
    const a = h.agent();
    for (const [m, p] of [
      ['GET', 'no/such/call'],
      ['DELETE', 'user/'],
      ['PUT', 'user/login'],
    ] as const) {
      const r = await a.call(m, p);
      expect([p, r.http, r.status]).toEqual([p, 404, 'E101']);
    }
  });

  it("an E101 description names the field and zod's English message (the server sets the locale)", async () => {
    // the contracts are on zod/mini, which registers no locale of its own: without server/app.ts's
    // config(en()) every message would read 'Invalid input'
    const r = await createHarness().agent().login('');
    expect([r.status, r.description]).toEqual([
      'E101',
      'body.login: Too small: expected string to have >=1 characters',
    ]);
  });

  it('mounts every endpoint at its contract path', () => {
    expect(honoPath('client/sn/{n}')).toBe('/api/client/sn/:n');
    expect(honoPath('user/')).toBe('/api/user/');
  });
});
