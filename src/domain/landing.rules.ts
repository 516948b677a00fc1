/**
 * Where a user lands after login (spec 2 "After login"): seven rules, the first that matches wins.
 */
import { offers } from './capabilities.rules';
import { activeRole, isBanTypeAccount, mustChangePassword, roleSet, type UserFacts } from './roles.rules';

/** A landing page. */
export type LandingRoute =
  | 'settings'
  | 'documents'
  | 'orders'
  | 'debtControl'
  | 'profile'
  | 'editUser'
  | 'search';

/** Path of each landing page under `/{lang}/` (spec 2 route table). */
export const LANDING_PATHS: Record<LandingRoute, string> = {
  settings: 'settings',
  documents: 'onlinee-sales',
  orders: 'orders',
  debtControl: 'debt-control',
  profile: 'profile',
  editUser: 'administration/editing',
  search: 'administration/search',
};

const KEY_OWNER = roleSet('R007');
const ORDERS_ROLES = roleSet('R008, R018-R023, R009, R032');
const DEBT_ROLES = roleSet('R010, R031');
const EDIT_USER_ROLES = roleSet('R002, R033');

/**
 * Landing page after login (spec 2), in order:
 * 1. forced password change (R004, or R001, with the flag) → settings;
 * 2. R007 who may buy numbers and has account type 5, 15 or 40 → documents;
 * 3. R008, R018-R023, R009, R032 → orders;
 * 4. R010 or R031 → debtControl (settings, their only other page, when the backend does not offer debt control:
 *    CAP1);
 * 5. anyone else with a profile → profile;
 * 6. staff R002 or R033 → editUser;
 * 7. otherwise → search.
 * Roles are read from the active (first) role only.
 */
export function landingRoute(u: UserFacts): LandingRoute {
  const role = activeRole(u.roles) ?? '';
  if (mustChangePassword(u)) return 'settings';
  if (KEY_OWNER.has(role) && u.profile?.canBuyNumber === true && isBanTypeAccount(u.profile.at))
    return 'documents';
  if (ORDERS_ROLES.has(role)) return 'orders';
  if (DEBT_ROLES.has(role)) return offers(u, 'debtControl') ? 'debtControl' : 'settings';
  if (u.profile !== null) return 'profile';
  if (EDIT_USER_ROLES.has(role)) return 'editUser';
  return 'search';
}
