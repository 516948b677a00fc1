import type { z } from 'zod';
import { activityEndpoints } from './activity.contract';
import { addonsEndpoints } from './addons.contract';
import { adminEndpoints } from './admin.contract';
import { agreementEndpoints } from './agreement.contract';
import { at39Endpoints } from './at39.contract';
import { blockEndpoints } from './block.contract';
import { capabilitiesEndpoints } from './capabilities.contract';
import { clientErrorEndpoints } from './client-errors.contract';
import { debtEndpoints } from './debt.contract';
import { documentsEndpoints } from './documents.contract';
import { employeesEndpoints } from './employees.contract';
import { goldenEndpoints } from './golden.contract';
import { lookupEndpoints } from './lookup.contract';
import { ordersEndpoints } from './orders.contract';
import { plansEndpoints } from './plans.contract';
import { preorderEndpoints } from './preorder.contract';
import { publicEndpoints } from './public.contract';
import { recoveryContactEndpoints } from './recovery-contact.contract';
import { restoreLinkEndpoints } from './restore-link.contract';
import { sessionEndpoints } from './session.endpoints';
import { settingsEndpoints } from './settings.contract';
import { signingEndpoints } from './signing.contract';

/**
 * The endpoint table: every call of spec 7, keyed by a dot name `<area>.<verb>`. Paths are relative to `/api/`.
 * Each area's calls live beside its schemas as a slice (`<area>Endpoints` in `<area>.contract.ts`) spread in here
 * (docs/decisions.md AR7). tests/services/endpoint-slices.test.ts: no call twice. The API client loads the same
 * slices one per task (src/services/api/endpoint-table.generated.ts, written from the spreads below by
 * `npm run workflows`, LB19).
 * The client parses every reply with `result`; the reference server validates its inputs with `params`, `query`,
 * `body` and types its outputs with `result`.
 */
export const endpoints = {
  // ── session and user (src/services/contract/session.endpoints.ts) ──────────────────────────────────
  ...sessionEndpoints,
  ...restoreLinkEndpoints,
  ...capabilitiesEndpoints,

  // ── lookup, administration, block/restore: their slices (lookup, admin, block contracts) ────────────────
  ...lookupEndpoints,
  ...adminEndpoints,
  ...blockEndpoints,

  // ── the public onboarding pages' calls (public.contract.ts, on zod/mini) and the staff's pre-order list ─────────
  ...publicEndpoints,
  ...preorderEndpoints,

  // ── online-sales documents ─────────────────────────────────────────────────────────────────────────
  ...documentsEndpoints,

  // ── golden numbers and orders (golden.contract.ts, orders.contract.ts) ───────────────────────────────
  ...goldenEndpoints,
  ...ordersEndpoints,

  // ── internet packages and roaming ──────────────────────────────────────────────────────────────────
  ...addonsEndpoints,

  // ── the company's employee list (employees.contract.ts; EM1) ─────────────────────────────────────────
  ...employeesEndpoints,

  // ── AT 39 registration ─────────────────────────────────────────────────────────────────────────────
  ...at39Endpoints,

  ...settingsEndpoints,
  ...debtEndpoints,
  ...agreementEndpoints,
  ...signingEndpoints,
  // the key owner's recovery contacts of the company's accounts (recovery-contact.contract.ts; PRC4)
  ...recoveryContactEndpoints,
  // the company's activity log (activity.contract.ts; AL4)
  ...activityEndpoints,
  // blocks and restores planned for a later day (plans.contract.ts; SP1-SP8)
  ...plansEndpoints,

  // ── the browser's failure reports (client-errors.contract.ts; OBS9) ─────────────────────────────────
  ...clientErrorEndpoints,
} as const;

/** Dot name of a call in the table. */
export type EndpointName = keyof typeof endpoints;

/** Definition of endpoint `N`. */
export type Endpoint<N extends EndpointName> = (typeof endpoints)[N];

/** Parsed `result` of endpoint `N` (for blob endpoints: the Blob). */
export type EndpointResult<N extends EndpointName> = z.output<Endpoint<N>['result']>;

/** All names, for tests and the server's route registration. */
export const endpointNames = Object.keys(endpoints) as EndpointName[];
