import { describe, expect, it } from 'vitest';
import { type AnyActorLogic, createActor, toPromise } from 'xstate';
import { appApiOf } from '@/app/api';
import { createSessionLogic } from '@/app/session.actors';
import { ApiFailure, doesNotKnowTheCall } from '@/services/api/api-error';
import { createApiClient } from '@/services/api/client';
import { fakeFetch, json, type Responder, text } from '../support/fake-fetch';

const drafts = { read: () => null, save: () => {}, clear: () => {}, clearAll: () => {} };

/** The session logic on an API client whose every reply `responder` gives, and the requests it made. */
function sessionOn(responder: Responder) {
  const { fetch, requests } = fakeFetch(responder);
  const client = createApiClient({ fetch });
  const logic = createSessionLogic(
    appApiOf(async () => client),
    { drafts },
  );
  const actors = logic.implementations.actors as Record<string, AnyActorLogic>;
  const auth = (actors.authFlow as unknown as { implementations: { actors: Record<string, AnyActorLogic> } })
    .implementations.actors;
  const run = (src: AnyActorLogic, input?: unknown) =>
    toPromise(createActor(src, input === undefined ? {} : { input }).start());
  return {
    requests,
    capabilities: () => run(actors.fetchCapabilities as AnyActorLogic),
    restoreLink: (r: string) => run(auth.checkRestoreLink as AnyActorLogic, { r }),
  };
}

describe('what the backend offers (CAP1): GET capabilities as the session asks it', () => {
  it('returns the names the backend lists, asking GET capabilities once', async () => {
    const s = sessionOn(() => json({ status: 'OKOK', result: { features: ['debtControl', 'teleport'] } }));
    await expect(s.capabilities()).resolves.toEqual(['debtControl', 'teleport']);
    expect(s.requests.map((r) => [r.method, new URL(r.url, 'http://x').pathname])).toEqual([
      ['GET', '/api/capabilities'],
    ]);
  });

  it.each([
    ['404 without the envelope', () => text('Not Found', 404, 'text/plain')],
    ['405 without the envelope', () => text('', 405, 'text/plain')],
    ['501', () => text('', 501, 'text/plain')],
    ['an HTML page with 200', () => text('<!doctype html><title>x</title>')],
    ['another API’s JSON', () => json({ ok: true, data: [] })],
  ])('a backend that does not know the call (%s) offers nothing', async (_, reply) => {
    await expect(sessionOn(reply).capabilities()).resolves.toEqual([]);
  });

  it.each([
    ['a 503', () => text('', 503, 'text/plain'), 'http.500'],
    ['the envelope’s E001', () => json({ status: 'E001' }), 'E001'],
    ['no connection', () => Promise.reject(new TypeError('fetch failed')), 'network'],
  ])('a failure that is not "unknown call" (%s) fails, so the start-up retries', async (_, reply, code) => {
    await expect(sessionOn(reply as Responder).capabilities()).rejects.toMatchObject({ code });
  });
});

describe('the client’s answer for a backend without a call (CAP1)', () => {
  it('is not a contract break to report, while a broken reply of a call without that answer still is', async () => {
    const breaks: string[] = [];
    const { fetch } = fakeFetch(() => text('<!doctype html><title>x</title>'));
    const client = createApiClient({ fetch, onContractBreak: (b) => breaks.push(b.call) });
    await expect(client.call('capabilities.get')).resolves.toEqual({ features: [] });
    expect(breaks).toEqual([]);
    await expect(client.call('session.user')).rejects.toMatchObject({ code: 'contract' });
    expect(breaks).toEqual(['session.user']);
  });
});

describe('the restore link’s check is tolerated (CAP1)', () => {
  it('a backend without it: the link reads as usable, and the submit decides', async () => {
    await expect(sessionOn(() => text('Not Found', 404, 'text/plain')).restoreLink('abc')).resolves.toBe(
      'valid',
    );
  });

  it('a backend with it: its answer stands, and its failures stay failures', async () => {
    await expect(
      sessionOn(() => json({ status: 'OKOK', result: { link: 'used' } })).restoreLink('abc'),
    ).resolves.toBe('used');
    await expect(sessionOn(() => json({ status: 'E127' })).restoreLink('abc')).rejects.toMatchObject({
      code: 'E127',
    });
  });
});

describe('doesNotKnowTheCall', () => {
  it('reads only the failures of a backend that does not have the call', () => {
    expect(doesNotKnowTheCall(new ApiFailure({ kind: 'http', status: 404 }))).toBe(true);
    expect(doesNotKnowTheCall(new ApiFailure({ kind: 'http', status: 501 }))).toBe(true);
    expect(doesNotKnowTheCall(new ApiFailure({ kind: 'contract', direction: 'reply', issues: 'x' }))).toBe(
      true,
    );
    expect(doesNotKnowTheCall(new ApiFailure({ kind: 'contract', direction: 'request', issues: 'x' }))).toBe(
      false,
    );
    expect(doesNotKnowTheCall(new ApiFailure({ kind: 'http', status: 500 }))).toBe(false);
    expect(doesNotKnowTheCall(new ApiFailure({ kind: 'http', status: 503 }))).toBe(false);
    expect(doesNotKnowTheCall(new ApiFailure({ kind: 'server', code: 'E005' }))).toBe(false);
    expect(doesNotKnowTheCall(new ApiFailure({ kind: 'network' }))).toBe(false);
    expect(doesNotKnowTheCall(new Error('404'))).toBe(false);
  });
});
