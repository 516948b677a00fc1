import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProviders, AppRoot } from '@/app/app-providers';
import type { AppRoute } from '@/app/routes';
import { newClientMachine } from '@/machines/new-client.machine';
import { newNumbersMachine } from '@/machines/new-numbers.machine';
import { notificationsMachine } from '@/machines/notifications.machine';
import { sessionMachine } from '@/machines/session.machine';
import {
  type PublicLogic,
  type WorkflowLogic,
  WorkflowLogicProvider,
} from '@/views/common/workflow-logic.context';
import { pageCharts } from './page-charts.generated';
import { recordViewSends } from './view-sends';

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
    newClient: newClientMachine,
    newNumbers: newNumbersMachine,
    ...pageCharts,
    readGoldenChoice: () => [],
    // what the views send is recorded for the view walks (tests/support/view-sends.ts)
    actor: { inspect: recordViewSends },
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
