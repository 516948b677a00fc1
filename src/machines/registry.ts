import type { AnyStateMachine } from 'xstate';
import { addonsMachine } from './addons.machine';
import { addonsCheckoutMachine } from './addons-checkout.machine';
import { agreementMachine } from './agreement.machine';
import { at39ListMachine } from './at39-list.machine';
import { at39RegistrationMachine } from './at39-registration.machine';
import { authFlowMachine } from './auth-flow.machine';
import { blockRestoreMachine } from './block-restore.machine';
import { debtMachine } from './debt.machine';
import { documentsMachine } from './documents.machine';
import { downloadMachine } from './download.machine';
import { employeesListMachine } from './employees-list.machine';
import { goldenCheckoutMachine } from './golden-checkout.machine';
import { impersonationMachine } from './impersonation.machine';
import { newClientMachine } from './new-client.machine';
import { newNumbersMachine } from './new-numbers.machine';
import { newOrderMachine } from './new-order.machine';
import { notificationsMachine } from './notifications.machine';
import { numbersMachine } from './numbers.machine';
import { ordersMachine } from './orders.machine';
import { preRegistrationMachine } from './pre-registration.machine';
import { preorderListMachine } from './preorder-list.machine';
import { recoveryContactMachine } from './recovery-contact.machine';
import { searchBoxMachine } from './search-box.machine';
import { sessionMachine } from './session.machine';
import { settingsMachine } from './settings.machine';
import { signingMachine } from './signing.machine';
import { uploadMachine } from './upload.machine';
import { userAdminMachine } from './user-admin.machine';
import { userSearchMachine } from './user-search.machine';

/**
 * One statechart of the portal, as charts and model tests see it. Test fakes and event payloads are not here:
 * they live in tests/support/model-registry.ts, keyed by `id`.
 */
export interface MachineEntry {
  /** Equals `machine.id`; names the chart files in docs/statecharts (`<id>.mmd`, `<id>.svg`, …). */
  readonly id: string;
  readonly machine: AnyStateMachine;
  /** One sentence for the charts index. */
  readonly description: string;
}

/** Every workflow machine of the portal. A new machine is added here, in tests/support/model-registry.ts and gets
 *  its ru/uz chart titles in src/machines/titles/<id>.titles.json (tests/machines/chart-titles.test.ts). */
export const machineRegistry: readonly MachineEntry[] = [
  {
    id: 'session',
    machine: sessionMachine,
    description:
      'Session: server session check, Auth flow while signed out, role choice, profile, forced password change, ' +
      'logout confirm, E009 expiry.',
  },
  {
    id: 'authFlow',
    machine: authFlowMachine,
    description:
      'Auth pages (child chart of the session): login, SMS code, registration, recovery link, new password.',
  },
  {
    id: 'settings',
    machine: settingsMachine,
    description: 'Settings page: password change (ends a forced change) and contact data kept as a draft.',
  },
  {
    id: 'numbers',
    machine: numbersMachine,
    description:
      'Number list of a BAN by status tab (tab, page, filter from the URL) and its CSV/XLSX export.',
  },
  {
    id: 'signing',
    machine: signingMachine,
    description:
      'E-IMZO signing (child chart): tax id, module version and API key, key matching the TIN, password, server verification.',
  },
  {
    id: 'blockRestore',
    machine: blockRestoreMachine,
    description:
      'Block or restore a number or an account: privileged-lock check, confirmation, E-IMZO signature unless type 20, suspend/restore, result.',
  },
  {
    id: 'searchBox',
    machine: searchBoxMachine,
    description:
      "Header search box: 'choose' finds a subscriber by number or BAN (MANYINVALID inline, 'Ошибка!' on a failed lookup), 'editing' searches users.",
  },
  {
    id: 'impersonation',
    machine: impersonationMachine,
    description:
      'Viewing a subscriber as the client: choose (user/impersonate), the banner while viewing, back to the head BAN (user/back-to-head).',
  },
  {
    id: 'userSearch',
    machine: userSearchMachine,
    description:
      'Administration user search: query, status tab and page in the URL; rows with block, unblock or in process.',
  },
  {
    id: 'userAdmin',
    machine: userAdminMachine,
    description:
      'Create a user of an allowed kind, or edit one (user/get → branch, regions); E135/E136 shown.',
  },
  {
    id: 'notifications',
    machine: notificationsMachine,
    description:
      'Transient messages (mounted by the layout): a queue of at most 3, each shown 4 seconds or until closed.',
  },
  {
    id: 'debt',
    machine: debtMachine,
    description:
      'Debt control (notice): overdue accounts with filter, sort and page in the URL; the RU/UZ notice of an account, mark as sent, PDF download; CSV/XLSX export.',
  },
  {
    id: 'newClient',
    machine: newClientMachine,
    description:
      'Registration wizard (public): step one legal data — city first, key → TIN, proved key → tax data, BANs, status; login checked 500 ms after typing — step two the services catalogue, then pre-registration; the draft kept 24 h.',
  },
  {
    id: 'preRegistration',
    machine: preRegistrationMachine,
    description:
      'Pre-registration signed with E-IMZO: a challenge bound to the application, signed with the chosen key, pre-order/create (CA, TIN and replay checked); E004, E026, E094.',
  },
  {
    id: 'newNumbers',
    machine: newNumbersMachine,
    description:
      'Public new-numbers page: QR categories with prices and example numbers, and how to become a client.',
  },
  {
    id: 'preorderList',
    machine: preorderListMachine,
    description:
      'Staff list of created pre-orders (Orders section, NC11): company, TIN, city, login, status and the phone reservation flag.',
  },
  {
    id: 'employeesList',
    machine: employeesListMachine,
    description:
      "The company's employee list (EM1-EM5): name, number and position, searched by a name part or number digits and paged on the server; search text and page from the URL, a refused text said before anything is asked.",
  },
  {
    id: 'goldenCheckout',
    machine: goldenCheckoutMachine,
    description:
      'Golden-number checkout: categories, four searches (random, by digits, by group, by mask) paged by the server, numbers picked across pages, review with the total and its VAT, checkout (E031, a number taken meanwhile), the created order.',
  },
  {
    id: 'newOrder',
    machine: newOrderMachine,
    description:
      'New-number order: rows of count, category, tariff, services and nominal (never below one; deleting asks first), the company data (catalogue, address, tax id, balance) loaded together with one retry, POST orders/ (E031), the created order; a draft survives a reload.',
  },
  {
    id: 'orders',
    machine: ordersMachine,
    description:
      'Orders for staff: date range and BAN filter in the URL (required, real dates), the range’s orders paged, one order with its numbers, sums, status and documents, CSV/XLSX export.',
  },
  {
    id: 'upload',
    machine: uploadMachine,
    description:
      'Upload of one file to a target: choose (picker or drop), client check (size, name, bytes), send with progress and cancel, server check (E118) and status 0/1/2; retry or choose another.',
  },
  {
    id: 'agreement',
    machine: agreementMachine,
    description:
      'Contract registration: the spec 3 form validated (spec 5), the login checked, the agreement and the contact-access additional agreement registered in RU and UZ and downloaded; the registered agreements, paged.',
  },
  {
    id: 'at39Registration',
    machine: at39RegistrationMachine,
    description:
      'AT 39: register a subscriber by passport data — token (E127/E128/E129), passport service (not found, refused, expired, reused), create (E129), SIM kit (E091/E105/E121), BAN (E052/E125), number (taken, E123, E025), documents (E118), submit (E094); resumable.',
  },
  {
    id: 'at39List',
    machine: at39ListMachine,
    description:
      'AT 39 registrations: filters and page in the URL (register/filter), comments (register/comment), statistics XLSX (docs/statistics).',
  },
  {
    id: 'documents',
    machine: documentsMachine,
    description:
      "Online-sales documents: the lists (orders, suspend and service documents in a date range), an order with its documents, one document's status and text; a valid filter goes to the URL.",
  },
  {
    id: 'download',
    machine: downloadMachine,
    description:
      "Download of one file (PDF, scan, instruction): progress, cancel, saved under a people's name, or the error with retry.",
  },
  {
    id: 'services',
    machine: addonsMachine,
    description:
      'Services page: package catalogue by group, employees with their packages and roaming (search and page in the URL, server-side), select many / a page / all filtered, one number’s options.',
  },
  {
    id: 'servicesCheckout',
    machine: addonsCheckoutMachine,
    description:
      'Services checkout: review, balance check (has-deposit, checkBalance), applying slice by slice with confirmed progress, result number by number (accepted, E124, E123, E031), retry of the failed ones, cancel.',
  },
  {
    id: 'recoveryContact',
    machine: recoveryContactMachine,
    description:
      "The key owner's recovery contacts of the company's accounts (PRC4-PRC8): list, choose an account, the new e-mail/phone, E-IMZO signature of exactly that change (child chart signing), saved once; a pending account's activation link goes to the new contact.",
  },
];
