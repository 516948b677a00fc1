import type { UserFacts } from '@/domain/roles.rules';
import type { SessionSnapshot } from '@/machines/session.selectors';

const cache = new WeakMap<object, UserFacts>();

/**
 * The facts the domain rules read (roles, forced password change, profile, BAN selected), derived from the session's
 * context once per context object so `useSelector` sees a stable reference.
 */
export function selectUserFacts(s: SessionSnapshot): UserFacts | null {
  const { user, profile } = s.context;
  if (!user || !s.matches('authenticated')) return null;
  const hit = cache.get(s.context);
  if (hit) return hit;
  const facts: UserFacts = {
    roles: user.roles,
    forceChangePassword: false,
    profile: profile
      ? { at: profile.at, canBuyNumber: false, hasEmployeeData: false, budget: null, status: profile.status }
      : null,
    banSelected: false,
  };
  cache.set(s.context, facts);
  return facts;
}
