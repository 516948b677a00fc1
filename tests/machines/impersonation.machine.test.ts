import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { impersonationMachine, type ViewedClient } from '@/machines/impersonation.machine';
import {
  sameClient,
  selectImpersonationFailure,
  selectViewedClient,
  viewedClientOf,
} from '@/machines/impersonation.selectors';
import type { SubscriberTarget } from '@/machines/search-box.machine';
import type { User } from '@/services/contract/session.contract';
import { lintMachine } from '../support/model-universe';
import { curatorBan, forbidden, notFound, subscriberNumber } from './impersonation.payloads';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function impersonation(
  opts: { start?: (t: SubscriberTarget) => Promise<ViewedClient>; back?: () => Promise<void> } = {},
) {
  const started: SubscriberTarget[] = [];
  let backs = 0;
  const emitted: unknown[] = [];
  const machine = impersonationMachine.provide({
    actors: {
      startImpersonation: fromPromise(({ input }: { input: SubscriberTarget }) => {
        started.push(input);
        return (opts.start ?? (async () => curatorBan))(input);
      }),
      backToHead: fromPromise(() => {
        backs += 1;
        return (opts.back ?? (async () => {}))();
      }),
    },
  });
  const actor = createActor(machine);
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, started, emitted, backs: () => backs };
}

const BAN: SubscriberTarget = { kind: 'ban', value: '100234561' };

describe('impersonation (choose → viewing as client → back)', () => {
  it('follows the conventions', () => {
    expect(lintMachine(impersonationMachine)).toEqual([]);
  });

  it('choose starts the virtual login, then shows the client and tells the app', async () => {
    const { actor, started, emitted } = impersonation();
    actor.send({ type: 'impersonation.choose', target: BAN });
    expect(actor.getSnapshot().value).toBe('starting');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await flush();
    expect(started).toEqual([BAN]);
    expect(actor.getSnapshot().value).toBe('viewing');
    expect(selectViewedClient(actor.getSnapshot())).toEqual(curatorBan);
    expect(emitted).toEqual([{ type: 'impersonation.started', client: curatorBan }]);
  });

  it('back returns to the head account and tells the app', async () => {
    const { actor, emitted, backs } = impersonation();
    actor.send({ type: 'impersonation.choose', target: BAN });
    await flush();
    actor.send({ type: 'impersonation.back' });
    expect(actor.getSnapshot().value).toBe('returning');
    await flush();
    expect(backs()).toBe(1);
    expect(actor.getSnapshot().value).toBe('direct');
    expect(selectViewedClient(actor.getSnapshot())).toBeNull();
    expect(emitted.at(-1)).toEqual({ type: 'impersonation.ended' });
  });

  it("a failed choose shows the 'Ошибка!' dialog and stays on the own account", async () => {
    const { actor } = impersonation({ start: async () => Promise.reject(notFound) });
    actor.send({ type: 'impersonation.choose', target: BAN });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(selectImpersonationFailure(actor.getSnapshot())).toBe('E018');
    actor.send({ type: 'error.dismiss' });
    expect(actor.getSnapshot().value).toBe('direct');
  });

  it('a failed switch keeps the client being viewed', async () => {
    let fail = false;
    const { actor } = impersonation({ start: async () => (fail ? Promise.reject(notFound) : curatorBan) });
    actor.send({ type: 'impersonation.choose', target: BAN });
    await flush();
    fail = true;
    actor.send({ type: 'impersonation.choose', target: { kind: 'sn', value: '8909999999' } });
    await flush();
    actor.send({ type: 'error.dismiss' });
    expect(actor.getSnapshot().value).toBe('viewing');
    expect(selectViewedClient(actor.getSnapshot())).toEqual(curatorBan);
  });

  it('a failed back keeps the banner after the dialog', async () => {
    const { actor } = impersonation({ back: async () => Promise.reject(forbidden) });
    actor.send({ type: 'impersonation.choose', target: BAN });
    await flush();
    actor.send({ type: 'impersonation.back' });
    await flush();
    expect(selectImpersonationFailure(actor.getSnapshot())).toBe('E005');
    actor.send({ type: 'error.dismiss' });
    expect(actor.getSnapshot().value).toBe('viewing');
  });

  it('follows the session: a reload while impersonating shows the banner, logout or expiry removes it', () => {
    const { actor, started } = impersonation();
    actor.send({ type: 'session.synced', client: null });
    expect(actor.getSnapshot().value).toBe('direct');
    actor.send({ type: 'session.synced', client: subscriberNumber });
    expect(actor.getSnapshot().value).toBe('viewing');
    actor.send({ type: 'session.synced', client: curatorBan });
    expect(selectViewedClient(actor.getSnapshot())).toEqual(curatorBan);
    actor.send({ type: 'session.synced', client: null });
    expect(actor.getSnapshot().value).toBe('direct');
    expect(started).toEqual([]);
  });
});

describe('the back-to-head flag as the session shows it', () => {
  const user = (over: Partial<User>): User => ({ user_name: 'admin', user_id: 1, roles: ['R000'], ...over });

  it('is the client while backToHeadBan is set, null when cleared or signed out', () => {
    expect(viewedClientOf(null, null)).toBeNull();
    expect(viewedClientOf(user({ backToHeadBan: false, ban: null }), null)).toBeNull();
    expect(
      viewedClientOf(user({ backToHeadBan: true, ban: '100234561' }), {
        at: 5,
        ban: '100234561',
        sn: null,
        company_name: 'Toshkent Savdo Invest MChJ',
      }),
    ).toEqual(curatorBan);
    expect(
      viewedClientOf(user({ backToHeadBan: true, ban: '100457732' }), {
        at: 15,
        ban: '100457732',
        sn: '901234567',
      }),
    ).toEqual({ ban: '100457732', sn: '901234567', name: null, actor: 'admin' });
  });

  it('compares clients by value', () => {
    expect(sameClient(curatorBan, { ...curatorBan })).toBe(true);
    expect(sameClient(curatorBan, subscriberNumber)).toBe(false);
    expect(sameClient(null, null)).toBe(true);
    expect(sameClient(curatorBan, null)).toBe(false);
  });
});
