import { describe, expect, it } from 'vitest';
import { FEATURES } from '@/domain/capabilities.rules';
import { createHarness } from './harness';

describe('GET capabilities (CAP1)', () => {
  it('the reference backend offers every optional feature, to anyone, the same to everyone', async () => {
    const h = createHarness();
    const anonymous = await h.agent().call('GET', 'capabilities');
    expect(anonymous.status).toBe('OKOK');
    expect([...(anonymous.result as { features: string[] }).features].sort()).toEqual([...FEATURES].sort());

    const curator = h.agent();
    await curator.login('curator16');
    expect((await curator.call('GET', 'capabilities')).result).toEqual(anonymous.result);
  });
});
