import { useSelector as useActorSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useId, useState } from 'react';
import { type ActorRefFrom, type AnyStateMachine, createActor, type SnapshotFrom } from 'xstate';
import { type SystemId, systemRootMachine } from '@/machines/actor-system';
import type { WorkflowLogic } from './workflow-logic.context';

const SystemRootContext = createContext<ActorRefFrom<typeof systemRootMachine> | null>(null);

/**
 * Starts the root of the app's actor system for as long as the app is mounted (see src/machines/actor-system.ts);
 * `connect` links what lives outside the charts (the API client) to it.
 */
export function ActorSystemProvider({
  connect,
  actor,
  children,
}: {
  connect?: WorkflowLogic['connect'];
  actor?: WorkflowLogic['actor'];
  children: ReactNode;
}) {
  const [root] = useState(() => createActor(systemRootMachine, actor).start());
  useEffect(() => {
    const disconnect = connect?.(root.system);
    return () => {
      disconnect?.();
      root.stop();
    };
  }, [root, connect]);
  return <SystemRootContext.Provider value={root}>{children}</SystemRootContext.Provider>;
}

/**
 * A workflow actor spawned into the app's actor system for as long as the calling component is mounted, so its chart
 * reaches the app-wide actors with `system.get(id)`. The logic and options are read once, like `useActorRef`.
 */
export function useWorkflowActor<TLogic extends AnyStateMachine>(
  logic: TLogic,
  options: { input?: unknown; systemId?: SystemId | undefined } = {},
): ActorRefFrom<TLogic> {
  const root = useContext(SystemRootContext);
  if (!root) throw new Error('no actor system: mount the view inside AppProviders');
  const id = `member${useId()}`;
  const [actor] = useState(() => {
    root.send({ type: 'member.start', id, logic, input: options.input, systemId: options.systemId });
    const child = (root.getSnapshot().children as Record<string, unknown>)[id];
    if (!child) throw new Error(`workflow actor ${id} did not start`);
    return child as ActorRefFrom<TLogic>;
  });
  useEffect(
    () => () => {
      // the app unmounting stops the root first: its members stop with it
      if (root.getSnapshot().status === 'active') root.send({ type: 'member.stop', id });
    },
    [root, id],
  );
  return actor;
}

/**
 * Like `createActorContext` of @xstate/react, but the actor is a member of the app's actor system: `Provider` spawns
 * it (with the provided `logic`, the `input` and, for the app-wide actors, a `systemId`), `useActorRef` and
 * `useSelector` read it. Used without a Provider, the hooks throw. `Value` hands down an actor started elsewhere, or
 * none yet; `useOptionalActorRef` reads it without throwing.
 *
 * Given the chart's id instead of the chart, the module holding the context does not hold the chart: a Provider must
 * then be given its `logic` (the app's providers start such a chart once its chunk is in: ImpersonationHost).
 */
export function createWorkflowContext<TMachine extends AnyStateMachine>(machine: TMachine | TMachine['id']) {
  const Context = createContext<ActorRefFrom<TMachine> | null>(null);
  const id = typeof machine === 'string' ? machine : machine.id;
  function Provider({
    logic = typeof machine === 'string' ? undefined : machine,
    input,
    systemId,
    children,
  }: {
    logic?: TMachine;
    input?: unknown;
    systemId?: SystemId;
    children: ReactNode;
  }) {
    if (logic === undefined) throw new Error(`no ${id} chart given to its Provider`);
    const actor = useWorkflowActor(logic, { input, systemId });
    return <Context.Provider value={actor}>{children}</Context.Provider>;
  }
  function useActorRef(): ActorRefFrom<TMachine> {
    const actor = useContext(Context);
    if (!actor) throw new Error(`no ${id} actor: mount its Provider first`);
    return actor;
  }
  function useOptionalActorRef(): ActorRefFrom<TMachine> | null {
    return useContext(Context);
  }
  function useSelector<T>(
    selector: (snapshot: SnapshotFrom<TMachine>) => T,
    compare?: (a: T, b: T) => boolean,
  ): T {
    const read = selector as (snapshot: unknown) => T;
    return useActorSelector(useActorRef(), read, compare);
  }
  return { Provider, Value: Context.Provider, useActorRef, useOptionalActorRef, useSelector };
}
