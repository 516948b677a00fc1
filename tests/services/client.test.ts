import { describe, expect, it, vi } from 'vitest';
import { type ApiError, ApiFailure, errorCode, toApiError } from '@/services/api/api-error';
import { createApiClient } from '@/services/api/client';
import { sendEarly, takeSentCall } from '@/services/api/early-call';
import { CSRF_HEADER, CSRF_VALUE } from '@/services/contract/csrf';
import { fakeFetch, json, text } from '../support/fake-fetch';

const user = { user_name: 'ivanov', user_id: 7, roles: ['R004'], profile: null, extra: 'kept' };

/** Runs a call and returns the ApiError it rejected with (fails the test if it resolved or threw anything else). */
async function failureOf(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiFailure);
    return (e as ApiFailure).error;
  }
  throw new Error('expected the call to fail');
}

describe('API client: replies', () => {
  it('returns the parsed result of an OKOK envelope, keeping unknown fields', async () => {
    const { fetch } = fakeFetch(() => json({ status: 'OKOK', result: user, traceId: 'x' }));
    const api = createApiClient({ fetch });
    await expect(api.call('session.user')).resolves.toEqual(user);
  });

  it('accepts OKOK without result for calls with no payload', async () => {
    const { fetch } = fakeFetch(() => json({ status: 'OKOK' }));
    await expect(createApiClient({ fetch }).call('session.logout')).resolves.toBeUndefined();
  });

  it('turns an error envelope into a server failure with code and description', async () => {
    const { fetch } = fakeFetch(() => json({ status: 'E012', description: 'bad login' }));
    const err = await failureOf(
      createApiClient({ fetch }).call('session.login', { body: { login: 'a', password: 'b' } }),
    );
    expect(err).toEqual({ kind: 'server', code: 'E012', description: 'bad login' });
    expect(errorCode(err)).toBe('E012');
  });

  it('keeps an unknown server code as is (the view shows "нет такой ошибки")', async () => {
    const { fetch } = fakeFetch(() => json({ status: 'E999' }));
    expect(await failureOf(createApiClient({ fetch }).call('session.user'))).toEqual({
      kind: 'server',
      code: 'E999',
    });
  });

  it('drops a non-string description instead of breaking the contract', async () => {
    const { fetch } = fakeFetch(() => json({ status: 'E108', description: { param: 'ban' } }));
    expect(await failureOf(createApiClient({ fetch }).call('session.user'))).toEqual({
      kind: 'server',
      code: 'E108',
    });
  });

  it('calls onSessionExpired before rejecting with E009', async () => {
    const order: string[] = [];
    const { fetch } = fakeFetch(() => json({ status: 'E009' }));
    const api = createApiClient({ fetch, onSessionExpired: () => order.push('expired') });
    const p = api.call('session.profile').catch((e: ApiFailure) => order.push(`rejected:${e.code}`));
    await p;
    expect(order).toEqual(['expired', 'rejected:E009']);
  });

  it('does not call onSessionExpired for other codes, and survives a throwing listener', async () => {
    const listener = vi.fn(() => {
      throw new Error('listener bug');
    });
    const { fetch } = fakeFetch((r) => json({ status: r.url.endsWith('profile') ? 'E005' : 'E009' }));
    const api = createApiClient({ fetch, onSessionExpired: listener });
    expect(errorCode(await failureOf(api.call('session.profile')))).toBe('E005');
    expect(listener).not.toHaveBeenCalled();
    expect(errorCode(await failureOf(api.call('session.user')))).toBe('E009');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('maps HTTP 400 without an envelope to http 400', async () => {
    const { fetch } = fakeFetch(() => text('Bad Request', 400, 'text/plain'));
    const err = await failureOf(createApiClient({ fetch }).call('session.user'));
    expect(err).toEqual({ kind: 'http', status: 400 });
    expect(errorCode(err)).toBe('http.400');
  });

  it('maps HTTP 500 with an HTML page to http 500', async () => {
    const { fetch } = fakeFetch(() =>
      text('<!doctype html><title>500</title><h1>Internal Server Error</h1>', 500),
    );
    const err = await failureOf(createApiClient({ fetch }).call('session.user'));
    expect(err).toEqual({ kind: 'http', status: 500 });
    expect(errorCode(err)).toBe('http.500');
  });

  it.each([
    [502, 'http.500'],
    [503, 'http.500'],
    [404, 'http.400'],
    [401, 'http.400'],
  ])('maps bare HTTP %i to %s', async (status, code) => {
    const { fetch } = fakeFetch(() => text('', status));
    expect(errorCode(await failureOf(createApiClient({ fetch }).call('session.user')))).toBe(code);
  });

  it('prefers an error envelope over the HTTP status (401 + E009 still resets the session)', async () => {
    const expired = vi.fn();
    const { fetch } = fakeFetch(() => json({ status: 'E009' }, 401));
    const err = await failureOf(createApiClient({ fetch, onSessionExpired: expired }).call('session.user'));
    expect(err).toEqual({ kind: 'server', code: 'E009' });
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('does not trust an OKOK body on an error status', async () => {
    const { fetch } = fakeFetch(() => json({ status: 'OKOK', result: user }, 500));
    expect(await failureOf(createApiClient({ fetch }).call('session.user'))).toEqual({
      kind: 'http',
      status: 500,
    });
  });

  it('never retries (a retried suspend would block twice)', async () => {
    const { fetch, requests } = fakeFetch(() => text('', 503));
    await failureOf(createApiClient({ fetch }).call('block.suspend', { query: { ban: '123456789' } }));
    expect(requests).toHaveLength(1);
  });

  it('maps a failed fetch to network', async () => {
    const fetch = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof globalThis.fetch;
    const err = await failureOf(createApiClient({ fetch }).call('session.user'));
    expect(err).toEqual({ kind: 'network' });
    expect(errorCode(err)).toBe('network');
  });

  it('maps a time-out to network', async () => {
    const { fetch } = fakeFetch(
      (r) =>
        new Promise<Response>((_, reject) => {
          r.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    expect(await failureOf(createApiClient({ fetch, timeoutMs: 5 }).call('session.user'))).toEqual({
      kind: 'network',
    });
  });

  it('maps the caller aborting to aborted, before and during the call', async () => {
    const { fetch, requests } = fakeFetch(
      (r) =>
        new Promise<Response>((_, reject) => {
          r.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const api = createApiClient({ fetch });
    const before = new AbortController();
    before.abort();
    expect(await failureOf(api.call('session.user', {}, { signal: before.signal }))).toEqual({
      kind: 'aborted',
    });
    expect(requests).toHaveLength(0);

    const during = new AbortController();
    const p = api.call('session.user', {}, { signal: during.signal });
    setTimeout(() => during.abort(), 1);
    expect(await failureOf(p)).toEqual({ kind: 'aborted' });
  });

  it.each([
    ['an HTML page with 200', () => text('<!doctype html><html><body>Portal</body></html>')],
    ['truncated JSON', () => text('{"status":"OKOK","result":{"user_na', 200, 'application/json')],
    ['wrong types', () => json({ status: 'OKOK', result: { user_name: 5, user_id: 7, roles: 'R001' } })],
    ['a missing required field', () => json({ status: 'OKOK', result: { user_name: 'a', user_id: 1 } })],
    ['JSON that is no envelope', () => json([1, 2, 3])],
    ['an empty status', () => json({ status: '' })],
    ['an empty body', () => text('', 200, 'application/json')],
    ['204 No Content', () => new Response(null, { status: 204 })],
  ])('maps %s to a contract break', async (_, reply) => {
    const { fetch } = fakeFetch(reply);
    const err = await failureOf(createApiClient({ fetch }).call('session.user'));
    expect(err.kind).toBe('contract');
    expect(errorCode(err)).toBe('contract');
  });
});

describe('API client: requests', () => {
  it('prefixes /api/ by default and sends cookies on every call', async () => {
    const { fetch, requests } = fakeFetch(() => json({ status: 'OKOK', result: user }));
    const api = createApiClient({ fetch });
    await api.call('session.user');
    await api.call('session.login', { body: { login: 'a', password: 'b' } });
    expect(requests.map((r) => r.url)).toEqual(['/api/user/', '/api/user/login']);
    expect(requests.every((r) => r.credentials === 'include')).toBe(true);
  });

  it('honours a custom baseURL', async () => {
    const { fetch, requests } = fakeFetch(() => json({ status: 'OKOK', result: user }));
    await createApiClient({ fetch, baseURL: 'http://127.0.0.1:9/api/' }).call('session.user');
    expect(requests[0]?.url).toBe('http://127.0.0.1:9/api/user/');
  });

  it('sends the CSRF header on POST but not on GET', async () => {
    const { fetch, requests } = fakeFetch(() => json({ status: 'OKOK', result: user }));
    const api = createApiClient({ fetch });
    await api.call('session.user');
    await api.call('session.logout');
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.headers.has(CSRF_HEADER)).toBe(false);
    expect(requests[1]?.method).toBe('POST');
    expect(requests[1]?.headers.get(CSRF_HEADER)).toBe(CSRF_VALUE);
    expect(CSRF_HEADER).toBe('x-requested-with');
    expect(CSRF_VALUE).toBe('portal');
  });

  it('sends the CSRF header on the state-changing GETs (suspend, restore) too', async () => {
    const { fetch, requests } = fakeFetch(() => json({ status: 'OKOK', result: {} }));
    const api = createApiClient({ fetch });
    await api.call('block.suspend', { query: { ban: '123456789', sn: '901234567', isLopBan: false } });
    await api.call('block.restore', { query: { ban: '123456789' } });
    expect(requests.map((r) => [r.method, r.headers.get(CSRF_HEADER)])).toEqual([
      ['GET', CSRF_VALUE],
      ['GET', CSRF_VALUE],
    ]);
  });

  it('uses a custom CSRF header when given', async () => {
    const { fetch, requests } = fakeFetch(() => json({ status: 'OKOK' }));
    await createApiClient({ fetch, csrfHeader: ['x-csrf', 't0ken'] }).call('session.logout');
    expect(requests[0]?.headers.get('x-csrf')).toBe('t0ken');
  });

  it('sends a JSON body of the validated input', async () => {
    const { fetch, requests } = fakeFetch(() => json({ status: 'OKOK', result: user }));
    await createApiClient({ fetch }).call('session.login', { body: { login: 'ivanov', password: 's3cret' } });
    expect(requests[0]?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(requests[0]?.body))).toEqual({ login: 'ivanov', password: 's3cret' });
  });

  it('encodes path parameters', async () => {
    const { fetch, requests } = fakeFetch(() =>
      json({ status: 'OKOK', result: { user_id: 1, user_name: 'a', roles: [] } }),
    );
    await createApiClient({ fetch }).call('admin.get', { params: { user_id: 'a/b c?d' } });
    expect(requests[0]?.url).toBe('/api/user/get/a%2Fb%20c%3Fd');
  });

  it('serialises the query: numbers and booleans as text, lists comma-joined, absent keys left out', async () => {
    const { fetch, requests } = fakeFetch(() => json({ status: 'OKOK', result: [] }));
    const api = createApiClient({ fetch });
    await api.call('documents.byType', {
      query: { type: [8, 10, 11], dt1: '2024-01-01', dt2: '2024-01-31' },
    });
    await api
      .call('admin.search', { query: { q: 'иван ов', pageNo: 0, pageSize: 45 } })
      .catch(() => undefined);
    await api.call('block.suspend', { query: { ban: 123456789, isLopBan: true } }).catch(() => undefined);
    const [byType, search, suspend] = requests.map((r) => new URL(r.url, 'http://x'));
    expect(byType?.pathname).toBe('/api/online-sales/documents/byType');
    expect(Object.fromEntries(byType?.searchParams ?? [])).toEqual({
      type: '8,10,11',
      dt1: '2024-01-01',
      dt2: '2024-01-31',
    });
    expect(Object.fromEntries(search?.searchParams ?? [])).toEqual({
      q: 'иван ов',
      pageNo: '0',
      pageSize: '45',
    });
    expect(Object.fromEntries(suspend?.searchParams ?? [])).toEqual({ ban: '123456789', isLopBan: 'true' });
  });

  it('rejects invalid input as a request contract break without calling the server', async () => {
    const { fetch, requests } = fakeFetch(() => json({ status: 'OKOK' }));
    const api = createApiClient({ fetch });
    const bad = await failureOf(api.call('session.login', { body: { login: 'a', password: '' } }));
    expect(bad).toMatchObject({ kind: 'contract', direction: 'request' });
    expect(errorCode(bad)).toBe('contract');
    const short = await failureOf(api.call('admin.search', { query: { q: 'ab', pageNo: 0, pageSize: 45 } }));
    expect(short).toMatchObject({ kind: 'contract', direction: 'request' });
    const extraBody = await failureOf(api.call('session.user', { body: { x: 1 } } as never));
    expect(extraBody).toMatchObject({ kind: 'contract', direction: 'request' });
    const unknown = await failureOf((api.call as (n: string) => Promise<unknown>)('no.such'));
    expect(unknown).toMatchObject({ kind: 'contract', direction: 'request' });
    expect(requests).toHaveLength(0);
  });

  // `call` is typed as one overload per area (docs/decisions.md TS2): each wrong call below is refused by `tsc`
  // (an unused @ts-expect-error fails `npm run typecheck`) as it was by the single generic, and by the client at run time
  it('is typed per endpoint: a wrong name, input or result type does not compile, and is refused at run time', async () => {
    const { fetch, requests } = fakeFetch(() => json({ status: 'OKOK', result: user }));
    const api = createApiClient({ fetch });
    const refused = [
      // @ts-expect-error a body field of the wrong type
      api.call('admin.setBlocked', { params: { user_id: 1 }, body: { blocked: 'yes' } }),
      // @ts-expect-error a misspelt path parameter (an excess property)
      api.call('admin.setBlocked', { params: { user_idd: 1 }, body: { blocked: true } }),
      // @ts-expect-error a required input left out
      api.call('admin.setBlocked'),
      // @ts-expect-error a name no area has
      api.call('admin.nonexistent', {}),
      // @ts-expect-error another area's input
      api.call('session.login', { query: { ipGroup: 'monthly' } }),
    ];
    for (const call of refused)
      expect(await failureOf(call)).toMatchObject({ kind: 'contract', direction: 'request' });
    expect(requests).toHaveLength(0);
    const signedIn = await api.call('session.user');
    // @ts-expect-error the result is the session's user, not a string
    const notAString: string = signedIn;
    expect(notAString).toMatchObject({ user_name: 'ivanov' });
  });

  it('never puts input values (passwords) into the failure', async () => {
    const { fetch } = fakeFetch(() => json({ status: 'OKOK' }));
    const err = await failureOf(
      createApiClient({ fetch }).call('session.restore', {
        body: { r: 'tok', password: 'TopSecret1', confirm: 'x'.repeat(300) },
      }),
    );
    expect(JSON.stringify(err)).not.toContain('TopSecret1');
  });
});

describe('API client: files', () => {
  it('downloads a blob', async () => {
    const pdf = '%PDF-1.4 bytes';
    const { fetch, requests } = fakeFetch(() => text(pdf, 200, 'application/pdf'));
    const blob = await createApiClient({ fetch }).download('documents.reDownload', { query: { docId: 42 } });
    expect(await blob.text()).toBe(pdf);
    expect(requests[0]?.url).toBe('/api/online-sales/documents/re-download?docId=42');
    expect(requests[0]?.credentials).toBe('include');
  });

  it('turns an error envelope instead of a file into a server failure', async () => {
    const { fetch } = fakeFetch(() => json({ status: 'E014', description: 'no doc' }));
    expect(await failureOf(createApiClient({ fetch }).download('documents.instruction'))).toEqual({
      kind: 'server',
      code: 'E014',
      description: 'no doc',
    });
  });

  it.each([
    ['an HTML page with 200', () => text('<html>login</html>'), 'contract'],
    ['an OKOK envelope instead of a file', () => json({ status: 'OKOK', result: {} }), 'contract'],
    ['500', () => text('oops', 500, 'application/octet-stream'), 'http.500'],
  ])('download: %s → %s', async (_, reply, code) => {
    const { fetch } = fakeFetch(reply);
    expect(errorCode(await failureOf(createApiClient({ fetch }).download('documents.instruction')))).toBe(
      code,
    );
  });

  it('uploads multipart: FormData with the file and the fields, CSRF header, no JSON content type', async () => {
    const { fetch, requests } = fakeFetch(() => json({ status: 'OKOK' }));
    const file = new Blob(['scan'], { type: 'image/png' });
    await createApiClient({ fetch }).upload('at39.saveDoc', {
      fields: { registration_id: 17 },
      file,
      fileName: 'passport.png',
    });
    const req = requests[0];
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/api/at39/docs/save-doc');
    expect(req?.body).toBeInstanceOf(FormData);
    const form = req?.body as FormData;
    expect(form.get('registration_id')).toBe('17');
    const sent = form.get('file') as File;
    expect(sent.name).toBe('passport.png');
    expect(await sent.text()).toBe('scan');
    expect(req?.headers.get(CSRF_HEADER)).toBe(CSRF_VALUE);
    expect(req?.headers.get('content-type')).toBeNull();
  });

  it('upload with a query (re-upload) and an E118 reply', async () => {
    const { fetch, requests } = fakeFetch(() => json({ status: 'E118' }));
    const err = await failureOf(
      createApiClient({ fetch }).upload('documents.reUpload', { query: { docId: 5 }, file: new Blob(['x']) }),
    );
    expect(err).toEqual({ kind: 'server', code: 'E118' });
    expect(requests[0]?.url).toBe('/api/online-sales/documents/re-upload?docId=5');
  });

  it('rejects an upload without a file as a request contract break', async () => {
    const { fetch, requests } = fakeFetch(() => json({ status: 'OKOK' }));
    const err = await failureOf(
      createApiClient({ fetch }).upload('at39.saveDoc', {
        fields: { registration_id: 1 },
        file: 'x' as never,
      }),
    );
    expect(err).toMatchObject({ kind: 'contract', direction: 'request' });
    expect(requests).toHaveLength(0);
  });
});

describe('ApiFailure', () => {
  it('carries the error, its code as message, and toApiError unwraps it', () => {
    const f = new ApiFailure({ kind: 'server', code: 'E031', description: 'мало денег' });
    expect(f).toBeInstanceOf(Error);
    expect(f.message).toBe('E031');
    expect(f.code).toBe('E031');
    expect(toApiError(f)).toEqual({ kind: 'server', code: 'E031', description: 'мало денег' });
    expect(toApiError(new Error('x'))).toMatchObject({ kind: 'contract' });
    expect(errorCode({ kind: 'aborted' })).toBe('aborted');
  });
});

describe('API client: the sign-in call the prerendered page sent itself (docs/decisions.md LB23)', () => {
  const body = { login: 'ivanov', password: 'secret' };

  it('is the very request the client sends for the same input', async () => {
    const own = fakeFetch(() => json({ status: 'OKOK', result: user }));
    await createApiClient({ fetch: own.fetch }).call('session.login', { body });
    const early = fakeFetch(() => json({ status: 'OKOK', result: user }));
    sendEarly({ fetch: early.fetch } as unknown as Window, 'user/login', JSON.stringify(body));
    expect(takeSentCall(`user/login${JSON.stringify(body)}`)).toBeDefined();
    const [sent] = early.requests;
    const [mine] = own.requests;
    expect(sent?.url).toBe(mine?.url);
    expect(sent?.url).toBe('/api/user/login');
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toBe(mine?.body);
    expect(sent?.credentials).toBe(mine?.credentials);
    expect(sent?.headers.get(CSRF_HEADER)).toBe(CSRF_VALUE);
    expect(sent?.headers.get('content-type')).toBe(mine?.headers.get('content-type'));
  });

  it('reads its answer instead of sending the call again, once', async () => {
    const early = fakeFetch(() => json({ status: 'OKOK', result: user }));
    sendEarly({ fetch: early.fetch } as unknown as Window, 'user/login', JSON.stringify(body));
    const own = fakeFetch(() => json({ status: 'E012' }));
    const api = createApiClient({ fetch: own.fetch });
    await expect(api.call('session.login', { body })).resolves.toEqual(user);
    expect(own.requests).toHaveLength(0);
    expect(early.requests).toHaveLength(1);
    // a second sign-in is the client's own
    expect(await failureOf(api.call('session.login', { body }))).toEqual({ kind: 'server', code: 'E012' });
    expect(own.requests).toHaveLength(1);
  });

  it('reads a refusal the same way as its own call would', async () => {
    const early = fakeFetch(() => json({ status: 'E023', description: 'blocked' }));
    sendEarly({ fetch: early.fetch } as unknown as Window, 'user/login', JSON.stringify(body));
    const own = fakeFetch(() => json({ status: 'OKOK', result: user }));
    expect(await failureOf(createApiClient({ fetch: own.fetch }).call('session.login', { body }))).toEqual({
      kind: 'server',
      code: 'E023',
      description: 'blocked',
    });
    expect(own.requests).toHaveLength(0);
  });

  it('an early call that could not be made is a network failure of the sign-in', async () => {
    const failing = (() => Promise.reject(new TypeError('offline'))) as unknown as typeof fetch;
    sendEarly({ fetch: failing } as unknown as Window, 'user/login', JSON.stringify(body));
    const own = fakeFetch(() => json({ status: 'OKOK', result: user }));
    expect(await failureOf(createApiClient({ fetch: own.fetch }).call('session.login', { body }))).toEqual({
      kind: 'network',
    });
    expect(own.requests).toHaveLength(0);
  });

  it('sends its own call when what it sends differs (the form changed since), and sends one early call at most', async () => {
    const early = fakeFetch(() => json({ status: 'OKOK', result: user }));
    const win = { fetch: early.fetch } as unknown as Window;
    sendEarly(win, 'user/login', JSON.stringify(body));
    sendEarly(win, 'user/login', JSON.stringify({ ...body, password: 'other' }));
    expect(early.requests).toHaveLength(1);
    const own = fakeFetch(() => json({ status: 'OKOK', result: user }));
    const api = createApiClient({ fetch: own.fetch });
    await api.call('session.login', { body: { ...body, password: 'changed' } });
    expect(own.requests.map((r) => r.body)).toEqual([JSON.stringify({ ...body, password: 'changed' })]);
    // nor does another call take it
    await api.call('session.user');
    expect(own.requests).toHaveLength(2);
    // the early answer is still there for the same sign-in, and then gone
    expect(takeSentCall(`user/login${JSON.stringify(body)}`)).toBeDefined();
    expect(takeSentCall(`user/login${JSON.stringify(body)}`)).toBeUndefined();
  });
});
