/**
 * Navigation visibility (spec 6 "Navigation visibility", entries in the order of spec 2 "Navigation entries").
 *
 * Reading of the spec (docs/decisions.md, "Navigation"):
 * - Helpdesk, admin, subscriber, key owner, OKK and curator have their own lists; every other role (call centre,
 *   seller, operator, service desk, regional head, unknown) follows "Other roles, per item", by exact role code.
 * - Settings is shown to everyone (no group list excludes it).
 * - "registration" in the group lists is contract registration (`agreement`); AT39 is listed separately there.
 *   "registrations" in the BAN-selected modifier covers both `agreement` and `at39`.
 * - Staff have no profile of their own: the per-item "profile and details" list (which also names R000, whose own
 *   list excludes them) shows those entries to staff only while a BAN is selected.
 * - Modifiers, applied in this order: forced password change → only settings; BAN selected → hide purchase,
 *   settings, orders, agreement, at39, debt and services.
 */
import { type Feature, offers } from './capabilities.rules';
import { landingRoute } from './landing.rules';
import {
  activeRole,
  isBanTypeAccount,
  mustChangePassword,
  roleGroup,
  roleSet,
  type UserFacts,
} from './roles.rules';

/** A navigation entry. */
export type NavKey =
  | 'profile'
  | 'details'
  | 'services'
  | 'purchase'
  | 'documents'
  | 'orders'
  | 'agreement'
  | 'at39'
  | 'debt'
  | 'settings';

/** Entries in display order (spec 2 "Navigation entries"). */
export const NAV_ORDER: readonly NavKey[] = [
  'profile',
  'details',
  'services',
  'purchase',
  'documents',
  'orders',
  'agreement',
  'at39',
  'debt',
  'settings',
];

/** Path of each entry under `/{lang}/` (spec 2 route table). */
export const NAV_PATHS: Record<NavKey, string> = {
  profile: 'profile',
  details: 'details',
  services: 'services',
  purchase: 'purchase',
  documents: 'onlinee-sales',
  orders: 'orders',
  agreement: 'agreement-registration',
  at39: 'at39-registration',
  debt: 'debt-control',
  settings: 'settings',
};

/** Spec 6 "Other roles, per item", verbatim. */
const PER_ITEM = {
  profileDetails: roleSet('R003, R004, R005, R000, R001, R008, R009, R011, R018-R023, R032'),
  orders: roleSet('R008, R000, R009, R018-R023, R032'),
  agreement: roleSet('R008, R011, R005, R018-R023'),
  at39: roleSet('R008, R005, R009, R018-R023, R032'),
  debt: roleSet('R010, R031, R000'),
} as const;

/** Hidden while a BAN is selected (spec 6 last bullet). */
const HIDDEN_WITH_BAN: ReadonlySet<NavKey> = new Set<NavKey>([
  'purchase',
  'settings',
  'orders',
  'agreement',
  'at39',
  'debt',
  'services',
]);

function entriesOf(u: UserFacts): Set<NavKey> {
  const role = activeRole(u.roles) ?? '';
  const profile = u.profile;
  const canBuy = profile?.canBuyNumber === true;
  const banType = isBanTypeAccount(profile?.at);
  const on = new Set<NavKey>(['settings']);
  const add = (key: NavKey, when = true) => {
    if (when) on.add(key);
  };
  switch (roleGroup(role)) {
    case 'helpdesk':
      // everything except orders, statistic, profile, purchase, details, documents, registration, debt, services, AT39
      break;
    case 'admin':
      // all except profile, purchase, details, documents, debt control, services, AT39 (and statistic)
      add('orders');
      add('agreement');
      add('profile', u.banSelected && PER_ITEM.profileDetails.has(role));
      add('details', u.banSelected && PER_ITEM.profileDetails.has(role));
      break;
    case 'subscriber':
      // no orders, purchase, documents, registration, debt control, AT39; services hidden with budget or 5/15/40
      add('profile');
      add('details');
      add('services', profile?.budget == null && !banType);
      break;
    case 'keyOwner':
      // A key owner who does not land on Documents lands on Profile (spec 2 "After login", rule 5): the menu shows
      // that page too, or the first page the user sees is one the menu does not list (a deviation from spec 6's
      // key-owner list, recorded in docs/decisions.md).
      add('profile', profile !== null && landingRoute(u) === 'profile');
      add('documents');
      // the services route is banExclude for account types 5, 15 and 40, so the menu does not offer it there (D16a)
      add('services', !banType);
      add('purchase', canBuy);
      break;
    case 'okk':
      add('debt');
      break;
    case 'curator':
      add('profile');
      add('details');
      add('purchase', canBuy);
      add('services', !banType);
      break;
    default: {
      const staffViewingBan = u.banSelected && PER_ITEM.profileDetails.has(role);
      add('profile', staffViewingBan);
      add('details', staffViewingBan);
      add('orders', PER_ITEM.orders.has(role));
      add('agreement', PER_ITEM.agreement.has(role));
      add('at39', PER_ITEM.at39.has(role));
      add('debt', PER_ITEM.debt.has(role));
    }
  }
  return on;
}

/**
 * Visible navigation entries of a user, in NAV_ORDER (spec 6). A curator or subscriber forced to change password
 * sees only settings; with a BAN selected purchase, settings, orders, both registrations, debt control and services
 * are hidden.
 */
export function visibleNav(u: UserFacts): NavKey[] {
  if (mustChangePassword(u)) return ['settings'];
  const on = entriesOf(u);
  return NAV_ORDER.filter(
    (key) => on.has(key) && !(u.banSelected && HIDDEN_WITH_BAN.has(key)) && offers(u, ENTRY_FEATURE[key]),
  );
}

/** The sections made of the portal's own calls only: hidden when the backend does not offer them (CAP1). */
const ENTRY_FEATURE: Partial<Record<NavKey, Feature>> = {
  debt: 'debtControl',
  agreement: 'agreements',
};

/**
 * Index of the initially open tab of a content page (spec 2): the second tab (1) only when a curator or subscriber
 * must change password and is on Settings; otherwise the first (0).
 */
export function initialTabIndex(
  u: Pick<UserFacts, 'roles' | 'forceChangePassword'>,
  onSettings: boolean,
): 0 | 1 {
  return onSettings && mustChangePassword(u) ? 1 : 0;
}
