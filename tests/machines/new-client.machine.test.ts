import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { LOGIN_CHECK_DEBOUNCE_MS } from '@/domain/preorder.rules';
import { newClientMachine, type WizardStart } from '@/machines/new-client.machine';
import {
  connectCityAndKey,
  connectLoginField,
  connectNewClientPage,
  connectRegistered,
  connectStepOne,
  connectStepTwo,
} from '@/machines/new-client.selectors';
import { newNumbersMachine } from '@/machines/new-numbers.machine';
import { type PreorderCreated, preRegistrationMachine } from '@/machines/pre-registration.machine';
import { connectPreRegistration } from '@/machines/pre-registration.selectors';
import type { ListedKey } from '@/machines/signing.machine';
import { ApiFailure } from '@/services/api/api-error';
import { snapshotAt } from '../support/connect-table';
import {
  catalogue,
  cities,
  completeDraft,
  created,
  newClientInput,
  newcomer,
  personKey,
  preRegistrationInput,
  prospectKey,
  qrCategories,
  refusedKey,
  startFresh,
  startOnStepTwo,
  startWithDraft,
  withPreorderElsewhere,
  withRejected,
} from './new-client.payloads';

/** A promise the test settles by hand, so the order of answers is the test's choice. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

function wizard(checkLogin: (login: string) => Promise<{ login: string; free: boolean }>) {
  const clock = new SimulatedClock();
  const asked: string[] = [];
  const saved: unknown[] = [];
  const machine = newClientMachine.provide({
    actors: {
      loadStart: fromPromise(async () => startFresh),
      draftKeeper: fromCallback(({ receive }) => {
        receive((e) => saved.push(e));
      }),
      listKeys: fromPromise(async () => [prospectKey, refusedKey, personKey]),
      checkLogin: fromPromise(async ({ input }: { input: { login: string } }) => {
        asked.push(input.login);
        return checkLogin(input.login);
      }),
    },
  });
  const actor = createActor(machine, { input: newClientInput, clock }).start();
  return { actor, clock, asked, saved };
}

describe('the wizard: login check (spec 5: 500 ms after the last keystroke, longer than 2 characters)', () => {
  it('asks once, 500 ms after the last keystroke, never for 2 characters or Cyrillic', async () => {
    const { actor, clock, asked } = wizard(async (login) => ({ login, free: true }));
    await flush();
    actor.send({ type: 'login.change', login: 'bu' });
    clock.increment(LOGIN_CHECK_DEBOUNCE_MS);
    actor.send({ type: 'login.change', login: 'кир' });
    clock.increment(LOGIN_CHECK_DEBOUNCE_MS);
    expect(asked).toEqual([]);
    expect(actor.getSnapshot().context.loginError).toBe('validation.latinOnly');
    actor.send({ type: 'login.change', login: 'bux' });
    clock.increment(300);
    actor.send({ type: 'login.change', login: 'buxo' });
    clock.increment(LOGIN_CHECK_DEBOUNCE_MS - 1);
    expect(asked).toEqual([]);
    clock.increment(1);
    await flush();
    expect(asked).toEqual(['buxo']);
    expect(actor.getSnapshot().context.loginCheck).toEqual({ login: 'buxo', free: true });
  });

  it('an older answer never overwrites a newer one', async () => {
    const answers = new Map<string, ReturnType<typeof deferred<{ login: string; free: boolean }>>>();
    const { actor, clock } = wizard((login) => {
      const d = deferred<{ login: string; free: boolean }>();
      answers.set(login, d);
      return d.promise;
    });
    await flush();
    actor.send({ type: 'login.change', login: 'curator' });
    clock.increment(LOGIN_CHECK_DEBOUNCE_MS);
    actor.send({ type: 'login.change', login: 'curator2' });
    clock.increment(LOGIN_CHECK_DEBOUNCE_MS);
    answers.get('curator2')?.resolve({ login: 'curator2', free: true });
    await flush();
    // the first check answers last: 'taken' for a login no longer on the form
    answers.get('curator')?.resolve({ login: 'curator', free: false });
    await flush();
    expect(actor.getSnapshot().context.loginCheck).toEqual({ login: 'curator2', free: true });
    expect(actor.getSnapshot().context.loginError).toBeNull();
  });

  it('a taken login says so', async () => {
    const { actor, clock } = wizard(async (login) => ({ login, free: false }));
    await flush();
    actor.send({ type: 'login.change', login: 'curator' });
    clock.increment(LOGIN_CHECK_DEBOUNCE_MS);
    await flush();
    expect(actor.getSnapshot().context.loginError).toBe('validation.loginTaken');
  });
});

describe('the wizard: city first, then the key (spec 5)', () => {
  it("a key before the city is 'Сначала нужно выбрать город.'; a TIN starting with 4 is E026", async () => {
    const { actor, saved } = wizard(async (login) => ({ login, free: true }));
    await flush();
    actor.send({ type: 'keys.open' });
    expect(actor.getSnapshot().context.keyError).toBe('validation.cityFirst');
    actor.send({ type: 'city.choose', code: 'BHK' });
    actor.send({ type: 'keys.open' });
    await flush();
    expect(actor.getSnapshot().matches({ legal: { form: 'choosingKey' } })).toBe(true);
    actor.send({ type: 'key.choose', serial: refusedKey.serialNumber as string });
    expect(actor.getSnapshot().context.keyError).toBe('E026');
    // a person's key (a UID, no company INN: the demo key 7a3c0008) is 'У вас не имеется ИНН.', never proved
    actor.send({ type: 'keys.open' });
    await flush();
    actor.send({ type: 'key.choose', serial: personKey.serialNumber as string });
    expect(actor.getSnapshot().context.keyError).toBe('validation.noTin');
    expect(actor.getSnapshot().matches({ legal: { form: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context.form.user.tin).toBe('');
    // every change is kept as the draft, never with the passport number
    actor.send({ type: 'field.change', group: 'contactFace', name: 'passport', value: 'AB1234567' });
    expect(JSON.stringify(saved.at(-1))).not.toContain('AB1234567');
  });
});

describe('the wizard: one application per TIN in every city (NC25, spec 8 E004)', () => {
  it.each([
    [withPreorderElsewhere, 'known'],
    [withRejected, 'editing'],
  ] as const)('a proved key whose TIN has %o stops at step one: %s', async (proved, step) => {
    const machine = newClientMachine.provide({
      actors: {
        loadStart: fromPromise(async () => startWithDraft),
        draftKeeper: fromCallback(() => {}),
        listKeys: fromPromise(async () => [prospectKey]),
        proveKey: fromPromise(async () => proved),
      },
    });
    const actor = createActor(machine, { input: newClientInput }).start();
    await flush();
    actor.send({ type: 'keys.open' });
    await flush();
    actor.send({ type: 'key.choose', serial: prospectKey.serialNumber ?? '' });
    await flush();
    // the chosen city is BHK: an open pre-order in TAS refuses the application before anything is signed
    expect(actor.getSnapshot().context.form.user.city).toBe('BHK');
    expect(actor.getSnapshot().matches({ legal: { form: step } })).toBe(true);
    expect(actor.getSnapshot().context.proved).toEqual(proved);
  });
});

describe("the wizard: 'Далее' while the login check has not answered", () => {
  /** Step one complete but for the login's answer: the draft restored, the key proved. */
  async function readyButTheLogin(free: boolean) {
    const clock = new SimulatedClock();
    const asked: string[] = [];
    const answer = deferred<{ login: string; free: boolean }>();
    const machine = newClientMachine.provide({
      actors: {
        loadStart: fromPromise(async () => startWithDraft),
        draftKeeper: fromCallback(() => {}),
        stepTwoKeeper: fromCallback(() => {}),
        listKeys: fromPromise(async () => [prospectKey]),
        proveKey: fromPromise(async () => newcomer),
        checkLogin: fromPromise(async ({ input }: { input: { login: string } }) => {
          asked.push(input.login);
          return answer.promise;
        }),
        fetchCatalogue: fromPromise(async () => catalogue),
      },
    });
    const actor = createActor(machine, { input: newClientInput, clock }).start();
    await flush();
    actor.send({ type: 'keys.open' });
    await flush();
    actor.send({ type: 'key.choose', serial: prospectKey.serialNumber ?? '' });
    await flush();
    // the visitor retypes the login and presses 'Далее' at once, within the 500 ms
    actor.send({ type: 'login.change', login: `${completeDraft.login}2` });
    actor.send({ type: 'step.next' });
    return { actor, clock, asked, answer, free };
  }

  it.each([true, false])(
    'waits (busy, no message), then goes on or names the login (free: %s)',
    async (free) => {
      const { actor, clock, asked, answer } = await readyButTheLogin(free);
      expect(actor.getSnapshot().context.nextPending).toBe(true);
      expect(actor.getSnapshot().context.errorCode).toBeNull();
      expect(actor.getSnapshot().matches('legal')).toBe(true);
      clock.increment(LOGIN_CHECK_DEBOUNCE_MS);
      await flush();
      expect(asked).toEqual([`${completeDraft.login}2`]);
      answer.resolve({ login: `${completeDraft.login}2`, free });
      await flush();
      const snap = actor.getSnapshot();
      expect(snap.context.nextPending).toBe(false);
      if (free) {
        expect(snap.matches('confirm')).toBe(true);
      } else {
        expect(snap.matches('legal')).toBe(true);
        expect(snap.context.errorCode).toBe('validation.loginTaken');
        expect(snap.context.loginError).toBe('validation.loginTaken');
      }
    },
  );

  it('typing again cancels the wait: the answer then only marks the login', async () => {
    const { actor, clock, answer } = await readyButTheLogin(true);
    actor.send({ type: 'field.change', group: 'contactFace', name: 'name', value: 'Dilnoza Rahimova' });
    expect(actor.getSnapshot().context.nextPending).toBe(false);
    clock.increment(LOGIN_CHECK_DEBOUNCE_MS);
    await flush();
    answer.resolve({ login: `${completeDraft.login}2`, free: true });
    await flush();
    expect(actor.getSnapshot().matches('legal')).toBe(true);
    expect(actor.getSnapshot().context.loginCheck).toEqual({ login: `${completeDraft.login}2`, free: true });
  });
});

describe("the wizard: a double tap on 'Hujjatlarni imzolash'", () => {
  it('signs once: the second application.sign is ignored while signing runs (busy), nothing is cancelled', async () => {
    const clock = new SimulatedClock();
    const challenges: unknown[] = [];
    const machine = newClientMachine.provide({
      actors: {
        loadStart: fromPromise(async () => startWithDraft),
        draftKeeper: fromCallback(() => {}),
        stepTwoKeeper: fromCallback(() => {}),
        listKeys: fromPromise(async () => [prospectKey]),
        proveKey: fromPromise(async () => newcomer),
        checkLogin: fromPromise(
          async ({ input }: { input: { login: string } }): Promise<{ login: string; free: boolean }> => ({
            login: input.login,
            free: true,
          }),
        ),
        fetchCatalogue: fromPromise(async () => catalogue),
        preRegistration: preRegistrationMachine.provide({
          actors: {
            // the challenge never answers: the signing stays running
            fetchDraftChallenge: fromPromise(async ({ input }) => {
              challenges.push(input);
              return new Promise<never>(() => {});
            }),
          },
        }),
      },
    });
    const actor = createActor(machine, { input: newClientInput, clock }).start();
    await flush();
    actor.send({ type: 'keys.open' });
    await flush();
    actor.send({ type: 'key.choose', serial: prospectKey.serialNumber ?? '' });
    await flush();
    clock.increment(LOGIN_CHECK_DEBOUNCE_MS);
    await flush();
    actor.send({ type: 'step.next' });
    await flush();
    expect(actor.getSnapshot().matches({ confirm: 'ready' })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    actor.send({ type: 'application.sign' });
    const child = actor.getSnapshot().children.preRegistration;
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'application.sign' });
    await flush();
    const snap = actor.getSnapshot();
    expect(snap.matches({ confirm: 'registering' })).toBe(true);
    expect(snap.children.preRegistration).toBe(child);
    expect(child?.getSnapshot().status).toBe('active');
    expect(challenges).toHaveLength(1);
  });
});

describe('the wizard: a reload on step two (NC26)', () => {
  it('comes back on step two with the kept key and asks only for the application signature', async () => {
    const kept: unknown[] = [];
    const signedWith: unknown[] = [];
    const listed: unknown[] = [];
    const machine = newClientMachine.provide({
      actors: {
        loadStart: fromPromise(async () => startOnStepTwo),
        draftKeeper: fromCallback(() => {}),
        stepTwoKeeper: fromCallback(({ input }: { input: { key: ListedKey | null } }) => {
          kept.push(input.key);
          return () => kept.push('left');
        }),
        listKeys: fromPromise(async () => {
          listed.push('list');
          return [prospectKey];
        }),
        checkLogin: fromPromise(
          async ({ input }: { input: { login: string } }): Promise<{ login: string; free: boolean }> => ({
            login: input.login,
            free: true,
          }),
        ),
        fetchCatalogue: fromPromise(async () => catalogue),
        preRegistration: preRegistrationMachine.provide({
          actors: {
            fetchDraftChallenge: fromPromise(async () => ({
              challenge: 'c'.repeat(32),
              draftHash: 'a'.repeat(64),
              document: 'the application',
            })),
            signWithKey: fromPromise(async ({ input }: { input: { key: ListedKey; data: string } }) => {
              signedWith.push(input.key);
              return { pkcs7: 'CMS', serial: '7a3c0009' };
            }),
            createPreorder: fromPromise(async () => created),
          },
        }),
      },
    });
    const actor = createActor(machine, { input: newClientInput }).start();
    await flush();
    const snap = actor.getSnapshot();
    expect(snap.matches({ confirm: 'ready' })).toBe(true);
    expect(snap.context.resumed).toBe(true);
    expect(snap.context.form.user).toMatchObject({ key: prospectKey.serialNumber, tin: prospectKey.inn });
    expect(snap.context.form.login).toBe(startOnStepTwo.draft?.login);
    expect(kept).toEqual([prospectKey]);
    actor.send({ type: 'application.sign' });
    await flush();
    await flush();
    expect(signedWith).toEqual([prospectKey]);
    expect(listed).toEqual([]);
    expect(actor.getSnapshot().context.created).toEqual(created);
    // leaving step two unmarks the draft (it is then cleared on success)
    expect(kept).toEqual([prospectKey, 'left']);
  });

  it('back on step one the key stays proved, the line goes, and the draft is unmarked', async () => {
    const kept: unknown[] = [];
    const machine = newClientMachine.provide({
      actors: {
        loadStart: fromPromise(async () => startOnStepTwo),
        draftKeeper: fromCallback(() => {}),
        stepTwoKeeper: fromCallback(({ input }: { input: { key: ListedKey | null } }) => {
          kept.push(input.key);
          return () => kept.push('left');
        }),
        checkLogin: fromPromise(async ({ input }: { input: { login: string } }) => ({
          login: input.login,
          free: true as boolean,
        })),
        fetchCatalogue: fromPromise(async () => catalogue),
      },
    });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { input: newClientInput, clock }).start();
    await flush();
    actor.send({ type: 'step.back' });
    expect(actor.getSnapshot().matches({ legal: { form: 'editing' } })).toBe(true);
    expect(actor.getSnapshot().context.resumed).toBe(false);
    expect(kept).toEqual([prospectKey, 'left']);
    clock.increment(LOGIN_CHECK_DEBOUNCE_MS);
    await flush();
    // the key proved before the reload still counts: 'Далее' goes on without choosing it again
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().matches('confirm')).toBe(true);
  });

  it('a draft left on step one comes back on step one without its key (as before)', async () => {
    const machine = newClientMachine.provide({
      actors: {
        loadStart: fromPromise(async (): Promise<WizardStart> => ({ ...startWithDraft, key: null })),
        draftKeeper: fromCallback(() => {}),
      },
    });
    const actor = createActor(machine, { input: newClientInput }).start();
    await flush();
    expect(actor.getSnapshot().matches('legal')).toBe(true);
    expect(actor.getSnapshot().context.key).toBeNull();
    expect(actor.getSnapshot().context.form.user.key).toBe('');
  });
});

describe('pre-registration', () => {
  it('signs the document bound to the challenge and creates the pre-order', async () => {
    const inputs: unknown[] = [];
    const actor = createActor(
      preRegistrationMachine.provide({
        actors: {
          fetchDraftChallenge: fromPromise(async () => ({
            challenge: 'c'.repeat(32),
            draftHash: 'a'.repeat(64),
            document: 'the application',
          })),
          signWithKey: fromPromise(
            async ({ input }: { input: { key: typeof prospectKey; data: string } }) => {
              inputs.push(input.data);
              return { pkcs7: 'CMS', serial: '7a3c0009' };
            },
          ),
          createPreorder: fromPromise(
            async ({
              input,
            }: {
              input: { application: typeof preRegistrationInput.application; pkcs7: string };
            }) => {
              inputs.push(input.pkcs7);
              return created;
            },
          ),
        },
      }),
      { input: preRegistrationInput },
    ).start();
    await flush();
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual(created);
    // the very document the challenge step built (the application's text, NC21), with the chosen key
    expect(inputs[0]).toBe('the application');
    expect(inputs[1]).toBe('CMS');
  });

  it('E004 is final: no retry', async () => {
    const actor = createActor(
      preRegistrationMachine.provide({
        actors: {
          fetchDraftChallenge: fromPromise(async () => ({
            challenge: 'c'.repeat(32),
            draftHash: 'a'.repeat(64),
            document: 'the application',
          })),
          signWithKey: fromPromise(async () => ({ pkcs7: 'CMS', serial: '7a3c0009' })),
          createPreorder: fromPromise<
            PreorderCreated,
            { application: typeof preRegistrationInput.application; pkcs7: string }
          >(async () => {
            throw new ApiFailure({ kind: 'server', code: 'E004' });
          }),
        },
      }),
      { input: preRegistrationInput },
    ).start();
    await flush();
    await flush();
    expect(actor.getSnapshot().value).toBe('refused');
    expect(actor.getSnapshot().context.errorCode).toBe('E004');
    expect(actor.getSnapshot().can({ type: 'registration.retry' })).toBe(false);
  });
});

describe('new numbers', () => {
  it('shows the categories from the QR call', async () => {
    const actor = createActor(
      newNumbersMachine.provide({ actors: { fetchQrCategories: fromPromise(async () => qrCategories) } }),
    ).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('shown');
    expect(actor.getSnapshot().context.categories).toEqual(qrCategories);
  });
});

describe('new-client connect', () => {
  type Context = Parameters<typeof snapshotAt<typeof newClientMachine>>[2];
  type KeyState = 'editing' | 'listingKeys' | 'choosingKey' | 'proving' | 'known';
  type LoginState = 'settling' | 'idle' | 'waiting' | 'checking';
  const at = (value: Parameters<typeof snapshotAt<typeof newClientMachine>>[1], context: Context = {}) =>
    snapshotAt(newClientMachine, value, context, newClientInput);
  const legal = (form: KeyState = 'editing', login: LoginState = 'idle', context: Context = {}) =>
    at({ legal: { form, login } }, context);
  const agents = [{ id: '1', name: 'Aloqa Servis' }];

  it.each([
    ['loading', at('loading'), { phase: 'loading', state: 'loading', error: null }],
    [
      'a failed load says why',
      at('loadFailed', { errorCode: 'network' }),
      { phase: 'loadFailed', error: 'network' },
    ],
    ['step one', legal(), { phase: 'legal', state: 'legal.form.editing legal.login.idle', error: null }],
    ['step two', at({ confirm: 'ready' }), { phase: 'confirm', state: 'confirm.ready' }],
    ['the success', at('finished', { created }), { phase: 'registered', state: 'finished' }],
  ] as const)('page: %s', (_, snapshot, expected) => {
    expect(connectNewClientPage(snapshot)).toMatchObject(expected);
  });

  it.each([
    ['a fresh form', legal(), { error: null, restored: false, nextPending: false, agents: [] }],
    [
      'a restored draft with its agents',
      legal('editing', 'idle', { form: completeDraft, restored: true, agents }),
      { form: completeDraft, restored: true, agents },
    ],
    [
      "'Далее' waits for the login check",
      legal('editing', 'checking', { nextPending: true, errorCode: 'validation.adult' }),
      { nextPending: true, error: 'validation.adult' },
    ],
  ] as const)('step one: %s', (_, snapshot, expected) => {
    expect(connectStepOne(snapshot)).toMatchObject(expected);
  });

  it.each([
    [
      'editing',
      legal('editing', 'idle', { cities }),
      { cities, step: 'editing', keyError: null, proved: null },
    ],
    [
      'the key list open',
      legal('choosingKey', 'idle', { keys: [prospectKey, personKey] }),
      { step: 'choosingKey', keys: [prospectKey, personKey] },
    ],
    ['proving', legal('proving'), { step: 'proving', keyError: null }],
    [
      'a known company',
      legal('known', 'idle', { proved: withPreorderElsewhere }),
      { step: 'known', proved: withPreorderElsewhere },
    ],
    [
      'a refused key says why',
      legal('editing', 'idle', { keyError: 'E026' }),
      { step: 'editing', keyError: 'E026' },
    ],
    ['not on step one', at({ confirm: 'ready' }), { step: null }],
  ] as const)('city and key: %s', (_, snapshot, expected) => {
    expect(connectCityAndKey(snapshot)).toMatchObject(expected);
  });

  it.each([
    ['nothing typed', legal(), { status: 'none', loginError: null }],
    ['checking', legal('editing', 'checking'), { status: 'checking' }],
    [
      'a free login',
      legal('editing', 'idle', {
        form: completeDraft,
        loginCheck: { login: completeDraft.login, free: true },
      }),
      { status: 'free', loginError: null },
    ],
    [
      'a free answer for an older login',
      legal('editing', 'idle', { form: completeDraft, loginCheck: { login: 'buxoro', free: true } }),
      { status: 'none' },
    ],
    [
      'a taken login',
      legal('editing', 'idle', { loginError: 'validation.loginTaken' }),
      { status: 'error', loginError: 'validation.loginTaken' },
    ],
  ] as const)('login: %s', (_, snapshot, expected) => {
    expect(connectLoginField(snapshot)).toMatchObject(expected);
  });

  it.each([
    [
      'the catalogue loads',
      at({ confirm: 'loadingCatalogue' }, { form: completeDraft }),
      { step: 'loadingCatalogue', catalogue: null, form: completeDraft, error: null, resumed: false },
    ],
    [
      'a failed catalogue says why',
      at({ confirm: 'catalogueFailed' }, { errorCode: 'network' }),
      { step: 'catalogueFailed', error: 'network' },
    ],
    [
      'a resumed step two with its catalogue',
      at({ confirm: 'ready' }, { catalogue, cities, resumed: true }),
      { step: 'ready', catalogue, cities, resumed: true, child: undefined },
    ],
    ['not on step two', legal(), { step: null }],
  ] as const)('step two: %s', (_, snapshot, expected) => {
    expect(connectStepTwo(snapshot)).toMatchObject(expected);
  });

  it.each([
    ['not yet', at({ confirm: 'ready' }), { created: null }],
    ['created', at('registered', { created, form: completeDraft }), { created, form: completeDraft }],
    [
      'a reserved phone',
      at('finished', { created: { ...created, phoneReserved: true } }),
      { created: { id: '7', status: 'new', phoneReserved: true } },
    ],
  ] as const)('registered: %s', (_, snapshot, expected) => {
    expect(connectRegistered(snapshot)).toMatchObject(expected);
  });

  // the panel's Retry is the chart's (`can`), not the error code's: a public page has no session to end (E009)
  const pre = (
    value: 'preparing' | 'signing' | 'signFailed' | 'creating' | 'failed' | 'refused',
    errorCode: string | null = null,
  ) => snapshotAt(preRegistrationMachine, value, { errorCode }, preRegistrationInput);
  it.each([
    ['preparing', pre('preparing'), { step: 'preparing', error: null, canRetry: false, key: '7A3C0009' }],
    ['signing names the key', pre('signing'), { step: 'signing', canRetry: false, key: '7A3C0009' }],
    [
      'a failed signature may be retried',
      pre('signFailed', 'E094'),
      { step: 'signFailed', error: 'E094', canRetry: true },
    ],
    [
      'a failed send may be retried',
      pre('failed', 'network'),
      { step: 'failed', error: 'network', canRetry: true },
    ],
    ['E004 is final', pre('refused', 'E004'), { step: 'refused', error: 'E004', canRetry: false }],
  ] as const)('pre-registration: %s', (_, snapshot, expected) => {
    expect(connectPreRegistration(snapshot)).toMatchObject(expected);
  });
});
