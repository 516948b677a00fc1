import {
  ACCEPTED,
  type AddonsScope,
  checkoutTotal,
  EMPLOYEES_PAGE_SIZE,
  inScope,
  LINE_PACKAGE_LIMIT,
  MAX_SELECTION,
  type NumberOutcome,
  PROMO_GROUP,
  ROAMING_SOC,
  SERVICE_DOCUMENT_TYPE,
  type ServiceAction,
} from '../../src/domain/addons.rules';
import { tashkentDay } from '../../src/domain/dates.rules';
import { activeRole, roleGroup } from '../../src/domain/roles.rules';
import type { PackageActionResult } from '../../src/services/contract/addons.contract';
import { addonsDocumentBody, addonsDocumentTitle } from '../addons/document-text';
import { ensure, type Handlers, type RequestSession, type Services } from '../handler';
import { actorOf, numberTargets } from '../store/activity.store';
import type { AddonsStore, EmployeeList, PackageRow } from '../store/addons.store';
import { insertDocument } from '../store/documents.store';

/**
 * Internet packages and roaming (spec 7 `internet-package/…`; docs/decisions.md "Services"). Who may call at all is
 * the services route's rule (server/permissions.ts, SV1); here every call is held to its target: the caller's own
 * company, a subscriber's own number, and the payer BAN the caller's own.
 */

/** The company (and for a subscriber the number) the caller acts on; E005 without a profile. */
function scopeOf(session: RequestSession): AddonsScope {
  const p = session.viewer.profile;
  ensure(p?.ban, 'E005');
  const subscriber = roleGroup(activeRole(session.viewer.roles) ?? '') === 'subscriber';
  return { ban: String(p.ban), onlySn: subscriber ? (p.sn ?? null) : null };
}

const packageWire = (p: PackageRow, connected?: boolean) => ({
  name: p.name,
  soc: p.soc,
  group: p.group,
  price: p.price,
  volume: p.volumeMb,
  period: p.periodDays,
  isFree: p.isFree,
  ...(connected === undefined ? {} : { connected }),
});

function listPage(
  svc: Services,
  scope: AddonsScope,
  list: EmployeeList,
  group: string,
  q: { q?: string | undefined; page?: number | undefined; size?: number | undefined; isFree?: boolean },
) {
  const s = svc.addons;
  const size = q.size ?? EMPLOYEES_PAGE_SIZE;
  const page = q.page ?? 0;
  const { rows, total } = s.page(
    { ...scope, list, group, q: q.q ?? '', ...(q.isFree === undefined ? {} : { isFree: q.isFree }) },
    page,
    size,
  );
  return {
    content: rows.map((r) => {
      const packages = s.connected(r.sn).filter((c) => c.grp === group);
      return {
        sn: r.sn,
        name: r.name,
        pricePlan: r.pricePlan,
        soc: packages[0]?.soc ?? null,
        packageName: packages[0]?.name ?? null,
        packages: packages.map((c) => ({ soc: c.soc, name: c.name })),
        roaming: s.roaming(r.sn),
      };
    }),
    totalElements: total,
    totalPages: Math.ceil(total / size),
  };
}

/** Every number of the request is the caller's (E125 otherwise: "number belongs to another BAN"), the payer BAN the
 *  caller's company (E005 otherwise). Nothing is applied when one number is not. */
function checkTargets(
  svc: Services,
  scope: AddonsScope,
  sns: readonly string[],
  payerBan: string | undefined,
) {
  ensure(payerBan === undefined || payerBan === scope.ban, 'E005', 'payer BAN');
  const s = svc.addons;
  ensure(
    inScope(scope, sns, (sn) => s.number(sn)?.ban ?? null),
    'E125',
  );
  ensure(new Set(sns).size === sns.length, 'E101', 'a number is listed twice');
}

/** Whether a number has what the action would give it already (E124): the package, the taken free package, roaming.
 *  The quote and the calls that apply ask the same question (SV12). */
function alreadyHas(
  s: AddonsStore,
  action: 'connect' | 'connectFree' | 'roamingOn',
  sn: string,
  soc: string,
): boolean {
  if (action === 'roamingOn') return s.roaming(sn);
  if (action === 'connectFree') return (s.promotion(sn)?.takenAt ?? null) !== null || s.has(sn, soc);
  return s.has(sn, soc);
}

/** The actions that connect something (the rest disconnect): the log's `service.connect` (AL1). */
const CONNECTS: ReadonlySet<ServiceAction> = new Set(['connect', 'connectFree', 'roamingOn']);

interface Applied {
  outcomes: NumberOutcome[];
  amount: number;
}

/**
 * Runs one action number by number in one transaction, records the operation and issues its document when at least
 * one number was accepted (SV7, SV8).
 */
function apply(
  ctx: { svc: Services; session: RequestSession },
  action: ServiceAction,
  sns: readonly string[],
  pkg: PackageRow | null,
  lang: 'ru' | 'uz',
  one: (sn: string) => { code: string; debit?: number },
): PackageActionResult {
  const { svc, session } = ctx;
  const scope = scopeOf(session);
  const s = svc.addons;
  const now = svc.clock.now();
  const result = svc.db.transaction((): Applied & { documentId: number | null } => {
    const outcomes: NumberOutcome[] = [];
    let amount = 0;
    for (const sn of sns) {
      const r = one(sn);
      outcomes.push({ sn, code: r.code });
      amount += r.debit ?? 0;
    }
    const accepted = outcomes.filter((o) => o.code === ACCEPTED).map((o) => o.sn);
    // one entry for the whole list, accepted or not (AL1): the service, the numbers, those that failed
    const soc = pkg?.soc ?? (action === 'roamingOn' || action === 'roamingOff' ? ROAMING_SOC : null);
    const failed = outcomes.filter((o) => o.code !== ACCEPTED).map((o) => o.sn);
    svc.activity.append({
      ban: scope.ban,
      actor: actorOf(session),
      action: CONNECTS.has(action) ? 'service.connect' : 'service.disconnect',
      targets: [...(soc === null ? [] : [{ kind: 'service' as const, id: soc }]), ...numberTargets(sns)],
      result: accepted.length === 0 ? 'failed' : failed.length > 0 ? 'partial' : 'ok',
      failed,
      detail: { action, amount, codes: outcomes.filter((o) => o.code !== ACCEPTED).map((o) => o.code) },
    });
    if (accepted.length === 0) return { outcomes, amount, documentId: null };
    const id = s.recordOperation({
      ban: scope.ban,
      action,
      soc: pkg?.soc ?? null,
      accepted: accepted.length,
      failed: outcomes.length - accepted.length,
      amount,
      at: now,
      by: session.user.id,
    });
    const facts = {
      id,
      action,
      company: s.companyName(scope.ban),
      ban: scope.ban,
      packageName: pkg?.name ?? null,
      price: action === 'connect' ? (pkg?.price ?? 0) : 0,
      numbers: accepted,
      date: tashkentDay(now),
    };
    const documentId = insertDocument(svc.db, {
      type: SERVICE_DOCUMENT_TYPE[action],
      ban: scope.ban,
      registrationRef: `services:${id}`,
      lang,
      title: addonsDocumentTitle(facts, lang),
      body: addonsDocumentBody(facts, lang),
      data: { action, soc: pkg?.soc ?? null, numbers: accepted, amount },
      createdBy: session.user.id,
      now,
    });
    return { outcomes, amount, documentId };
  })();
  const accepted = result.outcomes.filter((o) => o.code === ACCEPTED).length;
  // who changed how many lines of which company: an audit fact; the numbers themselves stay out of the log
  svc.logger.info('services.applied', {
    ban: scope.ban,
    action,
    soc: pkg?.soc ?? null,
    accepted,
    failed: result.outcomes.length - accepted,
    userId: session.user.id,
  });
  return {
    outcomes: result.outcomes.map((o) => ({ sn: o.sn, code: o.code })),
    acceptedNumbers: result.outcomes.filter((o) => o.code === ACCEPTED).map((o) => o.sn),
    failedNumbers: result.outcomes.filter((o) => o.code !== ACCEPTED).map((o) => o.sn),
    balance: s.deposit(scope.ban),
    documentId: result.documentId,
  };
}

export const addonsHandlers: Handlers = {
  'internet.services': ({ input, svc }) =>
    svc.addons.packagesOfGroup(input.query.ipGroup).map((p) => packageWire(p)),
  'internet.forConPp': ({ session, svc }) =>
    svc.addons
      .packagesForBan(scopeOf(session).ban)
      .filter((p) => p.group !== PROMO_GROUP)
      .map((p) => packageWire(p)),
  'internet.employees': ({ input, session, svc }) =>
    listPage(svc, scopeOf(session), 'connect', input.query.ipGroup, input.query),
  'internet.employeesDeactivate': ({ input, session, svc }) =>
    listPage(svc, scopeOf(session), 'disconnect', input.query.ipGroup, input.query),
  'internet.employeesPromotion': ({ input, session, svc }) =>
    listPage(svc, scopeOf(session), 'promo', PROMO_GROUP, input.query),
  'internet.employeeNumbers': ({ input, session, svc }) =>
    svc.addons.numbers(
      {
        ...scopeOf(session),
        list: input.query.list,
        group: input.query.list === 'promo' ? PROMO_GROUP : input.query.ipGroup,
        q: input.query.q ?? '',
      },
      MAX_SELECTION,
    ),
  'internet.checkBalance': ({ session, svc }) => ({ balance: svc.addons.deposit(scopeOf(session).ban) }),
  'internet.hasDeposit': ({ session, svc }) => ({
    hasDeposit: svc.addons.deposit(scopeOf(session).ban) !== null,
  }),
  'internet.packages': ({ input, session, svc }) => {
    const scope = scopeOf(session);
    const s = svc.addons;
    const n = s.number(input.query.sn);
    ensure(n && inScope(scope, [n.sn], () => n.ban), 'E125');
    ensure(n.pricePlan === input.query.pricePlan, 'E101', 'pricePlan is not the number’s');
    const has = new Set(s.connected(n.sn).map((c) => c.soc));
    return s
      .packagesForPlan(n.pricePlan)
      .filter((p) => p.group !== PROMO_GROUP || has.has(p.soc))
      .map((p) => packageWire(p, has.has(p.soc)));
  },
  'internet.quote': ({ input, session, svc }) => {
    const scope = scopeOf(session);
    const s = svc.addons;
    const { action, soc, sns } = input.body;
    const pkg = action === 'roamingOn' ? null : s.package(soc);
    if (action === 'roamingOn') ensure(soc === ROAMING_SOC, 'E101', 'not the roaming service');
    else ensure(pkg && pkg.isFree === (action === 'connectFree'), 'E101', 'not a package of this action');
    checkTargets(svc, scope, sns, input.body.payerBan);
    const already = sns.filter((sn) => alreadyHas(s, action, sn, soc));
    const rest = sns.filter((sn) => !already.includes(sn));
    // the server's own total: the package's price for each number the order goes to, never a sum sent by the client
    return {
      already,
      sns: rest,
      total: action === 'connect' && pkg ? checkoutTotal(pkg.price, rest.length) : 0,
    };
  },
  'internet.setup': (ctx) => {
    const { input, session, svc } = ctx;
    const scope = scopeOf(session);
    const s = svc.addons;
    const pkg = s.package(input.body.soc);
    ensure(pkg && !pkg.isFree, 'E101', 'not a paid package');
    checkTargets(svc, scope, input.body.sns, input.body.payerBan);
    return apply(ctx, 'connect', input.body.sns, pkg, input.body.lang ?? 'ru', (sn) => {
      const n = s.number(sn);
      if (!n || !s.packagesForPlan(n.pricePlan).some((p) => p.soc === pkg.soc)) return { code: 'E101' };
      // a number that has the package already is skipped and not charged (SV12)
      if (alreadyHas(s, 'connect', sn, pkg.soc)) return { code: 'E124' };
      if (s.lineCount(sn) >= LINE_PACKAGE_LIMIT) return { code: 'E123' };
      // the deposit is debited number by number: it can run out in the middle of a list (SV7)
      const deposit = s.deposit(scope.ban);
      if (deposit !== null) {
        if (deposit < pkg.price) return { code: 'E031' };
        s.setDeposit(scope.ban, deposit - pkg.price);
      }
      s.connect(sn, pkg.soc, svc.clock.now(), session.user.id);
      return { code: ACCEPTED, debit: pkg.price };
    });
  },
  'internet.setupFree': (ctx) => {
    const { input, session, svc } = ctx;
    const scope = scopeOf(session);
    const s = svc.addons;
    const pkg = s.package(input.body.soc);
    ensure(input.query.isFree && pkg?.isFree, 'E101', 'not a free package');
    checkTargets(svc, scope, input.body.sns, input.body.payerBan);
    return apply(ctx, 'connectFree', input.body.sns, pkg, input.body.lang ?? 'ru', (sn) => {
      const promo = s.promotion(sn);
      if (!promo || promo.soc !== pkg.soc) return { code: 'E101' };
      if (alreadyHas(s, 'connectFree', sn, pkg.soc)) return { code: 'E124' };
      if (s.lineCount(sn) >= LINE_PACKAGE_LIMIT) return { code: 'E123' };
      s.takePromotion(sn, svc.clock.now());
      s.connect(sn, pkg.soc, svc.clock.now(), session.user.id);
      return { code: ACCEPTED };
    });
  },
  'internet.delete': (ctx) => {
    const { input, session, svc } = ctx;
    const scope = scopeOf(session);
    const s = svc.addons;
    const pkg = s.package(input.body.soc);
    ensure(pkg, 'E101', 'unknown package');
    checkTargets(svc, scope, input.body.sns, input.body.payerBan);
    return apply(ctx, 'disconnect', input.body.sns, pkg, input.body.lang ?? 'ru', (sn) =>
      s.disconnect(sn, pkg.soc) ? { code: ACCEPTED } : { code: 'E013' },
    );
  },
  'internet.deleteAgreement': (ctx) => {
    const { input, session, svc } = ctx;
    const scope = scopeOf(session);
    const s = svc.addons;
    checkTargets(svc, scope, input.body.sns, input.body.payerBan);
    return apply(ctx, 'cancelAgreement', input.body.sns, null, input.body.lang ?? 'ru', (sn) =>
      s.disconnectAll(sn) > 0 ? { code: ACCEPTED } : { code: 'E013' },
    );
  },
  'internet.setupRoaming': (ctx) => {
    const { input, session, svc } = ctx;
    const scope = scopeOf(session);
    const s = svc.addons;
    ensure(input.body.soc === ROAMING_SOC, 'E101', 'not the roaming service');
    checkTargets(svc, scope, input.body.sns, input.body.payerBan);
    return apply(ctx, 'roamingOn', input.body.sns, null, input.body.lang ?? 'ru', (sn) => {
      if (alreadyHas(s, 'roamingOn', sn, ROAMING_SOC)) return { code: 'E124' };
      s.roamingOn(sn, svc.clock.now(), session.user.id);
      return { code: ACCEPTED };
    });
  },
  'internet.deleteRoaming': (ctx) => {
    const { input, session, svc } = ctx;
    const scope = scopeOf(session);
    const s = svc.addons;
    ensure(input.body.soc === ROAMING_SOC, 'E101', 'not the roaming service');
    checkTargets(svc, scope, input.body.sns, input.body.payerBan);
    return apply(ctx, 'roamingOff', input.body.sns, null, input.body.lang ?? 'ru', (sn) =>
      s.roamingOff(sn) ? { code: ACCEPTED } : { code: 'E013' },
    );
  },
};
