// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActorContext } from '@xstate/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActorRefFrom, EventObject } from 'xstate';
import { type SessionMachine, sessionMachine } from '@/machines/session.machine';
import {
  selectHasError,
  selectIsAuthenticated,
  selectStatePath,
  selectViews,
} from '@/machines/session.selectors';
import { createDeferredActors } from '../support/fake-actors';
import { getModelTestEntry } from '../support/model-registry';
import { buildModelGraph, generateModelPaths } from '../support/paths';
import { performBy, type ViewDriver, type ViewStep, walkViewPath } from '../support/view-walk';

/**
 * A stand-in view for the session skeleton (the real layout arrives with the sign-in issue): it renders the state
 * path in `data-state`, the active state's `meta.view`, and the buttons a user would press.
 */
const Session = createActorContext(sessionMachine);

function SessionProbe({ broken = false }: { broken?: boolean }) {
  const statePath = Session.useSelector(selectStatePath);
  const views = Session.useSelector((s) => selectViews(s).join(' | '));
  const hasError = Session.useSelector(selectHasError);
  const signedIn = Session.useSelector(selectIsAuthenticated);
  const ref = Session.useActorRef();
  // the broken variant conflates "expired" with "anonymous", as a view reading the wrong flag would
  const shown = broken && statePath === 'expired' ? 'anonymous' : statePath;
  return (
    <main>
      <output data-testid="session-state" data-state={shown}>
        {views}
      </output>
      {hasError && (
        <button
          type="button"
          onClick={() => ref.send({ type: statePath === 'failed' ? 'session.retry' : 'profile.retry' })}
        >
          Retry
        </button>
      )}
      {signedIn && (
        <button type="button" onClick={() => ref.send({ type: 'user.logout' })}>
          Log out
        </button>
      )}
    </main>
  );
}

type Holder = { ref?: ActorRefFrom<SessionMachine> };

/** Hands the provided actor to the test, which sends it the facts that come from outside the view. */
function Capture({ holder }: { holder: Holder }) {
  holder.ref = Session.useActorRef();
  return null;
}

/** Mounts the probe with deferred fakes and returns a driver that performs events the way the app would. */
function mount(options: { broken?: boolean; timeout?: number } = {}): ViewDriver {
  const deferred = createDeferredActors(sessionMachine);
  const holder: Holder = {};
  render(
    <Session.Provider logic={sessionMachine.provide({ actors: deferred.actors })}>
      <SessionProbe broken={options.broken ?? false} />
      <Capture holder={holder} />
    </Session.Provider>,
  );
  const user = userEvent.setup();
  /** Facts from outside the view (the sign-in workflow, the API client's E009) are sent to the actor. */
  const outside = (event: EventObject) =>
    act(() => {
      holder.ref?.send(event as Parameters<ActorRefFrom<SessionMachine>['send']>[0]);
    });
  const perform = performBy(
    {
      'user.logout': () => user.click(screen.getByRole('button', { name: 'Log out' })),
      'session.retry': () => user.click(screen.getByRole('button', { name: 'Retry' })),
      'profile.retry': () => user.click(screen.getByRole('button', { name: 'Retry' })),
      'user.loggedIn': outside,
      'session.expired': outside,
    },
    async (event: EventObject) => {
      let settled = false;
      await act(async () => {
        settled = deferred.settle(event);
      });
      return settled;
    },
  );
  return {
    perform,
    expectState: (step: ViewStep) =>
      waitFor(
        () => {
          const out = screen.getByTestId('session-state');
          expect(out.dataset.state).toBe(step.expected.dataState);
          expect(out.textContent).toBe(step.expected.views.join(' | '));
        },
        { timeout: options.timeout ?? 1000 },
      ),
  };
}

const paths = generateModelPaths(buildModelGraph(sessionMachine, getModelTestEntry('session')));

afterEach(cleanup);

describe('session view walk', () => {
  it.each(paths.map((p) => [p.description, p] as const))('shows each state along %s', async (_, path) => {
    const driver = mount();

    const steps = await walkViewPath(sessionMachine, path, driver);

    expect(steps).toBe(path.steps.length - 1);
  });

  it('catches a view that shows the wrong state', async () => {
    const toExpired = paths.find((p) => p.steps.some((s) => s.state.value === 'expired'));
    expect(toExpired).toBeDefined();
    if (!toExpired) return;
    const driver = mount({ broken: true, timeout: 200 });

    await expect(walkViewPath(sessionMachine, toExpired, driver)).rejects.toThrow(
      /view did not show expired/,
    );
  });

  it('refuses an event the driver has no view action for', async () => {
    const perform = performBy({});
    const step = paths[0]?.steps[1];
    expect(step).toBeDefined();
    if (!step) return;

    await expect(
      perform({
        index: 1,
        event: step.event,
        state: step.state,
        expected: { dataState: '', views: [], testIds: [] },
      }),
    ).rejects.toThrow(/no view action for event/);
  });
});
