import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import {
  anyId,
  blobResult,
  digits,
  idParam,
  noResult,
  wireDate,
  wireInt,
  wirePage,
  wireSize,
} from './fields.contract';

/**
 * AT 39: registering subscribers by passport data (spec 3 "AT 39 registration"; spec 7 "AT 39").
 * The module's calls sit under `at39/` (decided: spec 7 lists them without a prefix), except the passport
 * service, which spec 7 spells absolutely as `/api/v1/epdp/…`.
 * Passport data flows through these shapes: never log them.
 */

/** Full name (spec 3 clientFioInfo). */
export const clientFioInfo = z.looseObject({
  surname: z.nullish(z.string()),
  name: z.nullish(z.string()),
  patronymic: z.nullish(z.string()),
});

/** Address (spec 3 clientAddressInfo). */
export const clientAddressInfo = z.looseObject({
  regionId: z.nullish(anyId),
  city: z.nullish(z.string()),
  street: z.nullish(z.string()),
  district: z.nullish(z.string()),
  houseNumber: z.nullish(z.string()),
  apartmentNumber: z.nullish(z.string()),
  postIndex: z.nullish(z.string()),
});

/** Passport (spec 3 clientPassportInfo): gender F or M. */
export const clientPassportInfo = z.looseObject({
  pinfl: z.nullish(z.string()),
  gender: z.nullish(z.enum(['F', 'M'])),
  birthDate: z.nullish(z.string()),
  passport: z.nullish(z.string()),
  issuedBy: z.nullish(z.string()),
  issuedDate: z.nullish(z.string()),
});

/** Person data as the passport service returns it. */
export const personDataSchema = z.looseObject({
  clientFioInfo: z.nullish(clientFioInfo),
  clientAddressInfo: z.nullish(clientAddressInfo),
  clientPassportInfo: z.nullish(clientPassportInfo),
});
export type PersonData = z.infer<typeof personDataSchema>;

/** GET at39/workplace/{token} params: the link token of the AT 39 module (E127, E128 invalid, E129 expired). */
export const tokenParams = z.object({ token: z.string().check(z.regex(/^[A-Za-z0-9._~-]{8,512}$/)) });
export type TokenParams = z.infer<typeof tokenParams>;

/** GET at39/{token} result: who works where. */
export const tokenInfoSchema = z.looseObject({
  workplaceName: z.nullish(z.string()),
  regionId: z.nullish(anyId),
});
export type TokenInfo = z.infer<typeof tokenInfoSchema>;

/** GET v1/epdp/get-session-id result: the session of the passport service. */
export const epdpSessionSchema = z.looseObject({
  sessionId: z.string(),
  /** where the person confirms (the simulator's page on the demo port; docs/decisions.md AT3) */
  confirmUrl: z.nullish(z.string()),
});
export type EpdpSession = z.infer<typeof epdpSessionSchema>;

/** GET v1/epdp/passport-info query. */
export const passportInfoQuery = z.object({ auth_code: z.string().check(z.minLength(1), z.maxLength(500)) });
export type PassportInfoQuery = z.infer<typeof passportInfoQuery>;

/**
 * GET v1/epdp/passport-info result: the service's outcome for the code (AT3) and, when `ok`, the person. The
 * service's own refusals are outcomes, not catalogue codes: the spec's catalogue has none for them. A code never issued
 * to the caller (mistyped) is no outcome: E013 `wrong auth code` (docs/decisions.md AT10).
 */
export const passportInfoSchema = z.extend(personDataSchema, {
  outcome: z.enum(['ok', 'notFound', 'refused', 'expired', 'reused']),
});
export type PassportInfo = z.infer<typeof passportInfoSchema>;

const req = (max = 200) => z.string().check(z.minLength(1), z.maxLength(max));
const opt = (max = 200) => z.optional(z.string().check(z.maxLength(max)));

const fioBody = z.object({ surname: req(100), name: req(100), patronymic: opt(100) });
const addressBody = z.object({
  regionId: anyId,
  city: opt(),
  street: opt(),
  district: opt(),
  houseNumber: opt(20),
  apartmentNumber: opt(20),
  postIndex: opt(20),
});
const passportBody = z.object({
  pinfl: z.string().check(z.regex(/^\d{14}$/)),
  gender: z.enum(['F', 'M']),
  birthDate: req(40),
  passport: req(20),
  issuedBy: opt(),
  issuedDate: opt(40),
});

/**
 * POST at39/register/create-registration body. The person comes from the confirmation `authCode` names (read once
 * with passport-info; it creates one registration): the person blocks may be left out, and any value they carry must
 * be the service's (E013 otherwise) except an address field the service left empty (docs/decisions.md PRI6, PRI7).
 */
export const registrationBody = z.object({
  /** the passport service's one-time code this staff member read the person with */
  authCode: z.string().check(z.regex(/^[A-Za-z0-9]{8}$/)),
  clientFioInfo: z.optional(fioBody),
  clientAddressInfo: z.optional(addressBody),
  clientPassportInfo: z.optional(passportBody),
  workplaceName: opt(),
  regionId: z.optional(anyId),
  /** the workplace token the registration is made under (E127, E128, E129 checked again on create) */
  token: z.optional(z.string().check(z.maxLength(512))),
});
export type RegistrationBody = z.input<typeof registrationBody>;

/** create-registration result. */
export const registrationCreatedSchema = z.looseObject({ registrationId: anyId });
export type RegistrationCreated = z.infer<typeof registrationCreatedSchema>;

const markedCode = z.string().check(z.minLength(1), z.maxLength(100));

/**
 * GET at39/get-client-card query: the marked code of the SIM kit (E091, E105, E121). A look only: the kit is attached
 * with update-registration (a GET changes nothing, finding 30).
 */
export const clientCardQuery = z.object({
  markedCode,
  /** the registration the kit is for: its region is checked (E121) */
  registrationId: z.optional(idParam),
});
export type ClientCardQuery = z.infer<typeof clientCardQuery>;

/** A SIM kit (client card). */
export const clientCardSchema = z.looseObject({
  markedCode: z.nullish(z.string()),
  iccid: z.nullish(z.string()),
  sn: z.nullish(z.string()),
  regionId: z.nullish(anyId),
  /** the corporate account the kit was issued for, when any (E125 on ban-exists for another BAN) */
  ban: z.nullish(z.string()),
});
export type ClientCard = z.infer<typeof clientCardSchema>;

/** GET at39/docs/reg-docs query. */
export const regDocsQuery = z.object({ reg_id: idParam });
export type RegDocsQuery = z.input<typeof regDocsQuery>;

/** A document attached to a registration. */
export const regDocSchema = z.looseObject({
  id: anyId,
  name: z.nullish(z.string()),
  type: z.nullish(z.union([z.string(), z.number()])),
  /** whether a file is attached for this kind */
  uploaded: z.nullish(z.boolean()),
  fileName: z.nullish(z.string()),
});
export type RegDoc = z.infer<typeof regDocSchema>;
export const regDocsSchema = z.array(regDocSchema);

/** POST at39/docs/save-doc multipart fields (besides the file, E118 bad format). */
export const saveDocFields = z.object({
  registration_id: idParam,
  /** which needed document the file is (docs/reg-docs `type`); without it, the first one still missing */
  type: z.optional(z.enum(['passport', 'application'])),
});
export type SaveDocFields = z.input<typeof saveDocFields>;

/** GET at39/ban-exists query (a look only; the BAN is saved with update-registration, finding 30). */
export const banExistsQuery = z.object({ ban: digits, registrationId: idParam });
export type BanExistsQuery = z.input<typeof banExistsQuery>;

/** ban-exists result. */
export const banExistsSchema = z.looseObject({ exists: z.boolean() });
export type BanExists = z.infer<typeof banExistsSchema>;

/** `registrationId` in a query. */
export const registrationIdQuery = z.object({ registrationId: idParam });
export type RegistrationIdQuery = z.input<typeof registrationIdQuery>;

/** POST at39/get-price-plans body. */
export const pricePlansBody = z.object({ registrationId: idParam, regionId: z.optional(anyId) });
export type PricePlansBody = z.input<typeof pricePlansBody>;

/** A tariff offered for the registration. */
export const tariffSchema = z.looseObject({
  id: anyId,
  name: z.string(),
  price: z.nullish(z.number()),
});
export type Tariff = z.infer<typeof tariffSchema>;
export const tariffsSchema = z.array(tariffSchema);

/** GET at39/register/filter query: registrations page by page (statuses are not shown in the spec). */
export const registerFilterQuery = z.object({
  dt1: z.optional(wireDate),
  dt2: z.optional(wireDate),
  status: z.optional(z.string().check(z.maxLength(40))),
  region: z.optional(wireInt),
  q: z.optional(z.string().check(z.maxLength(100))),
  page: wirePage,
  size: wireSize,
});
export type RegisterFilterQuery = z.input<typeof registerFilterQuery>;

/** A registration in the list. */
export const registrationRowSchema = z.looseObject({
  registrationId: anyId,
  status: z.nullish(z.union([z.string(), z.number()])),
  clientFioInfo: z.nullish(clientFioInfo),
  phoneNumber: z.nullish(z.string()),
  createdAt: z.nullish(z.string()),
  regionId: z.nullish(anyId),
  /** when the status last changed (ISO) */
  statusAt: z.nullish(z.string()),
  commentCount: z.nullish(z.number()),
});
export type RegistrationRow = z.infer<typeof registrationRowSchema>;

/** register/filter result (spec 3: list, total_count). */
export const registrationListSchema = z.looseObject({
  list: z.array(registrationRowSchema),
  total_count: z.int().check(z.nonnegative()),
});
export type RegistrationList = z.infer<typeof registrationListSchema>;

/** GET at39/docs/statistics query (zip/xlsx archive). */
export const statisticsQuery = z.object({ dt1: z.optional(wireDate), dt2: z.optional(wireDate) });
export type StatisticsQuery = z.input<typeof statisticsQuery>;

/** A comment on a registration (spec 3 "comments"). */
export const commentSchema = z.looseObject({
  text: z.string(),
  author: z.nullish(z.string()),
  createdAt: z.nullish(z.string()),
});
export type Comment = z.infer<typeof commentSchema>;

/** GET at39/register/comment result. */
export const commentsSchema = z.looseObject({ comments: z.nullish(z.array(commentSchema)) });
export type Comments = z.infer<typeof commentsSchema>;

/** POST at39/reserve-equipment body (spec 7): reserve a phone number for the registration. */
export const reserveEquipmentBody = z.object({
  regionId: anyId,
  registrationId: idParam,
  phoneNumber: digits,
  /** the price plan chosen from get-price-plans (recorded with the number) */
  pricePlanId: z.optional(anyId),
});
export type ReserveEquipmentBody = z.input<typeof reserveEquipmentBody>;

/** GET at39/register/get-reg-data query. */
export const regDataQuery = z.object({ registration_id: idParam });
export type RegDataQuery = z.input<typeof regDataQuery>;

/** A registration with everything on it (spec 3 fields). */
export const registrationSchema = z.extend(personDataSchema, {
  registrationId: anyId,
  workplaceName: z.nullish(z.string()),
  regionId: z.nullish(anyId),
  status: z.nullish(z.union([z.string(), z.number()])),
  cards: z.nullish(z.array(clientCardSchema)),
  tariffs: z.nullish(tariffsSchema),
  comments: z.nullish(z.array(commentSchema)),
  phoneNumber: z.nullish(z.string()),
  markedCode: z.nullish(z.string()),
  ban: z.nullish(z.string()),
  pricePlanId: z.nullish(anyId),
  docs: z.nullish(regDocsSchema),
  createdAt: z.nullish(z.string()),
  /** the address fields the staff member may fill in: those the passport service left empty (PRI7) */
  editableFields: z.nullish(z.array(z.string())),
  /** while the number is reserved: until when (ISO; RESERVATION_MINUTES after the reservation, PRI2) */
  reservedUntil: z.nullish(z.string()),
});
export type Registration = z.infer<typeof registrationSchema>;

/**
 * PUT at39/register/update-registration body: what the staff member changes on a registration — the SIM kit
 * (`markedCode`: E091, E105, E121, E125), the BAN (`ban`: E052, E125) and the address fields the passport service left
 * empty; a value the service gave must stay as it is (E013). The writes the GET looks used to make (finding 30).
 */
export const updateRegistrationBody = z.object({
  registrationId: idParam,
  markedCode: z.optional(markedCode),
  ban: z.optional(digits),
  clientFioInfo: z.optional(fioBody),
  clientAddressInfo: z.optional(z.partial(addressBody)),
  clientPassportInfo: z.optional(passportBody),
});
export type UpdateRegistrationBody = z.input<typeof updateRegistrationBody>;

/** The AT 39 calls of spec 7 (the endpoint table's slice, docs/decisions.md AR7). */
export const at39Endpoints = {
  'at39.token': defineEndpoint({
    method: 'GET',
    // spec 7 'GET {token}' under at39/workplace/: a bare at39/{token} would shadow at39/ban-exists and the other
    // one-segment calls (docs/decisions.md AT1)
    path: 'at39/workplace/{token}',
    params: tokenParams,
    result: tokenInfoSchema,
    auth: 'session',
    summary: 'open the module with a link token (E127, E128, E129)',
  }),
  'at39.sessionId': defineEndpoint({
    method: 'GET',
    path: 'v1/epdp/get-session-id',
    result: epdpSessionSchema,
    auth: 'session',
    summary: 'session of the passport service',
  }),
  'at39.passportInfo': defineEndpoint({
    method: 'GET',
    path: 'v1/epdp/passport-info',
    query: passportInfoQuery,
    result: passportInfoSchema,
    auth: 'session',
    summary: 'person data by the passport-service auth code',
  }),
  'at39.createRegistration': defineEndpoint({
    method: 'POST',
    path: 'at39/register/create-registration',
    body: registrationBody,
    result: registrationCreatedSchema,
    auth: 'session',
    summary: 'start a registration',
  }),
  'at39.clientCard': defineEndpoint({
    method: 'GET',
    path: 'at39/get-client-card',
    query: clientCardQuery,
    result: clientCardSchema,
    auth: 'session',
    summary: 'look up a SIM kit by marked code (E091, E105, E121); changes nothing',
  }),
  'at39.regDocs': defineEndpoint({
    method: 'GET',
    path: 'at39/docs/reg-docs',
    query: regDocsQuery,
    result: regDocsSchema,
    auth: 'session',
    summary: 'documents of a registration',
  }),
  'at39.saveDoc': defineEndpoint({
    method: 'POST',
    path: 'at39/docs/save-doc',
    body: saveDocFields,
    multipart: true,
    fileField: 'file',
    result: noResult,
    auth: 'session',
    summary: 'attach a document (E118)',
  }),
  'at39.banExists': defineEndpoint({
    method: 'GET',
    path: 'at39/ban-exists',
    query: banExistsQuery,
    result: banExistsSchema,
    auth: 'session',
    summary: 'whether a BAN exists for the registration (E052, E125); changes nothing',
  }),
  'at39.register': defineEndpoint({
    method: 'POST',
    path: 'at39/register/',
    query: registrationIdQuery,
    result: noResult,
    auth: 'session',
    summary: 'complete the registration (E094)',
  }),
  'at39.pricePlans': defineEndpoint({
    method: 'POST',
    path: 'at39/get-price-plans',
    body: pricePlansBody,
    result: tariffsSchema,
    auth: 'session',
    summary: 'tariffs for the registration',
  }),
  'at39.filter': defineEndpoint({
    method: 'GET',
    path: 'at39/register/filter',
    query: registerFilterQuery,
    result: registrationListSchema,
    auth: 'session',
    summary: 'registrations page by page',
  }),
  'at39.statistics': defineEndpoint({
    method: 'GET',
    path: 'at39/docs/statistics',
    query: statisticsQuery,
    result: blobResult,
    reply: 'blob',
    auth: 'session',
    summary: 'statistics archive',
  }),
  'at39.comment': defineEndpoint({
    method: 'GET',
    path: 'at39/register/comment',
    query: registrationIdQuery,
    result: commentsSchema,
    auth: 'session',
    summary: 'comments of a registration',
  }),
  'at39.reserveEquipment': defineEndpoint({
    method: 'POST',
    path: 'at39/reserve-equipment',
    body: reserveEquipmentBody,
    result: noResult,
    auth: 'session',
    summary: 'reserve a phone number for the registration',
  }),
  'at39.regData': defineEndpoint({
    method: 'GET',
    path: 'at39/register/get-reg-data',
    query: regDataQuery,
    result: registrationSchema,
    auth: 'session',
    summary: 'one registration with all its data',
  }),
  'at39.updateRegistration': defineEndpoint({
    method: 'PUT',
    path: 'at39/register/update-registration',
    body: updateRegistrationBody,
    result: noResult,
    auth: 'session',
    summary: 'attach the kit, the BAN, fill in the address (E091, E105, E121, E052, E125, E013)',
  }),
} as const;
