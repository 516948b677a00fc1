import type { EndpointDef } from '@/services/contract/endpoint';
import type { endpoints } from '@/services/contract/endpoints';
import { nextTask } from '@/services/scheduling/next-task';

type Table = Readonly<Record<string, EndpointDef>>;

/**
 * The endpoint table's slices, in the order of src/services/contract/endpoints.ts (tests/services/endpoint-table.test.ts
 * holds the two equal). They are in this module's chunk (`webpackMode: "eager"`: no request of their own), but each is
 * evaluated on its turn.
 */
const SLICES: readonly (() => Promise<Table>)[] = [
  () =>
    import(/* webpackMode: "eager" */ '@/services/contract/session.endpoints').then(
      (m) => m.sessionEndpoints,
    ),
  () =>
    import(/* webpackMode: "eager" */ '@/services/contract/restore-link.contract').then(
      (m) => m.restoreLinkEndpoints,
    ),
  () =>
    import(/* webpackMode: "eager" */ '@/services/contract/capabilities.contract').then(
      (m) => m.capabilitiesEndpoints,
    ),
  () =>
    import(/* webpackMode: "eager" */ '@/services/contract/lookup.contract').then((m) => m.lookupEndpoints),
  () => import(/* webpackMode: "eager" */ '@/services/contract/admin.contract').then((m) => m.adminEndpoints),
  () => import(/* webpackMode: "eager" */ '@/services/contract/block.contract').then((m) => m.blockEndpoints),
  () =>
    import(/* webpackMode: "eager" */ '@/services/contract/public.contract').then((m) => m.publicEndpoints),
  () =>
    import(/* webpackMode: "eager" */ '@/services/contract/preorder.contract').then(
      (m) => m.preorderEndpoints,
    ),
  () =>
    import(/* webpackMode: "eager" */ '@/services/contract/documents.contract').then(
      (m) => m.documentsEndpoints,
    ),
  () =>
    import(/* webpackMode: "eager" */ '@/services/contract/golden.contract').then((m) => m.goldenEndpoints),
  () =>
    import(/* webpackMode: "eager" */ '@/services/contract/orders.contract').then((m) => m.ordersEndpoints),
  () =>
    import(/* webpackMode: "eager" */ '@/services/contract/addons.contract').then((m) => m.addonsEndpoints),
  () =>
    import(/* webpackMode: "eager" */ '@/services/contract/employees.contract').then(
      (m) => m.employeesEndpoints,
    ),
  () => import(/* webpackMode: "eager" */ '@/services/contract/at39.contract').then((m) => m.at39Endpoints),
  () =>
    import(/* webpackMode: "eager" */ '@/services/contract/settings.contract').then(
      (m) => m.settingsEndpoints,
    ),
  () => import(/* webpackMode: "eager" */ '@/services/contract/debt.contract').then((m) => m.debtEndpoints),
  () =>
    import(/* webpackMode: "eager" */ '@/services/contract/agreement.contract').then(
      (m) => m.agreementEndpoints,
    ),
  () =>
    import(/* webpackMode: "eager" */ '@/services/contract/signing.contract').then((m) => m.signingEndpoints),
  () =>
    import(/* webpackMode: "eager" */ '@/services/contract/recovery-contact.contract').then(
      (m) => m.recoveryContactEndpoints,
    ),
  () =>
    import(/* webpackMode: "eager" */ '@/services/contract/client-errors.contract').then(
      (m) => m.clientErrorEndpoints,
    ),
];

/**
 * The whole endpoint table as `endpoints` (src/services/contract/endpoints.ts) holds it, built one area's schemas per
 * task: evaluated at once, every area's schemas were one long task of the first signed-in page (docs/decisions.md
 * LB19). The client loads this module as a chunk on the first call that is neither at hand nor public.
 */
export async function loadEndpointTable(): Promise<typeof endpoints> {
  const table: Record<string, EndpointDef> = {};
  for (const slice of SLICES) {
    Object.assign(table, await slice());
    await nextTask();
  }
  return table as unknown as typeof endpoints;
}
