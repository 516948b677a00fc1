/**
 * Recovery contacts of client accounts on the reference backend (docs/decisions.md PRC1-PRC8; docs/security.md
 * findings 21 and 22).
 *
 * - Where a link goes (`recoveryContactFor`, used by `user/forgot`): the account's own e-mail or phone, else — for a
 *   client account — its company's contact on record. Staff never set a client account's own contact
 *   (admin.handlers.ts, E135), so no link reaches an address a staff member typed.
 * - `activationLink`: sends a new account's activation link to the contact it is given (admin.handlers.ts decides
 *   which: `clientActivation` for a client account).
 * - `user/company-accounts`: the key owner's company and its client accounts with their own contacts.
 * - `user/recovery-contact/{user_id}`: sets one of those accounts' contact, consuming the key owner's verified
 *   signature (this session, action `contact-change`, targets naming exactly this account and this contact) with one
 *   conditional update; the account's sessions and recovery links end; a pending account gets its activation link
 *   at the new contact. The challenge for that signature is issued by `signing/challenge` after
 *   `ensureContactTarget` (block.handlers.ts).
 */
import {
  isCompanyAccount,
  isNormalizedRecoveryContact,
  type LinkContact,
  recoveryContactOf,
} from '../../src/domain/recovery-contact.rules';
import { mayChangeRecoveryContacts } from '../../src/domain/routes.rules';
import { type SigningTargets, targetsKey } from '../../src/domain/signing-document.rules';
import { editTargetClass } from '../../src/domain/user-edit.rules';
import { MINUTE } from '../clock';
import { ApiError, ensure, type Handlers, type RequestSession, type Services } from '../handler';
import { sendMessage } from '../messages';
import { actorOf } from '../store/activity.store';
import type { UserRow } from '../store/user.store';

/** A verified contact-change signature authorises one change of this session within this time (as a block's). */
export const CONTACT_SIGNATURE_TTL_MS = 10 * MINUTE;

/** PRC3: where `user/forgot` sends the link of `user`; null when there is nowhere (the caller says so). */
export function recoveryContactFor(svc: Services, user: UserRow): LinkContact | null {
  const client = user.ban !== null && editTargetClass(user.roles) === 'client';
  return recoveryContactOf(user, client && user.ban ? svc.recoveryContacts.companyContact(user.ban) : null);
}

/** The company's contact on record, for a client account's activation (PRC2). */
export const companyContactOf = (svc: Services, ban: string) => svc.recoveryContacts.companyContact(ban);

/** Sends a new (or still pending) account's activation link to `contact`: it sets its own password there. The
 *  message carries both languages (decisions MSG1); E142 when it could not be sent. */
export async function activationLink(
  svc: Services,
  origin: string,
  login: string,
  userId: number,
  contact: LinkContact,
): Promise<void> {
  const token = svc.auth.issueToken(userId);
  await sendMessage(svc, {
    recipient: contact.to,
    login,
    channel: contact.channel,
    kind: 'activation-link',
    lang: 'ru',
    secret: token,
    link: `${origin}/ru/restore?r=${token}`,
  });
}

/** PRC4: the key owner's own company, or E005 (staff, another role, a number's profile, impersonation). */
function changerBan(session: RequestSession): string {
  const own = session.viewer.ownProfile;
  const ban = typeof own?.ban === 'string' && own.sn == null ? own.ban : null;
  const may = mayChangeRecoveryContacts(session.viewer.facts) && !session.viewer.impersonating;
  ensure(may && ban, 'E005', 'only the company’s key owner');
  return ban;
}

/** The company account `id` names (digits only), or E005 for any other account: the same answer for none. */
function companyAccount(svc: Services, ban: string, id: string): UserRow {
  const n = /^\d{1,15}$/.test(id) ? Number(id) : Number.NaN;
  const user = Number.isSafeInteger(n) && n > 0 ? svc.users.byId(n) : undefined;
  ensure(user && isCompanyAccount(user, ban), 'E005', 'not an account of the company');
  return user;
}

/**
 * Who may ask for a `contact-change` challenge on `targets`: the company's key owner, for one of the company's client
 * accounts (named by id and login), with a contact the form could have produced. The same checks run again when the
 * signature is used.
 */
export function ensureContactTarget(
  svc: Services,
  session: RequestSession,
  targets: Extract<SigningTargets, { kind: 'contact' }>,
): void {
  const ban = changerBan(session);
  ensure(targets.ban === ban, 'E005', 'another company');
  const user = companyAccount(svc, ban, targets.userId);
  ensure(user.login === targets.login, 'E101', 'login does not name the account');
  ensure(isNormalizedRecoveryContact(targets), 'E013', 'contact: an e-mail and/or a phone (digits with 998)');
}

export const recoveryContactHandlers: Handlers = {
  'recovery.accounts': ({ session, svc }) => {
    const ban = changerBan(session);
    const accounts = svc.recoveryContacts
      .accountsOf(ban)
      .filter((a) => isCompanyAccount(a, ban))
      .map((a) => ({
        user_id: a.id,
        user_name: a.login,
        full_name: a.fullName,
        roles: a.roles,
        status: a.status,
        email: a.email,
        phone: a.phone,
      }));
    return { ban, accounts };
  },

  'recovery.setContact': async ({ input, session, svc, origin, ip }) => {
    const ban = changerBan(session);
    const target = companyAccount(svc, ban, input.params.user_id);
    const contact = { email: input.body.email, phone: input.body.phone };
    ensure(
      isNormalizedRecoveryContact(contact),
      'E013',
      'contact: an e-mail and/or a phone (digits with 998)',
    );
    const targets: SigningTargets = {
      kind: 'contact',
      ban,
      userId: String(target.id),
      login: target.login,
      ...contact,
    };
    const now = svc.clock.now();
    // one conditional UPDATE: the newest unused signature of this session for exactly this account and contact
    const signature = svc.block.takeSignature({
      session_hash: session.row.idHash,
      action: 'contact-change',
      targets: targetsKey(targets),
      since: now - CONTACT_SIGNATURE_TTL_MS,
      now,
    });
    ensure(signature, 'E005', 'a verified signature of exactly this contact is required');
    const fields = (['email', 'phone'] as const).filter((f) => (target[f] ?? null) !== contact[f]);
    svc.recoveryContacts.setContact(
      { id: target.id, login: target.login, ban },
      contact,
      fields,
      actorOf(session),
      { id: signature.id, keySerial: signature.key_serial },
    );
    // the old contact's recovery links and the account's other sessions end (the key owner's own stays)
    svc.auth.revokeTokens(target.id);
    svc.sessions.deleteForUser(target.id, session.row.idHash);
    // the signed change stands whether the link goes or not: the reply says whether it went (a new change, or the
    // administrator, sends it again)
    let sent = false;
    if (target.status === 'pending') {
      const to = recoveryContactOf(contact, null);
      if (to)
        sent = await activationLink(svc, origin, target.login, target.id, to).then(
          () => true,
          (e: unknown) => {
            if (e instanceof ApiError) return false;
            throw e;
          },
        );
    }
    svc.logger.info('recoveryContact.changed', {
      actor: session.user.id,
      userId: target.id,
      fields,
      activationSent: sent,
      ip,
    });
    return { activation_sent: sent };
  },
};
