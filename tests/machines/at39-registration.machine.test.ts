import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type At39Stored, at39RegistrationMachine } from '@/machines/at39-registration.machine';
import {
  canRetry,
  connectAccount,
  connectDocuments,
  connectEditPerson,
  connectKit,
  connectKitSummary,
  connectPassport,
  connectRegistration,
  connectReview,
  connectStepError,
  connectWorkplace,
  selectPassportPhase,
  selectRegState,
  selectScreen,
} from '@/machines/at39-registration.selectors';
import { ApiFailure } from '@/services/api/api-error';
import { snapshotAt } from '../support/connect-table';
import { lintMachine } from '../support/model-universe';
import {
  AUTH_CODE,
  BAN,
  card,
  docsComplete,
  docsMissing,
  epdp,
  karimov,
  MARKED_CODE,
  passportOk,
  storedAtAccount,
  storedAtDocuments,
  storedAtKit,
  storedComplete,
  storedSubmitted,
  TOKEN,
  tariffs,
  workplace,
} from './at39.payloads';

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Fakes that answer like the reference backend would, recording what each call got. */
function answering(
  opts: { outcomes?: string[]; reserveFails?: string; stored?: At39Stored; submitFails?: ApiFailure } = {},
) {
  const calls: Record<string, unknown[]> = {};
  const rec = (id: string, input: unknown) => {
    calls[id] = [...(calls[id] ?? []), input];
  };
  const outcomes = [...(opts.outcomes ?? [])];
  let reserveFails = opts.reserveFails;
  let submitFails = opts.submitFails;
  const machine = at39RegistrationMachine.provide({
    actors: {
      checkToken: fromPromise(async ({ input }) => {
        rec('checkToken', input);
        return workplace;
      }),
      startPassportSession: fromPromise(async () => {
        rec('startPassportSession', null);
        return epdp;
      }),
      readPassport: fromPromise(async ({ input }) => {
        rec('readPassport', input);
        const o = outcomes.shift();
        return o ? { outcome: o as 'refused', person: null } : passportOk;
      }),
      createRegistration: fromPromise(async ({ input }) => {
        rec('createRegistration', input);
        return '501';
      }),
      loadRegistration: fromPromise(async ({ input }) => {
        rec('loadRegistration', input);
        return opts.stored ?? storedAtKit;
      }),
      attachKit: fromPromise(async ({ input }) => {
        rec('attachKit', input);
        return card;
      }),
      attachBan: fromPromise(async ({ input }) => {
        rec('attachBan', input);
      }),
      fetchPricePlans: fromPromise(async ({ input }) => {
        rec('fetchPricePlans', input);
        return tariffs;
      }),
      reserveNumber: fromPromise(async ({ input }) => {
        rec('reserveNumber', input);
        if (reserveFails) {
          const code = reserveFails;
          reserveFails = undefined;
          throw new ApiFailure({ kind: 'server', code });
        }
      }),
      fetchDocs: fromPromise(async ({ input }) => {
        rec('fetchDocs', input);
        // the step's list and the first check: nothing uploaded yet; then both files are there
        return (calls.fetchDocs?.length ?? 0) <= 2 ? docsMissing : docsComplete;
      }),
      updatePerson: fromPromise(async ({ input }) => {
        rec('updatePerson', input);
      }),
      submitRegistration: fromPromise(async ({ input }) => {
        rec('submitRegistration', input);
        if (submitFails) {
          const e = submitFails;
          submitFails = undefined;
          throw e;
        }
      }),
    },
  });
  return { actor: createActor(machine), calls };
}

describe('AT 39 registration machine', () => {
  it('follows the conventions the harness relies on', () => {
    expect(lintMachine(at39RegistrationMachine)).toEqual([]);
  });

  it('registers a person end to end with what each call needs', async () => {
    const { actor, calls } = answering({ reserveFails: 'E013' });
    actor.start();
    actor.send({ type: 'route.entered', registrationId: null });
    expect(selectScreen(actor.getSnapshot())).toBe('workplace');
    actor.send({ type: 'token.submit', token: ` ${TOKEN} ` });
    await flush();
    expect(selectPassportPhase(actor.getSnapshot())).toBe('awaiting');
    actor.send({ type: 'code.submit', code: AUTH_CODE.toLowerCase() });
    await flush();
    expect(selectPassportPhase(actor.getSnapshot())).toBe('review');
    actor.send({ type: 'person.confirm' });
    await flush();
    actor.send({ type: 'kit.submit', markedCode: MARKED_CODE });
    await flush();
    actor.send({ type: 'ban.submit', ban: BAN });
    await flush();
    expect(selectRegState(actor.getSnapshot())).toBe('account.choosing');
    actor.send({ type: 'number.reserve', phoneNumber: '+998 90 700 00 01', pricePlanId: 2 });
    await flush();
    // the number was taken meanwhile: the step stays with the error, another try goes through
    expect(actor.getSnapshot().context.error).toBe('E013');
    actor.send({ type: 'number.reserve', phoneNumber: '90 700 00 02', pricePlanId: 2 });
    await flush();
    expect(selectScreen(actor.getSnapshot())).toBe('documents');
    actor.send({ type: 'documents.continue' });
    await flush();
    expect(actor.getSnapshot().context.error).toBe('invalid.documents');
    actor.send({ type: 'documents.continue' });
    await flush();
    actor.send({ type: 'registration.submit' });
    await flush();
    expect(selectScreen(actor.getSnapshot())).toBe('done');
    expect(actor.getSnapshot().context.status).toBe('submitted');
    expect(calls.checkToken).toEqual([{ token: TOKEN }]);
    expect(calls.readPassport).toEqual([{ code: AUTH_CODE }]);
    // the registration is created from the confirmation's code, never from person data the chart sends (PRI6)
    expect(calls.createRegistration).toEqual([{ token: TOKEN, workplace, authCode: AUTH_CODE }]);
    expect(calls.attachKit).toEqual([{ registrationId: '501', markedCode: MARKED_CODE }]);
    expect(calls.attachBan).toEqual([{ registrationId: '501', ban: BAN }]);
    expect(calls.reserveNumber).toEqual([
      { registrationId: '501', regionId: 1, phoneNumber: '907000001', pricePlanId: 2 },
      { registrationId: '501', regionId: 1, phoneNumber: '907000002', pricePlanId: 2 },
    ]);
    expect(calls.submitRegistration).toEqual([{ registrationId: '501' }]);
  });

  it('refuses malformed input before any call and keeps the error as a code', () => {
    const { actor, calls } = answering();
    actor.start();
    actor.send({ type: 'route.entered', registrationId: null });
    actor.send({ type: 'token.submit', token: 'short' });
    expect(actor.getSnapshot().context.error).toBe('invalid.token');
    expect(calls.checkToken).toBeUndefined();
  });

  it.each([
    ['refused', 'refused'],
    ['expired', 'expired'],
    ['reused', 'reused'],
    ['notFound', 'notFound'],
  ])('a %s code reaches its own state; asking again opens a new session', async (outcome, phase) => {
    const { actor, calls } = answering({ outcomes: [outcome] });
    actor.start();
    actor.send({ type: 'route.entered', registrationId: null });
    actor.send({ type: 'token.submit', token: TOKEN });
    await flush();
    actor.send({ type: 'code.submit', code: AUTH_CODE });
    await flush();
    expect(selectPassportPhase(actor.getSnapshot())).toBe(phase);
    actor.send({ type: 'passport.restart' });
    await flush();
    expect(selectPassportPhase(actor.getSnapshot())).toBe('awaiting');
    expect(calls.startPassportSession).toHaveLength(2);
  });

  it.each([
    ['kit', storedAtKit, 'kit.entering'],
    ['account', storedAtAccount, 'account.banEntering'],
    ['documents', storedAtDocuments, 'documents.listing'],
    ['review', storedComplete, 'review.ready'],
    ['read-only', storedSubmitted, 'readOnly'],
  ])('resumes a registration at its step (%s)', async (_, stored, state) => {
    const { actor, calls } = answering({ stored });
    actor.start();
    actor.send({ type: 'route.entered', registrationId: '501' });
    await flush();
    expect(selectRegState(actor.getSnapshot())).toBe(state);
    expect(calls.loadRegistration).toEqual([{ registrationId: '501' }]);
  });

  it('a reservation that ran out sends the submit back to the account step, with the reason (PRI2)', async () => {
    const expired = new ApiFailure({ kind: 'server', code: 'E013', description: 'reservation expired' });
    const { actor, calls } = answering({ stored: storedComplete, submitFails: expired });
    actor.start();
    actor.send({ type: 'route.entered', registrationId: '501' });
    await flush();
    actor.send({ type: 'registration.submit' });
    await flush();
    expect(selectRegState(actor.getSnapshot())).toBe('account.banEntering');
    expect(actor.getSnapshot().context).toMatchObject({
      error: 'reservation.expired',
      phoneNumber: null,
      status: 'draft',
      ban: BAN,
    });
    // another E013 (a wrong value) stays on the review
    const other = answering({
      stored: storedComplete,
      submitFails: new ApiFailure({ kind: 'server', code: 'E013', description: 'documents missing' }),
    });
    other.actor.start();
    other.actor.send({ type: 'route.entered', registrationId: '501' });
    await flush();
    other.actor.send({ type: 'registration.submit' });
    await flush();
    expect([selectRegState(other.actor.getSnapshot()), other.actor.getSnapshot().context.error]).toEqual([
      'review.ready',
      'E013',
    ]);
    expect(calls.submitRegistration).toHaveLength(1);
  });

  it('the person form opens only when the passport service left address fields empty (PRI7)', async () => {
    const full = answering({ stored: storedComplete });
    full.actor.start();
    full.actor.send({ type: 'route.entered', registrationId: '501' });
    await flush();
    full.actor.send({ type: 'person.edit' });
    expect(selectRegState(full.actor.getSnapshot())).toBe('review.ready');
    const gaps = answering({ stored: { ...storedComplete, editable: ['apartmentNumber'] } });
    gaps.actor.start();
    gaps.actor.send({ type: 'route.entered', registrationId: '501' });
    await flush();
    gaps.actor.send({ type: 'person.edit' });
    expect(selectRegState(gaps.actor.getSnapshot())).toBe('review.editing');
    const address = { ...karimov.address, apartmentNumber: '7' };
    gaps.actor.send({ type: 'person.save', edit: { address } });
    await flush();
    expect(gaps.calls.updatePerson).toEqual([{ registrationId: '501', address }]);
    expect(gaps.actor.getSnapshot().context.person?.address.apartmentNumber).toBe('7');
    expect(gaps.actor.getSnapshot().context.person?.fio).toEqual(karimov.fio);
  });

  it('offers no retry after E009', () => {
    expect(canRetry('E009')).toBe(false);
    expect(canRetry('E094')).toBe(true);
  });
});

/** What each part of the registration page renders in a state (decisions AR18): the connect functions as a table. */
describe('AT 39 registration connect', () => {
  type Value = Parameters<typeof snapshotAt<typeof at39RegistrationMachine>>[1];
  type Patch = Parameters<typeof snapshotAt<typeof at39RegistrationMachine>>[2];
  const at = (value: Value, context: Patch = {}) => snapshotAt(at39RegistrationMachine, value, context);

  it.each([
    ['opening a new one', at('opening'), { state: 'opening', screen: 'opening', regId: null }],
    [
      'resuming one',
      at('resuming', { registrationId: '501' }),
      { state: 'resuming', screen: 'opening', regId: '501' },
    ],
    [
      'creating stays on the passport step',
      at('creating', { person: karimov }),
      { state: 'creating', screen: 'passport' },
    ],
    [
      'choosing a plan',
      at({ account: 'choosing' }, { registrationId: '501' }),
      { state: 'account.choosing', screen: 'account', regId: '501' },
    ],
    [
      'submitted, read only',
      at('readOnly', { registrationId: '501' }),
      { state: 'readOnly', screen: 'readOnly' },
    ],
  ] as const)('page: %s', (_, snapshot, expected) => {
    expect(connectRegistration(snapshot)).toMatchObject(expected);
  });

  it.each([
    ['a failed resume may be retried', at('resumeFailed', { error: 'E094' }), { error: 'E094', retry: true }],
    ['a failed create may be retried', at('createFailed', { error: 'E129' }), { error: 'E129', retry: true }],
    ['E009 offers no retry', at('createFailed', { error: 'E009' }), { error: 'E009', retry: false }],
    ['no error, no retry', at({ workplace: 'entering' }), { error: null, retry: false }],
  ] as const)('failed step: %s', (_, snapshot, expected) => {
    expect(connectStepError(snapshot)).toEqual(expected);
  });

  it.each([
    [
      'the token typed',
      at({ workplace: 'entering' }, { token: TOKEN }),
      { busy: false, error: null, token: TOKEN },
    ],
    ['checking it', at({ workplace: 'checking' }, { token: TOKEN }), { busy: true, error: null }],
    ['refused', at({ workplace: 'entering' }, { error: 'E127' }), { busy: false, error: 'E127', token: '' }],
  ] as const)('workplace: %s', (_, snapshot, expected) => {
    expect(connectWorkplace(snapshot)).toMatchObject(expected);
  });

  it.each([
    ['entering', at({ kit: 'entering' }), { busy: false, error: null }],
    ['checking', at({ kit: 'checking' }), { busy: true, error: null }],
    ['refused', at({ kit: 'entering' }, { error: 'E091' }), { busy: false, error: 'E091' }],
  ] as const)('kit: %s', (_, snapshot, expected) => {
    expect(connectKit(snapshot)).toEqual(expected);
  });

  it.each([
    ['no kit yet', at({ kit: 'entering' }), { card: null }],
    ['the kit above the BAN', at({ account: 'banEntering' }, { card }), { card }],
    ['the kit above the plans', at({ account: 'choosing' }, { card, ban: BAN }), { card }],
  ] as const)('kit summary: %s', (_, snapshot, expected) => {
    expect(connectKitSummary(snapshot)).toEqual(expected);
  });

  it.each([
    ['starting a session', at({ passport: 'starting' }), { phase: 'starting', busy: true, retry: false }],
    [
      'the session failed, may be retried',
      at({ passport: 'sessionFailed' }, { error: 'network' }),
      { phase: 'sessionFailed', busy: false, retry: true, ctx: { error: 'network' } },
    ],
    [
      'E009 offers no retry',
      at({ passport: 'sessionFailed' }, { error: 'E009' }),
      { phase: 'sessionFailed', retry: false },
    ],
    [
      'the person to check',
      at({ passport: 'review' }, { person: karimov }),
      { phase: 'review', busy: false, ctx: { person: karimov } },
    ],
    ['creating the registration', at('creating', { person: karimov }), { phase: 'creating', busy: true }],
  ] as const)('passport: %s', (_, snapshot, expected) => {
    expect(connectPassport(snapshot)).toMatchObject(expected);
  });

  it.each([
    [
      'the BAN asked',
      at({ account: 'banEntering' }, { card }),
      { phase: 'banEntering', busy: false, retry: false },
    ],
    [
      'loading the plans',
      at({ account: 'loadingPlans' }, { ban: BAN }),
      { phase: 'loadingPlans', busy: true },
    ],
    [
      'the plans failed, may be retried',
      at({ account: 'plansFailed' }, { ban: BAN, error: 'E052' }),
      { phase: 'plansFailed', busy: false, retry: true },
    ],
    ['E009 offers no retry', at({ account: 'plansFailed' }, { error: 'E009' }), { retry: false }],
    [
      'choosing among the plans',
      at({ account: 'choosing' }, { ban: BAN, tariffs }),
      { phase: 'choosing', busy: false, ctx: { ban: BAN, tariffs } },
    ],
    ['reserving', at({ account: 'reserving' }, { ban: BAN, tariffs }), { phase: 'reserving', busy: true }],
  ] as const)('account: %s', (_, snapshot, expected) => {
    expect(connectAccount(snapshot)).toMatchObject(expected);
  });

  it.each([
    ['loading the list', at({ documents: 'loading' }), { phase: 'loading', busy: true, retry: false }],
    ['the list failed, may be retried', at({ documents: 'loadFailed' }, { error: 'E094' }), { retry: true }],
    [
      'E009 offers no retry',
      at({ documents: 'loadFailed' }, { error: 'E009' }),
      { phase: 'loadFailed', retry: false },
    ],
    [
      'the documents listed',
      at({ documents: 'listing' }, { registrationId: '501', docs: docsMissing }),
      { phase: 'listing', busy: false, ctx: { registrationId: '501', docs: docsMissing } },
    ],
  ] as const)('documents: %s', (_, snapshot, expected) => {
    expect(connectDocuments(snapshot)).toMatchObject(expected);
  });

  it.each([
    ['ready, nothing to fill in', at({ review: 'ready' }), { phase: 'ready', busy: false, canFill: false }],
    [
      'ready, an address field to fill in',
      at({ review: 'ready' }, { editable: ['apartmentNumber'] }),
      { phase: 'ready', canFill: true },
    ],
    ['submitting', at({ review: 'submitting' }), { phase: 'submitting', busy: true }],
    [
      'done',
      at('done', { status: 'submitted' }),
      { phase: 'done', busy: false, ctx: { status: 'submitted' } },
    ],
    ['read only', at('readOnly'), { phase: 'readOnly' }],
  ] as const)('review: %s', (_, snapshot, expected) => {
    expect(connectReview(snapshot)).toMatchObject(expected);
  });

  it.each([
    ['editing', at({ review: 'editing' }, { person: karimov }), { busy: false, ctx: { person: karimov } }],
    ['saving', at({ review: 'updating' }, { person: karimov }), { busy: true }],
    [
      'refused',
      at({ review: 'editing' }, { person: karimov, error: 'E094' }),
      { busy: false, ctx: { error: 'E094' } },
    ],
  ] as const)('person form: %s', (_, snapshot, expected) => {
    expect(connectEditPerson(snapshot)).toMatchObject(expected);
  });
});
