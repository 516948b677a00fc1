import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEndpointTable } from '@/services/api/endpoint-table.generated';
import { endpoints } from '@/services/contract/endpoints';
import { nextTask } from '@/services/scheduling/next-task';
import {
  ENDPOINT_TABLE,
  ENDPOINTS_SOURCE,
  endpointSlices,
  renderEndpointTable,
} from '../../scripts/lib/endpoint-table';

const ROOT = join(import.meta.dirname, '..', '..');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

describe('the endpoint table the client loads one slice per task (LB19)', () => {
  it('holds every call of `endpoints`, in its order, with the very same definitions', async () => {
    const table = await loadEndpointTable();
    expect(Object.keys(table)).toEqual(Object.keys(endpoints));
    for (const [name, def] of Object.entries(endpoints)) expect(table[name as keyof typeof table]).toBe(def);
  });

  it('is what `npm run workflows` writes from the slices of endpoints.ts (no second list kept by hand)', () => {
    expect(read(ENDPOINT_TABLE)).toBe(renderEndpointTable(read(ENDPOINTS_SOURCE)));
  });

  it('refuses a slice that is spread but not imported from a contract module', () => {
    const source = `import { aEndpoints } from './a.contract';\nexport const endpoints = {\n  ...aEndpoints,\n  ...bEndpoints,\n} as const;\n`;
    expect(() => endpointSlices(source)).toThrow('the slice bEndpoints is not imported');
    expect(endpointSlices(source.replace('  ...bEndpoints,\n', ''))).toEqual([
      { name: 'aEndpoints', module: 'a.contract' },
    ]);
  });
});

describe('nextTask', () => {
  it('resolves in a later task: every microtask queued before it has run, however long the chain', async () => {
    let chain = 0;
    const step = async (): Promise<void> => {
      if (chain === 1000) return;
      chain += 1;
      await Promise.resolve();
      return step();
    };
    void step();
    await nextTask();
    expect(chain).toBe(1000);
  });
});
