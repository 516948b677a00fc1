import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { FEATURES, offers } from '@/domain/capabilities.rules';
import { effectiveRoles } from '@/domain/roles.rules';
import { type AuthFlowMachine, authFlowMachine } from '@/machines/auth-flow.machine';
import { initialRole, sessionMachine } from '@/machines/session.machine';
import {
  isPathOpenTo,
  selectDestinationPath,
  selectErrorCode,
  selectHasError,
  selectIsAuthenticated,
  selectIsBusy,
  selectIsChoosingRole,
  selectIsConfirmingLogout,
  selectIsExpired,
  selectIsPasswordChangeForced,
  selectIsReady,
  selectIsSettled,
  selectIsSignedOut,
  selectLandingPath,
  selectSelectedRole,
  selectStatePath,
  selectUserFacts,
  selectViews,
} from '@/machines/session.selectors';
import { settingsMachine } from '@/machines/settings.machine';
import type { Profile, User } from '@/services/contract/session.contract';
import { createDeferredActors } from '../support/fake-actors';
import { lintMachine } from '../support/model-universe';
import {
  curatorProfile,
  curatorUser,
  helpdeskChosenUser,
  helpdeskUser,
  multiroleUser,
  newCuratorUser,
  noSession,
  offline,
} from './session.payloads';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Fakes {
  session?: () => Promise<User | null>;
  profile?: () => Promise<Profile>;
  capabilities?: () => Promise<readonly string[]>;
  saveRole?: (role: string) => Promise<void>;
  logOut?: () => Promise<void>;
  authFlow?: AuthFlowMachine;
}

/** The session machine with fakes that answer at once, recording calls. */
function answering(f: Fakes = {}) {
  const calls = {
    fetchSession: 0,
    fetchProfile: 0,
    fetchCapabilities: 0,
    saveChosenRole: [] as string[],
    logOut: 0,
    forgetDrafts: 0,
  };
  const machine = sessionMachine.provide({
    actors: {
      fetchSession: fromPromise(() => {
        calls.fetchSession++;
        return (f.session ?? (async () => null))();
      }),
      fetchProfile: fromPromise(() => {
        calls.fetchProfile++;
        return (f.profile ?? (async () => curatorProfile))();
      }),
      fetchCapabilities: fromPromise<readonly string[]>(() => {
        calls.fetchCapabilities++;
        return (f.capabilities ?? (async () => [...FEATURES]))();
      }),
      saveChosenRole: fromPromise<void, { role: string }>(({ input }) => {
        calls.saveChosenRole.push(input.role);
        return (f.saveRole ?? (async () => {}))(input.role);
      }),
      logOut: fromPromise<void>(() => {
        calls.logOut++;
        return (f.logOut ?? (async () => {}))();
      }),
      ...(f.authFlow ? { authFlow: f.authFlow } : {}),
    },
    actions: {
      forgetDrafts: () => {
        calls.forgetDrafts++;
      },
    },
  });
  return { machine, calls };
}

async function signedIn(user: User, f: Omit<Fakes, 'session'> = {}) {
  const { machine, calls } = answering({ ...f, session: async () => user });
  const actor = createActor(machine).start();
  await waitFor(actor, (s) => !s.hasTag('busy') && !s.matches({ authenticated: { main: 'deciding' } }));
  return { actor, calls };
}

describe('session machine: conventions', () => {
  it.each([
    ['session', sessionMachine],
    ['authFlow', authFlowMachine],
    ['settings', settingsMachine],
  ] as const)('%s follows the conventions the harness relies on', (_, machine) => {
    expect(lintMachine(machine)).toEqual([]);
  });
});

describe('session machine: start', () => {
  it('starts by checking the session, busy', () => {
    const deferred = createDeferredActors(sessionMachine);
    const actor = createActor(sessionMachine.provide({ actors: deferred.actors })).start();

    const s = actor.getSnapshot();

    expect(s.value).toBe('checkingSession');
    expect(selectIsBusy(s)).toBe(true);
    expect(selectIsAuthenticated(s)).toBe(false);
    expect(deferred.pending().map((p) => p.id)).toEqual(['fetchSession']);
    actor.stop();
  });

  it('loads the profile of a curator, then is ready with the first role and no destination', async () => {
    const { actor, calls } = await signedIn(curatorUser);

    const s = actor.getSnapshot();

    expect(selectStatePath(s)).toBe('authenticated.main.ready authenticated.logout.idle');
    expect(s.context.profile).toEqual(curatorProfile);
    expect(selectSelectedRole(s)).toBe('R004');
    expect(calls.fetchProfile).toBe(1);
    expect(calls.saveChosenRole).toEqual([]);
    expect(selectIsReady(s)).toBe(true);
    expect(selectLandingPath(s)).toBe('profile');
    expect(selectDestinationPath(s)).toBeNull();
    actor.stop();
  });

  it('is signed out (anonymous) when the server has no session, and runs the Auth flow', async () => {
    const { machine } = answering({ session: async () => null });
    const actor = createActor(machine).start();

    const s = await waitFor(actor, (snap) => !snap.hasTag('busy'));

    expect(s.value).toEqual({ signedOut: 'anonymous' });
    expect(selectIsSignedOut(s)).toBe(true);
    expect(s.children.authFlow).toBeDefined();
    actor.stop();
  });

  it('is anonymous, without an error, when the session check answers E009', async () => {
    const { machine } = answering({ session: () => Promise.reject(noSession) });
    const actor = createActor(machine).start();

    const s = await waitFor(actor, (snap) => !snap.hasTag('busy'));

    expect(s.value).toEqual({ signedOut: 'anonymous' });
    expect(selectErrorCode(s)).toBeNull();
    actor.stop();
  });

  it('fails with the error code on any other error, and checks again on retry', async () => {
    let attempt = 0;
    const { machine, calls } = answering({
      session: () => (attempt++ === 0 ? Promise.reject(offline) : Promise.resolve(helpdeskChosenUser)),
    });
    const actor = createActor(machine).start();
    const failed = await waitFor(actor, (snap) => snap.matches('failed'));

    actor.send({ type: 'session.retry' });
    const after = await waitFor(actor, (snap) => snap.matches({ authenticated: { main: 'ready' } }));

    expect(selectErrorCode(failed)).toBe('network');
    expect(selectHasError(failed)).toBe(true);
    expect(calls.fetchSession).toBe(2);
    expect(selectErrorCode(after)).toBeNull();
    actor.stop();
  });

  it('fails loudly (code unknown) when the actors were not provided at the composition root', async () => {
    const actor = createActor(sessionMachine).start();

    const s = await waitFor(actor, (snap) => snap.matches('failed'));

    expect(selectErrorCode(s)).toBe('unknown');
    actor.stop();
  });

  it('shows the profile failure, and loads the profile again on retry', async () => {
    let attempt = 0;
    const { actor, calls } = await signedIn(curatorUser, {
      profile: () => (attempt++ === 0 ? Promise.reject(offline) : Promise.resolve(curatorProfile)),
    });
    const failed = actor.getSnapshot();

    actor.send({ type: 'profile.retry' });
    const ready = await waitFor(actor, (snap) => snap.matches({ authenticated: { main: 'ready' } }));

    expect(failed.matches({ authenticated: { main: 'profileFailed' } })).toBe(true);
    expect(selectErrorCode(failed)).toBe('network');
    expect(selectIsSettled(failed)).toBe(false);
    expect(calls.fetchProfile).toBe(2);
    expect(ready.context.profile).toEqual(curatorProfile);
    actor.stop();
  });

  it('expires when loading the profile answers E009', async () => {
    const { actor } = await signedIn(curatorUser, { profile: () => Promise.reject(noSession) });

    const s = actor.getSnapshot();

    expect(s.value).toEqual({ signedOut: 'expired' });
    expect(s.context.user).toBeNull();
    actor.stop();
  });
});

describe('session machine: role choice (spec 4)', () => {
  it('shows the role picker to a user with several roles and none chosen; no page yet', async () => {
    const { actor, calls } = await signedIn(multiroleUser);

    const s = actor.getSnapshot();

    expect(s.matches({ authenticated: { main: 'choosingRole' } })).toBe(true);
    expect(selectIsChoosingRole(s)).toBe(true);
    expect(selectIsSettled(s)).toBe(false);
    expect(selectSelectedRole(s)).toBeNull();
    expect(calls.saveChosenRole).toEqual([]);
    actor.stop();
  });

  it('saves the chosen role for the session; that role then decides (second role → search)', async () => {
    const { actor, calls } = await signedIn(multiroleUser);

    actor.send({ type: 'role.choose', role: 'R005' });
    const s = await waitFor(actor, (snap) => snap.matches({ authenticated: { main: 'ready' } }));

    expect(calls.saveChosenRole).toEqual(['R005']);
    expect(selectSelectedRole(s)).toBe('R005');
    expect(selectUserFacts(s)?.roles).toEqual(['R005', 'R008']);
    expect(selectLandingPath(s)).toBe('administration/search');
    actor.stop();
  });

  it('choosing the first role lands by that role (R008 → orders)', async () => {
    const { actor } = await signedIn(multiroleUser);

    actor.send({ type: 'role.choose', role: 'R008' });
    const s = await waitFor(actor, (snap) => snap.matches({ authenticated: { main: 'ready' } }));

    expect(selectLandingPath(s)).toBe('orders');
    actor.stop();
  });

  it('keeps the picker open with E130 / E133 / E134 and lets the user choose again', async () => {
    let attempt = 0;
    const { actor, calls } = await signedIn(multiroleUser, {
      saveRole: () =>
        attempt++ === 0
          ? Promise.reject(Object.assign(new Error('E133'), { code: 'E133' }))
          : Promise.resolve(),
    });

    actor.send({ type: 'role.choose', role: 'R005' });
    const refused = await waitFor(actor, (snap) => snap.matches({ authenticated: { main: 'choosingRole' } }));
    actor.send({ type: 'role.choose', role: 'R008' });
    const ready = await waitFor(actor, (snap) => snap.matches({ authenticated: { main: 'ready' } }));

    expect(selectErrorCode(refused)).toBe('E133');
    expect(calls.saveChosenRole).toEqual(['R005', 'R008']);
    expect(selectErrorCode(ready)).toBeNull();
    actor.stop();
  });

  it('ignores a second choice while the first is being saved (no double submit)', async () => {
    const deferred = createDeferredActors(sessionMachine);
    const actor = createActor(sessionMachine.provide({ actors: deferred.actors })).start();
    deferred.settle({ type: 'xstate.done.actor.fetchSession', output: multiroleUser });
    await flush();

    actor.send({ type: 'role.choose', role: 'R005' });
    actor.send({ type: 'role.choose', role: 'R008' });

    expect(actor.getSnapshot().context.roleToSave).toBe('R005');
    expect(deferred.pending().map((p) => p.id)).toEqual(['saveChosenRole']);
    actor.stop();
  });

  it('saves the only role by itself when nothing is stored for the session', async () => {
    const { actor, calls } = await signedIn(helpdeskUser);

    const s = actor.getSnapshot();

    expect(calls.saveChosenRole).toEqual(['R002']);
    expect(s.matches({ authenticated: { main: 'ready' } })).toBe(true);
    expect(selectLandingPath(s)).toBe('administration/editing');
    actor.stop();
  });

  it('neither asks nor saves when the stored role is the user’s (helpdesk) or for curator/subscriber', async () => {
    const stored = await signedIn(helpdeskChosenUser);
    const curator = await signedIn(curatorUser);

    expect(stored.calls.saveChosenRole).toEqual([]);
    expect(curator.calls.saveChosenRole).toEqual([]);
    expect(selectIsReady(stored.actor.getSnapshot())).toBe(true);
    stored.actor.stop();
    curator.actor.stop();
  });

  it('a multi-role user whose role is stored for this session works under it without the picker', async () => {
    const { actor, calls } = await signedIn({ ...multiroleUser, chosenRole: 'R005' });

    const s = actor.getSnapshot();

    expect(selectIsReady(s)).toBe(true);
    expect(selectSelectedRole(s)).toBe('R005');
    expect(calls.saveChosenRole).toEqual([]);
    actor.stop();
  });

  it('expires when saving the role answers E009', async () => {
    const { actor } = await signedIn(multiroleUser, { saveRole: () => Promise.reject(noSession) });

    actor.send({ type: 'role.choose', role: 'R005' });
    const s = await waitFor(actor, (snap) => snap.matches('signedOut'));

    expect(selectIsExpired(s)).toBe(true);
    actor.stop();
  });

  it.each([
    [['R008', 'R005'], null, null],
    [['R008', 'R005'], 'R005', 'R005'],
    [['R008', 'R005'], 'R999', null],
    [['R004', 'R008'], null, 'R004'],
    [['R002'], null, null],
    [['R002'], 'R002', 'R002'],
    [[], null, null],
  ] as const)('initialRole(%j, stored %s) = %s', (roles, stored, expected) => {
    expect(initialRole({ ...helpdeskUser, roles: [...roles], chosenRole: stored })).toBe(expected);
  });

  it('effectiveRoles puts the selected role first and leaves the list alone otherwise', () => {
    expect(effectiveRoles(['R008', 'R005'], 'R005')).toEqual(['R005', 'R008']);
    expect(effectiveRoles(['R008', 'R005'], null)).toEqual(['R008', 'R005']);
    expect(effectiveRoles(['R008'], 'R001')).toEqual(['R008']);
  });
});

describe('session machine: forced password change (spec 2)', () => {
  it('keeps a curator with the flag on Settings, then lands by the rule once the password is changed', async () => {
    let changed = false;
    const { machine } = answering({
      session: async () => (changed ? { ...newCuratorUser, force_change_password: false } : newCuratorUser),
    });
    const actor = createActor(machine).start();
    const forced = await waitFor(actor, (s) =>
      s.matches({ authenticated: { main: 'forcedPasswordChange' } }),
    );

    changed = true;
    actor.send({ type: 'password.changed' });
    const ready = await waitFor(actor, (s) => s.matches({ authenticated: { main: 'ready' } }));

    expect(selectIsPasswordChangeForced(forced)).toBe(true);
    expect(selectLandingPath(forced)).toBe('settings');
    expect(selectIsSettled(forced)).toBe(true);
    expect(ready.context.destination).toBe('landing');
    expect(selectDestinationPath(ready)).toBe('profile');
    actor.stop();
  });

  it('a staff user with the flag is not forced (spec 2 names R004 and R001 only)', async () => {
    const { actor } = await signedIn({ ...helpdeskChosenUser, force_change_password: true });

    expect(selectIsReady(actor.getSnapshot())).toBe(true);
    actor.stop();
  });
});

describe('session machine: sign-in through the Auth flow, destination', () => {
  function withLogin(user: User) {
    return authFlowMachine.provide({
      actors: { logIn: fromPromise<User, { login: string; password: string }>(async () => user) },
    });
  }

  it('opens the session with the user the Auth flow returns and heads for the landing page', async () => {
    const { machine } = answering({ authFlow: withLogin(curatorUser) });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('signedOut'));

    actor.getSnapshot().children.authFlow?.send({ type: 'login.submit', login: 'curator', password: 'x' });
    const s = await waitFor(actor, (snap) => snap.matches({ authenticated: { main: 'ready' } }));

    expect(s.context.user).toEqual(curatorUser);
    expect(s.context.destination).toBe('landing');
    expect(selectDestinationPath(s)).toBe('profile');
    actor.send({ type: 'route.reached' });
    expect(actor.getSnapshot().context.destination).toBeNull();
    actor.stop();
  });

  it('returns to the page a signed-out visitor asked for, when it is open to the user', async () => {
    const { machine } = answering({ authFlow: withLogin(curatorUser) });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('signedOut'));

    actor.send({ type: 'route.denied', path: '/settings?tab=info' });
    actor.getSnapshot().children.authFlow?.send({ type: 'login.submit', login: 'curator', password: 'x' });
    const s = await waitFor(actor, (snap) => snap.matches({ authenticated: { main: 'ready' } }));

    expect(selectDestinationPath(s)).toBe('settings?tab=info');
    actor.stop();
  });

  it('sends to the landing page instead when the remembered page is not open to the user', async () => {
    const { machine } = answering({ authFlow: withLogin(curatorUser) });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('signedOut'));

    actor.send({ type: 'route.denied', path: '/orders/5' });
    actor.getSnapshot().children.authFlow?.send({ type: 'login.submit', login: 'curator', password: 'x' });
    const s = await waitFor(actor, (snap) => snap.matches({ authenticated: { main: 'ready' } }));

    expect(selectDestinationPath(s)).toBe('profile');
    actor.stop();
  });

  it('shows a broken Auth flow as a session failure instead of crashing', async () => {
    // a child that fails as a whole (a bug), not a refused login
    const broken = fromPromise<User>(() => Promise.reject(new Error('bug'))) as unknown as AuthFlowMachine;
    const { machine } = answering({ authFlow: broken });
    const actor = createActor(machine).start();

    const s = await waitFor(actor, (snap) => snap.matches('failed'));

    expect(selectErrorCode(s)).toBe('unknown');
    actor.stop();
  });

  it.each([
    ['/settings', true],
    ['/profile', true],
    ['/orders', false],
    ['/administration/search', false],
    ['/nowhere', false],
  ] as const)('isPathOpenTo(curator, %s) is %s', (path, open) => {
    const facts = { roles: ['R004'], forceChangePassword: false, profile: null, banSelected: false };
    expect(isPathOpenTo(facts, path)).toBe(open);
  });

  it('opens the administration to a user whose config allows it', () => {
    const facts = { roles: ['R000'], forceChangePassword: false, profile: null, banSelected: false };
    expect(isPathOpenTo(facts, '/administration/search')).toBe(true);
  });
});

describe('session machine: expiry and logout (spec 4)', () => {
  it('on session.expired resets user, profile, selected role and destination, from any state', async () => {
    const { actor, calls } = await signedIn(curatorUser);

    actor.send({ type: 'session.expired' });

    const s = actor.getSnapshot();
    expect(s.value).toEqual({ signedOut: 'expired' });
    expect(s.context).toEqual({
      user: null,
      profile: null,
      selectedRole: null,
      roleToSave: null,
      errorCode: null,
      destination: null,
      // what the backend offers is about the backend: kept (CAP1)
      features: [...FEATURES],
    });
    expect(selectIsExpired(s)).toBe(true);
    expect(selectUserFacts(s)).toBeNull();
    expect(calls.forgetDrafts).toBe(0);
    actor.stop();
  });

  it('stops the running session check when the session expires meanwhile', () => {
    const deferred = createDeferredActors(sessionMachine);
    const actor = createActor(sessionMachine.provide({ actors: deferred.actors })).start();

    actor.send({ type: 'session.expired' });

    expect(actor.getSnapshot().value).toEqual({ signedOut: 'expired' });
    expect(deferred.pending().map((p) => p.id)).toEqual(['authFlow']);
    actor.stop();
  });

  it('asks before logging out; cancel keeps the session', async () => {
    const { actor, calls } = await signedIn(curatorUser);

    actor.send({ type: 'logout.request' });
    const asking = actor.getSnapshot();
    actor.send({ type: 'logout.cancel' });

    expect(selectIsConfirmingLogout(asking)).toBe(true);
    expect(selectIsConfirmingLogout(actor.getSnapshot())).toBe(false);
    expect(selectIsReady(actor.getSnapshot())).toBe(true);
    expect(calls.logOut).toBe(0);
    actor.stop();
  });

  it('logs out on confirm: POST user/logout, then anonymous, drafts forgotten', async () => {
    const { actor, calls } = await signedIn(curatorUser);

    actor.send({ type: 'logout.request' });
    actor.send({ type: 'logout.confirm' });
    const s = await waitFor(actor, (snap) => snap.matches('signedOut'));

    expect(s.value).toEqual({ signedOut: 'anonymous' });
    expect(s.context.user).toBeNull();
    expect(s.context.selectedRole).toBeNull();
    expect(calls.logOut).toBe(1);
    expect(calls.forgetDrafts).toBe(1);
    actor.stop();
  });

  it('keeps the confirm open with the error when logout fails, and is anonymous when it answers E009', async () => {
    const failing = await signedIn(curatorUser, { logOut: () => Promise.reject(offline) });
    const gone = await signedIn(curatorUser, { logOut: () => Promise.reject(noSession) });

    for (const { actor } of [failing, gone]) {
      actor.send({ type: 'logout.request' });
      actor.send({ type: 'logout.confirm' });
    }
    const kept = await waitFor(failing.actor, (s) => s.matches({ authenticated: { logout: 'confirming' } }));
    const out = await waitFor(gone.actor, (s) => s.matches('signedOut'));

    expect(selectErrorCode(kept)).toBe('network');
    expect(out.value).toEqual({ signedOut: 'anonymous' });
    failing.actor.stop();
    gone.actor.stop();
  });

  it('ignores logout while nobody is signed in', async () => {
    const { machine } = answering();
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('signedOut'));

    actor.send({ type: 'logout.request' });

    expect(actor.getSnapshot().value).toEqual({ signedOut: 'anonymous' });
    actor.stop();
  });
});

describe('session machine: refresh (impersonation, saved contact data)', () => {
  it('re-reads the user and the profile, keeping the profile on screen meanwhile', async () => {
    const changedProfile = { ...curatorProfile, email_address: 'new@savdo.uz' };
    let round = 0;
    const profile = vi.fn(async () => (round === 0 ? curatorProfile : changedProfile));
    const { actor, calls } = await signedIn(curatorUser, { profile });

    round = 1;
    actor.send({ type: 'session.refresh' });
    const during = actor.getSnapshot();
    const after = await waitFor(actor, (s) => s.matches({ authenticated: { main: 'ready' } }));

    expect(during.matches({ authenticated: { main: 'refreshing' } })).toBe(true);
    expect(during.context.profile).toEqual(curatorProfile);
    expect(selectIsSettled(during)).toBe(true);
    expect(calls.fetchSession).toBe(2);
    expect(after.context.profile).toEqual(changedProfile);
    actor.stop();
  });

  it('drops the profile when the refreshed user has none, and expires when the server has no session', async () => {
    let user: User | null = curatorUser;
    const { machine } = answering({ session: async () => user });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches({ authenticated: { main: 'ready' } }));

    user = helpdeskChosenUser;
    actor.send({ type: 'session.refresh' });
    const staff = await waitFor(actor, (s) => s.matches({ authenticated: { main: 'ready' } }));
    user = null;
    actor.send({ type: 'session.refresh' });
    const gone = await waitFor(actor, (s) => s.matches('signedOut'));

    expect(staff.context.profile).toBeNull();
    expect(gone.value).toEqual({ signedOut: 'expired' });
    actor.stop();
  });
});

describe('session selectors', () => {
  it('derives the domain facts from the contract user and profile', async () => {
    const profile: Profile = {
      ...curatorProfile,
      employee_data: { count: 3 },
      fin_data: { balance: 1, budget: 0, unbilled_amnt: null },
    };
    const { actor } = await signedIn(
      { ...curatorUser, backToHeadBan: true, profile },
      { profile: async () => profile },
    );

    const s = actor.getSnapshot();

    expect(selectUserFacts(s)).toEqual({
      roles: ['R004'],
      forceChangePassword: false,
      profile: { at: 5, canBuyNumber: true, hasEmployeeData: true, budget: 0, status: 'A' },
      banSelected: true,
      features: new Set(FEATURES),
    });
    expect(selectUserFacts(s)).toBe(selectUserFacts(actor.getSnapshot()));
    actor.stop();
  });

  it('reads the view of the active leaves from meta', async () => {
    const { actor } = await signedIn(curatorUser, { profile: () => Promise.reject(offline) });

    const s = actor.getSnapshot();

    expect(selectStatePath(s)).toBe('authenticated.main.profileFailed authenticated.logout.idle');
    expect(selectViews(s)).toEqual([
      'error message with a retry button in the main area',
      'logout button in the header',
    ]);
    actor.stop();
  });
});

describe('session machine: what the backend offers (CAP1)', () => {
  it('asks once, after the profile, and the user facts carry the answer (unknown names never asked)', async () => {
    const { actor, calls } = await signedIn(curatorUser, {
      capabilities: async () => ['employees', 'teleport'],
    });
    const s = actor.getSnapshot();
    expect(selectIsReady(s)).toBe(true);
    expect(calls.fetchCapabilities).toBe(1);
    expect(s.context.features).toEqual(['employees', 'teleport']);
    const facts = selectUserFacts(s);
    expect([...(facts?.features ?? [])]).toEqual(['employees', 'teleport']);
    expect(facts && offers(facts, 'employees')).toBe(true);
    expect(facts && offers(facts, 'debtControl')).toBe(false);
    actor.stop();
  });

  it('waits on the answer with the loading overlay, and only then decides', async () => {
    const deferred = createDeferredActors(sessionMachine);
    const actor = createActor(sessionMachine.provide({ actors: deferred.actors })).start();
    deferred.settle({ type: 'xstate.done.actor.fetchSession', output: curatorUser });
    await flush();
    deferred.settle({ type: 'xstate.done.actor.fetchProfile', output: curatorProfile });
    await flush();
    const s = actor.getSnapshot();
    expect(s.matches({ authenticated: { main: 'loadingCapabilities' } })).toBe(true);
    expect(selectIsBusy(s)).toBe(true);
    expect(selectIsReady(s)).toBe(false);
    expect(deferred.pending().map((p) => p.id)).toEqual(['fetchCapabilities']);
    deferred.settle({ type: 'xstate.done.actor.fetchCapabilities', output: [] });
    await flush();
    expect(selectIsReady(actor.getSnapshot())).toBe(true);
    expect(selectUserFacts(actor.getSnapshot())?.features?.size).toBe(0);
    actor.stop();
  });

  it('a failure to ask shows the profile failure; retry asks again and goes on', async () => {
    let round = 0;
    const { actor, calls } = await signedIn(curatorUser, {
      capabilities: async () => {
        round += 1;
        if (round === 1) throw offline;
        return ['debtControl'];
      },
    });
    expect(actor.getSnapshot().matches({ authenticated: { main: 'profileFailed' } })).toBe(true);
    expect(selectHasError(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'profile.retry' });
    await waitFor(actor, (s) => selectIsReady(s));
    expect(calls.fetchCapabilities).toBe(2);
    expect(actor.getSnapshot().context.features).toEqual(['debtControl']);
    expect(selectErrorCode(actor.getSnapshot())).toBeNull();
    actor.stop();
  });

  it('is about the backend, not the user: sign-out keeps the answer and the next sign-in does not ask again', async () => {
    const { actor, calls } = await signedIn(curatorUser, { capabilities: async () => ['agreements'] });
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().context.features).toEqual(['agreements']);
    expect(calls.fetchCapabilities).toBe(1);
    actor.stop();
  });
});
