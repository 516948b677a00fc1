/**
 * Roles, role groups and the config flags derived from them (spec 6 "Roles and permissions").
 *
 * "The first role in the list decides": every rule here reads the active role, `roles[0]`, and ignores the rest.
 * Role lists are written exactly as the spec prints them (`'R011-R030'`) and expanded by `roleSet`, so each line can
 * be checked against the spec by eye.
 */
import { BAN_TYPE_ACCOUNTS } from './constants';

/** A group of roles (spec 6 "Groups"); `unknown` for R006 and anything that is not R000-R034. */
export type RoleGroup =
  | 'admin'
  | 'subscriber'
  | 'helpdesk'
  | 'callCentre'
  | 'curator'
  | 'seller'
  | 'keyOwner'
  | 'operator'
  | 'serviceDesk'
  | 'okk'
  | 'regional'
  | 'unknown';

function roleCode(n: number): string {
  return `R${String(n).padStart(3, '0')}`;
}

/**
 * Expands a spec role list such as `'R000, R002, R011-R030'` into a set of role codes. Ranges are inclusive and
 * numeric. A malformed list is a programming error and throws at module load.
 */
export function roleSet(list: string): ReadonlySet<string> {
  const out = new Set<string>();
  for (const part of list.split(',')) {
    const item = part.trim();
    // one role is the range from it to itself; a reversed range or anything else adds nothing and throws
    const range = /^R(\d{3})(?:-R(\d{3}))?$/.exec(item);
    const from = Number(range?.[1]);
    const to = Number(range?.[2] ?? range?.[1]);
    if (!(from <= to)) throw new Error(`roleSet: ${item}`);
    for (let n = from; n <= to; n++) out.add(roleCode(n));
  }
  return out;
}

/** Every role code that has a title: R000..R034 (spec 3 "Role titles"). */
export const ALL_ROLES: readonly string[] = Array.from({ length: 35 }, (_, n) => roleCode(n));

const GROUPS: readonly (readonly [Exclude<RoleGroup, 'unknown'>, ReadonlySet<string>])[] = [
  ['admin', roleSet('R000, R030')],
  ['subscriber', roleSet('R001')],
  ['helpdesk', roleSet('R002, R033')],
  ['callCentre', roleSet('R003, R034')],
  ['curator', roleSet('R004')],
  ['seller', roleSet('R005, R024-R029')],
  ['keyOwner', roleSet('R007')],
  ['operator', roleSet('R008, R018-R023')],
  ['serviceDesk', roleSet('R009, R032')],
  ['okk', roleSet('R010, R031')],
  ['regional', roleSet('R011-R017')],
];

/** The group of one role code (spec 6 "Groups"). Codes are matched exactly: `'r001'` is unknown. */
export function roleGroup(role: string): RoleGroup {
  for (const [group, roles] of GROUPS) if (roles.has(role)) return group;
  return 'unknown';
}

/**
 * Roles in effect: the role chosen for the session first, then the others (spec 6 "The first role … decides"); the
 * list as it is when nothing (or a role the user does not hold) was chosen. The SPA's session and the reference
 * server's viewer both ask this.
 */
export function effectiveRoles(roles: readonly string[], chosen: string | null | undefined): string[] {
  return chosen && roles.includes(chosen) ? [chosen, ...roles.filter((r) => r !== chosen)] : [...roles];
}

/** The active role: the first of the list (spec 3 "the first is active", spec 6 "The first role … decides"). */
export function activeRole(roles: readonly string[]): string | undefined {
  return roles[0];
}

/** What the domain needs to know of a profile (spec 3 Profile). */
export interface ProfileFacts {
  /** Account type code (5, 15, 16, 20, 40, …); null when the server sent none. */
  at: number | null;
  /** Profile `can_buy_number`. */
  canBuyNumber: boolean;
  /** The profile carries `employee_data` (sets the dispatcher flag). */
  hasEmployeeData: boolean;
  /** `fin_data.budget`; null when the account has no budget. */
  budget: number | null;
  /** Number status code (A, O, S, N, T), when known. */
  status?: string | null;
}

/** What the domain needs to know of the logged-in user to decide routes, navigation and widgets. */
export interface UserFacts {
  /** Roles as sent by the server; the first is active. */
  roles: readonly string[];
  /** The server's `force_change_password`. */
  forceChangePassword: boolean;
  /** The profile in view: the user's own, or the selected BAN's. Staff have none of their own. */
  profile: ProfileFacts | null;
  /** a BAN selected (impersonating / viewing a managed BAN) */
  banSelected: boolean;
  /** the names of the optional features the backend offers (CAP1: `offers`); absent until it has been asked, which
   *  offers all of them */
  features?: ReadonlySet<string>;
}

/** Config flags (spec 3 User config, spec 6 "Config groups"). Not on the wire: derived here from the active role. */
export interface UserConfig {
  administration: boolean;
  debt: boolean;
  search: boolean;
  editUser: boolean;
  createSubscriber: boolean;
  createAdmin: boolean;
  attachFiles: boolean;
  widgets: boolean;
  profile: boolean;
  budget: boolean;
  banType: boolean;
  dispatcher: boolean;
}

/** Spec 6 "Config groups", verbatim. */
const CONFIG_GROUPS = {
  administration: roleSet('R000, R002, R003, R005, R008, R009, R011-R030, R032-R034'),
  debt: roleSet('R010, R031'),
  search: roleSet('R000, R003, R005, R008, R009, R011-R030, R032-R034'),
  editUser: roleSet('R000, R002, R003, R008, R009, R011-R023, R030, R032-R034'),
  createSubscriber: roleSet('R000, R030, R003, R034, R008, R009, R011-R023, R032'),
  createAdmin: roleSet('R000, R030, R002, R033'),
  attachFiles: roleSet('R008, R018-R023, R009, R032, R000, R030, R011-R017'),
} as const;

/** True for the ban-type account types 5, 15 and 40 (spec 2 guard, spec 6 budget flag). */
export function isBanTypeAccount(at: number | null | undefined): boolean {
  return at != null && (BAN_TYPE_ACCOUNTS as readonly number[]).includes(at);
}

/**
 * Config flags of a user (spec 6). Role-based flags read the active role only. widgets = not administration;
 * profile = neither administration nor debt; budget and banType = profile account type 5/15/40; dispatcher = the
 * profile has employee_data. A user without any role gets every flag false (deny by default).
 */
export function userConfig(u: UserFacts): UserConfig {
  const role = activeRole(u.roles);
  const has = (set: ReadonlySet<string>) => role !== undefined && set.has(role);
  const administration = has(CONFIG_GROUPS.administration);
  const debt = has(CONFIG_GROUPS.debt);
  const banType = isBanTypeAccount(u.profile?.at);
  return {
    administration,
    debt,
    search: has(CONFIG_GROUPS.search),
    editUser: has(CONFIG_GROUPS.editUser),
    createSubscriber: has(CONFIG_GROUPS.createSubscriber),
    createAdmin: has(CONFIG_GROUPS.createAdmin),
    attachFiles: has(CONFIG_GROUPS.attachFiles),
    widgets: role !== undefined && !administration,
    profile: role !== undefined && !administration && !debt,
    budget: banType,
    banType,
    dispatcher: u.profile?.hasEmployeeData === true,
  };
}

const FORCED_CHANGE_ROLES = roleSet('R001, R004');

/**
 * Forced password change (spec 2 "role R004 or R001 with the flag", spec 6 "Curator or subscriber forced to change
 * password"): the server's flag is set AND the active role is curator (R004) or subscriber (R001). Staff with the
 * flag are not forced by the portal.
 */
export function mustChangePassword(u: Pick<UserFacts, 'roles' | 'forceChangePassword'>): boolean {
  const role = activeRole(u.roles);
  return u.forceChangePassword && role !== undefined && FORCED_CHANGE_ROLES.has(role);
}

/** What the portal does about the role choice on navigation (spec 4 "Role choice"). */
export type RoleChoice = 'modal' | 'autoSave' | 'none';

/**
 * Role choice (spec 4): curator and subscriber (active role R004/R001) skip it; a user with more than one role gets
 * the role modal on every navigation; a single-role user whose stored role is missing or stale auto-saves it.
 */
export function roleChoice(roles: readonly string[], storedRole: string | null | undefined): RoleChoice {
  const role = activeRole(roles);
  if (role === undefined || FORCED_CHANGE_ROLES.has(role)) return 'none';
  if (roles.length > 1) return 'modal';
  return storedRole === role ? 'none' : 'autoSave';
}

/**
 * Roles a client account holds (the profile holders: subscriber, curator, key owner); every other titled role is
 * staff. Creating a client account needs createSubscriber, a staff account createAdmin (spec 6). The one home of this
 * list: the administration chart, the route table and the reference server import it.
 */
export const CLIENT_ROLES: readonly string[] = ['R001', 'R004', 'R007'];

/** Whether `role` is a client role (`CLIENT_ROLES`). */
export function isClientRole(role: string): boolean {
  return CLIENT_ROLES.includes(role);
}

/** A staff role: a titled role (one with a group of spec 6) that is not a client role. */
export function isStaffRole(role: string): boolean {
  return roleGroup(role) !== 'unknown' && !isClientRole(role);
}

/** Staff roles, in code order. */
export const STAFF_ROLES: readonly string[] = ALL_ROLES.filter(isStaffRole);

/**
 * Who may grant which roles: create an account with the role, or change an account's role to it (docs/decisions.md
 * PRG1-PRG2, docs/security.md finding 20). Spec 6 gives the kinds (createSubscriber: client accounts, createAdmin:
 * staff accounts) but ranks no groups; the rule is that nobody grants a role above their own group, and only the
 * admin group (R000, R030) grants the admin roles. One row per group of spec 6 "Groups", the grantable roles written
 * as spec role lists; a group not listed grants nothing. R006 has no group, so nobody grants it.
 */
const GRANTS: Readonly<Partial<Record<RoleGroup, string>>> = {
  // createSubscriber + createAdmin: every titled role, the admin roles included
  admin: 'R000-R005, R007-R034',
  // createAdmin: the staff roles, their own group included, except the admin group (R000, R030)
  helpdesk: 'R002, R003, R005, R008-R029, R031-R034',
  // createSubscriber: the client roles (subscriber, curator, key owner)
  callCentre: 'R001, R004, R007',
  operator: 'R001, R004, R007',
  serviceDesk: 'R001, R004, R007',
  regional: 'R001, R004, R007',
  // subscriber, curator, keyOwner, seller, okk (neither createSubscriber nor createAdmin): nothing
};

const GRANT_SETS: ReadonlyMap<RoleGroup, ReadonlySet<string>> = new Map(
  Object.entries(GRANTS).map(([group, list]) => [group as RoleGroup, roleSet(list)]),
);

/** Whether a user whose active role is `grantor` may grant `role` (create an account with it, or change an
 *  account's role to it). No active role, or an unknown one, grants nothing. */
export function mayGrantRole(grantor: string | null | undefined, role: string): boolean {
  if (grantor == null) return false;
  return GRANT_SETS.get(roleGroup(grantor))?.has(role) === true;
}

/** The roles a user whose active role is `grantor` may grant, in code order. */
export function grantableRoles(grantor: string | null | undefined): readonly string[] {
  return ALL_ROLES.filter((role) => mayGrantRole(grantor, role));
}
