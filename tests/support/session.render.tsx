import { act } from '@testing-library/react';
import { lazy } from 'react';
import type { memoryLocation } from 'wouter/memory-location';
import { type ActorRefFrom, type AnyEventObject, SimulatedClock } from 'xstate';
import { type AppRoute, ROUTES } from '@/app/routes';
import { authFlowMachine } from '@/machines/auth-flow.machine';
import { type SessionMachine, sessionMachine } from '@/machines/session.machine';
import { type SettingsMachine, settingsMachine } from '@/machines/settings.machine';
import { SessionContext } from '@/views/session/session.context';
import { createDeferredActors, type DeferredActors } from './fake-actors';
import { renderApp } from './render-workflow';
import { fromOutside, recordViewSends } from './view-sends';

/** Stand-in for a page that is not part of the session workflow: it only says which route it is. */
function stubView(path: string) {
  return lazy(async () => ({
    default: () => <section data-testid="page-stub" data-path={path} />,
  }));
}

/** The real route table with the real Auth and Settings pages; every other page is a stand-in. */
const REAL_PAGES = new Set(['/login', '/check', '/register', '/forgot', '/restore', '/settings']);
export const SESSION_ROUTES: readonly AppRoute[] = ROUTES.map((route) =>
  REAL_PAGES.has(route.path) ? route : { ...route, view: stubView(route.path) },
);

export interface SessionApp {
  readonly location: ReturnType<typeof memoryLocation>;
  /** the session actor, for facts that come from outside the views (E009 from the API client, a refresh) */
  readonly session: () => ActorRefFrom<SessionMachine>;
  /** settles a running fake named by an actor result event (session, Auth flow or Settings actors) */
  readonly settle: (event: AnyEventObject) => Promise<boolean>;
  readonly sessionFakes: DeferredActors;
  readonly authFakes: DeferredActors;
  readonly settingsFakes: DeferredActors;
  /** moves the actor system's simulated clock on (delayed transitions fire as the real timers would) */
  readonly advance: (ms: number) => Promise<void>;
}

type Holder = { ref?: ActorRefFrom<SessionMachine> };

function Capture({ holder }: { holder: Holder }) {
  holder.ref = SessionContext.useActorRef();
  return null;
}

/**
 * Renders the app the way src/app/app.tsx composes it (`AppRoot`: providers, actor system, router, shell)
 * with deferred fakes for every call: the session's, the Auth flow's (the real child chart) and the Settings page's.
 */
export function renderSessionApp(
  path: string,
  opts: { settingsLogic?: (fakes: DeferredActors) => SettingsMachine } = {},
): SessionApp {
  const sessionFakes = createDeferredActors(sessionMachine);
  const authFakes = createDeferredActors(authFlowMachine);
  const settingsFakes = createDeferredActors(settingsMachine);
  const logic = sessionMachine.provide({
    actors: { ...sessionFakes.actors, authFlow: authFlowMachine.provide({ actors: authFakes.actors }) },
  });
  const settings =
    opts.settingsLogic?.(settingsFakes) ?? settingsMachine.provide({ actors: settingsFakes.actors });
  const holder: Holder = {};
  const clock = new SimulatedClock();
  const { location } = renderApp(path, {
    fakes: { session: logic, settings, actor: { clock, inspect: recordViewSends } },
    routes: SESSION_ROUTES,
    children: <Capture holder={holder} />,
  });
  const settle = async (event: AnyEventObject) => {
    let settled = false;
    await act(async () => {
      for (const fakes of [sessionFakes, authFakes, settingsFakes]) {
        const id = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
        if (fakes.pending().some((p) => p.id === id)) {
          settled = fakes.settle(event);
          return;
        }
      }
    });
    return settled;
  };
  return {
    location,
    session: () => {
      if (!holder.ref) throw new Error('session actor not mounted');
      return holder.ref;
    },
    settle,
    sessionFakes,
    authFakes,
    settingsFakes,
    advance: (ms) =>
      act(async () => {
        clock.increment(ms);
      }),
  };
}

/** Sends a fact from outside the views to the session actor (E009, a refresh by another workflow). */
export async function sendOutside(app: SessionApp, event: AnyEventObject): Promise<void> {
  await fromOutside(() =>
    act(async () => {
      app.session().send(event as Parameters<ActorRefFrom<SessionMachine>['send']>[0]);
    }),
  );
}
