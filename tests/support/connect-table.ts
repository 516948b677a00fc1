import {
  type AnyStateMachine,
  type ContextFrom,
  createActor,
  type SnapshotFrom,
  type StateValueFrom,
} from 'xstate';

/**
 * A snapshot of `machine` in the state `value` with its initial context changed by `context`, for the tables that
 * pin a workflow's `connect…` functions (decisions AR18): what a view part renders in a given state, read without
 * walking there. The chart's actors are not started.
 */
export function snapshotAt<TMachine extends AnyStateMachine>(
  machine: TMachine,
  value: StateValueFrom<TMachine>,
  context: Partial<ContextFrom<TMachine>> = {},
  input?: unknown,
): SnapshotFrom<TMachine> {
  const start = createActor as (
    logic: AnyStateMachine,
    options: { input?: unknown },
  ) => ReturnType<typeof createActor>;
  const initial = start(machine, input === undefined ? {} : { input }).getSnapshot() as { context: object };
  return machine.resolveState({
    value,
    context: { ...initial.context, ...context },
  }) as SnapshotFrom<TMachine>;
}
