import type { AnyEventObject } from 'xstate';
import { type At39ListParams, DEFAULT_AT39_PARAMS } from '@/domain/at39.rules';
import type { At39ListInput, At39ListPage } from '@/machines/at39-list.machine';
import type {
  At39Card,
  At39Doc,
  At39EpdpSession,
  At39PassportResult,
  At39Person,
  At39Stored,
  At39Tariff,
  At39Workplace,
} from '@/machines/at39-registration.machine';
import { ApiFailure } from '@/services/api/api-error';
import type { EventPayloads } from '../support/model-universe';

/**
 * Realistic events and actor results of the two AT 39 charts (model paths, oracles, view walks, unit tests). Every
 * guard sees both outcomes (a well-formed and a malformed token, code, marked code, BAN and number; every passport
 * outcome; each resume step; documents complete and not), and every catalogue error of the issue is one of the
 * failures an actor answers: E127, E128, E129 (token), E129 (create), E094 (resume, submit), E091, E105, E121 (kit),
 * E052, E125 (BAN), E013 number taken, E123, E025 (reserve), E013 reservation expired (submit, PRI2). E118 is the
 * upload chart's (the documents step mounts it). A person with and without address fields to fill in (PRI7).
 */

export const TOKEN = 'WP-SD-TASHKENT-01';
export const AUTH_CODE = 'ABCD2345';
export const MARKED_CODE = '8999801000001';
export const BAN = '100234561';

export const workplace: At39Workplace = { name: 'Chilonzor savdo ofisi', regionId: 1 };
export const epdp: At39EpdpSession = {
  sessionId: 'f00dfeed',
  confirmUrl: 'http://127.0.0.1:64651/epdp/confirm?session=f00dfeed',
};
export const karimov: At39Person = {
  fio: { surname: 'Karimov', name: 'Jasur', patronymic: 'Akmalovich' },
  address: {
    regionId: 1,
    city: 'Toshkent',
    street: 'Amir Temur',
    district: 'Yunusobod',
    houseNumber: '15',
    apartmentNumber: '42',
    postIndex: '100084',
  },
  passport: {
    pinfl: '31203901234567',
    gender: 'M',
    birthDate: '1990-03-12',
    passport: 'AA1234567',
    issuedBy: 'Toshkent shahar IIBB',
    issuedDate: '2019-05-20',
  },
};
export const passportOk: At39PassportResult = { outcome: 'ok', person: karimov };
/** A person the passport service knows without a flat number (that field may be filled in, PRI7). */
export const passportWithGaps: At39PassportResult = {
  outcome: 'ok',
  person: { ...karimov, address: { ...karimov.address, apartmentNumber: '' } },
};
const outcome = (o: At39PassportResult['outcome']): At39PassportResult => ({ outcome: o, person: null });
export const card: At39Card = {
  markedCode: MARKED_CODE,
  iccid: '8999808999801000001',
  sn: '907000001',
  regionId: 1,
};
export const tariffs: readonly At39Tariff[] = [
  { id: 1, name: 'Biznes Start', price: 45_000 },
  { id: 2, name: 'Biznes Pro', price: 79_000 },
];
export const docsMissing: readonly At39Doc[] = [
  { kind: 'passport', uploaded: false, fileName: null },
  { kind: 'application', uploaded: false, fileName: null },
];
export const docsComplete: readonly At39Doc[] = [
  { kind: 'passport', uploaded: true, fileName: 'passport.png' },
  { kind: 'application', uploaded: true, fileName: 'ariza.pdf' },
];
export const scan = new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], { type: 'application/pdf' });

const stored = (over: Partial<At39Stored>): At39Stored => ({
  registrationId: '501',
  status: 'draft',
  workplace,
  person: karimov,
  card: null,
  ban: null,
  pricePlanId: null,
  phoneNumber: null,
  docs: docsMissing,
  editable: [],
  ...over,
});
/** Resume points (AT7): a draft without a kit (its person with empty address fields to fill in, PRI7), one without a
 *  number, one missing documents, a complete one, a submitted one (read-only). */
export const storedAtKit = stored({ editable: ['apartmentNumber', 'postIndex'] });
export const storedAtAccount = stored({ card });
export const storedAtDocuments = stored({
  card,
  ban: BAN,
  pricePlanId: 1,
  phoneNumber: '907000001',
  status: 'documents',
});
export const storedComplete = stored({ ...storedAtDocuments, docs: docsComplete });
/** A complete registration whose person has an address field the passport service left empty (PRI7). */
export const storedCompleteWithGaps = stored({ ...storedComplete, editable: ['apartmentNumber'] });
export const storedSubmitted = stored({ ...storedComplete, status: 'submitted' });
/** A registered registration is read-only like a submitted one. */
export const storedRegistered = stored({ ...storedComplete, status: 'registered' });
/** A draft at the account step whose kit was issued in another region than the workplace's: the reservation takes the
 *  workplace's region (POST reserve-equipment). */
export const storedAtAccountOtherRegion = stored({ card: { ...card, regionId: 2 } });

const api = (code: string) => new ApiFailure({ kind: 'server', code });
export const offline = new ApiFailure({ kind: 'network' });

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });

export const at39RegistrationPayloads: EventPayloads = {
  'route.entered': [
    { type: 'route.entered', registrationId: null },
    { type: 'route.entered', registrationId: '501' },
    // an empty id is a new registration, not a resume
    { type: 'route.entered', registrationId: '' },
  ],
  'token.submit': [
    { type: 'token.submit', token: TOKEN },
    { type: 'token.submit', token: 'bad token' },
    // leading and trailing spaces are trimmed (the same token, stored trimmed)
    { type: 'token.submit', token: `  ${TOKEN} ` },
    // one under the minimum length of 8 (a token of exactly 8 would duplicate the whole graph under another token)
    { type: 'token.submit', token: 'ABCDEFG' },
  ],
  'code.submit': [
    { type: 'code.submit', code: AUTH_CODE },
    { type: 'code.submit', code: '12' },
    // spaces around and lower case: the same code
    { type: 'code.submit', code: ` ${AUTH_CODE.toLowerCase()}  ` },
  ],
  'kit.submit': [
    { type: 'kit.submit', markedCode: MARKED_CODE },
    { type: 'kit.submit', markedCode: 'sim' },
    { type: 'kit.submit', markedCode: ` ${MARKED_CODE}  ` },
  ],
  'ban.submit': [
    { type: 'ban.submit', ban: BAN },
    { type: 'ban.submit', ban: '12' },
    { type: 'ban.submit', ban: ` ${BAN} ` },
  ],
  'number.reserve': [
    { type: 'number.reserve', phoneNumber: '90 700 00 01', pricePlanId: 1 },
    { type: 'number.reserve', phoneNumber: '90 700', pricePlanId: 1 },
    // the number without separators, and a well-formed number without a price plan
    { type: 'number.reserve', phoneNumber: '907000001', pricePlanId: 1 },
    { type: 'number.reserve', phoneNumber: '90 700 00 01', pricePlanId: null },
    // the second plan of the list: the one chosen is reserved, not the first offered
    { type: 'number.reserve', phoneNumber: '90 700 00 01', pricePlanId: 2 },
  ],
  'person.save': [{ type: 'person.save', edit: { address: { ...karimov.address, apartmentNumber: '7' } } }],
  'xstate.done.actor.checkToken': [done('checkToken', workplace)],
  'xstate.error.actor.checkToken': [
    fail('checkToken', api('E127')),
    fail('checkToken', api('E128')),
    fail('checkToken', api('E129')),
  ],
  'xstate.done.actor.startPassportSession': [done('startPassportSession', epdp)],
  'xstate.error.actor.startPassportSession': [fail('startPassportSession', offline)],
  'xstate.done.actor.readPassport': [
    done('readPassport', passportOk),
    done('readPassport', passportWithGaps),
    // 'ok' without person data is not a person
    done('readPassport', outcome('ok')),
    done('readPassport', outcome('notFound')),
    done('readPassport', outcome('refused')),
    done('readPassport', outcome('expired')),
    done('readPassport', outcome('reused')),
  ],
  'xstate.error.actor.readPassport': [fail('readPassport', offline)],
  'xstate.done.actor.createRegistration': [done('createRegistration', '501')],
  'xstate.error.actor.createRegistration': [fail('createRegistration', api('E129'))],
  'xstate.done.actor.loadRegistration': [
    done('loadRegistration', storedAtKit),
    done('loadRegistration', storedAtAccount),
    done('loadRegistration', storedAtDocuments),
    done('loadRegistration', storedComplete),
    done('loadRegistration', storedCompleteWithGaps),
    done('loadRegistration', storedSubmitted),
    done('loadRegistration', storedRegistered),
    done('loadRegistration', storedAtAccountOtherRegion),
  ],
  'xstate.error.actor.loadRegistration': [fail('loadRegistration', api('E094'))],
  'xstate.done.actor.attachKit': [done('attachKit', card)],
  'xstate.error.actor.attachKit': [
    fail('attachKit', api('E091')),
    fail('attachKit', api('E105')),
    fail('attachKit', api('E121')),
  ],
  'xstate.done.actor.attachBan': [done('attachBan', undefined)],
  'xstate.error.actor.attachBan': [fail('attachBan', api('E052')), fail('attachBan', api('E125'))],
  'xstate.done.actor.fetchPricePlans': [done('fetchPricePlans', tariffs)],
  'xstate.error.actor.fetchPricePlans': [fail('fetchPricePlans', offline)],
  'xstate.done.actor.reserveNumber': [done('reserveNumber', undefined)],
  'xstate.error.actor.reserveNumber': [
    fail('reserveNumber', api('E013')),
    fail('reserveNumber', api('E123')),
    fail('reserveNumber', api('E025')),
  ],
  'xstate.done.actor.fetchDocs': [done('fetchDocs', docsMissing), done('fetchDocs', docsComplete)],
  'xstate.error.actor.fetchDocs': [fail('fetchDocs', offline)],
  'xstate.done.actor.updatePerson': [done('updatePerson', undefined)],
  'xstate.error.actor.updatePerson': [fail('updatePerson', offline)],
  'xstate.done.actor.submitRegistration': [done('submitRegistration', undefined)],
  'xstate.error.actor.submitRegistration': [
    fail('submitRegistration', api('E094')),
    fail(
      'submitRegistration',
      new ApiFailure({ kind: 'server', code: 'E013', description: 'reservation expired' }),
    ),
  ],
};

/** The model-test entry of the registration chart (tests/support/model-registry.ts). */
export const at39RegistrationModelEntry = {
  id: 'at39Registration',
  payloads: at39RegistrationPayloads,
  // six stored registrations to resume and five passport answers: the read-only resume needs a longer walk
  walkSteps: 4000,
} as const;

// ── the list ────────────────────────────────────────────────────────────────────────────────────────────────

export const listInput: At39ListInput = { params: DEFAULT_AT39_PARAMS };
export const filteredListParams: At39ListParams = {
  ...DEFAULT_AT39_PARAMS,
  status: 'rejected',
  region: 1,
  page: 2,
};
export const listPage: At39ListPage = {
  rows: [
    {
      registrationId: '501',
      clientName: 'Karimov Jasur Akmalovich',
      phoneNumber: '907000001',
      regionId: 1,
      status: 'rejected',
      createdAt: '2026-11-20T09:00:00.000Z',
      commentCount: 1,
    },
  ],
  // 381 = 19 × 20 + 1: 20 pages of 20, but 21 of 19 and 19 of 21, so a page size one off either way shows
  total: 381,
};
export const comments = [
  {
    text: 'Pasport nusxasi oʻqilmaydi, qayta yuklang.',
    author: 'backoffice',
    createdAt: '2026-11-21T10:00:00.000Z',
  },
];

export const at39ListPayloads: EventPayloads = {
  'params.changed': [
    { type: 'params.changed', params: DEFAULT_AT39_PARAMS },
    { type: 'params.changed', params: filteredListParams },
  ],
  'comments.open': [{ type: 'comments.open', registrationId: '501' }],
  'xstate.done.actor.fetchRegistrations': [done('fetchRegistrations', listPage)],
  'xstate.error.actor.fetchRegistrations': [fail('fetchRegistrations', offline)],
  'xstate.done.actor.fetchComments': [done('fetchComments', comments)],
  'xstate.error.actor.fetchComments': [fail('fetchComments', api('E094'))],
  'xstate.done.actor.downloadStatistics': [done('downloadStatistics', undefined)],
  'xstate.error.actor.downloadStatistics': [fail('downloadStatistics', offline)],
};

export const at39ListModelEntry = { id: 'at39List', input: listInput, payloads: at39ListPayloads } as const;
