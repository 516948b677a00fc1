import { ROAMING_SOC } from '../../src/domain/addons.rules';
import { blockNeedsSignature } from '../../src/domain/block.rules';
import { UNBILLED_ACCOUNT_TYPE } from '../../src/domain/constants';
import { nextTashkentMidnight, tashkentDay, tashkentDayStart } from '../../src/domain/dates.rules';
import { moneyOfMove, type OrderStatus } from '../../src/domain/orders.rules';
import { blockTargets, type SigningTargets, targetsKey } from '../../src/domain/signing-document.rules';
import type { Clock } from '../clock';
import { DEMO_KEYS, type DemoKey } from '../eimzo/demo-keys';
import { withRequest } from '../request-context';
import {
  type ActivityActor,
  type ActivityTarget,
  createActivityStore,
  type NewActivity,
  numberTargets,
} from '../store/activity.store';
import { IP_CATALOGUE, PROMO_SOC } from './addons-seed';
import type { Db } from './database';
import { DEMO_ACCOUNTS, DEMO_COMPANIES, type DemoAccount } from './demo-accounts';
import { createRng, type Rng } from './prng';

/**
 * The demo companies' activity log (docs/decisions.md AL7). Without it the log "starts empty": a demo user opening
 * /ru/profile/activity (or staff viewing a company) would read nothing. Each company of DEMO_COMPANIES gets 20-40
 * entries on Tashkent working days of the SEEDED_ACTIVITY_DAYS days before `asOf` (the seed's day: the real day on
 * `npm start`, as the demo documents), all older than `asOf` and far newer than the retention cutoff (AL5).
 *
 * What an entry names is what the database holds: its actor is a demo login of the company (its curator or key owner,
 * or the subscriber of a company that has no other) or a demo staff account whose role may do it; a number is one of
 * the company's (a block names numbers that are blocked now, a restore or a disconnected service numbers that are
 * active now, a connected service numbers that have it now); a user, an order, a document is the company's, with a
 * status that agrees (an order moved up to its status now, a blocked user blocked now). A signed block, restore or
 * recovery-contact change has the company's demo key (server/eimzo/demo-keys.ts) and a stored signature of it, used
 * at once (`block_signatures`, session SEEDED_SIGNATURE_SESSION, no real PKCS#7: the demo keys are made on the
 * first start, after the seed). Every entry is appended through the log's own store (append, startImpersonation,
 * endImpersonation) under a request id as the server makes one (a UUID), so migration 023's checks apply. Not seeded:
 * the planned actions (no plan rows), golden purchases (the seeded golden orders' numbers are sold in the inventory,
 * not the company's numbers an entry names) and
 * contract registrations (no contract row).
 *
 * Demo data (OPS1): called from seedDatabase only, in demo mode, once (into an empty log). Its own PRNG stream, so the
 * rest of the demo data is the same with it or without it.
 */

const ACTIVITY_SEED = 20_261_205;
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** How far back the seeded log reaches (days before the seed's day). */
export const SEEDED_ACTIVITY_DAYS = 60;

/** The session of the seeded signatures: no real session has it (theirs is a SHA-256 in hex). */
export const SEEDED_SIGNATURE_SESSION = 'demo-seed';

/** Stands where a verified signature keeps its PKCS#7 (as the demo block document of documents-seed.ts does). */
const SEEDED_PKCS7 = 'MIIGseedSignatureOfTheDemoActivityLogBase64AAAAAAAAAAAAAAAAAAA';

/** A restore takes effect 5-10 minutes after it is asked (server/handlers/block.handlers.ts RESTORE_MIN_MS/MAX). */
const RESTORE_DELAY = { min: 5 * MINUTE, max: 10 * MINUTE } as const;

/** Staff who view a company in the demo log: whose search box found it (README's demo table says who does what). */
const VIEWER_OF: Readonly<Record<string, string>> = {
  main: 'admin',
  samarqand: 'regional',
  fargona: 'callcenter',
  buxoro: 'seller',
  navoiy: 'operator',
  andijon: 'servicedesk',
  xorazm: 'admin',
};
/** Staff who create client accounts (spec 6 createSubscriber) and who edit or block them (editUser). */
const CREATORS = ['admin', 'callcenter', 'operator', 'servicedesk'] as const;
const EDITORS = ['admin', 'helpdesk', 'callcenter', 'operator', 'servicedesk'] as const;
/** Staff of these may edit users while viewing a company (editUser); the seller may not. */
const EDITS_WHILE_VIEWING = new Set(['admin', 'callcenter', 'operator', 'servicedesk', 'regional']);
/** Documents a company sends back as a scan: the agreement, the delivery note, the act, the power of attorney. */
const SCANNED_TYPES = new Set([1, 4, 5, 9]);
const CONTACT_FIELDS = ['phone_number', 'email_address', 'feedback_type'] as const;

interface UserRow {
  id: number;
  login: string;
  status: string;
  role: string | null;
  email: string | null;
  phone: string | null;
  selfRegistered: number;
}

interface NumberRow {
  sn: string;
  status: string;
  pricePlan: string;
}

/** One entry to write at `at` (`seq` keeps the order of steps planned for the same instant). */
interface Step {
  at: number;
  seq: number;
  write: () => void;
}

/** Whether the log has an entry (a new database's has none: the seed writes into an empty log only). */
function hasEntries(db: Db): boolean {
  return db.prepare('SELECT 1 FROM activity_log LIMIT 1').get() !== undefined;
}

/** A request id as the server gives a request without one (server/request-context.ts): a version-4 UUID. */
function requestId(rng: Rng): string {
  const hex = (n: number) => Array.from({ length: n }, () => rng.int(0, 15).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[rng.int(0, 3)]}${hex(3)}-${hex(12)}`;
}

/** `count` different items of `items`, in a random order. */
function take<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length > 0) out.push(pool.splice(rng.int(0, pool.length - 1), 1)[0] as T);
  return out;
}

/** When a demo key stops being valid (its alias gives Tashkent time). */
const validTo = (k: DemoKey) => Date.parse(`${k.validTo.replace(/\./g, '-').replace(' ', 'T')}+05:00`);

/** Appends the demo log; returns how many entries. */
export function seedActivity(db: Db, asOf: number): number {
  if (hasEntries(db)) return 0;
  const rng = createRng(ACTIVITY_SEED);
  let now = asOf;
  const clock: Clock = { now: () => now };
  const log = createActivityStore(db, clock);
  const windowStart = asOf - SEEDED_ACTIVITY_DAYS * DAY;

  const userByLogin =
    db.prepare(`SELECT u.id, u.login, u.status, u.email, u.phone, u.self_registered AS selfRegistered,
      (SELECT role FROM user_roles r WHERE r.user_id = u.id ORDER BY position LIMIT 1) AS role
    FROM users u WHERE u.login = ?`);
  const usersOf =
    db.prepare(`SELECT u.id, u.login, u.status, u.email, u.phone, u.self_registered AS selfRegistered,
      (SELECT role FROM user_roles r WHERE r.user_id = u.id ORDER BY position LIMIT 1) AS role
    FROM users u WHERE u.ban = ? ORDER BY u.id`);
  const numbersOf = db.prepare(
    'SELECT sn, status, price_plan AS pricePlan FROM numbers WHERE ban = ? ORDER BY sn',
  );
  const connectionsOf = db.prepare(`SELECT c.sn, c.soc FROM ip_connections c JOIN numbers n ON n.sn = c.sn
    WHERE n.ban = ? AND n.status IN ('A', 'O') ORDER BY c.sn, c.soc`);
  const roamingOf = db.prepare(`SELECT r.sn FROM ip_roaming r JOIN numbers n ON n.sn = r.sn
    WHERE n.ban = ? AND n.status IN ('A', 'O') ORDER BY r.sn`);
  const ordersOf = db.prepare(
    'SELECT id, kind, status, total, created_at AS createdAt FROM orders WHERE ban = ? ORDER BY id',
  );
  const documentsOf = db.prepare(
    'SELECT id, document_type AS type, status, created_at AS createdAt FROM documents WHERE ban = ? ORDER BY id',
  );
  const insSignature = db.prepare(`INSERT INTO block_signatures
    (session_hash, user_id, ban, sn, action, targets, challenge_id, key_serial, signer_tin, signer_name, pkcs7,
     verified_at, used_at)
    VALUES (@session, @userId, @ban, @sn, @action, @targets, NULL, @keySerial, @tin, @signer, @pkcs7, @verifiedAt,
     @at)`);

  const steps: Step[] = [];
  const plan = (at: number, write: () => void) => steps.push({ at, seq: steps.length, write });

  /** A moment of the Tashkent working day `daysAgo` days before the seed's day (09:00-18:00; Sunday: Saturday). */
  const officeTime = (daysAgo: number): number => {
    let day = tashkentDay(asOf - daysAgo * DAY);
    if (new Date(`${day}T00:00:00Z`).getUTCDay() === 0) day = tashkentDay(asOf - (daysAgo + 1) * DAY);
    return tashkentDayStart(day) + 9 * HOUR + rng.int(0, 9 * 3600 - 1) * 1000;
  };
  /** A day for an action with `after` more days after it in the window (1 = yesterday; the window is 59 days). */
  const someDay = (after = 0) => rng.int(1 + after, SEEDED_ACTIVITY_DAYS - 2);
  /** A moment a little after `t` (the next working days or, failing that, minutes later), always before `asOf`. */
  const laterThan = (t: number, maxDays: number): number => {
    const daysAgo = Math.floor((asOf - t) / DAY) - rng.int(1, maxDays);
    const at = daysAgo >= 1 ? officeTime(daysAgo) : 0;
    return at > t ? at : Math.min(t + rng.int(20, 180) * MINUTE, t + (asOf - t) / 2);
  };

  const accountOf = (a: DemoAccount): { user: UserRow; actor: ActivityActor } | undefined => {
    const user = userByLogin.get(a.login) as UserRow | undefined;
    const role = a.roles[0];
    if (!user || role === undefined) return undefined;
    const staff = a.company === undefined;
    return { user, actor: { userId: user.id, login: user.login, role, staff, impersonated: false } };
  };
  const staffActor = (login: string) => {
    const a = DEMO_ACCOUNTS.find((d) => d.login === login);
    return a && accountOf(a);
  };

  for (const c of DEMO_COMPANIES) {
    const accounts = DEMO_ACCOUNTS.filter((a) => a.company === c.key);
    const leadAccount =
      accounts.find((a) => a.roles.includes('R004') || a.roles.includes('R007')) ??
      accounts.find((a) => a.roles.includes('R001'));
    const lead = leadAccount && accountOf(leadAccount);
    if (!leadAccount || !lead) continue;
    // a subscriber acts on their own number only (spec 6); a curator or key owner on the company's numbers
    const ownSn = leadAccount.roles.includes('R001') ? (leadAccount.sn ?? null) : null;
    const key = blockNeedsSignature(c.at)
      ? DEMO_KEYS.find((k) => k.inn === c.tin && validTo(k) > asOf)
      : undefined;
    const numbers = numbersOf.all(c.ban) as NumberRow[];
    const users = (usersOf.all(c.ban) as UserRow[]).filter((u) => u.role !== null);
    const demoLogins = new Set(accounts.map((a) => a.login));
    const regional = DEMO_ACCOUNTS.find((a) => a.login === 'regional');
    const inRegion = regional?.regionIds?.includes(c.regionId) === true;
    const creators = [...CREATORS, ...(inRegion ? ['regional'] : [])];
    const editors = [...EDITORS, ...(inRegion ? ['regional'] : [])];

    /** Appends one entry of this company as `who` at the moment the step is written. */
    const entry = (who: ActivityActor, e: Omit<NewActivity, 'ban' | 'actor'>) =>
      log.append({ ban: c.ban, actor: who, ...e });

    /** The company's key signing `targets` at `at` for the entry it authorises: the stored signature, used at once; none when the
     *  account signs nothing (type 20). */
    const signature = (action: string, targets: SigningTargets, at: number) => {
      if (!key) return {};
      const sn = targets.kind === 'number' ? targets.sn : null;
      const signatureId = Number(
        insSignature.run({
          session: SEEDED_SIGNATURE_SESSION,
          userId: lead.user.id,
          ban: c.ban,
          sn,
          action,
          targets: targetsKey(targets),
          keySerial: key.serialNumber,
          tin: c.tin,
          signer: key.cn,
          pkcs7: SEEDED_PKCS7,
          verifiedAt: at - rng.int(20, 90) * 1000,
          at,
        }).lastInsertRowid,
      );
      return { keySerial: key.serialNumber, signatureId };
    };

    // --- block and restore now (not for type 16: its profile has no block toggle) ---
    const blockOrRestore = (action: 'block' | 'restore', at: number, sns: string[], failed: string[] = []) =>
      plan(at, () => {
        const asked = [...sns, ...failed];
        const signed = signature(action, blockTargets({ ban: c.ban, sn: null, sns: asked }), at);
        const effectiveAt =
          action === 'block'
            ? nextTashkentMidnight(at)
            : at + rng.int(RESTORE_DELAY.min / 1000, RESTORE_DELAY.max / 1000) * 1000;
        entry(lead.actor, {
          action,
          targets: numberTargets(asked),
          failed,
          ...signed,
          detail: { accepted: sns.length, skipped: 0, effectiveAt },
        });
      });
    if (c.at !== UNBILLED_ACCOUNT_TYPE) {
      if (ownSn !== null) {
        // the subscriber's own number: blocked (a lost phone, a trip) and restored, a few times; active now
        let day = SEEDED_ACTIVITY_DAYS - 2;
        for (let i = rng.int(3, 4); i > 0 && day > 2; i--) {
          const blockDay = rng.int(Math.max(3, day - 12), day);
          const blockAt = officeTime(blockDay);
          const restoreAt = laterThan(blockAt, Math.min(4, blockDay - 1));
          blockOrRestore('block', blockAt, [ownSn]);
          blockOrRestore('restore', restoreAt, [ownSn]);
          // the next block comes a working day or more after this restore
          day = Math.floor((asOf - restoreAt) / DAY) - 2;
        }
      } else {
        const blocked = take(
          rng,
          numbers.filter((n) => n.status === 'S'),
          12,
        ).map((n) => n.sn);
        const active = take(
          rng,
          numbers.filter((n) => n.status === 'A' || n.status === 'O'),
          12,
        ).map((n) => n.sn);
        // blocked now: one at a time, and a list of which one failed (its status was not one the server knew then:
        // still active now)
        for (let i = rng.int(2, 3); i > 0 && blocked.length > 0; i--)
          blockOrRestore('block', officeTime(someDay()), blocked.splice(0, 1));
        const list = blocked.splice(0, rng.int(2, 3));
        const failing = active.splice(0, 1);
        if (list.length > 0) blockOrRestore('block', officeTime(someDay()), list, failing);
        // blocked and restored again within the window: active now
        for (let i = rng.int(1, 2); i > 0 && active.length > 0; i--) {
          const sn = active.splice(0, 1);
          const at = officeTime(someDay(6));
          blockOrRestore('block', at, sn);
          blockOrRestore('restore', laterThan(at, 5), sn);
        }
        // restored after a block older than the window: active now
        const back = active.splice(0, rng.int(2, 3));
        if (back.length > 0) blockOrRestore('restore', officeTime(someDay()), back);
      }
    }

    // --- services: connected (those that have them now), a list partly refused, connected then disconnected ---
    const scoped = numbers.filter(
      (n) => (n.status === 'A' || n.status === 'O') && (ownSn === null || n.sn === ownSn),
    );
    const held = new Map<string, string[]>();
    for (const r of connectionsOf.all(c.ban) as { sn: string; soc: string }[]) {
      if (ownSn !== null && r.sn !== ownSn) continue;
      held.set(r.sn, [...(held.get(r.sn) ?? []), r.soc]);
    }
    const paid = IP_CATALOGUE.filter((p) => p.price > 0 && p.soc !== PROMO_SOC);
    const holders = (soc: string) => scoped.filter((n) => held.get(n.sn)?.includes(soc)).map((n) => n.sn);
    const service = (
      action: 'connect' | 'disconnect' | 'roamingOn',
      at: number,
      soc: string,
      sns: string[],
      failed: string[] = [],
    ) =>
      plan(at, () => {
        const price = IP_CATALOGUE.find((p) => p.soc === soc)?.price ?? 0;
        entry(lead.actor, {
          action: action === 'disconnect' ? 'service.disconnect' : 'service.connect',
          targets: [{ kind: 'service', id: soc }, ...numberTargets([...sns, ...failed])],
          failed,
          detail: {
            action,
            amount: action === 'connect' ? price * sns.length : 0,
            // a number that has the package already is refused (E124, SV12)
            codes: failed.map(() => 'E124'),
          },
        });
      });
    const heldSocs = paid.map((p) => p.soc).filter((soc) => holders(soc).length > 0);
    const connects = ownSn === null ? rng.int(2, 3) + (c.at === UNBILLED_ACCOUNT_TYPE ? 3 : 0) : 2;
    for (const soc of take(rng, heldSocs, connects)) {
      const have = take(rng, holders(soc), rng.int(1, 3));
      // one list asked for a number that had the package already: partly done
      const failed = have.length > 1 && rng.chance(0.4) ? have.splice(0, 1) : [];
      service('connect', officeTime(someDay()), soc, have, failed);
    }
    const pairs = ownSn === null ? rng.int(1, 2) + (c.at === UNBILLED_ACCOUNT_TYPE ? 2 : 0) : 3;
    // the line limit (3 packages, E123) left room for one more then
    const roomy = scoped.filter((n) => (held.get(n.sn)?.length ?? 0) < 3);
    for (let i = 0; i < pairs && roomy.length > 0; i++) {
      const n = rng.pick(roomy);
      const fits = paid.filter(
        (p) => (p.plans === null || p.plans.includes(n.pricePlan)) && !held.get(n.sn)?.includes(p.soc),
      );
      if (fits.length === 0) continue;
      const soc = rng.pick(fits).soc;
      const at = officeTime(someDay(8));
      service('connect', at, soc, [n.sn]);
      service('disconnect', laterThan(at, 7), soc, [n.sn]);
    }
    const roaming = (roamingOf.all(c.ban) as { sn: string }[])
      .map((r) => r.sn)
      .filter((sn) => ownSn === null || sn === ownSn);
    if (roaming.length > 0) service('roamingOn', officeTime(someDay()), ROAMING_SOC, take(rng, roaming, 2));

    // --- orders: created by the company, moved along by the operator up to their status now ---
    const operator = staffActor('operator');
    const buyer = c.canBuyNumber && ownSn === null ? lead.actor : null;
    for (const o of ordersOf.all(c.ban) as {
      id: number;
      kind: 'golden' | 'new';
      status: OrderStatus;
      total: number;
      createdAt: number;
    }[]) {
      if (o.createdAt < windowStart || o.createdAt >= asOf || !operator) continue;
      const order: ActivityTarget[] = [{ kind: 'order', id: String(o.id) }];
      // a golden checkout is paid at once (GN8) and has its own entry, not seeded; a new order starts created
      const path: OrderStatus[] = o.kind === 'new' ? ['created', 'paid', 'issued'] : ['paid', 'issued'];
      const to =
        o.status === 'cancelled'
          ? [path[0] as OrderStatus, o.status]
          : path.slice(0, path.indexOf(o.status) + 1);
      if (to.length === 0) continue;
      if (o.kind === 'new' && buyer)
        plan(o.createdAt, () =>
          entry(buyer, { action: 'order.create', targets: order, detail: { total: o.total } }),
        );
      let at = o.createdAt;
      for (let i = 1; i < to.length; i++) {
        at = laterThan(at, 2);
        const from = to[i - 1] as OrderStatus;
        const next = to[i] as OrderStatus;
        const money = moneyOfMove({ kind: o.kind, status: from, total: o.total }, next);
        plan(at, () =>
          entry(operator.actor, {
            action: 'order.status',
            targets: order,
            detail: { from, to: next, debit: money.debit, refund: money.refund },
          }),
        );
      }
    }

    // --- users of the company: created, edited, blocked (and unblocked) by staff ---
    const staffFrom = (pool: readonly string[]) => staffActor(rng.pick(pool));
    const others = users.filter((u) => !demoLogins.has(u.login));
    const created = take(
      rng,
      others.filter((u) => u.status === 'pending' && u.selfRegistered === 0),
      rng.int(1, 2),
    );
    for (const u of created) {
      const by = staffFrom(creators);
      if (by)
        plan(officeTime(someDay()), () =>
          entry(by.actor, {
            action: 'user.create',
            targets: [{ kind: 'user', id: u.login }],
            detail: { roles: [u.role] },
          }),
        );
    }
    // staff never change a client account's e-mail or phone (PRC1): its name, or a curator made key owner; a company
    // without a curator or key owner has its accounts kept by staff alone, so a few more
    for (const u of take(
      rng,
      users.filter((u) => !created.includes(u)),
      rng.int(3, 4) + (ownSn === null ? 0 : 2),
    )) {
      const by = staffFrom(editors);
      if (by)
        plan(officeTime(someDay()), () =>
          entry(by.actor, {
            action: 'user.edit',
            targets: [{ kind: 'user', id: u.login }],
            detail: u.role === 'R007' && !demoLogins.has(u.login) ? ['roles'] : ['fullName'],
          }),
        );
    }
    for (const u of take(
      rng,
      others.filter((u) => u.status === 'blocked'),
      1,
    )) {
      const by = staffFrom(editors);
      if (by)
        plan(officeTime(someDay()), () =>
          entry(by.actor, {
            action: 'user.block',
            targets: [{ kind: 'user', id: u.login }],
            detail: { status: 'blocked' },
          }),
        );
    }
    for (const u of take(
      rng,
      others.filter((u) => u.status === 'active'),
      1,
    )) {
      const by = staffFrom(editors);
      if (!by) continue;
      const at = officeTime(someDay(4));
      const target = [{ kind: 'user' as const, id: u.login }];
      plan(at, () =>
        entry(by.actor, { action: 'user.block', targets: target, detail: { status: 'blocked' } }),
      );
      plan(laterThan(at, 3), () =>
        entry(by.actor, { action: 'user.unblock', targets: target, detail: { status: 'active' } }),
      );
    }

    // --- contacts: the company's on Settings; the key owner's signed recovery contact of an account ---
    if (ownSn === null) {
      for (let i = rng.int(1, 2); i > 0; i--) {
        const fields = CONTACT_FIELDS.filter(() => rng.chance(0.5));
        plan(officeTime(someDay()), () =>
          entry(lead.actor, {
            action: 'contact.change',
            targets: [{ kind: 'account', id: c.ban }],
            detail: { fields: fields.length > 0 ? fields : ['phone_number'] },
          }),
        );
      }
    }
    if (lead.actor.role === 'R007') {
      const account = rng.pick([
        ...users.filter(
          (u) => (u.role === 'R004' || u.role === 'R007') && u.status === 'active' && u.id !== lead.user.id,
        ),
        lead.user,
      ]);
      const at = officeTime(someDay());
      plan(at, () => {
        const targets: SigningTargets = {
          kind: 'contact',
          ban: c.ban,
          userId: String(account.id),
          login: account.login,
          email: account.email,
          phone: account.phone,
        };
        const signed = signature('contact-change', targets, at);
        entry(lead.actor, {
          action: 'contact.change',
          targets: [{ kind: 'user', id: account.login }],
          ...signed,
          detail: { fields: ['email'], signature: signed.signatureId },
        });
      });
    }

    // --- documents: scans sent back of the company's documents (the curator or key owner) ---
    if (ownSn === null) {
      const scanned = (
        documentsOf.all(c.ban) as { id: number; type: number; status: number; createdAt: number }[]
      ).filter((d) => d.status === 1 && SCANNED_TYPES.has(d.type) && d.createdAt < asOf - DAY);
      for (const d of take(rng, scanned, rng.int(1, 3))) {
        const at = d.createdAt >= windowStart ? laterThan(d.createdAt, 3) : officeTime(someDay());
        plan(at, () =>
          entry(lead.actor, {
            action: 'document.upload',
            targets: [{ kind: 'document', id: String(d.id) }],
            detail: { type: d.type, kind: 'pdf', bytes: rng.int(80, 2400) * 1024 },
          }),
        );
      }
    }

    // --- one staff user viewing the company (AL5): the start, maybe an edit made meanwhile, the end ---
    const viewer = staffActor(VIEWER_OF[c.key] ?? 'admin');
    if (viewer) {
      const start = officeTime(someDay());
      const end = start + rng.int(12, 40) * MINUTE;
      let startId = 0;
      plan(start, () => {
        startId = log.startImpersonation(viewer.actor, c.ban, null);
      });
      const login = viewer.user.login;
      const account = users.find((u) => u.id === lead.user.id) ?? users[0];
      if (EDITS_WHILE_VIEWING.has(login) && account && rng.chance(0.6))
        plan(start + rng.int(3, 10) * MINUTE, () =>
          entry(
            { ...viewer.actor, impersonated: true },
            { action: 'user.edit', targets: [{ kind: 'user', id: account.login }], detail: ['fullName'] },
          ),
        );
      plan(end, () => {
        log.endImpersonation(startId, 'back');
      });
    }
  }

  // in time order, each under its own request id, as the server would have written them
  steps.sort((a, b) => a.at - b.at || a.seq - b.seq);
  const before = (db.prepare('SELECT COUNT(*) AS n FROM activity_log').get() as { n: number }).n;
  for (const s of steps) {
    now = s.at;
    withRequest({ id: requestId(rng), route: undefined }, s.write);
  }
  return (db.prepare('SELECT COUNT(*) AS n FROM activity_log').get() as { n: number }).n - before;
}
