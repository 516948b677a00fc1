import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { i18n } from '@/i18n/i18n';
import { SYSTEM_IDS } from '@/machines/actor-system';
import { ActorSystemProvider } from '@/views/common/workflow-actor';
import { type AppProvidedLogic, WorkflowLogicProvider } from '@/views/common/workflow-logic.context';
import { ImpersonationHost } from '@/views/impersonation/impersonation.context';
import { NotificationsContext } from '@/views/layout/notifications.context';
import { SessionContext } from '@/views/session/session.context';
import type { AppRoute } from './routes';
import { Shell } from './shell';

/** A wouter location hook (the browser's by default; tests pass a memory location's). */
type LocationHook = NonNullable<Parameters<typeof Router>[0]['hook']>;

/**
 * Mounts what every screen needs, once: i18n, every workflow's provided logic, the actor system's root, and the
 * app-wide actors registered in it (notifications, session, and impersonation once there is a user and the page
 * workflows' logic is in). Production and tests mount this same component; only the logic differs (real actors from
 * `createAppLogic`, or fakes).
 */
export function AppProviders({ logic, children }: { logic: AppProvidedLogic; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <WorkflowLogicProvider value={logic}>
        <ActorSystemProvider connect={logic.connect} actor={logic.actor}>
          <NotificationsContext.Provider logic={logic.notifications} systemId={SYSTEM_IDS.notifications}>
            <SessionContext.Provider logic={logic.session} systemId={SYSTEM_IDS.session}>
              <ImpersonationHost>{children}</ImpersonationHost>
            </SessionContext.Provider>
          </NotificationsContext.Provider>
        </ActorSystemProvider>
      </WorkflowLogicProvider>
    </I18nextProvider>
  );
}

/**
 * The whole app on given logic: providers, router and shell. `hook`, `routes` and `children` (rendered inside the
 * providers, beside the router) are for tests, `ssrPath` for the build's prerender.
 */
export function AppRoot({
  logic,
  hook,
  routes,
  ssrPath,
  children,
}: {
  logic: AppProvidedLogic;
  hook?: LocationHook | undefined;
  /** the address rendered outside a browser (the build's prerender, src/app/prerender.tsx) */
  ssrPath?: string | undefined;
  routes?: readonly AppRoute[] | undefined;
  children?: ReactNode;
}) {
  return (
    <AppProviders logic={logic}>
      {children}
      <Router {...(hook ? { hook } : {})} {...(ssrPath ? { ssrPath } : {})}>
        <Shell {...(routes ? { routes } : {})} />
      </Router>
    </AppProviders>
  );
}
