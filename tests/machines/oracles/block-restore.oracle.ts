import type { ChartOracle, Ctx, Ev } from '../../support/oracle';
import { codeOf, done, failed } from './oracle-helpers';

/**
 * Expected behaviour of block/restore: spec 4 "Block flow" steps 1-5, "Toggle … inProcess gives error", spec 8
 * "Block/restore messages", decisions 8-14 of "Block/restore chart" (B8…B14 below).
 */
const S4 = 'spec 4 Block flow';

/** Spec 8: the server's description of a failed call ('Причина - {description}'). */
const description = (ev: Ev): string | null =>
  ev.error?.error?.kind === 'server' ? (ev.error.error.description ?? null) : null;

const IDLE = {
  request: null,
  lock: null,
  failedNumbers: [],
  acceptedNumbers: [],
  skippedNumbers: [],
  errorCode: null,
  errorDescription: null,
  when: null,
  whenProblem: null,
  plan: null,
};

/** `YYYY-MM-DD` of an instant in Tashkent (UTC+5 all year: Uzbekistan keeps no summer time). */
const tashkentDay = (ms: number) => new Date(ms + 5 * 3_600_000).toISOString().slice(0, 10);
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** SP1, written from the issue: from tomorrow up to 90 days ahead in Tashkent; a block at 00:00, a restore 0-23. */
const planRefused = (action: string, when: Ctx, now: number): string | null => {
  const m = /^(\d{4})-(\d\d)-(\d\d)$/.exec(when.date);
  const real = m && new Date(`${when.date}T00:00:00Z`).toISOString().slice(0, 10) === when.date;
  if (!real) return 'badDate';
  if (action === 'block' ? when.hour !== 0 : !(when.hour >= 0 && when.hour <= 23)) return 'badHour';
  const today = tashkentDay(now);
  if (when.date <= today) return 'pastDate';
  if (when.date > plusDays(today, 90)) return 'tooFar';
  return null;
};

/** Spec 4 step 4 / B13: the document event, only when the server accepted at least one number. */
const documentEvent = (c: Ctx, ev: Ev) => [
  {
    type: 'document.create',
    action: c.request.action,
    sn: c.request.sn,
    ban: c.request.ban,
    acceptedNumbers: ev.output.acceptedNumbers,
    companyInfo: ev.output.companyInfo,
  },
];
const outcome = (_: Ctx, ev: Ev) => ({
  failedNumbers: ev.output.failedNumbers,
  acceptedNumbers: ev.output.acceptedNumbers,
  skippedNumbers: ev.output.skippedNumbers,
});

export const blockRestoreOracle: ChartOracle = {
  id: 'blockRestore',
  initial: { to: 'idle' },
  // spec 4 Block flow: nothing asked yet
  context: () => IDLE,
  invokes: {
    // spec 4 step 1 / spec 7 GET client/isPrivilegedLock (query ban)
    // U7: the action, so the server counts the numbers it changes; U10: a selection of the list
    checkingLock: {
      fetchPrivilegedLock: (c) => ({
        action: c.request.action,
        ban: c.request.ban,
        sn: c.request.sn,
        sns: c.request.sns ?? null,
      }),
    },
    // spec 4 signing step 5: a signature over sn/ban; SEC3 the child builds the one signed document from the action
    // and the targets (one number, or the whole account when no number is given); B9 it receives the
    // impersonation flag. The targets are restated here, not imported, so a bug in the rule is not copied.
    signing: {
      signing: (c) => ({
        action: c.request.action,
        // U10: a selection of two or more numbers is signed as 'numbers' (sorted, once each), one as 'number'
        targets:
          c.request.sns && c.request.sns.length > 1
            ? { kind: 'numbers', ban: c.request.ban, sns: [...new Set(c.request.sns)].sort() }
            : c.request.sns && c.request.sns.length === 1
              ? { kind: 'number', ban: c.request.ban, sn: c.request.sns[0] }
              : c.request.sn === null
                ? { kind: 'ban', ban: c.request.ban }
                : { kind: 'number', ban: c.request.ban, sn: c.request.sn },
        impersonating: c.request.impersonating,
        // SP2: a plan's signature names its day and hour; null: now
        when: c.when,
      }),
    },
    // SP1: POST block-plans with the numbers (one number as a list of one; the account as none), the day and hour
    planning: {
      createPlan: (c) => ({
        action: c.request.action,
        ban: c.request.ban,
        sns: c.request.sns ?? (c.request.sn === null ? null : [c.request.sn]),
        date: c.when.date,
        hour: c.when.hour,
      }),
    },
    // spec 7 GET client/suspend or client/restore (query sn, ban, isLopBan)
    applying: {
      applyBlock: (c) => ({
        action: c.request.action,
        sn: c.request.sn,
        sns: c.request.sns ?? null,
        ban: c.request.ban,
        isLopBan: c.lock.lopBan,
      }),
    },
  },
  // spec 4 Block flow 5 and spec 8 Block/restore messages, quoted exactly
  viewTexts: {
    cancelled: 'Вы отменили действие',
    partiallyFailed: 'Произошла ошибка с номерами',
  },
  rows: [
    {
      from: 'idle',
      event: 'toggle.press',
      to: 'checkingLock',
      ctx: (_, ev) => ({ ...IDLE, request: ev.request }),
      spec: `${S4} 1; B8 the request is the toggle's payload`,
    },
    {
      from: 'checkingLock',
      event: done('fetchPrivilegedLock'),
      to: 'confirming',
      ctx: (_, ev) => ({ lock: ev.output, errorCode: null }),
      spec: `${S4} 2 confirmation with the price unless privileged`,
    },
    {
      from: 'checkingLock',
      event: failed('fetchPrivilegedLock'),
      when: (_, ev) => codeOf(ev) === 'E022',
      to: 'inProcess',
      ctx: (_, ev) => ({ errorCode: 'E022', errorDescription: description(ev) }),
      spec: "spec 4 inProcess gives error 'user already in process of blocking'; B14",
    },
    {
      from: 'checkingLock',
      event: failed('fetchPrivilegedLock'),
      to: 'lockFailed',
      ctx: (_, ev) => ({ errorCode: codeOf(ev), errorDescription: description(ev) }),
      spec: 'B9 lockFailed (retry)',
    },
    {
      from: 'lockFailed',
      event: 'dialog.retry',
      to: 'checkingLock',
      ctx: () => ({ errorCode: null, errorDescription: null }),
      spec: 'B9 retry',
    },
    {
      from: 'confirming',
      event: 'when.set',
      when: (c) => c.request.mayPlan === true,
      to: 'confirming',
      ctx: (c, ev) => ({
        when: ev.when,
        whenProblem: ev.when === null ? null : planRefused(c.request.action, ev.when, ev.now),
      }),
      spec: 'SP1 now or a later day (Tashkent, tomorrow to +90; a block at 00:00, a restore at the hour chosen); SP4 only who may plan',
    },
    {
      from: 'confirming',
      event: 'dialog.confirm',
      when: (c) => c.when !== null && c.whenProblem !== null,
      to: 'confirming',
      spec: 'SP1 a refused day or hour is said; nothing is signed or sent',
    },
    {
      from: 'confirming',
      event: 'dialog.confirm',
      when: (c) => c.request.profileType !== 20,
      to: 'signing',
      spec: `${S4} 3 if profile type is not 20, sign with the electronic key`,
    },
    {
      from: 'confirming',
      event: 'dialog.confirm',
      when: (c) => c.when !== null,
      to: 'planning',
      spec: 'SP2 type 20 needs no signature: the plan is sent directly',
    },
    {
      from: 'confirming',
      event: 'dialog.confirm',
      to: 'applying',
      spec: `${S4} 3 otherwise apply directly`,
    },
    {
      from: ['checkingLock', 'lockFailed', 'confirming', 'signing'],
      event: 'dialog.cancel',
      to: 'cancelled',
      spec: `${S4} 5 'Отменено / Вы отменили действие'; B10 nothing more is called, ignored while applying`,
    },
    {
      from: 'signing',
      event: done('signing'),
      when: (c, ev) =>
        c.when !== null &&
        typeof ev.output?.pkcs7b64WithTimestamp === 'string' &&
        ev.output.pkcs7b64WithTimestamp !== '',
      to: 'planning',
      spec: 'SP2 the signature authorises creating the plan',
    },
    {
      from: 'signing',
      event: done('signing'),
      when: (_, ev) =>
        typeof ev.output?.pkcs7b64WithTimestamp === 'string' && ev.output.pkcs7b64WithTimestamp !== '',
      to: 'applying',
      spec: 'spec 4 Signing flow 7: run the block/restore call',
    },
    {
      from: 'signing',
      event: done('signing'),
      to: 'cancelled',
      spec: `${S4} 5; signing D5 a cancelled signing outputs null`,
    },
    {
      from: 'signing',
      event: failed('signing'),
      to: 'failed',
      ctx: () => ({ errorCode: 'eimzo.generic', errorDescription: null }),
      spec: "spec 8 'Ошибка EImzo'",
    },
    {
      from: 'applying',
      event: done('applyBlock'),
      when: (_, ev) => ev.output.acceptedNumbers.length === 0,
      to: 'partiallyFailed',
      ctx: outcome,
      spec: "spec 8 'Произошла ошибка с номерами'; B13 no document when all failed",
    },
    {
      from: 'applying',
      event: done('applyBlock'),
      when: (_, ev) => ev.output.failedNumbers.length > 0,
      to: 'partiallyFailed',
      ctx: outcome,
      emits: documentEvent,
      spec: "spec 8 'Произошла ошибка с номерами'; B12, B13",
    },
    {
      from: 'applying',
      event: done('applyBlock'),
      to: 'succeeded',
      ctx: outcome,
      emits: documentEvent,
      spec: `${S4} 4 emit a document-creation event; spec 8 success texts`,
    },
    {
      from: 'applying',
      event: failed('applyBlock'),
      to: 'failed',
      ctx: (_, ev) => ({ errorCode: codeOf(ev), errorDescription: description(ev) }),
      spec: "spec 8 'Активация услуги неуспешна. Причина - {description}'; B12",
    },
    {
      from: 'planning',
      event: done('createPlan'),
      to: 'planned',
      ctx: (_, ev) => ({ plan: ev.output }),
      spec: 'SP1 the plan is stored; the dialog says what will happen, to what and when',
    },
    {
      from: 'planning',
      event: failed('createPlan'),
      to: 'failed',
      ctx: (_, ev) => ({ errorCode: codeOf(ev), errorDescription: description(ev) }),
      spec: 'SP3 a second plan that day is refused with a clear message (E143); spec 8 a failed call',
    },
    {
      from: 'planned',
      event: 'dialog.close',
      to: 'idle',
      ctx: () => IDLE,
      spec: 'SP1 nothing changed yet on the server: no refresh (AR2)',
    },
    {
      from: ['succeeded', 'partiallyFailed'],
      event: 'dialog.close',
      to: 'idle',
      ctx: () => IDLE,
      effects: () => [{ type: 'refreshSession' }],
      spec: 'B9 dialog.close returns to idle and resets context; AR2 after a result block/restore tells the session to refresh (the numbers the server took changed status)',
    },
    {
      from: ['inProcess', 'failed', 'cancelled'],
      event: 'dialog.close',
      to: 'idle',
      ctx: () => IDLE,
      spec: 'B9 dialog.close returns to idle and resets context; nothing changed on the server, so no refresh (AR2)',
    },
  ],
};
