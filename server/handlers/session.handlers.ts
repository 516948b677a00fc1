import { randomInt } from 'node:crypto';
import { MAX_NUMBERS_PER_USER } from '../../src/domain/constants';
import { contactsError, isFeedbackType } from '../../src/domain/contacts.rules';
import { phoneToSn } from '../../src/domain/credentials.rules';
import { hashPassword, isAcceptablePassword, isCommonPassword, verifyPassword } from '../auth/passwords';
import { MINUTE } from '../clock';
import type { MessageLang } from '../delivery/texts';
import { ApiError, ensure, type HandlerContext, type Handlers, type Services } from '../handler';
import { sendMessage } from '../messages';
import { CLIENT_ROLES } from '../permissions';
import { actorOf } from '../store/activity.store';
import type { SessionRow } from '../store/session.store';
import { type RateLimit, recipientKey } from '../store/throttle.store';
import type { UserRow } from '../store/user.store';
import { userReply, viewerOf } from '../viewer';
import { recoveryContactFor } from './recovery-contact.handlers';

/** The `user/` reply of a session that was just opened or changed. */
export function replyFor(svc: Services, user: UserRow, row: SessionRow) {
  return userReply(user, row, viewerOf(svc.profiles, row, user));
}

const LETTERS = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
/** A random temporary password that satisfies the password rule (letters and digits, 10 characters). */
function temporaryPassword(): string {
  const pick = (s: string) => s[randomInt(0, s.length)] as string;
  const chars = Array.from({ length: 8 }, () => pick(LETTERS + DIGITS));
  return `${chars.join('')}${pick(LETTERS)}${pick(DIGITS)}`;
}

/** The checks shared by register and resend-code: a number of ours, not yet registered, and fewer than five numbers
 *  of its BAN registered through this flow (E025, spec 9 'Limit of 5 registered numbers'). */
function registrablePhone(svc: Services, phone: string | undefined): string {
  ensure(phone !== undefined, 'E101', 'body.phone: required');
  const sn = phoneToSn(phone);
  ensure(sn, 'E008');
  const ban = svc.profiles.banOf(sn);
  ensure(ban, 'E016');
  ensure(!svc.users.snTaken(sn), 'E004');
  ensure(svc.users.selfRegisteredOn(ban) < MAX_NUMBERS_PER_USER, 'E025');
  return sn;
}

/** Sends a new code unless the phone (one per `smsResendSeconds`, `smsPerWindow` per window) or the address is over
 *  its limit: E138 with the seconds to wait as description (the UI counts them down). */
async function sendCode(svc: Services, sn: string, ip: string, lang: MessageLang = 'ru'): Promise<void> {
  const { smsResendSeconds, smsPerWindow, smsWindowMinutes } = svc.config;
  const wait = svc.throttle.smsWait(sn, ip, {
    resendMs: smsResendSeconds * 1000,
    perWindow: smsPerWindow,
    windowMs: smsWindowMinutes * MINUTE,
  });
  if (wait > 0) {
    svc.logger.warn('auth.sms.limited', { sn, ip, waitMs: wait });
    throw new ApiError('E138', String(Math.ceil(wait / 1000)));
  }
  svc.throttle.smsSent(sn, ip);
  const code = svc.auth.issueCode(sn);
  await sendMessage(svc, {
    recipient: sn,
    login: null,
    channel: 'sms',
    kind: 'sms-code',
    lang,
    secret: code,
  });
}

/**
 * The recovery link's limits (finding 24), of the SMS code's kind (finding 6): per login and per recipient one a
 * minute and `smsPerWindow` an hour (`oneRecipient`); per address four times that an hour (`oneAddress`). Over any:
 * E138 with the seconds to wait (the forgot page counts them down); nothing is counted then.
 */
const oneRecipient = (svc: Services, key: string): RateLimit => ({
  key,
  perWindow: svc.config.smsPerWindow,
  windowMs: svc.config.smsWindowMinutes * MINUTE,
  spacingMs: svc.config.smsResendSeconds * 1000,
});
const oneAddress = (svc: Services, key: string): RateLimit => ({
  key,
  perWindow: svc.config.smsPerWindow * 4,
  windowMs: svc.config.smsWindowMinutes * MINUTE,
});
function linkLimit(svc: Services, ip: string, limits: readonly RateLimit[]): void {
  const wait = svc.throttle.takeMessage(limits);
  if (wait > 0) {
    svc.logger.warn('auth.forgot.limited', { ip, waitMs: wait });
    throw new ApiError('E138', String(Math.ceil(wait / 1000)));
  }
}

async function login({ input, svc, openSession, ip }: HandlerContext<'session.login'>) {
  const { login: name, password } = input.body;
  // findings 23 and 31: the attempt is counted on the account from this address, the address and the account
  // BEFORE the password is checked, in one transaction, so parallel guesses cannot all reach the check; a locked
  // key is answered before any password hash is computed
  const ticket = svc.throttle.reserveLogin(name, ip);
  if ('waitMs' in ticket) {
    svc.logger.warn('auth.login', { login: name, ok: false, status: 'E137', reason: 'locked', ip });
    throw new ApiError('E137', String(Math.ceil(ticket.waitMs / 1000)));
  }
  const user = svc.users.byLogin(name);
  const fail = (status: 'E012' | 'E023' | 'E131' | 'E132', reason: string) => {
    svc.logger.warn('auth.login', { login: name, ok: false, status, reason, ip });
    return new ApiError(status);
  };
  if (user?.ssoOnly) {
    svc.throttle.loginReleased(ticket);
    throw fail('E132', 'single sign-on account');
  }
  // always pay for one scrypt, so unknown logins cannot be told apart by timing
  const ok = await verifyPassword(password, user?.passwordHash);
  // a wrong password stays counted
  if (!user || !ok) throw fail('E012', user ? 'wrong password' : 'unknown login');
  svc.throttle.loginSucceeded(ticket);
  if (user.status === 'blocked') throw fail('E023', 'blocked');
  if (user.status !== 'active') throw fail('E012', 'not activated');
  if (
    user.ban &&
    user.roles.some((r) => CLIENT_ROLES.has(r)) &&
    svc.profiles.companyStatus(user.ban) === 'N'
  ) {
    throw fail('E131', 'company terminated');
  }
  const row = openSession(user.id);
  svc.logger.info('auth.login', { login: name, ok: true, userId: user.id, ip });
  return replyFor(svc, user, row);
}

async function check({ input, svc, openSession, ip }: HandlerContext<'session.check'>) {
  const { phone, code } = input.body;
  ensure(phone !== undefined, 'E101', 'body.phone: required');
  const sn = phoneToSn(phone);
  ensure(sn, 'E008');
  ensure(!svc.users.snTaken(sn), 'E021');
  const ban = svc.profiles.banOf(sn);
  ensure(ban, 'E016');
  // the try budget belongs to the phone, not to a code: asking for a new code does not refill it
  const windowMs = svc.config.smsWindowMinutes * MINUTE;
  // U23: the tries are used up — said as such (E141, with the seconds to wait), not as an expired code (E006)
  const usedUp = () => new ApiError('E141', String(svc.config.smsWindowMinutes * 60));
  if (svc.throttle.smsFailures(sn, windowMs) >= svc.config.smsCodeAttempts) {
    svc.logger.warn('auth.sms', { sn, ok: false, result: 'budget', ip });
    throw usedUp();
  }
  const result = svc.auth.checkCode(sn, code, svc.config.smsCodeMinutes * MINUTE, svc.config.smsCodeAttempts);
  if (result !== 'ok') {
    if (result === 'wrong' || result === 'exhausted') svc.throttle.smsFailed(sn);
    svc.logger.warn('auth.sms', { sn, ok: false, result, ip });
    if (result === 'exhausted' || svc.throttle.smsFailures(sn, windowMs) >= svc.config.smsCodeAttempts)
      throw usedUp();
    throw new ApiError(result === 'expired' ? 'E006' : 'E003');
  }
  // an administrator may have created a login equal to this number before digit-only logins were refused
  ensure(!svc.users.byLogin(sn), 'E004', 'a login equal to this number already exists');
  const temp = temporaryPassword();
  const id = svc.users.create(
    {
      login: sn,
      fullName: null,
      roles: ['R001'],
      status: 'active',
      passwordHash: await hashPassword(temp, svc.config.passwordCost),
      forceChangePassword: true,
      selfRegistered: true,
      ban,
      sn,
      email: null,
      phone: `998${sn}`,
      branchId: null,
      regionIds: [],
      createdBy: null,
    },
    'self',
  );
  // the account exists and its session opens now (a new password is asked for at once): an SMS that did not go is
  // logged (message.failed) and does not undo the registration
  await sendMessage(svc, {
    recipient: sn,
    login: sn,
    channel: 'sms',
    kind: 'temp-password',
    lang: input.body.lang ?? 'ru',
    secret: temp,
  }).catch((e: unknown) => {
    if (!(e instanceof ApiError)) throw e;
  });
  svc.logger.info('auth.registered', { userId: id, sn, ip });
  const user = svc.users.byId(id) as UserRow;
  // U11: this reply (only this one) says the registration succeeded (spec 8 'Регистрация прошла успешно')
  return { ...replyFor(svc, user, openSession(id)), registered: true };
}

export const sessionHandlers: Handlers = {
  'session.user': ({ session }) => userReply(session.user, session.row, session.viewer),

  'session.profile': ({ session }) => {
    const p = session.viewer.profile;
    ensure(p, 'E014', 'no profile in view');
    return p;
  },

  'session.logout': ({ session, svc, closeSession }) => {
    closeSession('logout');
    svc.logger.info('auth.logout', { userId: session.user.id });
    return undefined;
  },

  'session.login': login,
  'session.check': check,

  'session.register': async ({ input, svc, ip }) => {
    await sendCode(svc, registrablePhone(svc, input.body.phone), ip, input.body.lang);
    return undefined;
  },

  'session.resendCode': async ({ input, svc, ip }) => {
    await sendCode(svc, registrablePhone(svc, input.body.phone), ip, input.body.lang);
    return undefined;
  },

  'session.forgot': async ({ input, svc, origin, ip }) => {
    // finding 24: the login as typed and the address are limited BEFORE the login is looked up, so the limit answers
    // alike whether the login exists or not (PRH5); every request that passes counts
    const typed = input.body.login.trim().toLowerCase();
    linkLimit(svc, ip, [oneRecipient(svc, `forgot-login:${typed}`), oneAddress(svc, `forgot-ip:${ip}`)]);
    const user = svc.users.byLogin(input.body.login);
    ensure(user, 'E086');
    ensure(!user.ssoOnly, 'E132');
    ensure(user.status !== 'blocked', 'E023');
    // PRC3: the account's own contact, else (a client account) its company's on record; nowhere is said, not faked
    const contact = recoveryContactFor(svc, user);
    ensure(contact, 'E019', 'no contact to send a recovery link to');
    // several logins may share one mailbox or phone: the recipient has the same limit as a login
    linkLimit(svc, ip, [oneRecipient(svc, recipientKey('forgot-to', contact.to))]);
    const token = svc.auth.issueToken(user.id);
    const lang = input.body.lang ?? 'ru';
    await sendMessage(svc, {
      recipient: contact.to,
      login: user.login,
      channel: contact.channel,
      kind: 'restore-link',
      lang,
      secret: token,
      // U14: the link opens in the language the user asked in
      link: `${origin}/${lang}/restore?r=${token}`,
    });
    svc.logger.info('auth.forgot', { userId: user.id, ip });
    return undefined;
  },

  // RL1: the restore page asks before its form is used; nothing is used up, nothing about the account is said
  'session.restoreLink': async ({ input, svc }) => ({
    link: svc.auth.tokenStatus(input.body.r, svc.config.restoreTokenMinutes * MINUTE),
  }),

  'session.restore': async ({ input, svc, ip }) => {
    const { r, password, confirm } = input.body;
    ensure(password === confirm, 'E013', 'confirm: passwords do not match');
    const t = svc.auth.readToken(r, svc.config.restoreTokenMinutes * MINUTE);
    if (t === 'expired') throw new ApiError('E024');
    ensure(t !== 'unknown', 'E127');
    ensure(isAcceptablePassword(password), 'E013', 'password: at least 8 characters with letters and digits');
    ensure(!isCommonPassword(password), 'E140');
    svc.users.setPassword(t.userId, await hashPassword(password, svc.config.passwordCost));
    svc.auth.useTokens(t.userId);
    svc.sessions.deleteForUser(t.userId);
    svc.logger.info('auth.restored', { userId: t.userId, ip });
    return undefined;
  },

  'session.changePassword': async ({ input, session, svc, ip }) => {
    const { current, password } = input.body;
    const ok = await verifyPassword(current, session.user.passwordHash);
    if (!ok) {
      svc.logger.warn('auth.changePassword', { userId: session.user.id, ok: false, ip });
      throw new ApiError('E012');
    }
    ensure(isAcceptablePassword(password), 'E013', 'password: at least 8 characters with letters and digits');
    ensure(password !== current, 'E013', 'password: must differ from the current one');
    ensure(!isCommonPassword(password), 'E140');
    svc.users.setPassword(session.user.id, await hashPassword(password, svc.config.passwordCost));
    svc.sessions.deleteForUser(session.user.id, session.row.idHash);
    // a recovery link asked for before the change must not set another password afterwards
    svc.auth.revokeTokens(session.user.id);
    svc.logger.info('auth.changePassword', { userId: session.user.id, ok: true, ip });
    return undefined;
  },

  // The company's contact data (spec 3 Profile phone_number, feedback_type, email_address), edited on Settings by
  // the holder of a BAN profile (curator, key owner). A subscriber's number profile carries the company's data but
  // may not change it; staff viewing a client do not edit it either.
  'settings.contacts': ({ input, session, svc }) => {
    const { viewer, user } = session;
    ensure(!viewer.impersonating, 'E005', 'not while viewing a client');
    const profile = viewer.ownProfile;
    ensure(profile && profile.sn == null && profile.ban, 'E005', 'no BAN profile of your own');
    const b = input.body;
    // U21: the chosen way of contact keeps its channel (the form's rule, src/domain/contacts.rules.ts)
    const refused = contactsError({
      phone: b.phone_number,
      email: b.email_address,
      feedbackType: isFeedbackType(b.feedback_type) ? b.feedback_type : '',
    });
    ensure(refused === null, 'E013', `${refused?.field}: ${refused?.code}`);
    const ban = profile.ban;
    // which of the three changed (the values stay out of the log), in the change's transaction (AL1)
    const saved = {
      phone_number: b.phone_number.trim() || null,
      email_address: b.email_address.trim() || null,
      feedback_type: b.feedback_type ?? null,
    };
    const fields = (['phone_number', 'email_address', 'feedback_type'] as const).filter(
      (f) => saved[f] !== (profile[f] ?? null),
    );
    svc.db.transaction(() => {
      svc.profiles.saveContacts(ban, b);
      if (fields.length > 0)
        svc.activity.append({
          ban,
          actor: actorOf(session),
          action: 'contact.change',
          targets: [{ kind: 'account', id: ban }],
          detail: { fields },
        });
    })();
    svc.logger.info('profile.contacts', { userId: user.id, ban });
    return undefined;
  },

  'session.saveChosenRole': ({ input, session, svc }) => {
    const role = input.body.updatedValue;
    const { roles } = session.user;
    // a client account (curator, subscriber, key owner) may not act under several roles
    ensure(!(roles.length > 1 && roles.some((r) => CLIENT_ROLES.has(r))), 'E130');
    ensure(roles.includes(role), 'E133');
    // a role is chosen once per session (E134 for another one); the same role saved again is that one choice
    // arriving twice (a page reloaded while its save was on the way, then saving again), not a second choice
    if (session.row.chosenRole === role) return undefined;
    ensure(session.row.chosenRole == null, 'E134');
    svc.sessions.setChosenRole(session.row.idHash, role);
    svc.logger.info('auth.role', { userId: session.user.id, role });
    return undefined;
  },
};
