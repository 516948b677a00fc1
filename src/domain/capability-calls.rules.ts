import { FEATURES, type Feature } from './capabilities.rules';

/**
 * Which of the portal's own calls each optional feature needs, and which are core (docs/decisions.md CAP1). Apart
 * from capabilities.rules.ts, which the login page's script carries (the navigation reads it): this catalogue is for
 * the reference backend, the contract's tests and the OpenAPI document.
 */

/** The calls (endpoint names of the contract) each feature needs; a call belongs to one feature at most. */
export const FEATURE_CALLS: Readonly<Record<Feature, readonly string[]>> = {
  debtControl: ['debt.list', 'debt.notice', 'debt.markSent', 'debt.pdf'],
  agreements: ['agreement.checkLogin', 'agreement.register', 'agreement.list', 'agreement.document'],
  employees: ['employees.list'],
  recoveryContacts: ['recovery.accounts', 'recovery.setContact'],
  preorderList: ['preorder.list', 'preorder.setStatus'],
  activityLog: ['activity.list'],
  scheduledActions: ['plans.list', 'plans.create', 'plans.cancel'],
};

/**
 * The portal's own calls that are not optional, with why: the spec requires what they do and names no call for it
 * (the path is decided here), or a page the spec lists cannot work without them, so every backend of this portal has
 * them.
 */
export const CORE_CALLS: Readonly<Record<string, string>> = {
  'session.login': 'spec 1 sign-in with login and password',
  'session.check': 'spec 1 registration flow: the SMS code',
  'session.register': 'spec 1 registration flow: register by phone',
  'session.resendCode': 'spec 1 registration flow: send the code again',
  'session.forgot': 'spec 2 Auth forgot',
  'session.restore': 'spec 2 Auth restore',
  'session.changePassword': 'spec 4 forced password change',
  'profile.numbers': 'spec 3 the numbers list of an account',
  'admin.create': 'spec 1 administration: create users',
  'admin.update': 'spec 1 administration: edit users',
  'admin.setBlocked': 'spec 1 administration: block users',
  'admin.impersonate': 'spec 1 act as a subscriber',
  'admin.backToHead': 'spec 4 backToHeadBan',
  'signing.taxId': 'spec 5 TIN match before signing',
  'signing.challenge':
    'spec 5 signing: a signature authorises one action, once (the server-issued challenge)',
  'block.batch': 'spec 5 block/restore of the numbers chosen in the list, under one signature',
  'orders.get': 'spec 2 routes: /orders/{id} (SingleOrder) and its status moves',
  'orders.setStatus': 'spec 2 routes: /orders/{id} (SingleOrder) and its status moves',
  'orders.cancel':
    'GN15 the company cancels its own created order (offered only where orders/{id} says it is cancellable)',
  'documents.orders': 'spec 2 routes: /onlinee-sales orders list (Documents)',
  'preorder.prove': 'spec 1 pre-registration of corporate clients with e-signature documents',
  'preorder.company': 'spec 1 pre-registration of corporate clients with e-signature documents',
  'preorder.signingChallenge': 'spec 1 pre-registration of corporate clients with e-signature documents',
  'internet.quote': 'spec 9 prices: the server quotes the sum the user agrees to',
  'internet.employeeNumbers': 'spec 2 Services: the checkout for the employees chosen',
  'settings.contacts': "spec 2 Main: settings, the user's contact data",
  'at39.token': 'spec 2 AT 39 workplace link',
  'capabilities.get': 'this question itself (a backend without it offers no optional feature)',
};

/**
 * The portal's own calls the SPA works without: when the backend does not know one, the page goes on as if the call
 * had not been made (a failure report is dropped; the restore page shows its form and the submit decides).
 */
export const TOLERATED_CALLS: Readonly<Record<string, string>> = {
  'report.clientError': 'a report the backend refuses is dropped; the page never waits for it',
  'session.restoreLink': 'without the check the restore form shows at once and its submit decides (RL1)',
};

/** The feature a call belongs to, or null for a spec 7 or core call. */
export function featureOfCall(call: string): Feature | null {
  for (const feature of FEATURES) if (FEATURE_CALLS[feature].includes(call)) return feature;
  return null;
}
