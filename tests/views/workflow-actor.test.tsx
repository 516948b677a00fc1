// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { SYSTEM_IDS, systemRootMachine } from '@/machines/actor-system';
import { ActorSystemProvider, createWorkflowContext } from '@/views/common/workflow-actor';

/**
 * The services page went white ("Actor with system ID 'services' already exists", then "workflow actor …
 * did not start"). A view spawns its actor while React renders; React throws away a render whose subtree suspends
 * (a lazy chunk) and renders again, so the second spawn met the id still held by the first.
 */
const page = createMachine({
  id: 'page',
  initial: 'shown',
  states: { shown: { on: { next: 'next' } }, next: {} },
});
const PageContext = createWorkflowContext(page);

afterEach(cleanup);

function Shown() {
  const state = PageContext.useSelector((snapshot) => String(snapshot.value));
  return <p>state: {state}</p>;
}

function suspendOnce() {
  let done = false;
  const pending = new Promise<void>((resolve) => setTimeout(resolve, 5)).then(() => {
    done = true;
  });
  return function SuspendsOnce() {
    if (!done) throw pending;
    return <Shown />;
  };
}

describe('workflow actors in the app actor system', () => {
  it('a render thrown away by a suspending child leaves no id behind: the page shows and its actor is the one registered', async () => {
    const SuspendsOnce = suspendOnce();
    let system: unknown;
    render(
      <ActorSystemProvider
        connect={(s) => {
          system = s;
          return () => {};
        }}
      >
        <Suspense fallback={<p>loading</p>}>
          <PageContext.Provider systemId={SYSTEM_IDS.services}>
            <SuspendsOnce />
          </PageContext.Provider>
        </Suspense>
      </ActorSystemProvider>,
    );
    expect(await screen.findByText('state: shown')).toBeTruthy();
    const registered = (system as { get(id: string): { send(e: { type: string }): void } }).get(
      SYSTEM_IDS.services,
    );
    expect(registered).toBeTruthy();
    await act(async () => registered.send({ type: 'next' }));
    // the actor the view reads is the one the system knows: a fact sent to the id reaches what the user sees
    expect(screen.getByText('state: next')).toBeTruthy();
  });

  it('the root stops a stale holder of a system id when another member takes it', () => {
    const root = createActor(systemRootMachine).start();
    root.send({ type: 'member.start', id: 'a', logic: page, systemId: SYSTEM_IDS.services });
    const first = (root.getSnapshot().children as Record<string, unknown>).a as {
      getSnapshot(): { status: string };
    };
    root.send({ type: 'member.start', id: 'b', logic: page, systemId: SYSTEM_IDS.services });
    const children = root.getSnapshot().children as Record<string, unknown>;
    expect(Object.keys(children)).toEqual(['b']);
    expect(first.getSnapshot().status).toBe('stopped');
    expect(root.system.get(SYSTEM_IDS.services)).toBe(children.b);
    expect(root.getSnapshot().status).toBe('active');
    // members without a system id are never stopped by another's start
    root.send({ type: 'member.start', id: 'c', logic: page });
    root.send({ type: 'member.start', id: 'd', logic: page });
    expect(Object.keys(root.getSnapshot().children).sort()).toEqual(['b', 'c', 'd']);
    root.stop();
  });
});
