import { randomBytes } from 'node:crypto';
import {
  AT39_DOC_KINDS,
  AT39_REFUSALS,
  AUTH_CODE_MINUTES,
  changedConfirmedField,
  editableAddressFields,
  exceedsLineLimit,
  exceedsPersonLimit,
  hasAllDocuments,
  isEditableStatus,
  MAX_SCAN_BYTES,
  nationalNumber,
  type PersonBlocks,
  withAddressFilled,
} from '../../src/domain/at39.rules';
import { tashkentDayRange, tashkentDayStart } from '../../src/domain/dates.rules';
import { downloadName } from '../../src/domain/download.rules';
import { sniffUploadKind, UPLOAD_KINDS } from '../../src/domain/upload.rules';
import type { Registration, RegistrationRow } from '../../src/services/contract/at39.contract';
import { buildStatisticsXlsx } from '../at39/statistics';
import { MINUTE } from '../clock';
import { AT39_PRICE_PLANS, DEFAULT_LINE_LIMIT } from '../db/at39-seed';
import { ApiError, ensure, type Handlers, type RequestSession, type Services } from '../handler';
import { isReadablePdf } from '../pdf/pdf-check';
import { actorOf } from '../store/activity.store';
import {
  ConfirmationUsed,
  type KitRow,
  type PersonRow,
  type RegistrationRowDb,
  ReservedAlready,
} from '../store/at39.store';
import { currentInventory } from '../store/inventory.store';

/**
 * AT 39 registration (docs/decisions.md "AT 39 registration"). Who may call: the AT39 navigation entry (R008, R005,
 * R009, R018-R023, R032; not while a BAN is selected) by the access table (server/permissions.ts). Per target: a
 * registration is its creator's only (E094 for anyone else's), a kit its holder's (E091), a token its owner's (E128).
 * Passport data never reaches the log.
 *
 * Security (docs/security.md findings 25, 26, 30): a number is taken from the one inventory with its conditional update
 * and held RESERVATION_MINUTES until the registration is submitted; the person comes only from the registration's own
 * confirmation and what the service gave is read-only; the GET looks (get-client-card, ban-exists) change nothing —
 * the kit and the BAN are saved with update-registration.
 */

const iso = (ms: number) => new Date(ms).toISOString();

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
  const r = Number.isSafeInteger(n) ? svc.at39.registration(n) : undefined;
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
  const t = svc.at39.token(token);
  ensure(t, 'E127');
  ensure(t.user_id === session.user.id && t.revoked === 0, 'E128');
  ensure(t.valid_until > svc.clock.now(), 'E129');
  return t;
}

function docsOf(svc: Services, regId: number) {
  const scans = new Map(svc.at39.scans(regId).map((s) => [s.kind, s.file_name]));
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

/** The passport service's answer a registration was created from (older rows: the stored person). */
const confirmedOf = (r: RegistrationRowDb) => JSON.parse(r.confirmed_person ?? r.person) as PersonBlocks;

function fullWire(svc: Services, r: RegistrationRowDb): Registration {
  const person = JSON.parse(r.person) as Record<string, unknown>;
  const kit = r.marked_code ? svc.at39.kit(r.marked_code) : undefined;
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
    comments: svc.at39
      .comments(r.id)
      .map((c) => ({ text: c.text, author: c.author, createdAt: iso(c.created_at) })),
    createdAt: iso(r.created_at),
    editableFields: editableAddressFields(confirmedOf(r).clientAddressInfo),
    reservedUntil: r.reserved_until === null ? null : iso(r.reserved_until),
  };
}

/**
 * The kit `code` for the caller (and the registration, when given): E091 unknown or another holder's, E105 sold or
 * attached to another registration, E121 another region, E125 issued for another BAN than the registration's.
 */
function usableKit(svc: Services, session: RequestSession, code: string, reg?: RegistrationRowDb): KitRow {
  const store = svc.at39;
  const kit = store.kit(code.trim());
  ensure(kit && kit.holder_user_id === session.user.id, 'E091');
  ensure(kit.sold === 0 && !store.kitUsedElsewhere(kit.marked_code, reg?.id ?? -1), 'E105');
  if (reg) {
    ensure(kit.region_id === reg.region_id, 'E121');
    ensure(!kit.ban || !reg.ban || kit.ban === reg.ban, 'E125');
  }
  return kit;
}

/** The BAN `ban` for a registration whose kit is `kitCode`: E052 no such BAN, E125 the kit is another BAN's. */
function usableBan(svc: Services, ban: string, kitCode: string | null) {
  const store = svc.at39;
  ensure(store.companyExists(ban), 'E052');
  const kit = kitCode ? store.kit(kitCode) : undefined;
  ensure(!kit?.ban || kit.ban === ban, 'E125');
}

/** The reservations past their deadline are freed before a registration or a number is read (PRI2). */
const sweep = (svc: Services) => currentInventory(svc.inventory, svc.clock.now());

/** Epoch ms of an ISO day's start (UTC), or null. */
/** Where a Tashkent day starts (TZ1), null when there is none; `dayEnd` is where it ends (the next day's start). */
const dayMs = (d: string | undefined) => {
  const ms = d ? tashkentDayStart(d) : Number.NaN;
  return Number.isNaN(ms) ? null : ms;
};
const dayEnd = (d: string | undefined) => {
  const ms = d ? tashkentDayRange(d, d).end : Number.NaN;
  return Number.isNaN(ms) ? null : ms;
};

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
    svc.at39.openSession(id, session.user.id, svc.clock.now());
    return {
      sessionId: id,
      confirmUrl: `http://127.0.0.1:${svc.config.demoPort}/epdp/confirm?session=${id}`,
    };
  },
  'at39.passportInfo': ({ input, session, svc }) => {
    ensure(svc.config.demoMode, 'E126', 'the passport service is not configured');
    const store = svc.at39;
    const code = input.query.auth_code.trim().toUpperCase();
    const s = store.sessionByCode(code);
    // a code of another staff member's session is as unknown to the caller as a code never issued: a mistyped code
    // (AT10), refused at the field, not "no such person" (which would send the person through the consent again)
    ensure(
      s && s.user_id === session.user.id && s.code_issued_at !== null,
      'E013',
      AT39_REFUSALS.wrongAuthCode,
    );
    if (s.code_used_at !== null) return { outcome: 'reused' };
    if (svc.clock.now() - s.code_issued_at > AUTH_CODE_MINUTES * MINUTE) return { outcome: 'expired' };
    const person = s.state === 'confirmed' && s.pinfl ? store.person(s.pinfl) : undefined;
    // the answer is kept with the code: the registration this code creates takes its person from it (finding 26)
    const answer = person ? JSON.stringify(personWire(person)) : null;
    if (!store.spendCode(code, svc.clock.now(), answer)) return { outcome: 'reused' };
    if (s.state === 'refused') return { outcome: 'refused' };
    if (s.state !== 'confirmed' || !person) return { outcome: 'notFound' };
    svc.logger.info('at39.passportRead', { userId: session.user.id });
    return { outcome: 'ok', ...personWire(person) };
  },

  'at39.createRegistration': ({ input, session, svc }) => {
    const b = input.body;
    const t = workplaceOf(svc, session, b.token ?? '');
    const store = svc.at39;
    // finding 26: the person is the answer of this staff member's own confirmation, read once with passport-info,
    // and each confirmation creates one registration
    const code = b.authCode.trim().toUpperCase();
    const s = store.sessionByCode(code);
    ensure(
      s && s.user_id === session.user.id && s.state === 'confirmed' && s.person !== null && s.pinfl !== null,
      'E013',
      'the passport data was not confirmed',
    );
    ensure(s.registration_id === null, 'E013', AT39_REFUSALS.confirmationUsed);
    const confirmed = JSON.parse(s.person) as PersonBlocks;
    // what the client sends may only repeat the service's values (or fill an address field it left empty)
    ensure(changedConfirmedField(confirmed, b) === null, 'E013', AT39_REFUSALS.personConfirmed);
    const person = withAddressFilled(confirmed, confirmed, b);
    const fio = confirmed.clientFioInfo ?? {};
    let id: number;
    try {
      id = store.createRegistration({
        userId: session.user.id,
        authCode: code,
        workplace: t.workplace_name,
        regionId: t.region_id,
        pinfl: s.pinfl,
        person: JSON.stringify(person),
        confirmed: s.person,
        clientName: `${String(fio.surname ?? '')} ${String(fio.name ?? '')}`.trim(),
        now: svc.clock.now(),
      });
    } catch (e) {
      if (e instanceof ConfirmationUsed) throw new ApiError('E013', AT39_REFUSALS.confirmationUsed);
      throw e;
    }
    svc.logger.info('at39.created', { userId: session.user.id, registrationId: id });
    return { registrationId: id };
  },

  // finding 30: GET looks, read-only (no CSRF header on a GET); update-registration saves the kit and the BAN
  'at39.clientCard': ({ input, session, svc }) => {
    const reg =
      input.query.registrationId === undefined
        ? undefined
        : editableRegistration(svc, session, input.query.registrationId);
    const kit = usableKit(svc, session, input.query.markedCode, reg);
    return {
      markedCode: kit.marked_code,
      iccid: kit.iccid,
      sn: kit.sn,
      regionId: kit.region_id,
      ban: kit.ban,
    };
  },

  'at39.banExists': ({ input, session, svc }) => {
    const reg = editableRegistration(svc, session, input.query.registrationId);
    usableBan(svc, input.query.ban, reg.marked_code);
    return { exists: true };
  },

  'at39.pricePlans': ({ input, session, svc }) => {
    ownRegistration(svc, session, input.body.registrationId);
    return AT39_PRICE_PLANS.map((p) => ({ ...p }));
  },

  'at39.reserveEquipment': ({ input, session, svc }) => {
    const store = svc.at39;
    const b = input.body;
    sweep(svc);
    const reg = editableRegistration(svc, session, b.registrationId);
    // a number of the operator (9 digits, an operator code first; '1' is none), from the one inventory (finding 25)
    const sn = nationalNumber(b.phoneNumber);
    ensure(sn !== '', 'E101', 'not a number of the operator');
    ensure(reg.ban !== null, 'E052', 'check the BAN first');
    ensure(String(b.regionId) === String(reg.region_id), 'E121');
    const limit = store.lineLimit(reg.ban) ?? DEFAULT_LINE_LIMIT;
    ensure(!exceedsLineLimit(store.lineCount(reg.ban, reg.id), limit), 'E123');
    ensure(!exceedsPersonLimit(store.personCount(reg.pinfl, reg.id)), 'E025');
    const plan = b.pricePlanId === undefined ? null : Number(b.pricePlanId);
    ensure(plan === null || AT39_PRICE_PLANS.some((p) => p.id === plan), 'E101', 'unknown price plan');
    try {
      store.reserve({ regId: reg.id, phone: sn, ban: reg.ban, plan, now: svc.clock.now() });
    } catch (e) {
      // not free: reserved by another registration, sold to a golden-number buyer, a company's, or unknown
      if (e instanceof ReservedAlready) throw new ApiError('E013', AT39_REFUSALS.numberTaken);
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
    // a PDF header over anything else is no scan: the file must parse (DOC13)
    ensure(kindOfBytes !== 'pdf' || (await isReadablePdf(bytes)), 'E118', 'pdf unreadable');
    const mime = UPLOAD_KINDS[kindOfBytes].mime;
    const kind = input.body.type ?? docsOf(svc, reg.id).find((d) => !d.uploaded)?.type ?? 'passport';
    svc.db.transaction(() => {
      const scan = svc.at39.saveScan({
        regId: reg.id,
        kind,
        // named by what its bytes are, never by the extension it came with (security finding 32)
        name: downloadName(file.name || kind, mime),
        mime,
        bytes,
        now: svc.clock.now(),
        userId: session.user.id,
      });
      // a scan of a registration on a company's account is in that company's log (AL1): which scan, never its content
      if (reg.ban !== null)
        svc.activity.append({
          ban: reg.ban,
          actor: actorOf(session),
          action: 'document.upload',
          targets: [{ kind: 'document', id: `at39:${reg.id}:${Number(scan.lastInsertRowid)}` }],
          detail: { registration: reg.id, kind },
        });
    })();
    return undefined;
  },

  'at39.register': ({ input, session, svc }) => {
    const store = svc.at39;
    sweep(svc);
    const reg = editableRegistration(svc, session, input.query.registrationId);
    ensure(reg.marked_code !== null, 'E091', 'no SIM kit');
    // no number held any more: its reservation ran out (PRI2); the chart goes back to reserve one
    ensure(reg.phone_number !== null && reg.ban !== null, 'E013', AT39_REFUSALS.reservationExpired);
    ensure(hasAllDocuments(docsOf(svc, reg.id)), 'E013', 'documents missing');
    const submitted = store.submit({
      regId: reg.id,
      ban: reg.ban,
      markedCode: reg.marked_code,
      now: svc.clock.now(),
    });
    ensure(submitted, 'E013', AT39_REFUSALS.reservationExpired);
    svc.logger.info('at39.submitted', { userId: session.user.id, registrationId: reg.id });
    return undefined;
  },

  'at39.filter': ({ input, session, svc }) => {
    sweep(svc);
    const q = input.query;
    const { rows, total } = svc.at39.list(
      {
        userId: session.user.id,
        from: dayMs(q.dt1),
        to: dayEnd(q.dt2),
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
    sweep(svc);
    const { rows } = svc.at39.list(
      {
        userId: session.user.id,
        from: dayMs(input.query.dt1),
        to: dayEnd(input.query.dt2),
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
      comments: svc.at39
        .comments(reg.id)
        .map((c) => ({ text: c.text, author: c.author, createdAt: iso(c.created_at) })),
    };
  },

  'at39.regData': ({ input, session, svc }) => {
    sweep(svc);
    return fullWire(svc, ownRegistration(svc, session, input.query.registration_id));
  },

  'at39.updateRegistration': ({ input, session, svc }) => {
    const b = input.body;
    const store = svc.at39;
    const inventory = sweep(svc);
    const reg = editableRegistration(svc, session, b.registrationId);
    const now = svc.clock.now();
    let kitCode = reg.marked_code;
    if (b.markedCode !== undefined) {
      kitCode = usableKit(svc, session, b.markedCode, reg).marked_code;
    }
    if (b.ban !== undefined) usableBan(svc, b.ban, kitCode);
    // finding 26: what the passport service gave stays; only the address fields it left empty may be filled in
    const confirmed = confirmedOf(reg);
    ensure(changedConfirmedField(confirmed, b) === null, 'E013', AT39_REFUSALS.personConfirmed);
    let hasNumber = reg.phone_number !== null;
    svc.db.transaction(() => {
      if (kitCode !== reg.marked_code && kitCode !== null) store.setKit(reg.id, kitCode, now);
      if (b.ban !== undefined && b.ban !== reg.ban) {
        store.setBan(reg.id, b.ban, now);
        // the number was reserved on the old BAN's line: it goes back, the line is checked at the next reservation
        if (inventory.releaseRegistration(reg.id) > 0) {
          hasNumber = false;
          if (reg.status === 'documents') store.setStatus(reg.id, 'draft', now);
        }
      }
      if (b.clientAddressInfo !== undefined) {
        const next = withAddressFilled(JSON.parse(reg.person) as PersonBlocks, confirmed, b);
        store.setPerson(reg.id, JSON.stringify(next), reg.client_name, now);
      }
      // a rejected registration that is edited goes back to the staff member's work list
      if (reg.status === 'rejected') store.setStatus(reg.id, hasNumber ? 'documents' : 'draft', now);
    })();
    return undefined;
  },
};
