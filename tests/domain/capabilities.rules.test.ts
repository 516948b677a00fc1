import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_FEATURES, DEFAULT_FEATURES, FEATURES, offers } from '@/domain/capabilities.rules';
import { CORE_CALLS, FEATURE_CALLS, featureOfCall, TOLERATED_CALLS } from '@/domain/capability-calls.rules';
import { endpoints } from '@/services/contract/endpoints';

/** docs/openapi.json says which calls spec 7 names (`x-spec`): the rest are the portal's own. */
const openapi = JSON.parse(readFileSync('docs/openapi.json', 'utf8')) as {
  paths: Record<string, Record<string, { operationId: string; 'x-spec': boolean }>>;
};
const portalCalls = Object.values(openapi.paths)
  .flatMap((ops) => Object.values(ops))
  .filter((op) => !op['x-spec'])
  .map((op) => op.operationId)
  .sort();

describe('the optional features (CAP1)', () => {
  it('every call the portal adds is core or tolerated (with its reason) or belongs to exactly one feature', () => {
    const placements = (call: string) =>
      [call in CORE_CALLS, call in TOLERATED_CALLS, featureOfCall(call) !== null].filter(Boolean).length;
    expect(portalCalls.filter((call) => placements(call) === 0)).toEqual([]);
    expect(portalCalls.filter((call) => placements(call) > 1)).toEqual([]);
    const counts = new Map<string, number>();
    for (const f of FEATURES) for (const c of FEATURE_CALLS[f]) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
  });

  it('names only calls of the contract, and only the portal’s own (a spec 7 call is never optional)', () => {
    const names = new Set(Object.keys(endpoints));
    const listed = [
      ...FEATURES.flatMap((f) => FEATURE_CALLS[f]),
      ...Object.keys(CORE_CALLS),
      ...Object.keys(TOLERATED_CALLS),
    ];
    expect(listed.filter((c) => !names.has(c))).toEqual([]);
    expect(listed.filter((c) => !portalCalls.includes(c))).toEqual([]);
  });

  it('the reference backend offers every feature, the default none', () => {
    expect(DEFAULT_FEATURES.size).toBe(0);
    expect(ALL_FEATURES.size).toBe(FEATURES.length);
  });

  it('facts without an answer offer everything (the reference backend); an answer offers what it lists', () => {
    expect(offers({}, 'debtControl')).toBe(true);
    expect(offers({ features: DEFAULT_FEATURES }, undefined)).toBe(true);
    expect(offers({ features: DEFAULT_FEATURES }, 'debtControl')).toBe(false);
    expect(offers({ features: new Set(['debtControl']) }, 'debtControl')).toBe(true);
    expect(offers({ features: new Set(['debtControl']) }, 'agreements')).toBe(false);
    // a name this portal does not know is listed but never asked
    expect(offers({ features: new Set(['teleport']) }, 'employees')).toBe(false);
  });
});
