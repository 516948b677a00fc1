import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProviders, AppRoot } from '@/app/app-providers';
import type { AppRoute } from '@/app/routes';
import { addonsMachine } from '@/machines/addons.machine';
import { addonsCheckoutMachine } from '@/machines/addons-checkout.machine';
import { agreementMachine } from '@/machines/agreement.machine';
import { at39ListMachine } from '@/machines/at39-list.machine';
import { at39RegistrationMachine } from '@/machines/at39-registration.machine';
import { blockRestoreMachine } from '@/machines/block-restore.machine';
import { debtMachine } from '@/machines/debt.machine';
import { documentsMachine } from '@/machines/documents.machine';
import { downloadMachine } from '@/machines/download.machine';
import { employeesListMachine } from '@/machines/employees-list.machine';
import { goldenCheckoutMachine } from '@/machines/golden-checkout.machine';
import { impersonationMachine } from '@/machines/impersonation.machine';
import { newClientMachine } from '@/machines/new-client.machine';
import { newNumbersMachine } from '@/machines/new-numbers.machine';
import { newOrderMachine } from '@/machines/new-order.machine';
import { notificationsMachine } from '@/machines/notifications.machine';
import { numbersMachine } from '@/machines/numbers.machine';
import { ordersMachine } from '@/machines/orders.machine';
import { preorderListMachine } from '@/machines/preorder-list.machine';
import { recoveryContactMachine } from '@/machines/recovery-contact.machine';
import { searchBoxMachine } from '@/machines/search-box.machine';
import { sessionMachine } from '@/machines/session.machine';
import { settingsMachine } from '@/machines/settings.machine';
import { uploadMachine } from '@/machines/upload.machine';
import { userAdminMachine } from '@/machines/user-admin.machine';
import { userSearchMachine } from '@/machines/user-search.machine';
import {
  type PublicLogic,
  type WorkflowLogic,
  WorkflowLogicProvider,
} from '@/views/common/workflow-logic.context';

/** Every workflow's logic a test mounts: the app's and the public pages'. */
export type TestLogic = WorkflowLogic & PublicLogic;

/**
 * Every workflow's logic for a test: the given fakes, and for the rest the charts as declared, whose actors throw
 * "not provided" when called (a test that reaches a workflow it did not fake fails loudly).
 */
export function testAppLogic(fakes: Partial<TestLogic> = {}): TestLogic {
  return {
    session: sessionMachine,
    notifications: notificationsMachine,
    settings: settingsMachine,
    numbers: numbersMachine,
    blockRestore: blockRestoreMachine,
    searchBox: searchBoxMachine,
    impersonation: impersonationMachine,
    userSearch: userSearchMachine,
    userAdmin: userAdminMachine,
    debt: debtMachine,
    newClient: newClientMachine,
    newNumbers: newNumbersMachine,
    goldenCheckout: goldenCheckoutMachine,
    newOrder: newOrderMachine,
    orders: ordersMachine,
    upload: uploadMachine,
    agreement: agreementMachine,
    at39List: at39ListMachine,
    at39Registration: at39RegistrationMachine,
    at39Upload: uploadMachine,
    documents: documentsMachine,
    download: downloadMachine,
    services: addonsMachine,
    servicesCheckout: addonsCheckoutMachine,
    preorderList: preorderListMachine,
    employeesList: employeesListMachine,
    recoveryContact: recoveryContactMachine,
    readGoldenChoice: () => [],
    ...fakes,
  };
}

/** The production providers (src/app/app-providers.tsx) and a router on a memory location. */
export function WorkflowProviders({
  logic,
  location,
  children,
}: {
  logic: TestLogic;
  location: ReturnType<typeof memoryLocation>;
  children: ReactNode;
}) {
  return (
    <AppProviders logic={logic}>
      <Router hook={location.hook}>{children}</Router>
    </AppProviders>
  );
}

/** Renders one view the way the app mounts it: the app's providers, `fakes` for the workflows it uses, at `path`. */
export function renderWorkflow(ui: ReactNode, opts: { fakes?: Partial<TestLogic>; path?: string } = {}) {
  const location = memoryLocation({ path: opts.path ?? '/', record: true });
  const logic = testAppLogic(opts.fakes);
  const utils = render(
    <WorkflowProviders logic={logic} location={location}>
      {ui}
    </WorkflowProviders>,
  );
  return { ...utils, location, logic };
}

/** Renders the whole app (providers, router, shell) at `path`, as src/app/app.tsx does, on `fakes`. */
export function renderApp(
  path: string,
  opts: { fakes?: Partial<TestLogic>; routes?: readonly AppRoute[]; children?: ReactNode } = {},
) {
  const location = memoryLocation({ path, record: true });
  const logic = testAppLogic(opts.fakes);
  const utils = render(
    <AppRoot logic={logic} hook={location.hook} routes={opts.routes}>
      {opts.children}
    </AppRoot>,
  );
  return { ...utils, location, logic };
}

/** Inside the app's providers: the given fakes for the views below (the other workflows as the outer providers). */
export function WithFakes({ fakes, children }: { fakes: Partial<TestLogic>; children: ReactNode }) {
  return <WorkflowLogicProvider value={testAppLogic(fakes)}>{children}</WorkflowLogicProvider>;
}

/** The app's providers around a test's own tree (a test that mounts its own router). */
export function TestProviders({ fakes, children }: { fakes?: Partial<TestLogic>; children: ReactNode }) {
  return <AppProviders logic={testAppLogic(fakes)}>{children}</AppProviders>;
}
