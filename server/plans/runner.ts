/**
 * The plans' runner (docs/decisions.md SP5, SP6): carries out the planned blocks and restores whose time has come,
 * from a timer of the server (not on the next request), exactly once.
 *
 * - A plan is claimed with ONE conditional UPDATE (`scheduled` -> `applying`, with the worker's id): of two workers
 *   (two timers, two processes on the same database file) exactly one gets it.
 * - The claimed plan is then carried out in ONE transaction: the re-checks (the creator still active, still curator or
 *   key owner of that account; the price of a paid block unchanged), the block/restore with the immediate path's
 *   effects (`carryOutBlock`: the request, its document, the `plan.apply` entry without an actor), and the plan's end
 *   (done / partial / failed, its result). A plan that no longer holds ends `failed` with the reason, and one entry.
 * - A process killed between the claim and the commit leaves the plan `applying` with nothing applied: after the
 *   lease (`PLAN_LEASE_MS`) the next run gives it back to `scheduled` and carries it out then.
 */
import { ApiError, type Services } from '../handler';
import { carryOutBlock, RESTORE_MAX_MS, RESTORE_MIN_MS } from '../handlers/block.handlers';
import { numberTargets, SERVER_ACTOR } from '../store/activity.store';
import type { SignatureRow } from '../store/block.store';
import type { PlanRow } from '../store/plans.store';

/** How long a claim holds before the plan is given back (a run takes milliseconds; a process may be killed). */
export const PLAN_LEASE_MS = 5 * 60_000;
/** How often the server looks for due plans (`PLANS_TICK_MS`). */
export const DEFAULT_PLANS_TICK_MS = 30_000;

/** Why a plan failed when it was to run (SP6). */
export type PlanFailure = 'creatorInactive' | 'creatorNotManager' | 'priceChanged' | 'accountGone' | string;

export interface RunOptions {
  /** the demo's fast-forward: every scheduled plan runs now, as if its time had come */
  readonly all?: boolean;
  /** source of randomness for a restore's 5-10 minutes (default Math.random) */
  readonly random?: () => number;
  /** tests: called inside the run's transaction, before it commits (a throw there is a process killed mid-plan) */
  readonly beforeCommit?: (plan: PlanRow) => void;
}

/** What one run did: the plans it carried out (by id) and how many claims it gave back. */
export interface RunReport {
  readonly ran: number[];
  readonly recovered: number;
}

/** Why the creator can no longer carry the plan, or null (SP6). */
function creatorProblem(svc: Services, plan: PlanRow): PlanFailure | null {
  const user = svc.db.prepare('SELECT status, ban, sn FROM users WHERE id = ?').get(plan.createdBy) as
    | { status: string; ban: string | null; sn: string | null }
    | undefined;
  if (user?.status !== 'active') return 'creatorInactive';
  const role = (
    svc.db
      .prepare('SELECT role FROM user_roles WHERE user_id = ? ORDER BY position LIMIT 1')
      .get(plan.createdBy) as { role: string } | undefined
  )?.role;
  if (user.ban !== plan.ban || user.sn !== null || (role !== 'R004' && role !== 'R007'))
    return 'creatorNotManager';
  return null;
}

/** The monthly price per number a block of `ban` costs now; null: free (privileged). */
export function planPriceNow(svc: Services, ban: string): number | null {
  return svc.block.lockFlags(ban).privileged ? null : svc.block.lockPrice('number');
}

/** Carries out one claimed plan in one transaction; throws (leaving it claimed) only on an unexpected failure. */
function carryOut(svc: Services, plan: PlanRow, workerId: string, now: number, opts: RunOptions): void {
  const store = svc.plans;
  const random = opts.random ?? Math.random;
  const base = opts.all ? Math.min(now, plan.runAt) : plan.runAt;
  const signature =
    plan.signatureId === null
      ? undefined
      : (svc.db
          .prepare(
            'SELECT id, key_serial, signer_tin, signer_name, pkcs7, verified_at FROM block_signatures WHERE id = ?',
          )
          .get(plan.signatureId) as SignatureRow | undefined);
  const fail = (reason: PlanFailure) => {
    svc.activity.append({
      ban: plan.ban,
      actor: SERVER_ACTOR,
      action: 'plan.apply',
      targets: plan.sns === null ? [{ kind: 'account', id: plan.ban }] : numberTargets(plan.sns),
      result: 'failed',
      failed: plan.sns ?? [],
      keySerial: plan.keySerial,
      signatureId: plan.signatureId,
      detail: { plan: plan.id, action: plan.action, reason },
      requestId: null,
    });
    store.finish(plan.id, workerId, { status: 'failed', result: null, reason, now });
  };
  svc.db.transaction(() => {
    const company = svc.profiles.banProfile(plan.ban);
    const problem =
      (company ? null : 'accountGone') ??
      creatorProblem(svc, plan) ??
      (plan.action === 'block' && planPriceNow(svc, plan.ban) !== plan.price ? 'priceChanged' : null);
    if (problem !== null) fail(problem);
    else {
      // the account's own state refuses the whole plan (not active, in process, a number no longer its own): failed
      // with the code, as the immediate call would have answered
      let outcome: ReturnType<typeof carryOutBlock> | undefined;
      try {
        outcome = svc.db.transaction(() =>
          carryOutBlock(svc, {
            action: plan.action,
            ban: plan.ban,
            sns: plan.sns,
            actor: SERVER_ACTOR,
            requestedBy: plan.createdBy,
            signature,
            now,
            effectiveAt:
              plan.action === 'block'
                ? base
                : base + RESTORE_MIN_MS + Math.floor(random() * (RESTORE_MAX_MS - RESTORE_MIN_MS + 1)),
            plan: { id: plan.id },
          }),
        )();
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        fail(e.description ? `${e.code}: ${e.description}` : e.code);
      }
      if (outcome) {
        const result = {
          accepted: [...(outcome.acceptedNumbers ?? [])],
          failed: [...(outcome.failedNumbers ?? [])],
          skipped: (outcome.skippedNumbers ?? []).map((k) => ({ sn: k.sn, reason: k.reason })),
        };
        const took = result.accepted.length > 0 || plan.sns === null;
        const status = result.failed.length === 0 ? 'done' : took ? 'partial' : 'failed';
        store.finish(plan.id, workerId, {
          status,
          result,
          reason: status === 'failed' ? 'numbersFailed' : null,
          now,
        });
      }
    }
    opts.beforeCommit?.(plan);
  })();
}

/**
 * Carries out every plan due at `now` (every scheduled one with `all`) that this worker claims; first gives back the
 * claims older than the lease. Returns the plans this worker carried out.
 */
export function runDuePlans(svc: Services, now: number, workerId: string, opts: RunOptions = {}): RunReport {
  const store = svc.plans;
  const recovered = store.recover(now - PLAN_LEASE_MS);
  const ran: number[] = [];
  for (const id of store.due(now, opts.all === true)) {
    if (!store.claim(id, workerId, now)) continue;
    const plan = store.get(id);
    if (!plan) continue;
    try {
      carryOut(svc, plan, workerId, now, opts);
      ran.push(id);
    } catch (e) {
      // left `applying`: nothing was applied; the lease gives it back
      svc.logger.error('plan.crashed', { plan: id, worker: workerId, error: String(e) });
    }
  }
  // a block planned for a day that has come takes effect now (its request is effective at run_at)
  if (ran.length > 0) svc.block.settle(now);
  return { ran, recovered };
}

/** Starts the server's timer: once now, then every `tickMs`; returns the stop. */
export function schedulePlans(svc: Services, tickMs: number, workerId: string): () => void {
  const tick = () => {
    try {
      runDuePlans(svc, svc.clock.now(), workerId);
    } catch (e) {
      svc.logger.error('plans.tick', { error: String(e) });
    }
  };
  tick();
  const timer = setInterval(tick, tickMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
