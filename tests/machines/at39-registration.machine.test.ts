import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type At39Stored, at39RegistrationMachine } from '@/machines/at39-registration.machine';
import {
  canRetry,
  selectPassportPhase,
  selectRegState,
  selectScreen,
} from '@/machines/at39-registration.selectors';
import { ApiFailure } from '@/services/api/api-error';
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
