import { describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '@/services/api/api-error';
import { createApiClient } from '@/services/api/client';
import { fakeFetch, json } from '../support/fake-fetch';

/** The client tells the app of a reply that broke the contract, with the request id it failed on (OBS9). */
const broken = () =>
  new Response(JSON.stringify({ status: 'OKOK', result: { user_name: 5, user_id: 7, roles: 'R001' } }), {
    headers: { 'content-type': 'application/json', 'x-request-id': 'failed-on-9' },
  });

describe('API client: onContractBreak', () => {
  it('is told the call, the reply’s request id and the value-free issues before the E001 fallback', async () => {
    const onContractBreak = vi.fn();
    const { fetch } = fakeFetch(broken);
    const failure = await createApiClient({ fetch, onContractBreak })
      .call('session.user')
      .catch((e: unknown) => e);
    expect((failure as ApiFailure).error.kind).toBe('contract');
    expect(onContractBreak).toHaveBeenCalledTimes(1);
    const info = onContractBreak.mock.calls[0]?.[0];
    expect(info).toMatchObject({ call: 'session.user', requestId: 'failed-on-9' });
    expect(info.issues).toMatch(/user_name/);
    // the values themselves never: `R001` is the wrong-typed value of `roles`
    expect(info.issues).not.toContain('R001');
  });

  it('is not told of a server error, a good reply or a request the client refused itself', async () => {
    const onContractBreak = vi.fn();
    const replies = [json({ status: 'E012' }), json({ status: 'OKOK' })];
    const { fetch } = fakeFetch(() => replies.shift() ?? json({}));
    const api = createApiClient({ fetch, onContractBreak });
    await api.call('session.login', { body: { login: 'a', password: 'b' } }).catch(() => undefined);
    await api.call('session.logout');
    await api.call('session.login', { body: { login: 5 } as never }).catch(() => undefined);
    expect(onContractBreak).not.toHaveBeenCalled();
  });

  it('keeps the contract failure when the listener throws', async () => {
    const { fetch } = fakeFetch(broken);
    const failure = await createApiClient({
      fetch,
      onContractBreak: () => {
        throw new Error('listener broke');
      },
    })
      .call('session.user')
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).error.kind).toBe('contract');
  });
});
