import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authFlowMachine, fieldOfCode, invalidFieldOf, LINK_USED_CODE } from '@/machines/auth-flow.machine';
import {
  selectAuthError,
  selectAuthIsBusy,
  selectAuthNotice,
  selectAuthPage,
  selectAuthPhone,
  selectAuthStatePath,
  selectIsLinkRefused,
  selectIsPasswordRestored,
  selectIsRestoreLinkSent,
  selectLinkWait,
  selectResendWait,
} from '@/machines/auth-flow.selectors';
import { ApiFailure } from '@/services/api/api-error';
import type { User } from '@/services/contract/session.contract';
import { AUTH, curatorUser, newSubscriberUser } from './session.payloads';

const failure = (code: string) => new ApiFailure({ kind: 'server', code });

/** The Auth flow with controllable fakes: each call records its input and waits until the test answers it. */
function flow() {
  const inputs: Record<string, unknown[]> = {};
  const running = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const names = Object.keys(authFlowMachine.implementations.actors);
  const actors = Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise<unknown, unknown>(({ input }) => {
        inputs[name] = [...(inputs[name] ?? []), input];
        return new Promise((resolve, reject) => running.set(name, { resolve, reject }));
      }),
    ]),
  );
  const actor = createActor(authFlowMachine.provide({ actors })).start();
  const answer = async (name: string, outcome: { output?: unknown; error?: unknown }) => {
    const call = running.get(name);
    if (!call) throw new Error(`no call ${name} running`);
    running.delete(name);
    if ('error' in outcome) call.reject(outcome.error);
    else call.resolve(outcome.output);
    await new Promise((r) => setImmediate(r));
  };
  return { actor, inputs, answer };
}

describe('auth flow: pages', () => {
  it('starts on the login page', () => {
    const { actor } = flow();

    expect(selectAuthStatePath(actor.getSnapshot())).toBe('login.editing');
    expect(selectAuthPage(actor.getSnapshot())).toBe('login');
  });

  it.each(['register', 'check', 'forgot', 'restore'] as const)(
    'opens the %s page the router shows',
    (page) => {
      const { actor } = flow();

      actor.send({ type: 'page.open', page, r: AUTH.token });

      expect(selectAuthPage(actor.getSnapshot())).toBe(page);
      // RL1: the restore page asks about its link first
      expect(selectAuthStatePath(actor.getSnapshot())).toBe(
        page === 'restore' ? 'restore.checking' : `${page}.editing`,
      );
    },
  );

  it('keeps the restore link’s r', () => {
    const { actor } = flow();

    actor.send({ type: 'page.open', page: 'restore', r: AUTH.token });

    expect(actor.getSnapshot().context.restoreToken).toBe(AUTH.token);
  });

  it('clears the last error when another page opens, but ignores opening the page it is on', () => {
    const { actor } = flow();
    actor.send({ type: 'login.submit', login: '', password: '' });
    const withError = selectAuthError(actor.getSnapshot());

    actor.send({ type: 'page.open', page: 'login' });
    const same = selectAuthError(actor.getSnapshot());
    actor.send({ type: 'page.open', page: 'forgot' });

    expect(withError).toEqual({
      code: 'validation.required',
      field: 'login',
      more: [{ code: 'validation.required', field: 'password' }],
    });
    expect(same).toEqual(withError);
    expect(selectAuthError(actor.getSnapshot())).toBeNull();
  });
});

describe('auth flow: login (E012, E023, E131, E132)', () => {
  it('refuses a blank field before any call, naming the field', () => {
    const { actor, inputs } = flow();

    actor.send({ type: 'login.submit', login: 'curator', password: '' });

    expect(selectAuthError(actor.getSnapshot())).toEqual({ code: 'validation.required', field: 'password' });
    expect(inputs.logIn).toBeUndefined();
  });

  it('sends the login (trimmed) and password once, busy meanwhile; a second submit is ignored', () => {
    const { actor, inputs } = flow();

    actor.send({ type: 'login.submit', login: ' curator ', password: AUTH.login.password });
    actor.send({ type: 'login.submit', login: 'other', password: 'x' });

    expect(selectAuthStatePath(actor.getSnapshot())).toBe('login.submitting');
    expect(selectAuthIsBusy(actor.getSnapshot())).toBe(true);
    expect(inputs.logIn).toEqual([{ login: 'curator', password: AUTH.login.password }]);
  });

  it.each(['E012', 'E023', 'E131', 'E132'])(
    'shows %s for the whole form and lets the user try again',
    async (code) => {
      const { actor, answer } = flow();
      actor.send({ type: 'login.submit', ...AUTH.login });

      await answer('logIn', { error: failure(code) });

      expect(selectAuthStatePath(actor.getSnapshot())).toBe('login.editing');
      expect(selectAuthError(actor.getSnapshot())).toEqual({ code, field: null });
    },
  );

  it('ends with the user when the server opens the session', async () => {
    const { actor, answer } = flow();
    actor.send({ type: 'login.submit', ...AUTH.login });

    await answer('logIn', { output: curatorUser });

    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual(curatorUser);
  });

  it('never keeps a password in its context', () => {
    const { actor } = flow();

    actor.send({ type: 'login.submit', login: 'curator', password: 'Secret-Pass-1' });
    actor.send({ type: 'page.open', page: 'restore', r: AUTH.token });
    actor.send({ type: 'restore.submit', password: 'Secret-Pass-2', confirm: 'Secret-Pass-3' });

    expect(JSON.stringify(actor.getSnapshot().context)).not.toMatch(/Secret-Pass/);
  });
});

describe('auth flow: registration and the SMS code (E004, E008, E025, E003, E006)', () => {
  it('refuses a phone without 9 to 12 digits at the phone field', () => {
    const { actor, inputs } = flow();
    actor.send({ type: 'page.open', page: 'register' });

    actor.send({ type: 'register.submit', phone: '12-34' });

    expect(selectAuthError(actor.getSnapshot())).toEqual({ code: 'validation.phone', field: 'phone' });
    expect(inputs.requestCode).toBeUndefined();
  });

  it.each(['E004', 'E008', 'E025'])('shows %s at the phone field', async (code) => {
    const { actor, answer } = flow();
    actor.send({ type: 'page.open', page: 'register' });
    actor.send({ type: 'register.submit', phone: AUTH.phone });

    await answer('requestCode', { error: failure(code) });

    expect(selectAuthError(actor.getSnapshot())).toEqual({ code, field: 'phone' });
  });

  it('moves on to the SMS code with the phone and "code sent" once the code is sent', async () => {
    const { actor, answer, inputs } = flow();
    actor.send({ type: 'page.open', page: 'register' });
    actor.send({ type: 'register.submit', phone: '+998 90 123-45-67' });

    await answer('requestCode', { output: undefined });

    const s = actor.getSnapshot();
    expect(inputs.requestCode).toEqual([{ phone: '+998 90 123-45-67' }]);
    expect(selectAuthStatePath(s)).toBe('check.editing');
    expect(selectAuthPhone(s)).toBe('+998 90 123-45-67');
    expect(selectAuthNotice(s)).toBe('codeSent');
  });

  it('keeps "code sent" when the router then opens the check page', async () => {
    const { actor, answer } = flow();
    actor.send({ type: 'page.open', page: 'register' });
    actor.send({ type: 'register.submit', phone: AUTH.phone });
    await answer('requestCode', { output: undefined });

    actor.send({ type: 'page.open', page: 'check' });

    expect(selectAuthNotice(actor.getSnapshot())).toBe('codeSent');
  });

  it('refuses a code that is not 4 to 8 digits as a wrong code (E003) at the code field', () => {
    const { actor, inputs } = flow();
    actor.send({ type: 'page.open', page: 'check' });

    actor.send({ type: 'check.submit', phone: AUTH.phone, code: '12a4' });

    expect(selectAuthError(actor.getSnapshot())).toEqual({ code: 'E003', field: 'code' });
    expect(inputs.checkCode).toBeUndefined();
  });

  it.each(['E003', 'E006'])('shows %s at the code field', async (code) => {
    const { actor, answer } = flow();
    actor.send({ type: 'page.open', page: 'check' });
    actor.send({ type: 'check.submit', phone: AUTH.phone, code: AUTH.code });

    await answer('checkCode', { error: failure(code) });

    expect(selectAuthError(actor.getSnapshot())).toEqual({ code, field: 'code' });
  });

  it('confirms the code with the phone and ends with the new subscriber', async () => {
    const { actor, answer, inputs } = flow();
    actor.send({ type: 'page.open', page: 'check' });
    actor.send({ type: 'check.submit', phone: AUTH.phone, code: ` ${AUTH.code} ` });

    await answer('checkCode', { output: newSubscriberUser });

    expect(inputs.checkCode).toEqual([{ phone: AUTH.phone, code: AUTH.code }]);
    expect(actor.getSnapshot().output).toEqual(newSubscriberUser);
  });

  it('sends the code again on resend, and says so', async () => {
    const { actor, answer, inputs } = flow();
    actor.send({ type: 'page.open', page: 'check' });
    actor.send({ type: 'code.resend', phone: AUTH.phone });
    const busy = selectAuthIsBusy(actor.getSnapshot());

    await answer('resendCode', { output: undefined });

    expect(busy).toBe(true);
    expect(inputs.resendCode).toEqual([{ phone: AUTH.phone }]);
    expect(selectAuthNotice(actor.getSnapshot())).toBe('codeSent');
  });
});

describe('auth flow: recovery link and new password (E086, E024, mismatch)', () => {
  it('sends the recovery link for the login and says it was sent', async () => {
    const { actor, answer, inputs } = flow();
    actor.send({ type: 'page.open', page: 'forgot' });
    actor.send({ type: 'forgot.submit', login: 'curator' });

    await answer('requestRestoreLink', { output: undefined });

    expect(inputs.requestRestoreLink).toEqual([{ login: 'curator' }]);
    expect(selectIsRestoreLinkSent(actor.getSnapshot())).toBe(true);
  });

  it('shows E086 at the login field', async () => {
    const { actor, answer } = flow();
    actor.send({ type: 'page.open', page: 'forgot' });
    actor.send({ type: 'forgot.submit', login: 'nobody' });

    await answer('requestRestoreLink', { error: failure('E086') });

    expect(selectAuthError(actor.getSnapshot())).toEqual({ code: 'E086', field: 'login' });
  });

  it('finding 24: counts E138 down on the forgot page and asks for no link before it ends', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { actor, answer, inputs } = flow();
      actor.send({ type: 'page.open', page: 'forgot' });
      actor.send({ type: 'forgot.submit', login: 'curator' });
      await answer('requestRestoreLink', {
        error: new ApiFailure({ kind: 'server', code: 'E138', description: '2' }),
      });

      expect([selectLinkWait(actor.getSnapshot()), selectResendWait(actor.getSnapshot())]).toEqual([2, 0]);
      expect(selectAuthError(actor.getSnapshot())).toEqual({ code: 'E138', field: null });
      actor.send({ type: 'forgot.submit', login: 'curator' });
      expect(inputs.requestRestoreLink).toHaveLength(1);

      vi.advanceTimersByTime(1000);
      expect(selectLinkWait(actor.getSnapshot())).toBe(1);
      vi.advanceTimersByTime(1000);
      expect(selectLinkWait(actor.getSnapshot())).toBe(0);
      actor.send({ type: 'forgot.submit', login: 'curator' });
      expect(inputs.requestRestoreLink).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("says 'Пароли не совпадают' at the confirmation when the passwords differ, without a call", async () => {
    const { actor, inputs, answer } = flow();
    actor.send({ type: 'page.open', page: 'restore', r: AUTH.token });
    await answer('checkRestoreLink', { output: 'valid' });

    actor.send({ type: 'restore.submit', password: AUTH.newPassword, confirm: `${AUTH.newPassword}!` });

    expect(selectAuthError(actor.getSnapshot())).toEqual({
      code: 'validation.passwordMismatch',
      field: 'confirm',
    });
    expect(inputs.restorePassword).toBeUndefined();
  });

  it.each([undefined, null, ''])(
    'refuses a restore page opened without the link’s r (%s) at once: E127 invalid token, nothing asked',
    (r) => {
      const { actor, inputs } = flow();
      actor.send({ type: 'page.open', page: 'restore', r });

      expect(selectIsLinkRefused(actor.getSnapshot())).toBe(true);
      expect(selectAuthError(actor.getSnapshot())).toEqual({ code: 'E127', field: null });
      actor.send({ type: 'restore.submit', password: AUTH.newPassword, confirm: AUTH.newPassword });
      expect(inputs.checkRestoreLink).toBeUndefined();
      expect(inputs.restorePassword).toBeUndefined();
    },
  );

  it('sets the new password with r, then tells the user to log in', async () => {
    const { actor, answer, inputs } = flow();
    actor.send({ type: 'page.open', page: 'restore', r: AUTH.token });
    await answer('checkRestoreLink', { output: 'valid' });
    actor.send({ type: 'restore.submit', password: AUTH.newPassword, confirm: AUTH.newPassword });

    await answer('restorePassword', { output: undefined });

    expect(inputs.restorePassword).toEqual([
      { r: AUTH.token, password: AUTH.newPassword, confirm: AUTH.newPassword },
    ]);
    expect(selectIsPasswordRestored(actor.getSnapshot())).toBe(true);
  });

  it('shows E024 (temporary password expired) for the whole form', async () => {
    const { actor, answer } = flow();
    actor.send({ type: 'page.open', page: 'restore', r: AUTH.token });
    await answer('checkRestoreLink', { output: 'valid' });
    actor.send({ type: 'restore.submit', password: AUTH.newPassword, confirm: AUTH.newPassword });

    await answer('restorePassword', { error: failure('E024') });

    expect(selectAuthError(actor.getSnapshot())).toEqual({ code: 'E024', field: null });
  });

  it('asks about the link with its r on opening; the form waits (busy) and a submit meanwhile sends nothing', async () => {
    const { actor, answer, inputs } = flow();
    actor.send({ type: 'page.open', page: 'restore', r: AUTH.token });

    expect(inputs.checkRestoreLink).toEqual([{ r: AUTH.token }]);
    expect(selectAuthIsBusy(actor.getSnapshot())).toBe(true);
    expect(selectIsLinkRefused(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'restore.submit', password: AUTH.newPassword, confirm: AUTH.newPassword });
    expect(inputs.restorePassword).toBeUndefined();

    await answer('checkRestoreLink', { output: 'valid' });
    expect(selectAuthIsBusy(actor.getSnapshot())).toBe(false);
    expect(selectAuthError(actor.getSnapshot())).toBeNull();
  });

  it.each([
    ['used', LINK_USED_CODE],
    ['expired', 'E024'],
    ['unknown', 'E127'],
  ])('refuses a %s link at once, with %s and no password form', async (link, code) => {
    const { actor, answer, inputs } = flow();
    actor.send({ type: 'page.open', page: 'restore', r: AUTH.token });
    await answer('checkRestoreLink', { output: link });

    expect(selectIsLinkRefused(actor.getSnapshot())).toBe(true);
    expect(selectAuthError(actor.getSnapshot())).toEqual({ code, field: null });
    actor.send({ type: 'restore.submit', password: AUTH.newPassword, confirm: AUTH.newPassword });
    expect(inputs.restorePassword).toBeUndefined();
    // the page's own link to the forgot form leaves the refusal
    actor.send({ type: 'page.open', page: 'forgot' });
    expect(selectAuthPage(actor.getSnapshot())).toBe('forgot');
    expect(selectAuthError(actor.getSnapshot())).toBeNull();
  });

  it('shows the form with the reason when the link could not be asked about (network): its submit decides', async () => {
    const { actor, answer, inputs } = flow();
    actor.send({ type: 'page.open', page: 'restore', r: AUTH.token });
    await answer('checkRestoreLink', { error: failure('network') });

    expect(selectIsLinkRefused(actor.getSnapshot())).toBe(false);
    expect(selectAuthError(actor.getSnapshot())).toEqual({ code: 'network', field: null });
    actor.send({ type: 'restore.submit', password: AUTH.newPassword, confirm: AUTH.newPassword });
    expect(inputs.restorePassword).toEqual([
      { r: AUTH.token, password: AUTH.newPassword, confirm: AUTH.newPassword },
    ]);
  });
});

describe('auth flow: helpers', () => {
  it.each([
    ['E003', 'code'],
    ['E006', 'code'],
    ['E004', 'phone'],
    ['E008', 'phone'],
    ['E025', 'phone'],
    ['E086', 'login'],
    ['E012', null],
    ['E132', null],
    ['network', null],
  ] as const)('fieldOfCode(%s) = %s', (code, field) => {
    expect(fieldOfCode(code)).toBe(field);
  });

  it.each([
    [{ type: 'register.submit', phone: '90 123 45 67' }, null],
    [
      { type: 'register.submit', phone: '9012345678901' },
      { code: 'validation.phone', field: 'phone' },
    ],
    [
      { type: 'register.submit', phone: '90123456x' },
      { code: 'validation.phone', field: 'phone' },
    ],
    [{ type: 'check.submit', phone: '901234567', code: '1234' }, null],
    [
      { type: 'check.submit', phone: '901234567', code: '123' },
      { code: 'E003', field: 'code' },
    ],
    [
      { type: 'forgot.submit', login: '   ' },
      { code: 'validation.required', field: 'login' },
    ],
  ] as const)('invalidFieldOf(%j) = %j', (event, expected) => {
    expect(invalidFieldOf(event as never)).toEqual(expected);
  });

  it('is usable with waitFor on its final output (as the session invokes it)', async () => {
    const machine = authFlowMachine.provide({
      actors: { logIn: fromPromise<User, { login: string; password: string }>(async () => curatorUser) },
    });
    const actor = createActor(machine).start();

    actor.send({ type: 'login.submit', ...AUTH.login });
    const s = await waitFor(actor, (snap) => snap.status === 'done');

    expect(s.output?.user_name).toBe('curator');
  });
});

describe("auth flow: a double submit of 'Получить код'", () => {
  it('ignores the second submit while the first call runs: one SMS, then the code page', async () => {
    const { actor, inputs, answer } = flow();
    actor.send({ type: 'page.open', page: 'register' });
    actor.send({ type: 'register.submit', phone: AUTH.phone });
    actor.send({ type: 'register.submit', phone: AUTH.phone });

    expect(inputs.requestCode).toHaveLength(1);
    await answer('requestCode', { output: undefined });
    expect(selectAuthStatePath(actor.getSnapshot())).toBe('check.editing');
  });

  it.each(['E009', 'E008', 'E138'])(
    'an %s answer keeps the registration page (never restarts the flow at login)',
    async (code) => {
      const { actor, answer } = flow();
      actor.send({ type: 'page.open', page: 'register' });
      actor.send({ type: 'register.submit', phone: AUTH.phone });
      actor.send({ type: 'register.submit', phone: AUTH.phone });
      await answer('requestCode', { error: failure(code) });

      expect(selectAuthStatePath(actor.getSnapshot())).toBe('register.editing');
      expect(selectAuthError(actor.getSnapshot())?.code).toBe(code);
    },
  );

  it('an answer to a superseded request does not move the flow', async () => {
    const calls: { resolve: () => void; reject: (e: unknown) => void }[] = [];
    const requestCode = fromPromise<void, { phone: string }>(
      () => new Promise<void>((resolve, reject) => calls.push({ resolve, reject })),
    );
    const actor = createActor(authFlowMachine.provide({ actors: { requestCode } })).start();
    const settle = () => new Promise((r) => setImmediate(r));
    actor.send({ type: 'page.open', page: 'register' });
    actor.send({ type: 'register.submit', phone: AUTH.phone });
    // the user follows 'back to login' while the first call runs, comes back and asks again
    actor.send({ type: 'page.open', page: 'login' });
    actor.send({ type: 'page.open', page: 'register' });
    actor.send({ type: 'register.submit', phone: AUTH.phone });
    expect(calls).toHaveLength(2);

    calls[0]?.reject(failure('E009'));
    await settle();
    expect(selectAuthStatePath(actor.getSnapshot())).toBe('register.submitting');
    calls[0]?.resolve();
    await settle();
    expect(selectAuthStatePath(actor.getSnapshot())).toBe('register.submitting');

    calls[1]?.resolve();
    await settle();
    expect(selectAuthStatePath(actor.getSnapshot())).toBe('check.editing');
  });

  it('a superseded answer after leaving for login leaves the user on login', async () => {
    const { actor, answer } = flow();
    actor.send({ type: 'page.open', page: 'register' });
    actor.send({ type: 'register.submit', phone: AUTH.phone });
    actor.send({ type: 'page.open', page: 'login' });
    await answer('requestCode', { output: undefined });

    expect(selectAuthStatePath(actor.getSnapshot())).toBe('login.editing');
  });
});
