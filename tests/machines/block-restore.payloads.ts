import type { AnyEventObject } from 'xstate';
import type {
  BlockOutcome,
  BlockRestoreEvent,
  BlockRestoreRequest,
  PrivilegedLockInfo,
} from '@/machines/block-restore.machine';
import type { SigningResult } from '@/machines/signing.machine';
import { ApiFailure } from '@/services/api/api-error';
import { payloadsFor } from '../support/model-universe';

/**
 * Realistic events and actor results of the block/restore chart (model paths, random walk, view walk, unit tests).
 * Guards see both outcomes: a signed (type 5) and a direct (type 20) request, a signature and a cancelled signing,
 * results with every number accepted, some failed, all failed.
 */

export const blockSigned: BlockRestoreRequest = {
  action: 'block',
  sn: '901234567',
  ban: '100457732',
  profileType: 15,
  impersonating: false,
};
export const restoreDirect: BlockRestoreRequest = {
  action: 'restore',
  sn: '911002030',
  ban: '100561093',
  profileType: 20,
  impersonating: false,
};

/** The whole account of a company (U7: the confirmation names it, its company and its active numbers). */
export const blockAccount: BlockRestoreRequest = {
  action: 'block',
  sn: null,
  ban: '100234561',
  companyName: 'Toshkent Savdo Invest MChJ',
  profileType: 5,
  impersonating: false,
};
/** The curator of a company, who may plan it for a later day instead (SP4). */
export const blockAccountPlannable: BlockRestoreRequest = { ...blockAccount, mayPlan: true };
/** A type 20 account's key owner restoring a number later: no signature, the plan directly (SP2). */
export const restoreDirectPlannable: BlockRestoreRequest = { ...restoreDirect, mayPlan: true };

/** "Now" as the dialog reports it with a chosen day: 5 December 2026, 15:00 in Tashkent. */
export const PLAN_NOW = Date.parse('2026-12-05T10:00:00Z');

/** A selection of the number list (U10): one signature, one client/batch call. */
export const restoreSelection: BlockRestoreRequest = {
  action: 'restore',
  sn: null,
  sns: ['901234567', '901234568'],
  ban: '100234561',
  companyName: 'Toshkent Savdo Invest MChJ',
  profileType: 5,
  impersonating: false,
};

export const paidLock: PrivilegedLockInfo = {
  price: 12500.5,
  privileged: false,
  lopBan: false,
  numbers: 9603,
};
export const privilegedLock: PrivilegedLockInfo = { price: 0, privileged: true, lopBan: true, numbers: null };
/** Spec 4: "privileged" and "isLopBan" are two answers of the same call: free but not a LOP account, and the reverse. */
export const privilegedNotLop: PrivilegedLockInfo = { price: 0, privileged: true, lopBan: false, numbers: 3 };
export const lopPaid: PrivilegedLockInfo = { price: 8000, privileged: false, lopBan: true, numbers: 12 };

/** Staff viewing a company (B9: the signing child is told, and refuses at the tax-id step), account type 40. */
export const blockImpersonating: BlockRestoreRequest = {
  action: 'block',
  sn: '901234568',
  ban: '100457732',
  profileType: 40,
  impersonating: true,
};
/** A selection of one number (U10: signed as one number). */
export const restoreOne: BlockRestoreRequest = {
  action: 'restore',
  sn: null,
  sns: ['901234569'],
  ban: '100234561',
  companyName: 'Toshkent Savdo Invest MChJ',
  profileType: 16,
  impersonating: false,
};

export const signed: SigningResult = {
  pkcs7b64WithTimestamp: 'MIIJtimestamped',
  keySerial: '7A3C0004',
  tin: '201873345',
};

const companyInfo = {
  keySerialId: '7A3C0004',
  companyName: 'Fargʻona Tekstil AJ',
  companyTin: '201873345',
  companyDirectorKeyName: 'XOLMATOV OTABEK',
  clientSignDate: '2026-01-15T09:00:00.000Z',
  clientSign: 'MIIJtimestamped',
};
export const allAccepted: BlockOutcome = {
  failedNumbers: [],
  acceptedNumbers: ['901234567'],
  skippedNumbers: [{ sn: '901234569', reason: 'terminated' }],
  companyInfo,
};
export const someFailed: BlockOutcome = {
  failedNumbers: ['901234568'],
  acceptedNumbers: ['901234567'],
  skippedNumbers: [],
  companyInfo,
};
export const allFailed: BlockOutcome = {
  failedNumbers: ['901234567'],
  acceptedNumbers: [],
  skippedNumbers: [{ sn: '901234570', reason: 'tentative' }],
  companyInfo: null,
};

export const billingDown = new ApiFailure({ kind: 'server', code: 'E007', description: 'billing timeout' });
export const offline = new ApiFailure({ kind: 'network' });
export const inProcess = new ApiFailure({
  kind: 'server',
  code: 'E022',
  description: 'номер уже в процессе блокировки',
});

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });

/** Payloads of the block/restore chart's events and actor results. */
export const blockRestorePayloads = payloadsFor<BlockRestoreEvent>({
  'toggle.press': [
    { type: 'toggle.press', request: blockSigned },
    { type: 'toggle.press', request: restoreDirect },
    { type: 'toggle.press', request: blockAccount },
    { type: 'toggle.press', request: restoreSelection },
    { type: 'toggle.press', request: blockImpersonating },
    { type: 'toggle.press', request: restoreOne },
    { type: 'toggle.press', request: blockAccountPlannable },
    { type: 'toggle.press', request: restoreDirectPlannable },
  ],
  // SP1: a later day (a block at 00:00, a restore at 09:00), today (refused: from tomorrow), day 91 (refused), now again
  'when.set': [
    { type: 'when.set', when: { date: '2026-12-12', hour: 0 }, now: PLAN_NOW },
    { type: 'when.set', when: { date: '2026-12-20', hour: 9 }, now: PLAN_NOW },
    { type: 'when.set', when: { date: '2026-12-05', hour: 0 }, now: PLAN_NOW },
    { type: 'when.set', when: { date: '2027-03-06', hour: 0 }, now: PLAN_NOW },
    { type: 'when.set', when: null, now: PLAN_NOW },
  ],
  'xstate.done.actor.fetchPrivilegedLock': [
    done('fetchPrivilegedLock', paidLock),
    done('fetchPrivilegedLock', privilegedLock),
    done('fetchPrivilegedLock', privilegedNotLop),
    done('fetchPrivilegedLock', lopPaid),
  ],
  'xstate.error.actor.fetchPrivilegedLock': [
    fail('fetchPrivilegedLock', offline),
    fail('fetchPrivilegedLock', inProcess),
  ],
  'xstate.done.actor.signing': [done('signing', signed), done('signing', null)],
  'xstate.error.actor.signing': [fail('signing', new Error('signing chart crashed'))],
  'xstate.done.actor.applyBlock': [
    done('applyBlock', allAccepted),
    done('applyBlock', someFailed),
    done('applyBlock', allFailed),
  ],
  'xstate.error.actor.applyBlock': [fail('applyBlock', billingDown), fail('applyBlock', offline)],
  'xstate.done.actor.createPlan': [done('createPlan', { id: 41, runAt: '2026-12-11T19:00:00.000Z' })],
  'xstate.error.actor.createPlan': [
    fail(
      'createPlan',
      new ApiFailure({
        kind: 'server',
        code: 'E143',
        description: 'На этот день для лицевого счёта 100234561 уже запланировано действие',
      }),
    ),
    fail('createPlan', offline),
  ],
});

/** The model-test entry of the block/restore chart (tests/support/model-registry.ts). */
export const blockRestoreModelEntry = {
  id: 'blockRestore',
  payloads: blockRestorePayloads,
} as const;
