import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type Profile, type SessionUser, sessionMachine } from '@/machines/session.machine';
import {
  selectErrorCode,
  selectHasError,
  selectIsAuthenticated,
  selectIsBusy,
  selectIsExpired,
  selectIsReady,
  selectIsSignedOut,
  selectSelectedRole,
  selectStatePath,
  selectViews,
  statePathOf,
} from '@/machines/session.selectors';
import { createDeferredActors } from '../support/fake-actors';
import { lintMachine } from '../support/model-universe';

const curator: SessionUser = { userName: 'curator1', roles: ['R004'], hasProfile: true };
const staff: SessionUser = { userName: 'helpdesk1', roles: ['R002', 'R033'], hasProfile: false };
const profile: Profile = { ban: '1000001', sn: '998901234567', at: 20, status: 'A' };

/** Fakes that answer at once, counting calls. */
function answering(
  session: () => Promise<SessionUser | null>,
  prof: () => Promise<Profile> = async () => profile,
) {
  const calls = { fetchSession: 0, fetchProfile: 0 };
  const machine = sessionMachine.provide({
    actors: {
      fetchSession: fromPromise(() => {
        calls.fetchSession++;
        return session();
      }),
      fetchProfile: fromPromise(() => {
        calls.fetchProfile++;
        return prof();
      }),
    },
  });
  return { machine, calls };
}

function controlled() {
  const deferred = createDeferredActors(sessionMachine);
  const actor = createActor(sessionMachine.provide({ actors: deferred.actors }));
  return { actor, deferred };
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('session machine', () => {
  it('follows the conventions the harness relies on', () => {
    expect(lintMachine(sessionMachine)).toEqual([]);
  });

  it('starts by checking the session, busy', () => {
    const { actor } = controlled();

    actor.start();

    const s = actor.getSnapshot();
    expect(s.value).toBe('checkingSession');
    expect(selectIsBusy(s)).toBe(true);
    expect(selectIsAuthenticated(s)).toBe(false);
    actor.stop();
  });

  it('goes to authenticated.ready for a session user without profile, with the first role active', async () => {
    const { machine, calls } = answering(async () => staff);
    const actor = createActor(machine).start();

    const s = await waitFor(actor, (snap) => snap.matches({ authenticated: 'ready' }));

    expect(s.context.user).toEqual(staff);
    expect(selectSelectedRole(s)).toBe('R002');
    expect(calls.fetchProfile).toBe(0);
    expect(selectIsReady(s)).toBe(true);
    actor.stop();
  });

  it('loads the profile first for a user who has one', async () => {
    const { actor, deferred } = controlled();
    actor.start();

    deferred.settle({ type: 'xstate.done.actor.fetchSession', output: curator });
    await flush();
    const loading = actor.getSnapshot();
    deferred.settle({ type: 'xstate.done.actor.fetchProfile', output: profile });
    await flush();

    expect(loading.value).toEqual({ authenticated: 'loadingProfile' });
    expect(selectIsBusy(loading)).toBe(true);
    expect(actor.getSnapshot().value).toEqual({ authenticated: 'ready' });
    expect(actor.getSnapshot().context.profile).toEqual(profile);
    actor.stop();
  });

  it('is anonymous when the server has no session (null user)', async () => {
    const { machine } = answering(async () => null);
    const actor = createActor(machine).start();

    const s = await waitFor(actor, (snap) => !snap.hasTag('busy'));

    expect(s.value).toBe('anonymous');
    expect(selectIsSignedOut(s)).toBe(true);
    actor.stop();
  });

  it('is anonymous, without an error, when the session check answers E009', async () => {
    const { machine } = answering(() => Promise.reject({ code: 'E009' }));
    const actor = createActor(machine).start();

    const s = await waitFor(actor, (snap) => !snap.hasTag('busy'));

    expect(s.value).toBe('anonymous');
    expect(selectErrorCode(s)).toBeNull();
    actor.stop();
  });

  it('fails with the error code on any other error, and checks again on retry', async () => {
    let attempt = 0;
    const { machine, calls } = answering(() =>
      attempt++ === 0 ? Promise.reject({ code: 'E001' }) : Promise.resolve(staff),
    );
    const actor = createActor(machine).start();
    const failed = await waitFor(actor, (snap) => snap.matches('failed'));

    actor.send({ type: 'session.retry' });
    const after = await waitFor(actor, (snap) => snap.matches('authenticated'));

    expect(selectErrorCode(failed)).toBe('E001');
    expect(selectHasError(failed)).toBe(true);
    expect(calls.fetchSession).toBe(2);
    expect(selectErrorCode(after)).toBeNull();
    actor.stop();
  });

  it('records `unknown` for a failure without a catalogue code', async () => {
    const { machine } = answering(() => Promise.reject(new Error('offline')));
    const actor = createActor(machine).start();

    const s = await waitFor(actor, (snap) => snap.matches('failed'));

    expect(selectErrorCode(s)).toBe('unknown');
    actor.stop();
  });

  it('signs in from anonymous on user.loggedIn', async () => {
    const { machine } = answering(async () => null);
    const actor = createActor(machine).start();
    await waitFor(actor, (snap) => snap.matches('anonymous'));

    actor.send({ type: 'user.loggedIn', user: staff });

    expect(actor.getSnapshot().value).toEqual({ authenticated: 'ready' });
    expect(actor.getSnapshot().context.user).toEqual(staff);
    actor.stop();
  });

  it('on session.expired resets user, users list, selected role and profile, from any state', () => {
    const arranged = sessionMachine.resolveState({
      value: { authenticated: 'ready' },
      context: { user: curator, profile, users: [staff], selectedRole: 'R004', errorCode: null },
    });
    const { deferred } = controlled();
    const actor = createActor(sessionMachine.provide({ actors: deferred.actors }), {
      snapshot: arranged,
    }).start();

    actor.send({ type: 'session.expired' });

    const s = actor.getSnapshot();
    expect(s.value).toBe('expired');
    expect(s.context).toEqual({ user: null, profile: null, users: [], selectedRole: null, errorCode: null });
    expect(selectIsExpired(s)).toBe(true);
    expect(selectIsSignedOut(s)).toBe(true);
    actor.stop();
  });

  it('stops the running session check when the session expires meanwhile', () => {
    const { actor, deferred } = controlled();
    actor.start();

    actor.send({ type: 'session.expired' });

    expect(actor.getSnapshot().value).toBe('expired');
    expect(deferred.pending()).toEqual([]);
    actor.stop();
  });

  it('signs in again after expiry', () => {
    const { actor } = controlled();
    actor.start();
    actor.send({ type: 'session.expired' });

    actor.send({ type: 'user.loggedIn', user: curator });

    expect(actor.getSnapshot().value).toEqual({ authenticated: 'loadingProfile' });
    actor.stop();
  });

  it('expires when loading the profile answers E009', async () => {
    const { machine } = answering(
      async () => curator,
      () => Promise.reject({ code: 'E009' }),
    );
    const actor = createActor(machine).start();

    const s = await waitFor(actor, (snap) => snap.matches('expired'));

    expect(s.context.user).toBeNull();
    actor.stop();
  });

  it('shows the profile failure and retries loading the profile', async () => {
    let attempt = 0;
    const { machine, calls } = answering(
      async () => curator,
      () => (attempt++ === 0 ? Promise.reject({ code: 'E001' }) : Promise.resolve(profile)),
    );
    const actor = createActor(machine).start();
    const failed = await waitFor(actor, (snap) => snap.matches({ authenticated: 'profileFailed' }));

    actor.send({ type: 'profile.retry' });
    const ready = await waitFor(actor, (snap) => snap.matches({ authenticated: 'ready' }));

    expect(selectErrorCode(failed)).toBe('E001');
    expect(calls.fetchProfile).toBe(2);
    expect(ready.context.profile).toEqual(profile);
    actor.stop();
  });

  it('on user.logout resets the session and is anonymous', () => {
    const arranged = sessionMachine.resolveState({
      value: { authenticated: 'ready' },
      context: { user: staff, profile: null, users: [curator], selectedRole: 'R002', errorCode: null },
    });
    const { deferred } = controlled();
    const actor = createActor(sessionMachine.provide({ actors: deferred.actors }), {
      snapshot: arranged,
    }).start();

    actor.send({ type: 'user.logout' });

    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(actor.getSnapshot().context.users).toEqual([]);
    expect(actor.getSnapshot().context.selectedRole).toBeNull();
    actor.stop();
  });

  it('ignores user.logout when nobody is signed in', () => {
    const { actor } = controlled();
    actor.start();
    actor.send({ type: 'session.expired' });

    actor.send({ type: 'user.logout' });

    expect(actor.getSnapshot().value).toBe('expired');
    actor.stop();
  });

  it('fails loudly when the actors were not provided at the composition root', async () => {
    const actor = createActor(sessionMachine).start();

    const s = await waitFor(actor, (snap) => snap.matches('failed'));

    expect(selectErrorCode(s)).toBe('unknown');
    actor.stop();
  });
});

describe('session selectors', () => {
  it.each([
    ['checkingSession', 'checkingSession'],
    [{ authenticated: 'ready' }, 'authenticated.ready'],
    [{ a: { b: 'c' } }, 'a.b.c'],
    [{ p: { left: 'x', right: { y: 'z' } } }, 'p.left.x p.right.y.z'],
    [{ p: { left: {}, right: 'z' } }, 'p.left p.right.z'],
  ] as const)('statePathOf(%j) is %s', (value, expected) => {
    expect(statePathOf(value)).toBe(expected);
  });

  it('reads the view of the active leaf from meta', () => {
    const s = sessionMachine.resolveState({
      value: { authenticated: 'profileFailed' },
      context: { user: curator, profile: null, users: [], selectedRole: 'R004', errorCode: 'E001' },
    });

    expect(selectStatePath(s)).toBe('authenticated.profileFailed');
    expect(selectViews(s)).toEqual(['error message with a retry button in the main area']);
    expect(selectHasError(s)).toBe(true);
  });
});
