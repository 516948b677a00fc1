import type { z } from 'zod';
import { effectiveRoles, type UserConfig, type UserFacts, userConfig } from '../src/domain/roles.rules';
import type { userSchema } from '../src/services/contract/session.contract';
import { type ProfileStore, type ProfileWire, profileFacts } from './store/profile.store';
import type { SessionRow } from './store/session.store';
import type { UserRow } from './store/user.store';

/** Who is asking, as the domain rules see them. */
export interface Viewer {
  /** roles with the session's chosen role first ("the first role decides", spec 6) */
  roles: string[];
  /** the profile in view: the impersonated BAN/number, else the user's own, else null (staff) */
  profile: ProfileWire | null;
  /** the user's own profile, regardless of impersonation */
  ownProfile: ProfileWire | null;
  impersonating: boolean;
  facts: UserFacts;
  config: UserConfig;
}

/** A client account's own profile: a subscriber sees their number, a curator / key owner their BAN. */
export function ownProfileOf(profiles: ProfileStore, user: UserRow): ProfileWire | null {
  if (user.sn) return profiles.snProfile(user.sn) ?? null;
  if (user.ban) return profiles.banProfile(user.ban) ?? null;
  return null;
}

export function viewerOf(profiles: ProfileStore, session: SessionRow, user: UserRow): Viewer {
  const roles = effectiveRoles(user.roles, session.chosenRole);
  const ownProfile = ownProfileOf(profiles, user);
  const impersonating = session.actingBan != null;
  const acting = impersonating
    ? session.actingSn
      ? profiles.snProfile(session.actingSn)
      : profiles.banProfile(session.actingBan as string)
    : undefined;
  const profile = impersonating ? (acting ?? null) : ownProfile;
  const facts: UserFacts = {
    roles,
    forceChangePassword: user.forceChangePassword,
    profile: profileFacts(profile),
    banSelected: impersonating,
  };
  return { roles, profile, ownProfile, impersonating, facts, config: userConfig(facts) };
}

/** The `user/` reply (also the reply of login, check, impersonate and back-to-head). */
export function userReply(user: UserRow, session: SessionRow, v: Viewer): z.input<typeof userSchema> {
  return {
    user_name: user.login,
    user_id: user.id,
    full_name: user.fullName,
    roles: v.roles,
    profile: v.profile,
    ban: v.impersonating ? session.actingBan : null,
    headBan: user.ban,
    backToHeadBan: v.impersonating,
    force_change_password: user.forceChangePassword,
    // decision U11: the password to change is the temporary one sent by SMS at registration
    temporary_password_by_sms: user.forceChangePassword && user.selfRegistered === true,
    chosenRole: session.chosenRole,
  };
}
