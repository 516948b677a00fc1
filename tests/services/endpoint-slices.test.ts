/**
 * The endpoint table is assembled from per-area slices (`<area>Endpoints` exported by `src/services/contract/*.ts`)
 * spread into one table (endpoints.ts). A spread silently keeps the last of two equal keys, so this checks that no
 * call is defined twice and that every slice's calls are the table's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpoints } from '@/services/contract/endpoints';
import { publicEndpoints } from '@/services/contract/public.contract';
import { PUBLIC_CALLS } from '@/services/contract/public-calls';

const DIR = join(__dirname, '../../src/services/contract');

/** Every `export const <name>Endpoints = {` in the contract folder, with its file. */
function sliceExports(): { file: string; name: string }[] {
  const out: { file: string; name: string }[] = [];
  for (const file of readdirSync(DIR).filter((f) => f.endsWith('.ts') && f !== 'endpoints.ts')) {
    for (const m of readFileSync(join(DIR, file), 'utf8').matchAll(/^export const (\w+Endpoints) = \{/gm)) {
      out.push({ file, name: m[1] ?? '' });
    }
  }
  return out;
}

describe('endpoint slices', () => {
  const slices = sliceExports();

  it('finds the slices (session, lookup, admin, block, golden, settings, debt, signing, documents, internet, AT 39 at least)', () => {
    expect(slices.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'sessionEndpoints',
        'lookupEndpoints',
        'adminEndpoints',
        'blockEndpoints',
        'goldenEndpoints',
        'settingsEndpoints',
        'debtEndpoints',
        'signingEndpoints',
        'documentsEndpoints',
        'addonsEndpoints',
        'at39Endpoints',
        'publicEndpoints',
      ]),
    );
  });

  it('defines each call once, and the table holds each slice call as defined', async () => {
    const owner = new Map<string, string>();
    const table: Record<string, unknown> = endpoints;
    for (const { file, name } of slices) {
      const mod = (await import(join(DIR, file))) as Record<string, Record<string, unknown>>;
      const slice = mod[name];
      expect(slice, `${file} ${name}`).toBeTypeOf('object');
      for (const [key, value] of Object.entries(slice ?? {})) {
        expect(owner.get(key), `${key} is in ${owner.get(key)} and ${file}`).toBeUndefined();
        owner.set(key, file);
        expect(table[key], `${key} of ${file} is not the table's`).toBe(value);
      }
    }
    expect(owner.size).toBeGreaterThan(20);
    // the rows still written in endpoints.ts itself are not defined again in a slice
    const inline = readFileSync(join(DIR, 'endpoints.ts'), 'utf8').matchAll(
      /^ {2}'([\w.]+)': defineEndpoint\(/gm,
    );
    for (const [, key] of inline)
      expect(owner.get(key ?? ''), `${key} in endpoints.ts and a slice`).toBeUndefined();
  });

  it('the client knows the public slice by name: PUBLIC_CALLS is exactly its calls, all public', () => {
    expect([...PUBLIC_CALLS].sort()).toEqual(Object.keys(publicEndpoints).sort());
    for (const def of Object.values(publicEndpoints)) expect(def.auth).toBe('public');
    // and no other call of the table is public: a public call outside the slice would load the whole table (the
    // browser's error report carries its own definition to its client, docs/decisions.md OBS9)
    const others = Object.entries(endpoints as Record<string, { auth: string }>).filter(
      ([name, def]) =>
        def.auth === 'public' &&
        !PUBLIC_CALLS.has(name) &&
        !name.startsWith('session.') &&
        name !== 'report.clientError' &&
        // asked once after sign-in (CAP1), when the first page wants the whole table anyway
        name !== 'capabilities.get',
    );
    expect(others.map(([name]) => name)).toEqual([]);
  });
});
