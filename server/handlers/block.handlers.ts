/**
 * Block / restore and the server side of signing (spec 4 "Block flow", "Signing flow", "Block takes effect after
 * 00:00. Restore updates status in 5-10 minutes."; spec 7 "Block/restore"; docs/decisions.md; docs/security.md).
 *
 * - `client/tax-id`: the signer's TIN = the session user's own company TIN; refused (E005) while impersonating.
 * - `signing/challenge`: a one-time challenge for one action on one list of targets, bound to the session
 *   (`online-sales/pre-order/signing-challenge`: bound to a pre-registration draft instead).
 * - `online-sales/documents/verify`: verifies the CMS against the test CA, the signer's TIN against the user's
 *   company and the signing time against the clock, reads the signed document (src/domain/signing-document.rules.ts)
 *   and consumes its challenge with one conditional UPDATE; only then is the signature kept, paired with the
 *   session, its action and its targets. A second verify of the same CMS (or of its timestamped copy) finds the
 *   challenge consumed.
 * - `client/isPrivilegedLock`: price per month (seeded prices; 0 and privileged for privileged BANs) and lopBan;
 *   E022 while the number or account is already in process.
 * - `client/suspend`, `client/restore`, `client/batch`: only the account's own client users; a fresh signature of
 *   this session for exactly this action and these targets is consumed unless the account type is 20; numbers go
 *   "in process" now and change status at the next midnight in Tashkent, whatever the server's zone (block; TZ1),
 *   or in 5-10 minutes (restore).
 */

import { createHash, randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { blockEffect, blockNeedsSignature, type SkipReason } from '../../src/domain/block.rules';
import { numberStatusKind } from '../../src/domain/constants';
import { nextTashkentMidnight } from '../../src/domain/dates.rules';
import { type PlanWhen, planProblem } from '../../src/domain/plans.rules';
import { applicationText, keyProofText } from '../../src/domain/preregistration-signing.rules';
import {
  blockTargets,
  type SigningTargets,
  targetsKey,
  whenKey,
} from '../../src/domain/signing-document.rules';
import { signingDocumentSchema } from '../../src/services/contract/signing.contract';
import { MINUTE } from '../clock';
import { issueSuspendDocument } from '../documents/suspend-document';
import { loadOrCreateCa, type TestCa } from '../eimzo/ca';
import { type TrustStore, testCaTrust } from '../eimzo/trust';
import { verifyPkcs7 } from '../eimzo/verify';
import {
  ApiError,
  ensure,
  type HandlerReply,
  type Handlers,
  type RequestSession,
  type Services,
} from '../handler';
import { CLIENT_ROLES } from '../permissions';
import { type ActivityActor, actorOf, numberTargets } from '../store/activity.store';
import type { BlockAction, BlockScope, NumberRow, SignatureRow } from '../store/block.store';
import { ensureContactTarget } from './recovery-contact.handlers';

/** A verified signature authorises one suspend/restore of this session within this time. */
export const SIGNATURE_TTL_MS = 10 * MINUTE;

/**
 * Refuses a plan's day and hour that `planProblem` finds wrong (SP1): E101 naming the field under `at` (`body` for
 * `block-plans`, `body.when` for a plan's signing challenge), so the challenge and the plan refuse alike.
 */
export function ensurePlanDay(p: PlanWhen, now: number, at: 'body' | 'body.when'): void {
  const problem = planProblem(p, now);
  if (problem !== null)
    throw new ApiError('E101', `${at}.${problem === 'badHour' ? 'hour' : 'date'}: ${problem}`);
}
/** A restore takes effect after 5 to 10 minutes (spec 4). */
export const RESTORE_MIN_MS = 5 * MINUTE;
export const RESTORE_MAX_MS = 10 * MINUTE;

/** The hash a pre-registration challenge binds: SHA-256 of the draft's JSON with keys sorted at every level. */
export function draftHash(draft: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v as object)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(canonical(draft)))
    .digest('hex');
}

/**
 * The pre-registration's use of a signature (no session yet): the CMS must be signed by the draft's company
 * (`draft.user.tin`), near the server's clock, over a `preregister` document for exactly this draft, and its
 * challenge — issued by `online-sales/pre-order/signing-challenge` for this draft — is consumed with one
 * conditional update. The pre-registration create call uses this; a second use of the same signature fails.
 */
export async function consumeDraftSignature(
  svc: Services,
  pcs7: string,
  draft: { user: { tin: string } } & Record<string, unknown>,
  expected: 'key-proof' | 'preregister',
  caDir: string = svc.config.eimzoDataDir,
): Promise<
  { ok: true; pkcs7b64WithTimestamp: string; serialNumber: string } | { ok: false; reason: string }
> {
  const ca = loadOrCreateCa(caDir);
  const now = svc.clock.now();
  const r = await verifyPkcs7(pcs7, {
    trust: signatureTrustOf(svc, ca),
    now: new Date(now),
    expectedTin: draft.user.tin,
    tsa: ca.tsa,
  });
  if (!r.ok) return { ok: false, reason: r.reason };
  // a registration is a company's: a person's certificate (a UID, no INN) has no company TIN (spec 5 'У вас не
  // имеется ИНН.'), even when its UID looks like one
  if (!r.subject.inn) return { ok: false, reason: 'noCompanyInn' };
  if (!r.signingTime || Math.abs(r.signingTime.getTime() - now) > svc.config.signingSkewMinutes * MINUTE)
    return { ok: false, reason: 'signingTime' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(r.signedData);
  } catch {
    return { ok: false, reason: 'notASigningDocument' };
  }
  const doc = signingDocumentSchema.safeParse(parsed);
  if (!doc.success) return { ok: false, reason: 'notASigningDocument' };
  // a plan's document (version 2) never serves a pre-registration
  if (doc.data.format !== 'b2b-portal.signing/1') return { ok: false, reason: 'otherDocument' };
  const hash = draftHash(draft);
  const { action, targets, challenge, text } = doc.data;
  // the key proof and the application are different signing actions (NC22): one is refused in place of the other
  if (action !== expected) return { ok: false, reason: 'otherAction' };
  if (targets.kind !== 'draft' || targets.draftHash !== hash) return { ok: false, reason: 'otherDocument' };
  // the text is what the signer read: the key proof's fixed words, or the very application in ru or uz (NC21)
  const texts =
    expected === 'key-proof'
      ? [keyProofText(draft.user.tin)]
      : [applicationText(draft, 'ru'), applicationText(draft, 'uz')];
  if (!texts.includes(text)) return { ok: false, reason: 'otherText' };
  if (challenge === null) return { ok: false, reason: 'noChallenge' };
  const id = svc.block.consumeChallenge({
    challenge,
    action,
    targets: targetsKey(targets),
    session_hash: null,
    draft_hash: hash,
    now,
  });
  if (id === null) return { ok: false, reason: 'challengeUsedOrUnknown' };
  svc.logger.info('signing.verified', { serial: r.serialNumber, action });
  return { ok: true, pkcs7b64WithTimestamp: r.pkcs7b64WithTimestamp, serialNumber: r.serialNumber };
}

/**
 * Which certification centres a signature must chain to (decisions SIG1): the operator's trust directory when one
 * is configured; else the simulator's test CA, in demo mode only; else none, and every signature is refused.
 */
export function signatureTrustOf(svc: Services, ca: TestCa): TrustStore | undefined {
  if (svc.signatureTrust) return svc.signatureTrust();
  return svc.config.demoMode ? testCaTrust(ca.caCertPem) : undefined;
}

/** Settles due requests before every API call, so every reply (profile, numbers) shows the current statuses. */
export function settleBlocksMiddleware(svc: Pick<Services, 'block' | 'clock'>): MiddlewareHandler {
  return async (_c, next) => {
    svc.block.settle(svc.clock.now());
    await next();
  };
}

/** The session user's own company profile, for signing; staff and impersonation are refused (E005). */
function signerCompany(session: RequestSession) {
  ensure(!session.viewer.impersonating, 'E005', 'signing is refused while impersonating a client');
  const own = session.viewer.ownProfile;
  ensure(own && typeof own.tin === 'string' && own.tin !== '', 'E005', 'no company to sign for');
  return own;
}

/** Whether the viewer may look at the lock of `ban` (its own profile, or the one it impersonates). */
function seesBan(session: RequestSession, ban: string): boolean {
  return session.viewer.profile?.ban === ban || session.viewer.ownProfile?.ban === ban;
}

/** Only the account's own client users act on its numbers; a subscriber only on their own number. */
function ensureOwner(session: RequestSession, ban: string, sns: readonly string[] | null): void {
  const v = session.viewer;
  ensure(!v.impersonating, 'E005', 'staff acting as a client cannot block or restore');
  ensure(CLIENT_ROLES.has(v.roles[0] ?? ''), 'E005');
  const own = v.ownProfile;
  ensure(own && own.ban === ban, 'E005');
  if (own.sn != null)
    ensure(sns?.every((sn) => sn === own.sn) === true, 'E005', 'a subscriber blocks only their own number');
}

/** Who may ask for a challenge on these targets: the same people who may then apply it. */
function ensureMaySign(
  svc: Services,
  session: RequestSession,
  action: string,
  targets: SigningTargets,
): void {
  signerCompany(session);
  ensure(action !== 'preregister' && targets.kind !== 'draft', 'E101', 'a draft is signed without a session');
  // a recovery contact is signed only as a contact change, and a contact change only over a contact (PRC5)
  ensure((action === 'contact-change') === (targets.kind === 'contact'), 'E101', 'action and targets differ');
  if (targets.kind === 'contact') ensureContactTarget(svc, session, targets);
  else if (targets.kind === 'number') ensureOwner(session, targets.ban, [targets.sn]);
  else if (targets.kind === 'numbers') ensureOwner(session, targets.ban, targets.sns);
  else ensureOwner(session, targets.ban, null);
}

const newChallenge = () => randomBytes(24).toString('base64url');

/** The targets of a block/restore of `sns` of `ban` (null: the whole account), as its signature names them. */
export function blockTargetsOf(ban: string, sns: readonly string[] | null): SigningTargets {
  return sns === null
    ? { kind: 'ban', ban }
    : sns.length === 1 && sns[0] !== undefined
      ? { kind: 'number', ban, sn: sns[0] }
      : { kind: 'numbers', ban, sns };
}

/** One block or restore to carry out: who asked (the session's user now, a plan's creator at its time), under which
 *  signature, and when it takes effect. */
export interface BlockApplication {
  readonly action: BlockAction;
  readonly ban: string;
  /** the numbers; null: the whole account */
  readonly sns: readonly string[] | null;
  /** the log entry's actor: the session's, or the server's timer for a plan (AL2) */
  readonly actor: ActivityActor;
  /** the user the request and its document are recorded for */
  readonly requestedBy: number;
  readonly signature: SignatureRow | undefined;
  readonly now: number;
  readonly effectiveAt: number;
  /** a plan's run: the log entry is its `plan.apply` (with the plan's id) instead of a `block`/`restore` */
  readonly plan?: { readonly id: number };
}

type BlockOutcome = HandlerReply<'block.suspend'>;

/**
 * Carries out a block or restore whose caller has been checked and whose signature has been taken: U7 effects per
 * number, then the request, its document (spec 4 step 4: type 7, DOC8) and its one log entry (AL1) in one transaction
 * (nested in the caller's when there is one). The immediate calls and the plans' runner (server/plans/runner.ts) share
 * it; the account's state it needs (active, not in process, the numbers its own) is refused with the same codes.
 */
export function carryOutBlock(svc: Services, a: BlockApplication): BlockOutcome {
  const { action, ban, sns, signature, now, effectiveAt } = a;
  const company = svc.profiles.banProfile(ban);
  ensure(company, 'E052');
  const store = svc.block;
  const targets = blockTargetsOf(ban, sns);

  // Decision U7: a block touches active numbers only and a restore blocked ones; terminated, tentative and
  // in-process numbers are reported as left alone, not as failed. U8: a restore of the whole account undoes
  // exactly the numbers its block blocked; numbers blocked before it stay blocked.
  const pending = store.pendingNumbers(ban);
  const accepted: string[] = [];
  const failed: string[] = [];
  const skipped: { sn: string; reason: SkipReason }[] = [];
  let undoes: number | null = null;
  let rows: NumberRow[];
  if (sns === null) {
    const active = company.status === 'A' || company.status === 'O';
    if (action === 'block') ensure(active, 'E023', 'лицевой счёт не активен');
    else ensure(company.status === 'S', 'E013', 'лицевой счёт не заблокирован');
    ensure(store.pendingOf({ ban, sn: null }) === null, 'E022', 'лицевой счёт уже в процессе');
    rows = store.numbersOfBan(ban);
    if (action === 'restore') {
      const block = store.lastAccountBlock(ban);
      if (block !== null) {
        undoes = block.id;
        rows = rows.filter((n) => {
          if (n.status !== 'S' || block.numbers.has(n.sn)) return true;
          skipped.push({ sn: n.sn, reason: 'blockedBefore' });
          return false;
        });
      }
    }
    // a block of the account leaves its blocked numbers as they are, a restore its active ones: not listed
    rows = rows.filter((n) =>
      action === 'block' ? numberStatusKind(n.status) !== 'blocked' : numberStatusKind(n.status) !== 'active',
    );
  } else {
    rows = [...new Set(sns)].map((sn) => {
      const row = store.number(sn, ban);
      ensure(row || !svc.profiles.numberExists(sn), 'E125');
      ensure(row, 'E016');
      return row;
    });
  }
  for (const n of rows) {
    const effect = blockEffect(action, n.status, pending.has(n.sn));
    if (effect === 'apply') accepted.push(n.sn);
    else if (effect === 'fail') failed.push(n.sn);
    else skipped.push({ sn: n.sn, reason: effect });
  }

  const sn = targets.kind === 'number' ? targets.sn : null;
  const scope: BlockScope =
    targets.kind === 'ban' ? 'account' : targets.kind === 'numbers' ? 'numbers' : 'number';
  const companyInfo = {
    keySerialId: signature?.key_serial ?? null,
    companyName: typeof company.company_name === 'string' ? company.company_name : null,
    companyTin: typeof company.tin === 'string' ? company.tin : null,
    companyDirectorKeyName: signature?.signer_name ?? null,
    clientSignDate: signature ? new Date(signature.verified_at).toISOString() : null,
    clientSign: signature?.pkcs7 ?? null,
  };
  const takesEffect = accepted.length > 0 || sns === null;
  // the request, its document (spec 4 step 4: type 7, docs/decisions.md DOC8) and its log entry (AL1) together
  svc.db.transaction(() => {
    const id = takesEffect
      ? store.insertRequest(
          {
            action,
            ban,
            sn,
            scope,
            undoes_request_id: undoes,
            requested_by: a.requestedBy,
            signature_id: signature?.id ?? null,
            requested_at: now,
            effective_at: effectiveAt,
          },
          accepted,
        )
      : null;
    if (takesEffect)
      issueSuspendDocument(svc.db, {
        action,
        ban,
        acceptedNumbers: accepted,
        wholeAccount: sns === null,
        companyInfo,
        effectiveAt,
        userId: a.requestedBy,
        now,
      });
    // nothing accepted of a list whose numbers failed: the action failed (numbers only skipped changed nothing
    // either, but nothing failed: 'ok')
    svc.activity.append({
      ban,
      actor: a.actor,
      action: a.plan ? 'plan.apply' : action,
      targets: sns === null ? [{ kind: 'account', id: ban }] : numberTargets(sns),
      result: failed.length === 0 ? 'ok' : takesEffect ? 'partial' : 'failed',
      failed,
      keySerial: signature?.key_serial ?? null,
      signatureId: signature?.id ?? null,
      detail: {
        ...(a.plan ? { plan: a.plan.id, action } : {}),
        request: id,
        accepted: accepted.length,
        skipped: skipped.length,
        effectiveAt,
      },
      ...(a.plan ? { requestId: null } : {}),
    });
  })();
  svc.logger.info(a.plan ? 'plan.apply' : `block.${action}`, {
    ...(a.plan ? { plan: a.plan.id } : { userId: a.requestedBy }),
    ban,
    sn,
    numbers: sns?.length ?? null,
    accepted: accepted.length,
    failed: failed.length,
    skipped: skipped.length,
    effectiveAt,
  });

  return { failedNumbers: failed, acceptedNumbers: accepted, skippedNumbers: skipped, companyInfo };
}

export interface BlockHandlerOptions {
  /** where the test CA lives (default: the server config's `eimzoDataDir`) */
  readonly caDir?: string;
  /** source of randomness for the 5-10 minutes of a restore (default Math.random) */
  readonly random?: () => number;
}

type Outcome = BlockOutcome;

/** The handlers, with the CA directory and randomness injectable for tests. */
export function createBlockHandlers(opts: BlockHandlerOptions = {}): Handlers {
  const cas = new Map<string, TestCa>();
  const caFor = (svc: Services): TestCa => {
    const dir = opts.caDir ?? svc.config.eimzoDataDir;
    let ca = cas.get(dir);
    if (!ca) {
      ca = loadOrCreateCa(dir);
      cas.set(dir, ca);
    }
    return ca;
  };
  const random = opts.random ?? Math.random;

  /** Block or restore `sns` of `ban` (null: the whole account) under one signature of this session. */
  function apply(
    action: BlockAction,
    req: { ban: string; sns: readonly string[] | null; isLopBan: boolean | undefined },
    session: RequestSession,
    svc: Services,
  ): Outcome {
    const { ban, sns } = req;
    ensureOwner(session, ban, sns);
    const company = svc.profiles.banProfile(ban);
    ensure(company, 'E052');
    // spec 6 "Block toggle not shown for type 16": the server refuses it too
    ensure(company.at !== 16, 'E002', 'type-16 accounts are not blocked from the portal');
    const store = svc.block;
    const flags = store.lockFlags(ban);
    if (req.isLopBan !== undefined)
      ensure(req.isLopBan === flags.lopBan, 'E101', 'isLopBan does not match the account');
    const now = svc.clock.now();
    const targets = blockTargetsOf(ban, sns);

    let signature: SignatureRow | undefined;
    if (blockNeedsSignature(company.at)) {
      signature = store.takeSignature({
        session_hash: session.row.idHash,
        action,
        targets: targetsKey(targets),
        since: now - SIGNATURE_TTL_MS,
        now,
      });
      ensure(signature, 'E005', 'a verified signature of exactly these numbers is required');
    }
    const effectiveAt =
      action === 'block'
        ? nextTashkentMidnight(now)
        : now + RESTORE_MIN_MS + Math.floor(random() * (RESTORE_MAX_MS - RESTORE_MIN_MS + 1));
    return carryOutBlock(svc, {
      action,
      ban,
      sns,
      actor: actorOf(session),
      requestedBy: session.user.id,
      signature,
      now,
      effectiveAt,
    });
  }

  return {
    'signing.taxId': ({ session }) => ({ tin: signerCompany(session).tin as string }),

    'signing.challenge': ({ input, session, svc }) => {
      const { action, targets, when } = input.body;
      ensureMaySign(svc, session, action, targets);
      // a plan's signature (SP2): a block or restore of numbers or an account, on a day and at an hour
      ensure(
        when === undefined || action === 'block' || action === 'restore',
        'E101',
        'body.when: only a block or restore is planned',
      );
      const now = svc.clock.now();
      // a plan's day and hour are checked here as `plans.create` checks them, so that nobody signs a plan that
      // would then be refused (spec 4: a block takes effect at 00:00, a restore at its hour; SP1)
      if (when !== undefined && (action === 'block' || action === 'restore'))
        ensurePlanDay({ action, date: when.date, hour: when.hour }, now, 'body.when');
      const challenge = newChallenge();
      const expiresAt = now + svc.config.challengeMinutes * MINUTE;
      svc.block.insertChallenge({
        challenge,
        session_hash: session.row.idHash,
        draft_hash: null,
        user_id: session.user.id,
        action,
        targets: targetsKey(targets),
        created_at: now,
        expires_at: expiresAt,
        plan_when: whenKey(when),
      });
      return { challenge, expiresAt };
    },

    'preorder.signingChallenge': ({ input, svc }) => {
      const hash = draftHash(input.body.draft);
      const now = svc.clock.now();
      const challenge = newChallenge();
      const expiresAt = now + svc.config.challengeMinutes * MINUTE;
      svc.block.insertChallenge({
        challenge,
        session_hash: null,
        draft_hash: hash,
        user_id: null,
        // issued per action (NC22): a key-proof challenge never serves an application, nor the reverse
        action: input.body.action ?? 'preregister',
        targets: targetsKey({ kind: 'draft', draftHash: hash }),
        created_at: now,
        expires_at: expiresAt,
      });
      return { challenge, expiresAt, draftHash: hash };
    },

    'signing.verify': async ({ input, session, svc }) => {
      const own = signerCompany(session);
      const ca = caFor(svc);
      const now = svc.clock.now();
      const reject = (reason: string, revocation?: readonly { serial: string; source: string }[]) => {
        svc.logger.warn('signing.rejected', {
          userId: session.user.id,
          reason,
          ...(revocation?.length
            ? { revocation: revocation.map((n) => `${n.serial} ${n.source}`).join('; ') }
            : {}),
        });
        return { code: 0, pkcs7b64WithTimestamp: null, reason };
      };
      const r = await verifyPkcs7(input.body.pcs7, {
        trust: signatureTrustOf(svc, ca),
        now: new Date(now),
        expectedTin: own.tin as string,
        tsa: ca.tsa,
      });
      if (!r.ok) return reject(r.reason, r.revocation);
      const skew = svc.config.signingSkewMinutes * MINUTE;
      if (!r.signingTime || Math.abs(r.signingTime.getTime() - now) > skew) return reject('signingTime');
      let parsed: unknown;
      try {
        parsed = JSON.parse(r.signedData);
      } catch {
        return reject('notASigningDocument');
      }
      const doc = signingDocumentSchema.safeParse(parsed);
      if (!doc.success) return reject('notASigningDocument');
      const { action, targets, challenge } = doc.data;
      // version 2 names a plan's day and hour: its challenge was issued for exactly them (SP2)
      const planWhen = doc.data.format === 'b2b-portal.signing/2' ? whenKey(doc.data.when) : null;
      if (targets.kind === 'draft' || action === 'preregister') return reject('draftNeedsPreRegistration');
      if (challenge === null) return reject('noChallenge');
      const store = svc.block;
      const key = targetsKey(targets);
      const verified = svc.db.transaction(() => {
        const challengeId = store.consumeChallenge({
          challenge,
          action,
          targets: key,
          session_hash: session.row.idHash,
          draft_hash: null,
          now,
          plan_when: planWhen,
        });
        if (challengeId === null) return false;
        store.insertSignature({
          session_hash: session.row.idHash,
          user_id: session.user.id,
          ban: targets.ban,
          sn: targets.kind === 'number' ? targets.sn : null,
          action,
          targets: key,
          challenge_id: challengeId,
          key_serial: r.serialNumber,
          signer_tin: r.tin,
          signer_name: r.subject.cn ?? null,
          pkcs7: r.pkcs7b64WithTimestamp,
          verified_at: now,
          plan_when: planWhen,
        });
        return true;
      })();
      if (!verified) return reject('challengeUsedOrUnknown');
      svc.logger.info('signing.verified', { userId: session.user.id, serial: r.serialNumber, action });
      return { code: 1, pkcs7b64WithTimestamp: r.pkcs7b64WithTimestamp };
    },

    'block.isPrivilegedLock': ({ input, session, svc }) => {
      const { ban } = input.query;
      const sn = input.query.sn ?? null;
      ensure(seesBan(session, ban), 'E005');
      ensure(svc.profiles.exists(ban), 'E052');
      if (sn !== null)
        ensure(svc.profiles.banOf(sn) === ban, svc.profiles.numberExists(sn) ? 'E125' : 'E016');
      if (svc.block.pendingOf({ ban, sn }) !== null) {
        throw new ApiError('E022', 'номер уже в процессе блокировки');
      }
      const store = svc.block;
      const { privileged, lopBan } = store.lockFlags(ban);
      // U7: the price is per number and month; `numbers` says how many the action changes
      let numbers: number | null = null;
      if (sn !== null) numbers = 1;
      else if (input.query.action !== undefined) {
        const action = input.query.action;
        const pending = store.pendingNumbers(ban);
        const block = action === 'restore' ? store.lastAccountBlock(ban) : null;
        numbers = store
          .numbersOfBan(ban)
          .filter(
            (n) =>
              blockEffect(action, n.status, pending.has(n.sn)) === 'apply' &&
              (block === null || block.numbers.has(n.sn)),
          ).length;
      }
      return {
        price: privileged ? 0 : store.lockPrice('number'),
        privileged,
        lopBan,
        numbers,
      };
    },

    'block.suspend': ({ input, session, svc }) =>
      apply(
        'block',
        {
          ban: input.query.ban,
          sns: input.query.sn ? [input.query.sn] : null,
          isLopBan: input.query.isLopBan,
        },
        session,
        svc,
      ),
    'block.restore': ({ input, session, svc }) =>
      apply(
        'restore',
        {
          ban: input.query.ban,
          sns: input.query.sn ? [input.query.sn] : null,
          isLopBan: input.query.isLopBan,
        },
        session,
        svc,
      ),
    'block.batch': ({ input, session, svc }) =>
      apply(
        input.body.action,
        { ban: input.body.ban, sns: input.body.sns, isLopBan: input.body.isLopBan },
        session,
        svc,
      ),
  };
}

/** The handler table registered in server/app.ts. */
export const blockHandlers: Handlers = createBlockHandlers();

/** The targets a single block/restore signs (re-exported for the tests that build documents). */
export { blockTargets };
