import type { z } from 'zod';
import {
  type ActivationRoute,
  clientActivation,
  type LinkContact,
  staffContactFields,
  staffMayChangeContacts,
} from '../../src/domain/recovery-contact.rules';
import { activeRole, isStaffRole, mayGrantRole } from '../../src/domain/roles.rules';
import { mayEditUser } from '../../src/domain/user-edit.rules';
import { isBan, isEmail, isTypedPhone, isValidLogin, phoneToSn } from '../../src/domain/validators.rules';
import type { userDetailsSchema } from '../../src/services/contract/admin.contract';
import { ApiError, ensure, type Handlers, type RequestSession, type Services } from '../handler';
import { CLIENT_ROLES } from '../permissions';
import { actorOf } from '../store/activity.store';
import type { SessionRow } from '../store/session.store';
import type { UserRow, UserStatus } from '../store/user.store';
import { lookupSn } from './lookup.handlers';
import { activationLink, companyContactOf } from './recovery-contact.handlers';
import { replyFor } from './session.handlers';

/** A user id is digits only: `0x1` and `4e0` are not users 1 and 4. */
function targetOf(svc: Services, id: string | number): UserRow {
  const text = String(id);
  const n = /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
  const user = Number.isSafeInteger(n) && n > 0 ? svc.users.byId(n) : undefined;
  ensure(user, 'E014');
  return user;
}

/** The per-target edit rule (src/domain/user-edit.rules.ts): administrators only by administrators, other staff
 *  only by createAdmin, client users by editUser. */
function ensureMayEdit(s: RequestSession, target: UserRow): void {
  const editor = {
    activeRole: activeRole(s.viewer.roles),
    editUser: s.viewer.config.editUser,
    createAdmin: s.viewer.config.createAdmin,
  };
  ensure(mayEditUser(editor, target.roles), 'E005', 'this account may be edited only by a higher group');
}

/** Staff e-mail and phone are checked by the rules the user form checks them with (src/domain/validators.rules.ts):
 *  an address and 9 to 12 digits, not any text. */
function checkContacts(b: { email?: string | null; phone?: string | null }): void {
  if (b.email) ensure(isEmail(b.email), 'E013', 'email: not an e-mail address');
  if (b.phone) ensure(isTypedPhone(b.phone), 'E008', 'phone: 9 to 12 digits');
}

function details(svc: Services, u: UserRow): z.input<typeof userDetailsSchema> {
  const branch = u.branchId == null ? undefined : svc.users.branch(u.branchId);
  return {
    user_id: u.id,
    user_name: u.login,
    full_name: u.fullName,
    roles: u.roles,
    ban: u.ban,
    sn: u.sn,
    email: u.email,
    phone: u.phone,
    status: u.status,
    force_change_password: u.forceChangePassword,
    branch: branch ?? null,
    regions: svc.users.regionsOf(u.id),
  };
}

/** Whether a sent e-mail or phone is the stored one (blank = none; a phone compared by its digits). */
function sameContact(sent: string, stored: string | null, phone = false): boolean {
  const norm = (v: string | null) => (phone ? (v ?? '').replace(/\D/g, '') : (v ?? '').trim());
  return norm(sent) === norm(stored);
}

/** Branch and regions must exist. */
function checkPlace(svc: Services, branchId: unknown, regionIds: readonly unknown[] | undefined) {
  if (branchId !== undefined && branchId !== null) {
    ensure(svc.users.branch(Number(branchId)), 'E013', 'branch_id: unknown branch');
  }
  for (const r of regionIds ?? [])
    ensure(svc.users.regionExists(Number(r)), 'E013', 'region_ids: unknown region');
}

/** The number a subscriber account is bound to: its phone must be a number of the given BAN. */
function subscriberSn(svc: Services, phone: string | undefined, ban: string): string {
  ensure(phone, 'E008', 'phone: the subscriber number is required');
  const sn = phoneToSn(phone.replace(/\D/g, ''));
  ensure(sn, 'E008');
  const owner = svc.profiles.banOf(sn);
  ensure(owner, 'E016');
  ensure(owner === ban, 'E125');
  ensure(!svc.users.snTaken(sn), 'E004');
  return sn;
}

/** May the session give `role` to somebody? The grant table of src/domain/roles.rules.ts, read for the active role
 *  (the session's chosen role first): nobody grants a role above their own group (docs/security.md finding 20). */
function mayGrant(s: RequestSession, role: string): boolean {
  return mayGrantRole(activeRole(s.viewer.roles), role);
}

/** The `user/` reply of the session once it views `ban`/`sn` (or, all null, its own account again). */
function replyActing(
  svc: Services,
  s: RequestSession,
  ban: string | null,
  sn: string | null,
  impId: number | null,
) {
  const row: SessionRow = { ...s.row, actingBan: ban, actingSn: sn, impersonationId: impId };
  return replyFor(svc, s.user, row);
}

export const adminHandlers: Handlers = {
  'admin.search': ({ input, svc }) => {
    const { q, pageNo, pageSize, status } = input.query;
    const filter: UserStatus | null = status === undefined || status === 'all' ? null : status;
    const { total, rows } = svc.users.search(q.trim(), filter, pageNo, pageSize);
    return {
      list: rows.map((r) => ({
        user_id: r.id,
        user_name: r.login,
        full_name: r.fullName,
        roles: r.roles,
        ban: r.ban,
        status: r.status,
      })),
      total,
      pageNo,
      pageSize,
    };
  },

  'admin.get': ({ input, svc }) => details(svc, targetOf(svc, input.params.user_id)),

  'admin.create': async ({ input, session, svc, origin, ip }) => {
    const b = input.body;
    ensure(b.roles.length === 1, 'E130');
    const role = b.roles[0] as string;
    if (b.kind === 'subscriber') {
      ensure(session.viewer.config.createSubscriber, 'E005');
      ensure(CLIENT_ROLES.has(role), 'E013', 'roles: not a client role');
      ensure(b.ban, 'E013', 'ban: required for a client account');
      ensure(svc.profiles.exists(b.ban), 'E052');
      // PRC1, finding 22: a client account's recovery contact is never an address its creator types
      const typable = staffContactFields(role, 'create');
      ensure(typable.email || !b.email?.trim(), 'E135', 'email: staff do not set a client account’s e-mail');
      ensure(typable.phone || !b.phone?.trim(), 'E135', 'phone: staff do not set a client account’s phone');
    } else {
      ensure(session.viewer.config.createAdmin, 'E005');
      ensure(isStaffRole(role), 'E013', 'roles: not a staff role');
      ensure(b.ban === undefined, 'E013', 'ban: staff accounts have no BAN');
    }
    ensure(mayGrant(session, role), 'E005', 'this role may be granted only by a higher group');
    ensure(isValidLogin(b.user_name), 'E013', 'user_name: Latin letters, digits, . _ - only');
    // an all-digit login could equal a number that registers later (user/check would then find two accounts)
    ensure(
      !/^\d+$/.test(b.user_name),
      'E013',
      'user_name: a login of digits only could collide with a number',
    );
    ensure(!svc.users.byLogin(b.user_name), 'E004');
    checkContacts(b);
    checkPlace(svc, b.branch_id, b.region_ids);
    const sn = role === 'R001' ? subscriberSn(svc, b.phone, b.ban as string) : null;
    const id = svc.users.create(
      {
        login: b.user_name,
        fullName: b.full_name ?? null,
        roles: [role],
        status: 'pending',
        passwordHash: null,
        forceChangePassword: false,
        ban: b.kind === 'subscriber' ? (b.ban ?? null) : null,
        sn,
        email: b.kind === 'subscriber' ? null : (b.email ?? null),
        phone: sn ? `998${sn}` : b.kind === 'subscriber' ? null : (b.phone ?? null),
        branchId: b.branch_id == null ? null : Number(b.branch_id),
        regionIds: (b.region_ids ?? []).map(Number),
        createdBy: session.user.id,
      },
      actorOf(session),
    );
    // the new account is activated through a recovery link: it sets its own password. PRC2: a client account's link
    // goes to its own number (a subscriber) or to the company's contact on record, else it waits for the key owner
    const activation: { route: ActivationRoute; contact: LinkContact | null } =
      b.kind === 'subscriber'
        ? clientActivation(role, sn, companyContactOf(svc, b.ban as string))
        : {
            route: b.email ? 'accountEmail' : 'accountPhone',
            contact: {
              channel: b.email ? 'email' : 'sms',
              to: b.email ?? b.phone ?? b.user_name,
              source: 'account',
            },
          };
    if (activation.contact) {
      try {
        await activationLink(svc, origin, b.user_name, id, activation.contact);
      } catch (e) {
        // MSG3: an account nobody can activate is not made; the administrator is told to try later (E142) and the
        // login stays free for that try. The activity log keeps both entries (AL1).
        if (e instanceof ApiError)
          svc.users.discardUnactivated(id, actorOf(session), 'activation link not sent');
        throw e;
      }
    }
    svc.logger.info('admin.create', {
      actor: session.user.id,
      userId: id,
      role,
      activation: activation.route,
      ip,
    });
    return { user_id: id, activation: activation.route };
  },

  'admin.update': ({ input, session, svc, ip }) => {
    const target = targetOf(svc, input.params.user_id);
    const b = input.body;
    ensureMayEdit(session, target);
    // PRC1, finding 21: staff never change (nor clear) a client account's e-mail or phone; its key owner does, signed
    if (!staffMayChangeContacts(target.roles)) {
      ensure(
        b.email === undefined || sameContact(b.email, target.email),
        'E135',
        'email: a client’s contact',
      );
      ensure(
        b.phone === undefined || sameContact(b.phone, target.phone, true),
        'E135',
        'phone: a client’s contact',
      );
    }
    checkContacts(b);
    if (b.roles) {
      // no role changes while viewing a client account (refused while impersonating)
      ensure(!session.viewer.impersonating, 'E005', 'roles cannot be changed while viewing a client account');
      ensure(b.roles.length === 1, 'E130');
      const role = b.roles[0] as string;
      ensure(target.id !== session.user.id, 'E136', 'own roles cannot be changed');
      ensure(mayGrant(session, role), 'E005', 'this role may be granted only by a higher group');
      const wasClient = target.roles.some((r) => CLIENT_ROLES.has(r));
      ensure(CLIENT_ROLES.has(role) === wasClient, 'E013', 'roles: a client account stays a client account');
      ensure(CLIENT_ROLES.has(role) || isStaffRole(role), 'E013', 'roles: unknown role');
      ensure(role !== 'R001' || target.sn != null, 'E013', 'roles: a subscriber needs a number');
    }
    if (b.ban !== undefined) {
      // the company binding of an existing client account is employee data the portal may not change
      ensure(
        target.ban == null ? target.roles.some((r) => CLIENT_ROLES.has(r)) : b.ban === target.ban,
        'E135',
      );
      ensure(svc.profiles.exists(b.ban), 'E052');
    }
    // U22: an edit may not clear the name (the form requires it)
    ensure(b.full_name === undefined || b.full_name.trim() !== '', 'E013', 'full_name: required');
    checkPlace(svc, b.branch_id, b.region_ids);
    const changed = svc.users.update(
      target.id,
      {
        fullName: b.full_name,
        roles: b.roles,
        ban: b.ban,
        email: b.email,
        phone: b.phone,
        branchId: b.branch_id === undefined ? undefined : Number(b.branch_id),
        regionIds: b.region_ids?.map(Number),
      },
      actorOf(session),
    );
    const contactChanged =
      target.id !== session.user.id && (changed.includes('email') || changed.includes('phone'));
    if (contactChanged) {
      // a new address must not receive a recovery link asked for the old one, nor keep the old sessions
      svc.auth.revokeTokens(target.id);
      svc.sessions.deleteForUser(target.id);
      svc.logger.info('admin.contactChanged', {
        actor: session.user.id,
        userId: target.id,
        fields: changed.filter((f) => f === 'email' || f === 'phone'),
        ip,
      });
    } else if (b.roles) svc.sessions.deleteForUser(target.id);
    svc.logger.info('admin.update', { actor: session.user.id, userId: target.id, fields: changed, ip });
    return undefined;
  },

  'admin.setBlocked': ({ input, session, svc, ip }) => {
    const target = targetOf(svc, input.params.user_id);
    ensure(target.id !== session.user.id, 'E013', 'an account cannot block itself');
    ensureMayEdit(session, target);
    const status: UserStatus = input.body.blocked ? 'blocked' : target.passwordHash ? 'active' : 'pending';
    svc.users.setStatus(target.id, status, actorOf(session));
    if (input.body.blocked) svc.sessions.deleteForUser(target.id);
    svc.logger.info('admin.setBlocked', { actor: session.user.id, userId: target.id, status, ip });
    return undefined;
  },

  'admin.impersonate': ({ input, session, svc, ip }) => {
    let ban: string;
    let sn: string | null = null;
    if (input.body.sn !== undefined) {
      sn = lookupSn(input.body.sn) ?? null;
      ensure(sn, 'E016');
      const owner = svc.profiles.banOf(sn);
      ensure(owner, 'E018');
      ban = owner;
    } else {
      ban = input.body.ban ?? '';
      ensure(isBan(ban), 'E016');
      ensure(svc.profiles.exists(ban), 'E018');
    }
    // the previous viewing's end, the new one's start and the session's state change together (AL5)
    const id = svc.db.transaction(() => {
      if (session.row.impersonationId != null)
        svc.activity.endImpersonation(session.row.impersonationId, 'switch');
      const started = svc.activity.startImpersonation(actorOf(session), ban, sn);
      svc.sessions.setActing(session.row.idHash, ban, sn, started);
      return started;
    })();
    svc.logger.info('admin.impersonate', { actor: session.user.id, ban, sn, impersonationId: id, ip });
    return replyActing(svc, session, ban, sn, id);
  },

  'admin.backToHead': ({ session, svc, ip }) => {
    if (session.row.impersonationId == null) return replyFor(svc, session.user, session.row);
    const startId = session.row.impersonationId;
    svc.db.transaction(() => {
      svc.activity.endImpersonation(startId, 'back');
      svc.sessions.setActing(session.row.idHash, null, null, null);
    })();
    svc.logger.info('admin.backToHead', {
      actor: session.user.id,
      impersonationId: session.row.impersonationId,
      ip,
    });
    return replyActing(svc, session, null, null, null);
  },
};
