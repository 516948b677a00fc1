import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '@/services/api/api-error';
import { createApiClient } from '@/services/api/client';
import type { EndpointDef, Schema } from '@/services/contract/endpoint';
import { endpoints } from '@/services/contract/endpoints';
import { errorEnvelope, okEnvelope } from '@/services/contract/envelope';
import { fakeFetch, lightResponse } from '../support/fake-fetch';
import { mutateAt, pathsOf, sample } from '../support/schema-sample';

/**
 * Property: whatever the server answers, every endpoint's call either resolves with a value its schema accepts
 * (only for a 2xx reply) or rejects with an ApiFailure — never any other exception. Replies are drawn from
 * well-formed envelopes, the same with one field deleted or replaced by random JSON, error envelopes with odd
 * fields, HTML error pages, truncated JSON, random JSON and random text, under random status codes and types.
 */

const NUM_RUNS = 1000;
const NULL_BODY = new Set([204, 205, 304]);

const HTML_PAGES = [
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>502</h1></body></html>',
  '<html><body>Please log in</body></html>',
  '<?xml version="1.0"?><error>down</error>',
];

type AnyClient = Record<'call' | 'download' | 'upload', (name: string, input: unknown) => Promise<unknown>>;

/** A valid input for the endpoint, so the request half never hides the reply half. */
function inputFor(def: EndpointDef): unknown {
  const parts = {
    params: def.params && sample(def.params),
    query: def.query && sample(def.query),
  };
  return def.multipart
    ? { ...parts, fields: def.body && sample(def.body), file: new Blob(['f']) }
    : { ...parts, body: def.body && sample(def.body) };
}

/** Small random JSON: cheap to generate, enough to break types. */
const smallJson = fc.jsonValue({ maxDepth: 2 });

function replyArbitrary(def: EndpointDef) {
  const validResult = def.reply === 'blob' ? {} : sample(def.result);
  const valid = { status: 'OKOK', result: validResult };
  const validText = JSON.stringify(valid);
  const paths = pathsOf(valid);

  const body = fc.oneof(
    { arbitrary: fc.constant({ text: validText, valid: true }), weight: 3 },
    {
      arbitrary: fc
        .record({ i: fc.nat(), remove: fc.boolean(), replacement: smallJson })
        .map(({ i, remove, replacement }) => {
          const path = paths[i % paths.length] ?? [];
          return { text: JSON.stringify(mutateAt(valid, path, replacement, remove)) ?? '', valid: false };
        }),
      weight: 6,
    },
    {
      arbitrary: fc
        .record({
          status: fc.oneof(
            fc.constantFrom('E009', 'E001', 'E012', 'OKOK', '', 'E999'),
            fc.string({ maxLength: 6 }),
          ),
          description: fc.option(smallJson),
        })
        .map((e) => ({ text: JSON.stringify(e), valid: false })),
      weight: 3,
    },
    { arbitrary: fc.constantFrom(...HTML_PAGES).map((t) => ({ text: t, valid: false })), weight: 1 },
    {
      arbitrary: fc.nat({ max: Math.max(0, validText.length - 1) }).map((n) => ({
        text: validText.slice(0, n),
        valid: false,
      })),
      weight: 2,
    },
    { arbitrary: smallJson.map((j) => ({ text: JSON.stringify(j), valid: false })), weight: 2 },
    { arbitrary: fc.string({ maxLength: 20 }).map((t) => ({ text: t, valid: false })), weight: 1 },
  );
  const status = fc.oneof(
    { arbitrary: fc.constant(200), weight: 4 },
    { arbitrary: fc.constantFrom(201, 204, 400, 401, 403, 404, 500, 502, 503), weight: 2 },
    { arbitrary: fc.integer({ min: 200, max: 599 }), weight: 1 },
  );
  const contentType = fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'text/html',
    '',
    'application/pdf',
  );
  return fc.record({ body, status, contentType });
}

const isBlob = (v: unknown) =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Blob).size === 'number' &&
  typeof (v as Blob).text === 'function';

describe('API client survives any reply', () => {
  const entries = Object.entries(endpoints as Record<string, EndpointDef>);

  it.each(entries)('%s', async (name, def) => {
    const input = inputFor(def);
    const okSchema = okEnvelope(def.result);
    let resolved = 0;
    let reply = lightResponse(200, '', '');
    const { fetch } = fakeFetch(() => reply);
    const api = createApiClient({ fetch }) as unknown as AnyClient;
    const method = def.multipart ? 'upload' : def.reply === 'blob' ? 'download' : 'call';
    await fc.assert(
      fc.asyncProperty(replyArbitrary(def), async ({ body, status, contentType }) => {
        reply = lightResponse(status, contentType, body.text);
        // these statuses carry no body at all: the reply is whatever the status alone says
        const seen = NULL_BODY.has(status) ? { text: '', valid: false } : body;
        const is2xx = status >= 200 && status < 300;
        let value: unknown;
        try {
          value = await api[method](name, input);
        } catch (e) {
          if (!(e instanceof ApiFailure)) throw new Error(`raw exception escaped: ${String(e)}`);
          const parsedJson = (() => {
            try {
              return JSON.parse(seen.text) as unknown;
            } catch {
              return undefined;
            }
          })();
          // a well-formed reply on a success status must not be rejected (except blobs, whose success is a file)
          if (is2xx && seen.valid && def.reply !== 'blob') {
            throw new Error(`valid reply rejected: ${e.message}`);
          }
          // an error envelope always surfaces its own code
          const err = errorEnvelope.safeParse(parsedJson);
          if (err.success && !(is2xx && okSchema.safeParse(parsedJson).success && def.reply !== 'blob')) {
            if (e.error.kind !== 'server' || e.error.code !== err.data.status) {
              throw new Error(`expected server ${err.data.status}, got ${JSON.stringify(e.error)}`);
            }
          } else if (!is2xx && (e.error.kind !== 'http' || e.error.status !== status)) {
            throw new Error(`expected http ${status}, got ${JSON.stringify(e.error)}`);
          }
          return;
        }
        resolved++;
        // a call a backend may lack (CAP1) answers its contract's `ifUnknown` for a 4xx or 501 without an envelope
        const unknownCall =
          def.ifUnknown !== undefined &&
          (status < 500 || status === 501) &&
          !errorEnvelope.safeParse(
            (() => {
              try {
                return JSON.parse(seen.text) as unknown;
              } catch {
                return undefined;
              }
            })(),
          ).success;
        if (!is2xx && !(unknownCall && JSON.stringify(value) === JSON.stringify(def.ifUnknown)))
          throw new Error(`resolved on HTTP ${status}`);
        const fits = def.reply === 'blob' ? isBlob(value) : (def.result as Schema).safeParse(value).success;
        if (!fits) throw new Error('resolved with a value its schema rejects');
      }),
      { numRuns: NUM_RUNS },
    );
    // the arbitrary reaches the success branch too, not only failures
    expect(resolved).toBeGreaterThan(0);
  });
});
