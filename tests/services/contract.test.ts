import { describe, expect, it } from 'vitest';
import { createApiClient } from '@/services/api/client';
import { type EndpointDef, fillPath, isMutating, type Schema } from '@/services/contract/endpoint';
import { type EndpointName, endpointNames, endpoints } from '@/services/contract/endpoints';
import { errorEnvelope, errorReply, okEnvelope, okReply } from '@/services/contract/envelope';
import { digits, wireBool, wireInt, wireIntList } from '@/services/contract/fields.contract';
import { fakeFetch, json, text } from '../support/fake-fetch';
import { sample } from '../support/schema-sample';

const table = endpoints as Record<EndpointName, EndpointDef>;
const entries = Object.entries(table) as [EndpointName, EndpointDef][];

describe('endpoint table', () => {
  it('has the calls the session machine, the server and the views rely on', () => {
    const required = [
      'session.user',
      'session.profile',
      'session.logout',
      'session.login',
      'session.check',
      'session.register',
      'session.resendCode',
      'session.forgot',
      'session.restore',
      'session.changePassword',
      'session.saveChosenRole',
      'lookup.sn',
      'lookup.ban',
      'profile.numbers',
      'admin.search',
      'admin.get',
      'admin.create',
      'admin.update',
      'admin.setBlocked',
      'admin.impersonate',
      'admin.backToHead',
      'block.isPrivilegedLock',
      'block.suspend',
      'block.restore',
      'signing.verify',
      'signing.taxId',
    ];
    for (const name of required) expect(endpointNames).toContain(name);
  });

  it.each(entries)('%s is well formed', (name, def) => {
    expect(name).toMatch(/^[a-z0-9]+\.[a-zA-Z0-9]+$/);
    expect(def.path).not.toMatch(/^\//);
    expect(def.path).not.toMatch(/^api\//);
    expect(def.summary.length).toBeGreaterThan(5);
    const placeholders = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const paramKeys = def.params
      ? Object.keys((def.params as unknown as { shape: object }).shape).sort()
      : [];
    expect(placeholders).toEqual(paramKeys);
    if (def.method === 'GET') expect(def.body === undefined || def.multipart === true).toBe(true);
    if (def.multipart) expect(def.method).toBe('POST');
    if (def.mutating) expect(def.method).toBe('GET');
  });

  it('has unique method + path pairs', () => {
    const keys = entries.map(([, d]) => `${d.method} ${d.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('marks exactly the pre-login calls public', () => {
    const pub = entries
      .filter(([, d]) => d.auth === 'public')
      .map(([n]) => n)
      .sort();
    expect(pub).toEqual(
      [
        'session.login',
        'session.check',
        'session.register',
        'session.resendCode',
        'session.forgot',
        'session.restore',
        'session.restoreLink',
        'capabilities.get',
        'preorder.onlineServices',
        'preorder.status',
        'preorder.agents',
        'preorder.checkLogin',
        'preorder.marketCodes',
        'preorder.services',
        'preorder.create',
        // bound to the pre-registration draft, not to a session (docs/security.md, finding 3)
        'preorder.signingChallenge',
        // the public onboarding: a signed challenge proves the key; the company data, BANs and status answer only
        // with that proof (docs/decisions.md NC3, NC4)
        'preorder.prove',
        'preorder.company',
        'preorder.banList',
        // the poster's QR link opens the new-numbers page without a session (NC9)
        'golden.categoriesQr',
        // a browser reports a failure it saw, signed in or not (docs/decisions.md OBS9)
        'report.clientError',
      ].sort(),
    );
  });

  it('treats non-GET calls and the flagged GETs as mutating', () => {
    const mutatingGets = entries.filter(([, d]) => d.method === 'GET' && isMutating(d)).map(([n]) => n);
    expect(mutatingGets.sort()).toEqual(['block.restore', 'block.suspend']);
    expect(entries.filter(([, d]) => d.method !== 'GET').every(([, d]) => isMutating(d))).toBe(true);
  });

  it('gives an answer for a backend without the call only to calls it may lack, and that answer is a valid reply (CAP1)', () => {
    const withFallback = entries.filter(([, d]) => d.ifUnknown !== undefined);
    expect(withFallback.map(([n]) => n).sort()).toEqual(['capabilities.get', 'session.restoreLink']);
    for (const [name, def] of withFallback) {
      expect(def.result.safeParse(def.ifUnknown).success, name).toBe(true);
    }
    expect(table['capabilities.get'].ifUnknown).toEqual({ features: [] });
  });

  it('uses the paths of spec 7 for the session calls', () => {
    expect(table['session.user'].path).toBe('user/');
    expect(table['session.saveChosenRole'].path).toBe('v1/adfs/save-chosen-role');
    expect(table['signing.verify'].path).toBe('online-sales/documents/verify');
    expect(fillPath(table['lookup.sn'].path, { n: '901234567' })).toBe('client/sn/901234567');
    expect(() => fillPath('user/get/{user_id}', {})).toThrow();
  });
});

describe('schemas', () => {
  const parts = ['params', 'query', 'body', 'result'] as const;
  const schemaCases = entries.flatMap(([name, def]) =>
    parts.filter((p) => def[p] !== undefined).map((p) => [`${name} ${p}`, def[p] as Schema] as const),
  );

  it.each(schemaCases)('%s has a valid sample', (_, schema) => {
    expect(schema.safeParse(sample(schema)).success).toBe(true);
  });

  it.each(entries.filter(([, d]) => d.reply !== 'blob'))('%s reply tolerates extra fields', (_, def) => {
    const result = sample(def.result);
    const withExtra =
      result !== null && typeof result === 'object' && !Array.isArray(result)
        ? { ...result, zz_new: 1 }
        : result;
    const parsed = okEnvelope(def.result).safeParse({ status: 'OKOK', result: withExtra, serverTime: 'x' });
    expect(parsed.success).toBe(true);
    if (parsed.success && withExtra !== result) {
      expect((parsed.data.result as Record<string, unknown>).zz_new).toBe(1);
    }
  });

  it('user and profile accept the nullable fields the real backend omits or nulls', () => {
    const u = table['session.user'].result.parse({
      user_name: 'a',
      user_id: '15',
      roles: ['R001'],
      profile: { at: 16, sn: null, ban: '123', fin_data: { balance: '12.50', budget: null } },
      ban: null,
      headBan: null,
      backToHeadBan: null,
      force_change_password: null,
      chosenRole: null,
    }) as { profile: { fin_data: { balance: number } } };
    expect(u.profile.fin_data.balance).toBe(12.5);
    expect(table['session.user'].result.safeParse({ user_name: 'a', roles: [] }).success).toBe(false);
  });

  it('envelopes: OKOK is never an error, an error needs a status, helpers build both', () => {
    expect(errorEnvelope.safeParse({ status: 'OKOK' }).success).toBe(false);
    expect(errorEnvelope.safeParse({ status: '' }).success).toBe(false);
    expect(errorEnvelope.safeParse(errorReply('E001', 'x')).success).toBe(true);
    expect(errorReply('E009')).toEqual({ status: 'E009' });
    expect(
      okEnvelope(table['session.user'].result).safeParse(okReply({ user_name: 'a', user_id: 1, roles: [] }))
        .success,
    ).toBe(true);
  });

  it('wire primitives accept both the typed and the text spelling', () => {
    expect(wireInt.parse('12')).toBe(12);
    expect(wireInt.parse(12)).toBe(12);
    expect(wireInt.safeParse('1.5').success).toBe(false);
    expect(wireBool.parse('false')).toBe(false);
    expect(wireBool.safeParse('yes').success).toBe(false);
    expect(wireIntList.parse('8,10,11')).toEqual([8, 10, 11]);
    expect(wireIntList.parse(7)).toEqual([7]);
    expect(wireIntList.safeParse('8,,10').success).toBe(false);
    expect(digits.parse(901234567)).toBe('901234567');
    expect(digits.safeParse('90-123').success).toBe(false);
  });
});

describe('client ↔ server agreement', () => {
  /** What the server sees: the query string and path segments are text; it must parse them with the same schema
   *  to the same values the client validated. */
  it.each(entries.filter(([, d]) => d.query || d.params || d.body))(
    '%s: the server parses what the client sends',
    async (name, def) => {
      const { fetch, requests } = fakeFetch(() =>
        def.reply === 'blob' ? text('bytes', 200, 'application/octet-stream') : json({ status: 'OKOK' }),
      );
      const api = createApiClient({ fetch }) as unknown as {
        call: (n: string, i: unknown) => Promise<unknown>;
        download: (n: string, i: unknown) => Promise<unknown>;
        upload: (n: string, i: unknown) => Promise<unknown>;
      };
      const input: Record<string, unknown> = {
        params: def.params && sample(def.params),
        query: def.query && sample(def.query),
        ...(def.multipart
          ? { fields: def.body && sample(def.body), file: new Blob(['f']) }
          : { body: def.body && sample(def.body) }),
      };
      const method = def.multipart ? api.upload : def.reply === 'blob' ? api.download : api.call;
      await method(name, input).catch(() => undefined);
      expect(requests).toHaveLength(1);
      const url = new URL(requests[0]?.url ?? '', 'http://server');
      if (def.query) {
        const onWire = Object.fromEntries(url.searchParams);
        expect(def.query.parse(onWire)).toEqual(def.query.parse(input.query));
      }
      if (def.params) {
        const pattern = new RegExp(
          `^/api/${def.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`,
        );
        const groups = url.pathname.match(pattern)?.groups ?? {};
        const decoded = Object.fromEntries(
          Object.entries(groups).map(([k, v]) => [k, decodeURIComponent(v)]),
        );
        expect(def.params.parse(decoded)).toEqual(def.params.parse(input.params));
      }
      if (def.body && !def.multipart) {
        expect(def.body.parse(JSON.parse(String(requests[0]?.body)))).toEqual(def.body.parse(input.body));
      }
      if (def.body && def.multipart) {
        const form = requests[0]?.body as FormData;
        const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'));
        expect(def.body.parse(fields)).toEqual(def.body.parse(input.fields));
      }
    },
  );
});
