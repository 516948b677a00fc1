import type { ChartOracle, Ctx, Ev } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of the AT 39 registration, written from the issue text (the AT 39 requirements "New registration", steps 1-6,
 * "resumable"), spec 3 "AT 39 registration", spec 7 "AT 39", spec 8 (E025, E052, E091, E094, E105, E121, E123,
 * E125, E127-E129), docs/decisions.md AT1-AT9 and PRI2/PRI6/PRI7 (security findings 25, 26, 30: a reservation that
 * runs out, the person only from its own confirmation and read-only, the kit and BAN saved by update-registration) —
 * never read from the chart. One row per step and per outcome.
 */

/** AT1: the workplace token as spec 7 GET {token} takes it in its path. */
const wellFormedToken = (t: string) => /^[A-Za-z0-9._~-]{8,512}$/.test(t.trim());
/** AT3: the passport service's one-time code: 8 letters and digits, typed in any case. */
const wellFormedCode = (c: string) => /^[A-Z0-9]{8}$/.test(c.trim().toUpperCase());
/** AT5: the SIM kit's marked code is 10-20 digits; a BAN 9 digits (spec 5); a number 9 digits (sn). */
const markedCode = (c: string) => /^\d{10,20}$/.test(c.trim());
const ban = (b: string) => /^\d{9}$/.test(b.trim());
/** AT5: the number as typed, with or without +998, is its 9 national digits. */
const digitsOf = (s: string) => {
  const d = s.replace(/\D/g, '');
  return d.length === 12 && d.startsWith('998') ? d.slice(3) : d;
};

/** PRI7: the address fields a person form may fill in are those the passport service left empty. */
const ADDRESS = ['city', 'district', 'street', 'houseNumber', 'apartmentNumber', 'postIndex'];
const emptyAddressFields = (person: Ctx | null) => ADDRESS.filter((f) => (person?.address?.[f] ?? '') === '');
/** PRI2: the submit was refused because the registration's reservation ran out. */
const reservationLost = (ev: Ev) =>
  codeOf(ev) === 'E013' && ev.error?.error?.description === 'reservation expired';

/** AT7 resume rule, from what a stored registration has done. */
function resumeTarget(s: Ctx): string {
  if (s.status === 'submitted' || s.status === 'registered') return 'readOnly';
  if (s.card === null) return 'kit.entering';
  if (s.phoneNumber === null) return 'account.banEntering';
  if (!(s.docs.length > 0 && s.docs.every((d: Ctx) => d.uploaded))) return 'documents.loading';
  return 'review.ready';
}

const storedCtx = (s: Ctx): Ctx => ({
  registrationId: s.registrationId,
  status: s.status,
  workplace: s.workplace,
  person: s.person,
  card: s.card,
  ban: s.ban,
  pricePlanId: s.pricePlanId,
  phoneNumber: s.phoneNumber,
  docs: s.docs,
  editable: s.editable,
  error: null,
});

const err = (_: Ctx, ev: Ev) => ({ error: codeOf(ev) });
const noError = () => ({ error: null });
const invalid = (code: string) => () => ({ error: code });

export const at39RegistrationOracle: ChartOracle = {
  id: 'at39Registration',
  initial: { to: 'opening' },
  // the chart takes no input: the route says whether a stored registration resumes (AT7); nothing is known yet
  context: () => ({
    token: '',
    workplace: null,
    epdp: null,
    authCode: '',
    person: null,
    registrationId: null,
    status: null,
    card: null,
    ban: null,
    tariffs: [],
    pricePlanId: null,
    phoneNumber: null,
    docs: [],
    editable: [],
    edit: null,
    error: null,
  }),
  invokes: {
    resuming: { loadRegistration: (c) => ({ registrationId: c.registrationId }) },
    'workplace.checking': { checkToken: (c) => ({ token: c.token }) },
    'passport.starting': { startPassportSession: () => undefined },
    'passport.reading': { readPassport: (c) => ({ code: c.authCode }) },
    creating: {
      // PRI6: the confirmation's code, never the person data
      createRegistration: (c) => ({ token: c.token, workplace: c.workplace, authCode: c.authCode }),
    },
    'kit.checking': {
      attachKit: (c, ev) => ({ registrationId: c.registrationId, markedCode: ev.markedCode.trim() }),
    },
    'account.banChecking': { attachBan: (c) => ({ registrationId: c.registrationId, ban: c.ban }) },
    'account.loadingPlans': { fetchPricePlans: (c) => ({ registrationId: c.registrationId }) },
    'account.reserving': {
      reserveNumber: (c) => ({
        registrationId: c.registrationId,
        regionId: c.workplace.regionId,
        phoneNumber: c.phoneNumber,
        pricePlanId: c.pricePlanId,
      }),
    },
    'documents.loading': { fetchDocs: (c) => ({ registrationId: c.registrationId }) },
    'documents.checking': { fetchDocs: (c) => ({ registrationId: c.registrationId }) },
    'review.updating': {
      updatePerson: (c) => ({ registrationId: c.registrationId, address: c.edit.address }),
    },
    'review.submitting': { submitRegistration: (c) => ({ registrationId: c.registrationId }) },
  },
  rows: [
    // ── opening: a new registration or `?id=` (AT7) ──────────────────────────────────────────────────────────
    {
      from: 'opening',
      event: 'route.entered',
      when: (_, ev) => typeof ev.registrationId === 'string' && ev.registrationId !== '',
      to: 'resuming',
      ctx: (_, ev) => ({ registrationId: ev.registrationId, error: null }),
      spec: 'the AT 39 requirements "a reload mid-way resumes at the same step"; AT7',
    },
    {
      from: 'opening',
      event: 'route.entered',
      to: 'workplace.entering',
      spec: 'spec 2 /at39-registration/new; AT1 the workplace token first',
    },
    {
      from: 'resuming',
      event: done('loadRegistration'),
      to: (_, ev) => resumeTarget(ev.output),
      ctx: (_, ev) => storedCtx(ev.output),
      spec: 'spec 7 GET register/get-reg-data; AT7 resume at the first step not done, submitted ones read-only',
    },
    {
      from: 'resuming',
      event: failed('loadRegistration'),
      to: 'resumeFailed',
      ctx: err,
      spec: 'spec 8 E094 registration not found or another user’s',
    },
    { from: 'resumeFailed', event: 'resume.retry', to: 'resuming', ctx: noError, spec: 'AT7 retry' },

    // ── workplace token (spec 7 GET {token}; E127, E128, E129) ───────────────────────────────────────────────
    {
      from: 'workplace.entering',
      event: 'token.submit',
      when: (_, ev) => wellFormedToken(ev.token),
      to: 'workplace.checking',
      ctx: (_, ev) => ({ token: ev.token.trim(), error: null }),
      spec: 'spec 7 GET {token}; AT1',
    },
    {
      from: 'workplace.entering',
      event: 'token.submit',
      to: '.',
      ctx: invalid('invalid.token'),
      spec: 'AT1 a malformed token is refused before any call; the typed token stays',
    },
    {
      from: 'workplace.checking',
      event: done('checkToken'),
      to: 'passport.starting',
      ctx: (_, ev) => ({ workplace: ev.output, error: null }),
      spec: 'the AT 39 requirements "the token gives workplaceName and regionId"; step 1 passport next',
    },
    {
      from: 'workplace.checking',
      event: failed('checkToken'),
      to: 'workplace.entering',
      ctx: err,
      spec: 'spec 8 E127, E128 invalid token; E129 registration time expired',
    },

    // ── 1. passport data from the passport service (AT3) ───────────────────────────────────────────────────
    {
      from: 'passport.*',
      event: 'passport.restart',
      to: 'passport.starting',
      reenter: true,
      ctx: noError,
      spec: 'AT3 after not found, refused, expired or reused: a new request to the person',
    },
    {
      from: 'passport.starting',
      event: done('startPassportSession'),
      to: 'passport.awaiting',
      ctx: (_, ev) => ({ epdp: ev.output, authCode: '', error: null }),
      spec: 'spec 7 GET v1/epdp/get-session-id; AT3 the confirmation page link',
    },
    {
      from: 'passport.starting',
      event: failed('startPassportSession'),
      to: 'passport.sessionFailed',
      ctx: err,
      spec: 'spec 8 a failed call shows an error, with a retry',
    },
    {
      from: 'passport.sessionFailed',
      event: 'passport.retry',
      to: 'passport.starting',
      ctx: noError,
      spec: 'spec 8 retry',
    },
    {
      from: 'passport.awaiting',
      event: 'code.submit',
      when: (_, ev) => wellFormedCode(ev.code),
      to: 'passport.reading',
      ctx: (_, ev) => ({ authCode: ev.code.trim().toUpperCase(), error: null }),
      spec: 'spec 7 GET v1/epdp/passport-info?auth_code; AT3',
    },
    {
      from: 'passport.awaiting',
      event: 'code.submit',
      to: '.',
      ctx: invalid('invalid.authCode'),
      spec: 'AT3 a code that cannot be one is refused before any call',
    },
    {
      from: 'passport.reading',
      event: done('readPassport'),
      when: (_, ev) => ev.output.outcome === 'ok' && ev.output.person !== null,
      to: 'passport.review',
      ctx: (_, ev) => ({
        person: ev.output.person,
        editable: emptyAddressFields(ev.output.person),
        error: null,
      }),
      spec: 'the AT 39 requirements step 1: clientPassportInfo, clientFioInfo, clientAddressInfo filled',
    },
    {
      from: 'passport.reading',
      event: done('readPassport'),
      when: (_, ev) => ev.output.outcome === 'refused',
      to: 'passport.refused',
      spec: 'the AT 39 requirements "refused … codes each reach their own error state"',
    },
    {
      from: 'passport.reading',
      event: done('readPassport'),
      when: (_, ev) => ev.output.outcome === 'expired',
      to: 'passport.expired',
      spec: 'the AT 39 requirements "expired … codes each reach their own error state"',
    },
    {
      from: 'passport.reading',
      event: done('readPassport'),
      when: (_, ev) => ev.output.outcome === 'reused',
      to: 'passport.reused',
      spec: 'the AT 39 requirements "reused codes each reach their own error state"',
    },
    {
      from: 'passport.reading',
      event: done('readPassport'),
      to: 'passport.notFound',
      spec: 'the AT 39 requirements "not-found … codes each reach their own error state"',
    },
    {
      from: 'passport.reading',
      event: failed('readPassport'),
      to: 'passport.awaiting',
      ctx: err,
      spec: 'spec 8 a failed call shows an error; the code may be sent again',
    },
    {
      from: 'passport.review',
      event: 'person.confirm',
      to: 'creating',
      spec: 'the AT 39 requirements step 2 create-registration',
    },

    // ── 2. create-registration (E129) ──────────────────────────────────────────────────────────────────────
    {
      from: 'creating',
      event: done('createRegistration'),
      to: 'kit.entering',
      ctx: (_, ev) => ({ registrationId: ev.output, status: 'draft', error: null }),
      spec: 'the AT 39 requirements step 2 → registrationId; AT2 a new registration is a draft',
    },
    {
      from: 'creating',
      event: failed('createRegistration'),
      to: 'createFailed',
      ctx: err,
      spec: 'spec 8 E129',
    },
    { from: 'createFailed', event: 'create.retry', to: 'creating', ctx: noError, spec: 'spec 8 retry' },
    {
      from: 'createFailed',
      event: 'workplace.change',
      to: 'workplace.entering',
      ctx: noError,
      spec: 'AT1 E129: another token',
    },

    // ── 3. the SIM kit (E091, E105, E121) ──────────────────────────────────────────────────────────────────
    {
      from: 'kit.entering',
      event: 'kit.submit',
      when: (_, ev) => markedCode(ev.markedCode),
      to: 'kit.checking',
      ctx: noError,
      spec: 'spec 7 GET get-client-card?markedCode; PRI8 then PUT update-registration attaches it',
    },
    {
      from: 'kit.entering',
      event: 'kit.submit',
      to: '.',
      ctx: invalid('invalid.markedCode'),
      spec: 'AT5 format',
    },
    {
      from: 'kit.checking',
      event: done('attachKit'),
      to: 'account.banEntering',
      ctx: (_, ev) => ({ card: ev.output, error: null }),
      spec: 'the AT 39 requirements step 3 → client card; step 4 next',
    },
    {
      from: 'kit.checking',
      event: failed('attachKit'),
      to: 'kit.entering',
      ctx: err,
      spec: 'spec 8 E091 SIM not found or another user’s, E105 kit sold, E121 another region',
    },

    // ── 4. the account (E052, E125, price plans, reserve-equipment: taken, E123, E025) ─────────────────────
    {
      from: 'account.banEntering',
      event: 'ban.submit',
      when: (_, ev) => ban(ev.ban),
      to: 'account.banChecking',
      ctx: (_, ev) => ({ ban: ev.ban.trim(), error: null }),
      spec: 'spec 7 GET ban-exists?ban,registrationId',
    },
    {
      from: 'account.banEntering',
      event: 'ban.submit',
      to: '.',
      ctx: invalid('invalid.ban'),
      spec: 'spec 5 BAN 9 digits',
    },
    {
      from: 'account.banChecking',
      event: done('attachBan'),
      to: 'account.loadingPlans',
      spec: 'spec 7 get-price-plans',
    },
    {
      from: 'account.banChecking',
      event: failed('attachBan'),
      to: 'account.banEntering',
      ctx: err,
      spec: 'spec 8 E052 BAN not found, E125 number belongs to another BAN',
    },
    {
      from: 'account.loadingPlans',
      event: done('fetchPricePlans'),
      to: 'account.choosing',
      ctx: (_, ev) => ({ tariffs: ev.output, error: null }),
      spec: 'spec 3 tariffs',
    },
    {
      from: 'account.loadingPlans',
      event: failed('fetchPricePlans'),
      to: 'account.plansFailed',
      ctx: err,
      spec: 'spec 8 a failed call shows an error',
    },
    {
      from: 'account.plansFailed',
      event: 'plans.retry',
      to: 'account.loadingPlans',
      ctx: noError,
      spec: 'spec 8 retry',
    },
    {
      from: ['account.plansFailed', 'account.choosing'],
      event: 'ban.change',
      to: 'account.banEntering',
      ctx: noError,
      spec: 'AT5 another BAN',
    },
    {
      from: 'account.choosing',
      event: 'number.reserve',
      when: (_, ev) => digitsOf(ev.phoneNumber).length === 9 && ev.pricePlanId !== null,
      to: 'account.reserving',
      ctx: (_, ev) => ({ phoneNumber: digitsOf(ev.phoneNumber), pricePlanId: ev.pricePlanId, error: null }),
      spec: 'spec 7 POST reserve-equipment (regionId, registrationId, phoneNumber)',
    },
    {
      from: 'account.choosing',
      event: 'number.reserve',
      to: '.',
      ctx: invalid('invalid.reservation'),
      spec: 'AT5 a number of 9 digits and a price plan',
    },
    {
      from: 'account.reserving',
      event: done('reserveNumber'),
      to: 'documents.loading',
      ctx: () => ({ status: 'documents' }),
      spec: 'spec 4 phone reservation; AT2 reserved → documents missing; step 5 next',
    },
    {
      from: 'account.reserving',
      event: failed('reserveNumber'),
      to: 'account.choosing',
      ctx: err,
      spec: 'the AT 39 requirements "a reserved number cannot be reserved twice"; spec 8 E123, E025 (AT4)',
    },

    // ── 5. documents (reg-docs, save-doc: E118) ────────────────────────────────────────────────────────────
    {
      from: 'documents.loading',
      event: done('fetchDocs'),
      to: 'documents.listing',
      ctx: (_, ev) => ({ docs: ev.output, error: null }),
      spec: 'spec 7 GET docs/reg-docs?reg_id',
    },
    {
      from: 'documents.loading',
      event: failed('fetchDocs'),
      to: 'documents.loadFailed',
      ctx: err,
      spec: 'spec 8 a failed call shows an error',
    },
    {
      from: 'documents.loadFailed',
      event: 'docs.retry',
      to: 'documents.loading',
      ctx: noError,
      spec: 'spec 8 retry',
    },
    {
      from: 'documents.listing',
      event: 'documents.continue',
      to: 'documents.checking',
      ctx: noError,
      spec: 'AT6 continuing asks the server what is uploaded (docs/reg-docs)',
    },
    {
      from: 'documents.checking',
      event: done('fetchDocs'),
      when: (_, ev) => ev.output.length > 0 && ev.output.every((d: Ctx) => d.uploaded),
      to: 'review.ready',
      ctx: (_, ev) => ({ docs: ev.output, error: null }),
      spec: 'AT6 all needed documents uploaded → step 6 submit',
    },
    {
      from: 'documents.checking',
      event: done('fetchDocs'),
      to: 'documents.listing',
      ctx: (_, ev) => ({ docs: ev.output, error: 'invalid.documents' }),
      spec: 'AT6 a document is missing: said, the step stays',
    },
    {
      from: 'documents.checking',
      event: failed('fetchDocs'),
      to: 'documents.listing',
      ctx: err,
      spec: 'spec 8 a failed call shows an error',
    },

    // ── 6. review, edit (update-registration), submit (E094) ───────────────────────────────────────────────
    {
      from: 'review.ready',
      event: 'registration.submit',
      to: 'review.submitting',
      spec: 'spec 7 POST register/?registrationId',
    },
    {
      from: 'review.ready',
      event: 'documents.back',
      to: 'documents.loading',
      spec: 'AT7 back to the documents',
    },
    {
      from: 'review.ready',
      event: 'person.edit',
      when: (c) => c.editable.length > 0,
      to: 'review.editing',
      spec: 'spec 7 PUT register/update-registration; PRI7 only the address fields the service left empty',
    },
    {
      from: 'review.ready',
      event: 'person.edit',
      to: '.',
      ctx: invalid('invalid.nothingToFill'),
      spec: 'PRI7 the service gave every field: nothing to fill in, said',
    },
    {
      from: 'review.editing',
      event: 'person.save',
      to: 'review.updating',
      ctx: (_, ev) => ({ edit: ev.edit, error: null }),
      spec: 'spec 7 PUT register/update-registration; PRI7 the address fields the service left empty',
    },
    {
      from: 'review.editing',
      event: 'edit.cancel',
      to: 'review.ready',
      ctx: noError,
      spec: 'AT7 cancel the edit',
    },
    {
      from: 'review.updating',
      event: done('updatePerson'),
      to: 'review.ready',
      ctx: (c) => ({ person: { ...c.person, address: c.edit.address }, edit: null, error: null }),
      spec: 'spec 7 update-registration; the summary shows the edit',
    },
    {
      from: 'review.updating',
      event: failed('updatePerson'),
      to: 'review.editing',
      ctx: err,
      spec: 'spec 8 a failed call shows an error, the typed edit stays',
    },
    {
      from: 'review.submitting',
      event: done('submitRegistration'),
      to: 'done',
      ctx: () => ({ status: 'submitted', error: null }),
      spec: "spec 8 'Регистрация прошла успешно'; AT2 submitted",
    },
    {
      from: 'review.submitting',
      event: failed('submitRegistration'),
      when: (_, ev) => reservationLost(ev),
      to: 'account.banEntering',
      ctx: () => ({ phoneNumber: null, status: 'draft', error: 'reservation.expired' }),
      spec: 'PRI2 the number is free again after RESERVATION_MINUTES: reserve one again, the reason said',
    },
    {
      from: 'review.submitting',
      event: failed('submitRegistration'),
      to: 'review.ready',
      ctx: err,
      spec: 'spec 8 E094 registration not found or another user’s',
    },
  ],
};
