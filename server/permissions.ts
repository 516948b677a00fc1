import { visibleNav } from '../src/domain/navigation.rules';
import { mayManagePlans, mayReadPlans } from '../src/domain/plans.rules';
import { CLIENT_ROLES as CLIENT_ROLE_LIST, mustChangePassword } from '../src/domain/roles.rules';
import { routeAccess } from '../src/domain/routes.rules';
import type { EndpointName } from '../src/services/contract/endpoints';
import { PAGE_OF } from './page-of.generated';
import type { Viewer } from './viewer';

/**
 * Who may call what, from the same config flags the SPA uses (src/domain userConfig, spec 6). Calls not listed are
 * open to any session. Rules that depend on the input (which BAN's numbers, which kind of user is created) are
 * checked again in the handlers.
 */
export const ACCESS: { readonly [N in EndpointName]?: (v: Viewer) => boolean } = {
  // the 'choose' search box: subscriber lookup (spec 6 search flag)
  'lookup.sn': (v) => v.config.search,
  'lookup.ban': (v) => v.config.search,
  // user search in administration: "Administration users can search" (spec 6); EditUser, the helpdesk landing (R002,
  // no search box), searches users too
  'admin.create': (v) => v.config.createSubscriber || v.config.createAdmin,
  'admin.update': (v) => v.config.editUser,
  'admin.setBlocked': (v) => v.config.editUser,
  // "Administration users can search and impersonate a subscriber profile"
  // impersonation shows a client's data: it needs the search group, like the lookup it follows (not R002)
  'admin.impersonate': (v) => v.config.search,
  // AT 39 registration: whoever sees its navigation entry (spec 6 'AT39: R008, R005, R009, R018-R023, R032'; hidden
  // while a BAN is selected); per registration, kit and token the handlers check the owner (E094, E091, E128)
  ...Object.fromEntries(
    (
      [
        'at39.token',
        'at39.sessionId',
        'at39.passportInfo',
        'at39.createRegistration',
        'at39.clientCard',
        'at39.regDocs',
        'at39.saveDoc',
        'at39.banExists',
        'at39.register',
        'at39.pricePlans',
        'at39.filter',
        'at39.statistics',
        'at39.comment',
        'at39.reserveEquipment',
        'at39.regData',
        'at39.updateRegistration',
      ] as const
    ).map((n) => [n, (v: Viewer) => visibleNav(v.facts).includes('at39')]),
  ),
  // golden numbers and orders (docs/decisions.md GN11): buying is for whom spec 6 shows Number purchase, the orders
  // list for whom it shows Orders; one order is checked per order in its handler (staff, or the buying company)
  'golden.categories': (v) => routeAccess('/purchase', v.facts) === 'allow',
  'golden.categoriesQr': (v) => routeAccess('/purchase', v.facts) === 'allow',
  'golden.search': (v) => routeAccess('/purchase', v.facts) === 'allow',
  'golden.checkout': (v) => routeAccess('/purchase', v.facts) === 'allow',
  'orders.details': (v) => routeAccess('/orders', v.facts) === 'allow',
  // planned blocks and restores (docs/decisions.md SP4, SP9): the list and cancel also follow their page, /profile/plans
  // (PAGE_OF); creating and cancelling need the curator or key owner; the handlers check the company
  'plans.list': (v) => mayReadPlans(v.facts),
  'plans.create': (v) => mayManagePlans(v.facts),
  'plans.cancel': (v) => mayManagePlans(v.facts),
};

/**
 * Calls that serve one page of the SPA are open exactly to whom that page opens: the server asks the same route-access
 * policy as the shell's guard (`routeAccess`, src/domain/routes.rules.ts; docs/decisions.md AR8) instead of spelling
 * the rule again. Each area's manifest names its calls (`pageCalls`, src/app/<area>.workflow.ts) and `npm run
 * workflows` writes them into `PAGE_OF` (decisions AR24). A call listed there may still have an `ACCESS` rule for what
 * the page alone does not decide.
 */
export { PAGE_OF };

/** While a curator or subscriber must change the password, only Settings is shown (spec 6): the server allows
 *  nothing but these calls until the password is changed. */
const WHILE_FORCED: ReadonlySet<EndpointName> = new Set<EndpointName>([
  'session.user',
  'session.profile',
  'session.logout',
  'session.changePassword',
  'session.saveChosenRole',
]);

/** While an administration user views a client account (spec 4 virtual login), nothing is signed and no password or
 *  role is changed in the session; the way back (user/back-to-head) and every read stay open. */
const REFUSED_WHILE_IMPERSONATING: ReadonlySet<EndpointName> = new Set<EndpointName>([
  'session.changePassword',
  'session.saveChosenRole',
  'signing.verify',
]);

/** True when the viewer may call endpoint `name` at all. */
export function mayCall(name: EndpointName, v: Viewer): boolean {
  if (mustChangePassword(v.facts) && !WHILE_FORCED.has(name)) return false;
  if (v.impersonating && REFUSED_WHILE_IMPERSONATING.has(name)) return false;
  const page = PAGE_OF[name];
  if (page !== undefined && routeAccess(page, v.facts) !== 'allow') return false;
  return ACCESS[name]?.(v) ?? true;
}

/** Roles a client account holds (the profile holders); any other role is staff. */
export const CLIENT_ROLES: ReadonlySet<string> = new Set(CLIENT_ROLE_LIST);
