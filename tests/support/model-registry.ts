import type { NumbersEvent, NumbersInput, NumbersPageResult } from '@/machines/numbers.machine';
import type { MachineEntry } from '@/machines/registry';
import { machineRegistry } from '@/machines/registry';
import { servicesModelEntry } from '../machines/addons.payloads';
import { servicesCheckoutModelEntry } from '../machines/addons-checkout.payloads';
import { agreementModelEntry } from '../machines/agreement.payloads';
import { at39ListModelEntry, at39RegistrationModelEntry } from '../machines/at39.payloads';
import { blockRestoreModelEntry } from '../machines/block-restore.payloads';
import { debtModelEntry } from '../machines/debt.payloads';
import { documentsModelEntry, downloadModelEntry } from '../machines/documents.payloads';
import { employeesListModelEntry } from '../machines/employees-list.payloads';
import { goldenCheckoutModelEntry } from '../machines/golden-checkout.payloads';
import { impersonationModelEntry } from '../machines/impersonation.payloads';
import {
  newClientModelEntry,
  newNumbersModelEntry,
  preorderListModelEntry,
  preRegistrationModelEntry,
} from '../machines/new-client.payloads';
import { newOrderModelEntry } from '../machines/new-order.payloads';
import { notificationsModelEntry } from '../machines/notifications.payloads';
import { ordersModelEntry } from '../machines/orders.payloads';
import { recoveryContactModelEntry } from '../machines/recovery-contact.payloads';
import { searchBoxModelEntry } from '../machines/search-box.payloads';
import { authFlowModelEntry, sessionModelEntry, settingsModelEntry } from '../machines/session.payloads';
import { signingModelEntry } from '../machines/signing.payloads';
import { uploadModelEntry } from '../machines/upload.payloads';
import { userAdminModelEntry, userSearchModelEntry } from '../machines/user-admin.payloads';
import type { ModelCheckOptions } from './model-check';
import { payloadsFor } from './model-universe';

/**
 * What the model tests need about one registered machine, beyond the machine itself (src/machines/registry.ts).
 * `payloads` must give every guard both outcomes and every invoke a realistic result: traversal explores bare
 * `xstate.done.actor.*` events without `output` otherwise.
 */
export interface ModelTestEntry extends ModelCheckOptions {
  /** The `id` of the machine in `machineRegistry`. */
  readonly id: string;
  /** Random-walk length per run (default 2000 actions). */
  readonly walkSteps?: number;
  /**
   * Actions before the walk starts a fresh actor (default 200): a chart whose later states need a long run of the
   * right events among many always-enabled ones (a wizard's form) needs longer episodes to reach them.
   */
  readonly walkEpisode?: number;
}

/** A registry machine joined with its test entry. */
export interface RegisteredModel {
  readonly entry: MachineEntry;
  readonly test: ModelTestEntry;
}

const noSession = { code: 'E009' };
const offline = new Error('network unreachable');

const numbersInput: NumbersInput = { ban: '100234561', params: { status: 'active', page: 1, q: '' } };
const numbersPage: NumbersPageResult = {
  rows: [{ sn: '901234567', status: 'A', pricePlan: 'Biznes 50', name: 'Karimov Oʻktam' }],
  total: 1,
  totalPages: 1,
};

/** Test entries, one per registered machine. */
export const modelTestEntries: readonly ModelTestEntry[] = [
  sessionModelEntry,
  authFlowModelEntry,
  settingsModelEntry,
  {
    id: 'numbers',
    input: numbersInput,
    payloads: payloadsFor<NumbersEvent>({
      'params.changed': [
        // the URL asks again for what is shown: ignored (guard false)
        { type: 'params.changed', params: numbersInput.params },
        { type: 'params.changed', params: { status: 'blocked', page: 1, q: '' } },
      ],
      'export.start': [
        { type: 'export.start', format: 'csv' },
        { type: 'export.start', format: 'xlsx' },
      ],
      'xstate.done.actor.fetchNumbers': [
        { type: 'xstate.done.actor.fetchNumbers', output: numbersPage },
        // boundary: an empty list (a filter matching nothing, or the page after the last)
        { type: 'xstate.done.actor.fetchNumbers', output: { rows: [], total: 0, totalPages: 0 } },
      ],
      'xstate.error.actor.fetchNumbers': [{ type: 'xstate.error.actor.fetchNumbers', error: offline }],
      'xstate.done.actor.prefetchNumbers': [
        // N6: the other tabs' first pages at hand (the blocked tab of the switch above is among them) …
        {
          type: 'xstate.done.actor.prefetchNumbers',
          output: [{ params: { status: 'blocked', page: 1, q: '' }, ...numbersPage }],
        },
        // … or none (every prefetch failed)
        { type: 'xstate.done.actor.prefetchNumbers', output: [] },
      ],
      'xstate.error.actor.prefetchNumbers': [{ type: 'xstate.error.actor.prefetchNumbers', error: offline }],
      'xstate.done.actor.exportNumbers': [{ type: 'xstate.done.actor.exportNumbers', output: undefined }],
      'xstate.error.actor.exportNumbers': [{ type: 'xstate.error.actor.exportNumbers', error: noSession }],
    }),
  },
  signingModelEntry,
  blockRestoreModelEntry,
  searchBoxModelEntry,
  impersonationModelEntry,
  userSearchModelEntry,
  userAdminModelEntry,
  notificationsModelEntry,
  debtModelEntry,
  newClientModelEntry,
  preRegistrationModelEntry,
  newNumbersModelEntry,
  preorderListModelEntry,
  employeesListModelEntry,
  goldenCheckoutModelEntry,
  newOrderModelEntry,
  ordersModelEntry,
  uploadModelEntry,
  agreementModelEntry,
  at39RegistrationModelEntry,
  at39ListModelEntry,
  documentsModelEntry,
  downloadModelEntry,
  servicesModelEntry,
  servicesCheckoutModelEntry,
  recoveryContactModelEntry,
];

/** The test entry of a registered machine id; throws when there is none. */
export function getModelTestEntry(id: string): ModelTestEntry {
  const entry = modelTestEntries.find((e) => e.id === id);
  if (!entry)
    throw new Error(`machine '${id}' is registered but has no entry in tests/support/model-registry.ts`);
  return entry;
}

/** Every registered machine with its test entry; throws when one is missing (a new machine must add its entry). */
export function registeredModels(registry: readonly MachineEntry[] = machineRegistry): RegisteredModel[] {
  return registry.map((entry) => ({ entry, test: getModelTestEntry(entry.id) }));
}
