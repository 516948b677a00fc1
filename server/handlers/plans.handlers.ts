/**
 * Blocks and restores planned for a later day (docs/decisions.md SP1-SP8): `block-plans` (list,
 * create) and `block-plans/{id}/cancel`. Which company: the caller's own for create and cancel (its curator or key
 * owner, never while viewing another company), the one in view for the list (also staff with the search flag). A plan
 * is authorised by a signature over a version 2 document naming its day and hour (SP2), consumed when the plan is
 * created, unless the account is type 20. The server's timer carries it out (server/plans/runner.ts).
 */
import { blockNeedsSignature } from '../../src/domain/block.rules';
import { mayManagePlans, mayReadPlans, planHour, planRunAt } from '../../src/domain/plans.rules';
import { activeRole, isClientRole } from '../../src/domain/roles.rules';
import { targetsKey, whenKey } from '../../src/domain/signing-document.rules';
import type { PlanWire } from '../../src/services/contract/plans.contract';
import { ApiError, ensure, type Handlers, type RequestSession } from '../handler';
import { planPriceNow } from '../plans/runner';
import { actorOf, numberTargets } from '../store/activity.store';
import type { SignatureRow } from '../store/block.store';
import type { PlanRow } from '../store/plans.store';
import { blockTargetsOf, ensurePlanDay, SIGNATURE_TTL_MS } from './block.handlers';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A plan on the wire; its creator is a client user (SP4), whose login a client sees (AL3: only staff logins are not). */
function planWire(p: PlanRow, staffViewer: boolean): PlanWire {
  const creatorStaff = p.creatorRole === null || !isClientRole(p.creatorRole);
  return {
    id: p.id,
    action: p.action,
    ban: p.ban,
    sns: p.sns,
    numbers: p.numbers,
    date: p.date,
    hour: p.hour,
    runAt: iso(p.runAt) as string,
    status: p.status,
    createdAt: iso(p.createdAt) as string,
    createdBy: {
      login: creatorStaff && !staffViewer ? null : p.creatorLogin,
      role: p.creatorRole,
      staff: creatorStaff,
    },
    keySerial: p.keySerial,
    price: p.price,
    result: p.result === null ? null : { ...p.result, skipped: p.result.skipped.map((k) => ({ ...k })) },
    reason: p.reason,
    cancelledAt: iso(p.cancelledAt),
  };
}

const isStaff = (session: RequestSession) => {
  const role = activeRole(session.viewer.roles);
  return role === undefined || !isClientRole(role);
};

/** The caller's own company, whose plans they manage (SP4); E005 otherwise. */
function ownBan(session: RequestSession): string {
  const v = session.viewer;
  ensure(!v.impersonating && mayManagePlans(v.facts), 'E005', 'only the curator or key owner plans');
  const own = v.ownProfile;
  ensure(own && typeof own.ban === 'string' && own.sn == null, 'E005');
  return own.ban;
}

/** A number as the conflict message names it (`+998 90 123 45 67`), or the account. */
const shownTarget = (key: string) =>
  key.startsWith('*')
    ? `лицевого счёта ${key.slice(1)}`
    : `номер +998 ${key.slice(0, 2)} ${key.slice(2, 5)} ${key.slice(5, 7)} ${key.slice(7, 9)}`;

export const plansHandlers: Handlers = {
  'plans.list': ({ input, session, svc }) => {
    const { viewer } = session;
    const profile = viewer.profile;
    // a company's profile in view (not a number's), and a reader of its plans
    ensure(mayReadPlans(viewer.facts) && profile?.ban && profile.sn == null, 'E005');
    const size = input.query.size ?? 20;
    const page = input.query.page ?? 0;
    const { rows, total } = svc.plans.page(String(profile.ban), input.query.status ?? null, page, size);
    const staffViewer = isStaff(session);
    return {
      content: rows.map((r) => planWire(r, staffViewer)),
      totalElements: total,
      totalPages: Math.ceil(total / size),
    };
  },

  'plans.create': ({ input, session, svc }) => {
    const body = input.body;
    const ban = ownBan(session);
    ensure(body.ban === ban, 'E005', 'a plan is made for the own account only');
    const company = svc.profiles.banProfile(ban);
    ensure(company, 'E052');
    ensure(company.at !== 16, 'E002', 'type-16 accounts are not blocked from the portal');
    const now = svc.clock.now();
    ensurePlanDay({ action: body.action, date: body.date, hour: body.hour }, now, 'body');
    const hour = planHour(body.action, body.hour);
    const sns = body.sns ? [...new Set(body.sns)].sort() : null;
    if (sns)
      for (const sn of sns) {
        const row = svc.block.number(sn, ban);
        ensure(row || !svc.profiles.numberExists(sn), 'E125');
        ensure(row, 'E016');
      }
    const numbers = sns ? sns.length : svc.block.numbersOfBan(ban).length;
    const targets = blockTargetsOf(ban, sns);
    const store = svc.plans;
    const id = svc.db.transaction(() => {
      let signature: SignatureRow | undefined;
      if (blockNeedsSignature(company.at)) {
        // a plan's signature: exactly this action, these targets, this day and hour (SP2); taken back with the
        // transaction when the plan is refused
        signature = svc.block.takeSignature({
          session_hash: session.row.idHash,
          action: body.action,
          targets: targetsKey(targets),
          since: now - SIGNATURE_TTL_MS,
          now,
          plan_when: whenKey({ date: body.date, hour }),
        });
        ensure(
          signature,
          'E005',
          'a verified signature of this plan (its numbers, day and hour) is required',
        );
      }
      const made = store.create({
        ban,
        sns,
        numbers,
        action: body.action,
        date: body.date,
        hour,
        runAt: planRunAt(body.action, body.date, hour),
        createdBy: session.user.id,
        createdAt: now,
        signatureId: signature?.id ?? null,
        keySerial: signature?.key_serial ?? null,
        price: body.action === 'block' ? planPriceNow(svc, ban) : null,
      });
      if ('conflict' in made)
        throw new ApiError(
          'E143',
          `На этот день для ${shownTarget(made.conflict)} уже запланировано действие`,
        );
      svc.activity.append({
        ban,
        actor: actorOf(session),
        action: 'plan.create',
        targets: sns === null ? [{ kind: 'account', id: ban }] : numberTargets(sns),
        keySerial: signature?.key_serial ?? null,
        signatureId: signature?.id ?? null,
        detail: { plan: made.id, action: body.action, date: body.date, hour },
      });
      return made.id;
    })();
    svc.logger.info('plan.create', { userId: session.user.id, plan: id, ban, action: body.action });
    return planWire(store.get(id) as PlanRow, isStaff(session));
  },

  'plans.cancel': ({ input, session, svc }) => {
    const ban = ownBan(session);
    const id = Number(input.params.id);
    const store = svc.plans;
    const plan = Number.isSafeInteger(id) ? store.get(id) : undefined;
    // another company's plan is as unknown as a missing one
    ensure(plan && plan.ban === ban, 'E005', 'no such plan of this account');
    const now = svc.clock.now();
    svc.db.transaction(() => {
      ensure(store.cancel(plan.id, session.user.id, now), 'E144', `plan ${plan.id} is ${plan.status}`);
      svc.activity.append({
        ban,
        actor: actorOf(session),
        action: 'plan.cancel',
        targets: plan.sns === null ? [{ kind: 'account', id: ban }] : numberTargets(plan.sns),
        detail: {
          plan: plan.id,
          action: plan.action,
          date: plan.date,
          hour: plan.hour,
          signedBy: plan.keySerial,
        },
      });
    })();
    svc.logger.info('plan.cancel', { userId: session.user.id, plan: plan.id });
    return planWire(store.get(plan.id) as PlanRow, isStaff(session));
  },
};
