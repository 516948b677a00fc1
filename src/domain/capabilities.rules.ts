/**
 * What the backend behind `/api/` can do beyond what every backend of this portal must (docs/decisions.md CAP1).
 *
 * The portal adds calls spec 7 does not name (docs/openapi.json, `x-spec: false`). Some of them carry something the
 * spec requires and the portal cannot work without (sign-in, the number list, user administration): they are the
 * **core**, and a backend without them is not a backend of this portal. The others each serve one feature a portal
 * can hide without breaking what remains: a section (debt control, contract registration) or a page (the employee
 * list, the recovery contacts, the pre-order list). The SPA asks the backend once
 * which of those it offers (`GET capabilities`) and hides the rest; a backend that does not know the call offers none
 * of them (the default: a section that would fail on its every call is worse than a missing one).
 *
 * Feature names are wire names: the backend lists them, and a name this portal does not know is ignored.
 */

/** The optional features, each a part of the portal made of its own calls only, hidden whole without them (CAP1). */
export const FEATURES = [
  /** the debt-control section for OKK (debt/*) */
  'debtControl',
  /** contract registration (agreement/*) */
  'agreements',
  /** the company's employee list, opened from the employees widget (employees/list) */
  'employees',
  /** the key owner's recovery contacts of the company's accounts (user/company-accounts, user/recovery-contact) */
  'recoveryContacts',
  /** the staff's list of created pre-orders and its status moves (pre-order/list, pre-order/{id}/status) */
  'preorderList',
  /** the company's activity log (activity/list; docs/decisions.md AL6) */
  'activityLog',
  /** blocks and restores planned for a later day (block-plans; docs/decisions.md SP1-SP8) */
  'scheduledActions',
] as const;
export type Feature = (typeof FEATURES)[number];

/** What a backend that does not answer the question offers: none of the optional features (CAP1). */
export const DEFAULT_FEATURES: ReadonlySet<Feature> = new Set();

/** What the reference backend offers: every feature. */
export const ALL_FEATURES: ReadonlySet<Feature> = new Set(FEATURES);

/**
 * Whether the user's backend offers `feature` (no feature: a part every backend has). `features` is the backend's list as it came: a name this portal does
 * not know is never asked, so it is kept as it is. Facts read before any answer (tests, the server's own checks)
 * offer everything, as the reference backend does.
 */
export function offers(
  facts: { readonly features?: ReadonlySet<string> },
  feature: Feature | undefined,
): boolean {
  return feature === undefined || (facts.features?.has(feature) ?? true);
}
