import { randomBytes } from 'node:crypto';
import {
  AT39_DOC_KINDS,
  AUTH_CODE_MINUTES,
  exceedsLineLimit,
  exceedsPersonLimit,
  hasAllDocuments,
  isEditableStatus,
  MAX_SCAN_BYTES,
} from '../../src/domain/at39.rules';
import { downloadName } from '../../src/domain/download.rules';
import { sniffUploadKind, UPLOAD_KINDS } from '../../src/domain/upload.rules';
import type { Registration, RegistrationRow } from '../../src/services/contract/at39.contract';
import { buildStatisticsXlsx } from '../at39/statistics';
import { MINUTE } from '../clock';
import { AT39_PRICE_PLANS, DEFAULT_LINE_LIMIT } from '../db/at39-seed';
import { ApiError, ensure, type Handlers, type RequestSession, type Services } from '../handler';
import {
  type At39Store,
  createAt39Store,
  type PersonRow,
  type RegistrationRowDb,
  ReservedAlready,
} from '../store/at39.store';

/**
 * AT 39 registration (docs/decisions.md "AT 39 registration"). Who may call: the AT39 navigation entry (R008, R005,
 * R009, R018-R023, R032; not while a BAN is selected) by the access table (server/permissions.ts). Per target: a
 * registration is its creator's only (E094 for anyone else's), a kit its holder's (E091), a token its owner's (E128).
 * Passport data never reaches the log.
 */

const stores = new WeakMap<Services, At39Store>();
export function at39Store(svc: Services): At39Store {
  let s = stores.get(svc);
  if (!s) {
    s = createAt39Store(svc.db);
    stores.set(svc, s);
  }
  return s;
}

const iso = (ms: number) => new Date(ms).toISOString();
const DAY = 86_400_000;

/** The person as the passport service answers (spec 3 clientFioInfo, clientAddressInfo, clientPassportInfo). */
export function personWire(p: PersonRow) {
  const s = (v: string | null) => (v === null || v === '' ? undefined : v);
  return {
    clientFioInfo: { surname: p.surname, name: p.name, patronymic: s(p.patronymic) },
    clientAddressInfo: {
      regionId: p.region_id,
      city: s(p.city),
      street: s(p.street),
      district: s(p.district),
      houseNumber: s(p.house_number),
      apartmentNumber: s(p.apartment_number),
      postIndex: s(p.post_index),
    },
    clientPassportInfo: {
      pinfl: p.pinfl,
      gender: p.gender,
      birthDate: p.birth_date,
      passport: p.passport,
      issuedBy: s(p.issued_by),
      issuedDate: s(p.issued_date),
    },
  };
}

/** A new one-time auth code: 8 upper-case letters and digits (no 0/O, 1/I to read it aloud). */
export function newAuthCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('');
}

/** The registration of `id` when it is the caller's (E094 otherwise: not found or another user's). */
function ownRegistration(svc: Services, session: RequestSession, id: string | number): RegistrationRowDb {
  const n = Number(id);
  const r = Number.isSafeInteger(n) ? at39Store(svc).registration(n) : undefined;
  ensure(r && r.user_id === session.user.id, 'E094');
  return r;
}

/** A registration the caller may still change (E094 for one already submitted or registered). */
function editableRegistration(svc: Services, session: RequestSession, id: string | number) {
  const r = ownRegistration(svc, session, id);
  ensure(isEditableStatus(r.status), 'E094', 'the registration is submitted');
  return r;
}

/** The workplace of a token, checked for the caller: E127 unknown, E128 another user's or revoked, E129 expired. */
function workplaceOf(svc: Services, session: RequestSession, token: string) {
  const t = at39Store(svc).token(token);
  ensure(t, 'E127');
  ensure(t.user_id === session.user.id && t.revoked === 0, 'E128');
  ensure(t.valid_until > svc.clock.now(), 'E129');
  return t;
}

function docsOf(svc: Services, regId: number) {
  const scans = new Map(
    at39Store(svc)
      .scans(regId)
      .map((s) => [s.kind, s.file_name]),
  );
  return AT39_DOC_KINDS.map((kind, i) => ({
    id: i + 1,
    type: kind,
    name: kind,
    uploaded: scans.has(kind),
    fileName: scans.get(kind) ?? null,
  }));
}

function rowWire(r: RegistrationRowDb): RegistrationRow {
  const person = JSON.parse(r.person) as { clientFioInfo?: RegistrationRow['clientFioInfo'] };
  return {
    registrationId: r.id,
    status: r.status,
    clientFioInfo: person.clientFioInfo ?? null,
    phoneNumber: r.phone_number,
    createdAt: iso(r.created_at),
    regionId: r.region_id,
    statusAt: iso(r.status_at),
    commentCount: r.comment_count,
  };
}

function fullWire(svc: Services, r: RegistrationRowDb): Registration {
  const person = JSON.parse(r.person) as Record<string, unknown>;
  const kit = r.marked_code ? at39Store(svc).kit(r.marked_code) : undefined;
  return {
    ...person,
    registrationId: r.id,
    workplaceName: r.workplace_name,
    regionId: r.region_id,
    status: r.status,
    markedCode: r.marked_code,
    cards: kit
      ? [{ markedCode: kit.marked_code, iccid: kit.iccid, sn: kit.sn, regionId: kit.region_id }]
      : [],
    ban: r.ban,
    pricePlanId: r.price_plan_id,
    phoneNumber: r.phone_number,
    docs: docsOf(svc, r.id),
    comments: at39Store(svc)
      .comments(r.id)
      .map((c) => ({ text: c.text, author: c.author, createdAt: iso(c.created_at) })),
    createdAt: iso(r.created_at),
  };
}

/** Epoch ms of an ISO day's start (UTC), or null. */
const dayMs = (d: string | undefined) =>
  d && /^\d{4}-\d{2}-\d{2}$/.test(d) ? Date.parse(`${d}T00:00:00Z`) : null;

export const at39Handlers: Handlers = {
  'at39.token': ({ input, session, svc }) => {
    const t = workplaceOf(svc, session, input.params.token);
    return { workplaceName: t.workplace_name, regionId: t.region_id };
  },

  // ── the passport service (simulated in demo mode; docs/decisions.md AT3) ──
  'at39.sessionId': ({ session, svc }) => {
    // outside demo mode no passport service is configured for the reference backend
    ensure(svc.config.demoMode, 'E126', 'the passport service is not configured');
    const id = randomBytes(16).toString('hex');
    at39Store(svc).openSession(id, session.user.id, svc.clock.now());
    return {
      sessionId: id,
      confirmUrl: `http://127.0.0.1:${svc.config.demoPort}/epdp/confirm?session=${id}`,
    };
  },
  'at39.passportInfo': ({ input, session, svc }) => {
    ensure(svc.config.demoMode, 'E126', 'the passport service is not configured');
    const store = at39Store(svc);
    const code = input.query.auth_code.trim().toUpperCase();
    const s = store.sessionByCode(code);
    // a code of another staff member's session is as unknown to the caller as a code never issued
    if (!s || s.user_id !== session.user.id || s.code_issued_at === null) return { outcome: 'notFound' };
    if (s.code_used_at !== null) return { outcome: 'reused' };
    if (svc.clock.now() - s.code_issued_at > AUTH_CODE_MINUTES * MINUTE) return { outcome: 'expired' };
    if (!store.spendCode(code, svc.clock.now())) return { outcome: 'reused' };
    if (s.state === 'refused') return { outcome: 'refused' };
    const person = s.pinfl ? store.person(s.pinfl) : undefined;
    if (s.state !== 'confirmed' || !person) return { outcome: 'notFound' };
    svc.logger.info('at39.passportRead', { userId: session.user.id });
    return { outcome: 'ok', ...personWire(person) };
  },

  'at39.createRegistration': ({ input, session, svc }) => {
    const b = input.body;
    const t = workplaceOf(svc, session, b.token ?? '');
    const store = at39Store(svc);
    // the person comes from the passport service: only a pinfl this staff member read there may be registered
    ensure(
      store.wasConfirmed(session.user.id, b.clientPassportInfo.pinfl),
      'E013',
      'the passport data was not confirmed',
    );
    const id = store.createRegistration({
      userId: session.user.id,
      workplace: t.workplace_name,
      regionId: t.region_id,
      pinfl: b.clientPassportInfo.pinfl,
      person: JSON.stringify({
        clientFioInfo: b.clientFioInfo,
        clientAddressInfo: b.clientAddressInfo,
        clientPassportInfo: b.clientPassportInfo,
      }),
      clientName: `${b.clientFioInfo.surname} ${b.clientFioInfo.name}`,
      now: svc.clock.now(),
    });
    svc.logger.info('at39.created', { userId: session.user.id, registrationId: id });
    return { registrationId: id };
  },

  'at39.clientCard': ({ input, session, svc }) => {
    const store = at39Store(svc);
    const kit = store.kit(input.query.markedCode.trim());
    ensure(kit && kit.holder_user_id === session.user.id, 'E091');
    const reg =
      input.query.registrationId === undefined
        ? undefined
        : editableRegistration(svc, session, input.query.registrationId);
    ensure(kit.sold === 0 && !store.kitUsedElsewhere(kit.marked_code, reg?.id ?? -1), 'E105');
    if (reg) {
      ensure(kit.region_id === reg.region_id, 'E121');
      store.setKit(reg.id, kit.marked_code, svc.clock.now());
    }
    return {
      markedCode: kit.marked_code,
      iccid: kit.iccid,
      sn: kit.sn,
      regionId: kit.region_id,
      ban: kit.ban,
    };
  },

  'at39.banExists': ({ input, session, svc }) => {
    const store = at39Store(svc);
    const reg = editableRegistration(svc, session, input.query.registrationId);
    ensure(store.companyExists(input.query.ban), 'E052');
    const kit = reg.marked_code ? store.kit(reg.marked_code) : undefined;
    ensure(!kit?.ban || kit.ban === input.query.ban, 'E125');
    store.setBan(reg.id, input.query.ban, svc.clock.now());
    return { exists: true };
  },

  'at39.pricePlans': ({ input, session, svc }) => {
    ownRegistration(svc, session, input.body.registrationId);
    return AT39_PRICE_PLANS.map((p) => ({ ...p }));
  },

  'at39.reserveEquipment': ({ input, session, svc }) => {
    const store = at39Store(svc);
    const b = input.body;
    const reg = editableRegistration(svc, session, b.registrationId);
    ensure(reg.ban !== null, 'E052', 'check the BAN first');
    ensure(String(b.regionId) === String(reg.region_id), 'E121');
    const limit = store.lineLimit(reg.ban) ?? DEFAULT_LINE_LIMIT;
    ensure(!exceedsLineLimit(store.lineCount(reg.ban, reg.id), limit), 'E123');
    ensure(!exceedsPersonLimit(store.personCount(reg.pinfl, reg.id)), 'E025');
    // a number already connected to a company is not free either
    ensure(!store.isCompanyNumber(b.phoneNumber), 'E013', 'number already reserved');
    const plan = b.pricePlanId === undefined ? null : Number(b.pricePlanId);
    ensure(plan === null || AT39_PRICE_PLANS.some((p) => p.id === plan), 'E101', 'unknown price plan');
    try {
      store.reserve({
        regId: reg.id,
        phone: b.phoneNumber,
        pinfl: reg.pinfl,
        ban: reg.ban,
        plan,
        now: svc.clock.now(),
      });
    } catch (e) {
      if (e instanceof ReservedAlready) throw new ApiError('E013', 'number already reserved');
      throw e;
    }
    if (reg.status === 'draft') store.setStatus(reg.id, 'documents', svc.clock.now());
    svc.logger.info('at39.reserved', { userId: session.user.id, registrationId: reg.id });
    return undefined;
  },

  'at39.regDocs': ({ input, session, svc }) =>
    docsOf(svc, ownRegistration(svc, session, input.query.reg_id).id),

  'at39.saveDoc': async ({ input, session, svc }) => {
    const reg = editableRegistration(svc, session, input.body.registration_id);
    const file = (input as { file?: File }).file;
    ensure(file, 'E101', 'file required');
    ensure(file.size > 0 && file.size <= MAX_SCAN_BYTES, 'E118', 'file empty or too large');
    const bytes = new Uint8Array(await file.arrayBuffer());
    // the same byte rule as the upload chart's client check (src/domain/upload.rules.ts)
    const kindOfBytes = sniffUploadKind(bytes.subarray(0, 16));
    ensure(kindOfBytes, 'E118');
    const mime = UPLOAD_KINDS[kindOfBytes].mime;
    const kind = input.body.type ?? docsOf(svc, reg.id).find((d) => !d.uploaded)?.type ?? 'passport';
    at39Store(svc).saveScan({
      regId: reg.id,
      kind,
      // named by what its bytes are, never by the extension it came with (security finding 32)
      name: downloadName(file.name || kind, mime),
      mime,
      bytes,
      now: svc.clock.now(),
      userId: session.user.id,
    });
    return undefined;
  },

  'at39.register': ({ input, session, svc }) => {
    const store = at39Store(svc);
    const reg = editableRegistration(svc, session, input.query.registrationId);
    ensure(reg.marked_code !== null, 'E091', 'no SIM kit');
    ensure(reg.phone_number !== null, 'E013', 'no number reserved');
    ensure(hasAllDocuments(docsOf(svc, reg.id)), 'E013', 'documents missing');
    svc.db.transaction(() => {
      store.setStatus(reg.id, 'submitted', svc.clock.now());
      store.sellKit(reg.marked_code as string);
    })();
    svc.logger.info('at39.submitted', { userId: session.user.id, registrationId: reg.id });
    return undefined;
  },

  'at39.filter': ({ input, session, svc }) => {
    const q = input.query;
    const to = dayMs(q.dt2);
    const { rows, total } = at39Store(svc).list(
      {
        userId: session.user.id,
        from: dayMs(q.dt1),
        to: to === null ? null : to + DAY,
        status: q.status || null,
        region: q.region ?? null,
        q: q.q?.trim() || null,
      },
      q.page,
      q.size ?? 20,
    );
    return { list: rows.map(rowWire), total_count: total };
  },

  'at39.statistics': async ({ input, session, svc }) => {
    const to = dayMs(input.query.dt2);
    const { rows } = at39Store(svc).list(
      {
        userId: session.user.id,
        from: dayMs(input.query.dt1),
        to: to === null ? null : to + DAY,
        status: null,
        region: null,
        q: null,
      },
      0,
      100_000,
    );
    const bytes = await buildStatisticsXlsx(rows.map(rowWire));
    return new File([bytes as BlobPart], 'at39-statistics.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
  },

  'at39.comment': ({ input, session, svc }) => {
    const reg = ownRegistration(svc, session, input.query.registrationId);
    return {
      comments: at39Store(svc)
        .comments(reg.id)
        .map((c) => ({ text: c.text, author: c.author, createdAt: iso(c.created_at) })),
    };
  },

  'at39.regData': ({ input, session, svc }) =>
    fullWire(svc, ownRegistration(svc, session, input.query.registration_id)),

  'at39.updateRegistration': ({ input, session, svc }) => {
    const b = input.body;
    const reg = editableRegistration(svc, session, b.registrationId);
    const person = JSON.parse(reg.person) as Record<string, Record<string, unknown>>;
    // the passport itself comes from the passport service: only the name spelling and the address may be edited
    const fio = { ...person.clientFioInfo, ...b.clientFioInfo };
    const next = {
      ...person,
      clientFioInfo: fio,
      clientAddressInfo: { ...person.clientAddressInfo, ...b.clientAddressInfo },
    };
    const now = svc.clock.now();
    at39Store(svc).setPerson(reg.id, JSON.stringify(next), `${fio.surname} ${fio.name}`, now);
    // a rejected registration that is edited goes back to the staff member's work list
    if (reg.status === 'rejected')
      at39Store(svc).setStatus(reg.id, reg.phone_number ? 'documents' : 'draft', now);
    return undefined;
  },
};
