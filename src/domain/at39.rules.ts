/**
 * AT 39 registration of subscribers by passport data (spec 1; spec 2 routes `/at39-registration` and
 * `/at39-registration/new`; spec 3 "AT 39 registration" fields; spec 7 "AT 39" calls; spec 8 E025, E052, E091, E094,
 * E105, E118, E121, E123, E125, E127-E129; spec 9 "Limit of 5 registered numbers per user (E025)").
 *
 * The spec shows no statuses ("AT 39 registration statuses: not shown"): they are ours (docs/decisions.md AT2).
 * Pure rules shared by the reference server (which enforces them) and the SPA (which shows and guards them).
 */

import { isOperatorNumber } from './golden.rules';
import { phoneDigits } from './validators.rules';

/** Registration statuses (AT2): who moves a registration between them is written next to each. */
export const AT39_STATUSES = ['draft', 'documents', 'submitted', 'registered', 'rejected'] as const;
export type At39Status = (typeof AT39_STATUSES)[number];

export function isAt39Status(s: unknown): s is At39Status {
  return typeof s === 'string' && (AT39_STATUSES as readonly string[]).includes(s);
}

/**
 * The statuses in which the staff member who owns the registration may still change it (kit, number, documents,
 * person): a draft, one whose documents are missing, and one the back office rejected (AT2). Submitted and registered
 * ones are read-only.
 */
export function isEditableStatus(status: At39Status): boolean {
  return status === 'draft' || status === 'documents' || status === 'rejected';
}

/** spec 9 "Limit of 5 registered numbers", read as per registered person (pinfl), AT4. */
export const MAX_NUMBERS_PER_PERSON = 5;

/** E025 when the person already has the maximum of numbers (reserved or registered). */
export function exceedsPersonLimit(numbersOfPerson: number): boolean {
  return numbersOfPerson >= MAX_NUMBERS_PER_PERSON;
}

/** E123 when the BAN ("the line") already has as many connections as its limit allows (AT5). */
export function exceedsLineLimit(connections: number, limit: number): boolean {
  return connections >= limit;
}

/** Rows per page of the registration list. */
export const AT39_PAGE_SIZE = 20;

/** Region ids of spec 3 `regionId` (the reference data's 14 regions). */
export const AT39_REGION_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14] as const;

/** The document kinds a registration needs (GET docs/reg-docs; AT6): the passport scan and the signed application. */
export const AT39_DOC_KINDS = ['passport', 'application'] as const;
export type At39DocKind = (typeof AT39_DOC_KINDS)[number];

/** Largest scan accepted (bytes); the kinds (PDF, JPEG, PNG by their bytes, E118 otherwise) are the upload rules'. */
export const MAX_SCAN_BYTES = 4 * 1024 * 1024;

/** The upload chart's target kind of one needed document (its id is the registration). */
export function uploadTargetKind(kind: At39DocKind): `at39-${At39DocKind}` {
  return `at39-${kind}`;
}

/** Whether every needed document of a registration is uploaded (the submit button opens then). */
export function hasAllDocuments(docs: readonly { readonly uploaded: boolean }[]): boolean {
  return docs.length > 0 && docs.every((d) => d.uploaded);
}

/** The outcome of the passport service for an auth code (AT3): each failure has its own error state. */
export const PASSPORT_OUTCOMES = ['ok', 'notFound', 'refused', 'expired', 'reused'] as const;
export type PassportOutcome = (typeof PASSPORT_OUTCOMES)[number];

/** Minutes an auth code of the passport service stays valid (AT3). */
export const AUTH_CODE_MINUTES = 5;

/** An auth code as the passport service hands it back: 8 upper-case letters and digits. */
export function isAuthCode(s: string): boolean {
  return /^[A-Z0-9]{8}$/.test(s.trim().toUpperCase());
}

/** The marked code printed on a SIM kit: 10 to 20 digits. */
export function isMarkedCode(s: string): boolean {
  return /^\d{10,20}$/.test(s.trim());
}

/**
 * The 9 digits of a number as typed ('+998 90 700 00 01', '90 700-00-01', '907000001'); '' when it is none: not 9
 * digits, or no operator code first (`isOperatorNumber`, docs/decisions.md PRI5).
 */
export function nationalNumber(s: string): string {
  const d = phoneDigits(s);
  const national = d.length === 12 && d.startsWith('998') ? d.slice(3) : d;
  return isOperatorNumber(national) ? national : '';
}

/** A phone number to reserve: 9 digits, an operator code first (as sn), with or without +998. */
export function isPhoneNumber(s: string): boolean {
  return nationalNumber(s) !== '';
}

/**
 * Minutes a number reserved by an unfinished registration stays held (docs/decisions.md PRI2): afterwards it is free
 * again (the reference server frees it at the next look at the inventory) and submitting asks for a number again.
 */
export const RESERVATION_MINUTES = 30;

/**
 * Why the server refused with E013 in AT 39 (the catalogue's "wrong value" with a description the chart reads, as the
 * golden checkout reads `taken:`): the number is not free, the registration's reservation ran out, the confirmation
 * was used for another registration already, or a value differs from what the passport service gave.
 */
export const AT39_REFUSALS = {
  numberTaken: 'number taken',
  reservationExpired: 'reservation expired',
  confirmationUsed: 'confirmation used',
  personConfirmed: 'person data comes from the passport service',
  wrongAuthCode: 'wrong auth code',
} as const;
export type At39Refusal = keyof typeof AT39_REFUSALS;

/** The refusal a failed call names (code and description), or null for any other failure. */
export function at39RefusalOf(code: string, description: string | null | undefined): At39Refusal | null {
  if (code !== 'E013' || !description) return null;
  const found = (Object.keys(AT39_REFUSALS) as At39Refusal[]).find((k) => AT39_REFUSALS[k] === description);
  return found ?? null;
}

/** The address fields of spec 3 clientAddressInfo a person form shows (regionId aside: a list, not text). */
export const AT39_ADDRESS_FIELDS = [
  'city',
  'district',
  'street',
  'houseNumber',
  'apartmentNumber',
  'postIndex',
] as const;
export type At39AddressField = (typeof AT39_ADDRESS_FIELDS)[number];

type Fields = Readonly<Record<string, unknown>>;
/** A person as the wire carries it (spec 3 clientFioInfo, clientAddressInfo, clientPassportInfo). */
export interface PersonBlocks {
  readonly clientFioInfo?: Fields | null;
  readonly clientAddressInfo?: Fields | null;
  readonly clientPassportInfo?: Fields | null;
}
const BLOCKS = ['clientFioInfo', 'clientAddressInfo', 'clientPassportInfo'] as const;

const given = (v: unknown) => v !== null && v !== undefined && String(v).trim() !== '';

/**
 * The address fields the staff member may fill in (finding 26, docs/decisions.md PRI7): those the passport service
 * left empty. Everything the service gave — the name, the passport, the filled address fields — is read-only.
 */
export function editableAddressFields(confirmedAddress: Fields | null | undefined): At39AddressField[] {
  return AT39_ADDRESS_FIELDS.filter((f) => !given(confirmedAddress?.[f]));
}

/**
 * The first field of `sent` that changes what the confirmation gave (`clientFioInfo.surname`), or null when `sent`
 * keeps it: every field the service gave is absent or equal, and a new value is only in an editable address field.
 */
export function changedConfirmedField(confirmed: PersonBlocks, sent: PersonBlocks): string | null {
  const editable = new Set<string>(editableAddressFields(confirmed.clientAddressInfo));
  for (const block of BLOCKS) {
    const values = sent[block] ?? {};
    for (const [field, value] of Object.entries(values)) {
      if (value === undefined || value === null) continue;
      const before = confirmed[block]?.[field];
      const fillable = block === 'clientAddressInfo' && editable.has(field);
      const changed = given(before) ? String(before) !== String(value) : given(value) && !fillable;
      if (changed) return `${block}.${field}`;
    }
  }
  return null;
}

/** The person after an edit that `changedConfirmedField` let through: the editable address fields filled in. */
export function withAddressFilled(current: PersonBlocks, confirmed: PersonBlocks, sent: PersonBlocks) {
  const address: Record<string, unknown> = { ...(current.clientAddressInfo ?? {}) };
  for (const f of editableAddressFields(confirmed.clientAddressInfo)) {
    const v = sent.clientAddressInfo?.[f];
    if (given(v)) address[f] = String(v).trim();
  }
  return { ...current, clientAddressInfo: address };
}

/** The registration steps, in order; a registration resumes at the first one not done (AT7). */
export const AT39_STEPS = ['passport', 'kit', 'account', 'documents', 'submit'] as const;
export type At39Step = (typeof AT39_STEPS)[number];

/** What a stored registration has done, as the resume rule reads it. */
export interface RegistrationProgress {
  readonly status: At39Status;
  readonly hasKit: boolean;
  readonly hasNumber: boolean;
  readonly docsComplete: boolean;
}

/**
 * The step a registration resumes at (from the list, or after a reload; AT7): no kit yet → kit; no number → account;
 * documents missing → documents; otherwise the submit step. Submitted and registered ones open read-only ('submit').
 */
export function resumeStep(p: RegistrationProgress): Exclude<At39Step, 'passport'> {
  if (!isEditableStatus(p.status)) return 'submit';
  if (!p.hasKit) return 'kit';
  if (!p.hasNumber) return 'account';
  if (!p.docsComplete) return 'documents';
  return 'submit';
}

/** The list's filter, in the URL and on the wire (dates ISO `YYYY-MM-DD`, '' = none; page 1-based). */
export interface At39ListParams {
  readonly dt1: string;
  readonly dt2: string;
  readonly status: At39Status | '';
  readonly region: number | null;
  readonly q: string;
  readonly page: number;
}

export const DEFAULT_AT39_PARAMS: At39ListParams = {
  dt1: '',
  dt2: '',
  status: '',
  region: null,
  q: '',
  page: 1,
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The list params from URL values (anything malformed falls back to its default). */
export function parseAt39Params(get: (name: string) => string | null): At39ListParams {
  const day = (v: string | null) => (v && ISO_DAY.test(v) ? v : '');
  const status = get('status');
  const region = Number(get('region'));
  const page = Number(get('page'));
  return {
    dt1: day(get('dt1')),
    dt2: day(get('dt2')),
    status: isAt39Status(status) ? status : '',
    region: (AT39_REGION_IDS as readonly number[]).includes(region) ? region : null,
    q: (get('q') ?? '').trim().slice(0, 100),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function sameAt39Params(a: At39ListParams, b: At39ListParams): boolean {
  return (
    a.dt1 === b.dt1 &&
    a.dt2 === b.dt2 &&
    a.status === b.status &&
    a.region === b.region &&
    a.q === b.q &&
    a.page === b.page
  );
}

/** A date range is either empty or both ends given in order (spec 5 'Выберите начальную и конечную дату'). */
export function isDateRangeValid(dt1: string, dt2: string): boolean {
  if (dt1 === '' && dt2 === '') return true;
  return ISO_DAY.test(dt1) && ISO_DAY.test(dt2) && dt1 <= dt2;
}

/** Pages of a list of `total` rows. */
export function pageCount(total: number, size = AT39_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}
