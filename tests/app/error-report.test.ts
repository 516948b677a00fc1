import { describe, expect, it, vi } from 'vitest';
import { describeFailure, reportBody, sendReport } from '@/app/error-report';
import { reporter, watchUncaughtErrors } from '@/app/error-watch';
import { clientErrorBody } from '@/services/contract/client-errors.contract';
import { fakeFetch, json } from '../support/fake-fetch';

/** The SPA's failure reports (docs/decisions.md OBS9): what goes to the server, and what never does. */
describe('the report of a failure', () => {
  it('names the page’s route pattern, never its address or query', () => {
    const body = reportBody({ kind: 'error', reason: new TypeError('x is undefined') }, '/ru/orders/12');
    expect(body).toEqual({ kind: 'error', route: '/:lang/orders/:id', message: 'TypeError: x is undefined' });
    expect(reportBody({ kind: 'rejection', reason: 'boom' }, '/zz/nowhere').route).toBe('unknown');
    expect(clientErrorBody.safeParse(body).success).toBe(true);
  });

  it('carries a contract break’s call name and request id, and drops a malformed id', () => {
    expect(
      reportBody(
        { kind: 'contract', reason: 'result.roles: invalid_type', route: 'session.user', requestId: 'r-1' },
        '/ru',
      ),
    ).toEqual({
      kind: 'contract',
      requestId: 'r-1',
      route: 'session.user',
      message: 'result.roles: invalid_type',
    });
    expect(
      reportBody({ kind: 'contract', reason: 'x', route: 'a.b', requestId: 'bad id' }, '/ru'),
    ).not.toHaveProperty('requestId');
  });

  it('sends no personal data: no stack, no quoted input, no digit runs, no object contents', () => {
    const error = new SyntaxError('"Ivanov 901234567" is not valid JSON');
    const body = reportBody({ kind: 'error', reason: error }, '/ru/administration/edit-user/5');
    expect(body.message).toBe('SyntaxError: "…" is not valid JSON');
    expect(JSON.stringify(body)).not.toMatch(/Ivanov|901234567|at |\/5/);
    expect(describeFailure({ login: 'ivanov', password: 'x' })).toBe('[object Object]');
  });

  it('posts it with the CSRF header, and nothing is thrown when the server refuses it', async () => {
    const { fetch, requests } = fakeFetch(() => json({ status: 'OKOK', result: { counted: true } }));
    await sendReport({ kind: 'rejection', reason: new Error('late') }, { fetch, pathname: '/uz/profile' });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url).toMatch(/\/api\/client-errors$/);
    expect(requests[0]?.headers.get('x-requested-with')).toBe('portal');
    expect(JSON.parse(String(requests[0]?.body))).toEqual({
      kind: 'rejection',
      route: '/:lang/profile',
      message: 'Error: late',
    });
  });
});

describe('the first script’s listeners', () => {
  it('hand an uncaught error and a rejection to the reporter, at most five per page', async () => {
    const sent: unknown[] = [];
    const target = new EventTarget() as unknown as Window;
    watchUncaughtErrors(
      target,
      reporter(async (x) => {
        sent.push(x);
      }),
    );
    const boom = new Error('boom');
    target.dispatchEvent(Object.assign(new Event('error'), { error: boom }));
    // another origin's script: no error object, nothing to tell
    target.dispatchEvent(Object.assign(new Event('error'), { error: null, message: 'Script error.' }));
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'late' }));
    expect(sent).toEqual([
      { kind: 'error', reason: boom },
      { kind: 'rejection', reason: 'late' },
    ]);
    for (let i = 0; i < 10; i++) target.dispatchEvent(Object.assign(new Event('error'), { error: boom }));
    expect(sent).toHaveLength(5);
  });

  it('drop a report that cannot be sent without a new failure', async () => {
    const rejected = vi.fn();
    process.on('unhandledRejection', rejected);
    reporter(async () => {
      throw new Error('offline');
    })({ kind: 'error', reason: 'x' });
    await new Promise((r) => setTimeout(r, 10));
    process.off('unhandledRejection', rejected);
    expect(rejected).not.toHaveBeenCalled();
  });
});
