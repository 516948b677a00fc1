import { describe, expect, it } from 'vitest';
import { loadEndpointTable } from '@/services/api/endpoint-table';
import { endpoints } from '@/services/contract/endpoints';
import { nextTask } from '@/services/scheduling/next-task';

describe('the endpoint table the client loads one slice per task (LB19)', () => {
  it('holds every call of `endpoints`, in its order, with the very same definitions', async () => {
    const table = await loadEndpointTable();
    expect(Object.keys(table)).toEqual(Object.keys(endpoints));
    for (const [name, def] of Object.entries(endpoints)) expect(table[name as keyof typeof table]).toBe(def);
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
