import { type AnyActorLogic, type AnyActorRef, type AnyEventObject, createActor, fromCallback } from 'xstate';
import { type SystemId, systemRootMachine } from '@/machines/actor-system';

/**
 * A test's own actor system, as the app builds it (src/views/common/workflow-actor.tsx): a started root that spawns
 * members. `listen(id)` registers a recorder under a system id, so a test sees what a chart tells that app-wide actor.
 */
export function createTestSystem() {
  const root = createActor(systemRootMachine).start();
  let n = 0;
  const spawn = <T extends AnyActorLogic>(logic: T, opts: { input?: unknown; systemId?: SystemId } = {}) => {
    const id = `member${n++}`;
    root.send({ type: 'member.start', id, logic, input: opts.input, systemId: opts.systemId });
    return (root.getSnapshot().children as Record<string, AnyActorRef>)[id] as AnyActorRef;
  };
  const listen = (systemId: SystemId) => {
    const received: AnyEventObject[] = [];
    spawn(
      fromCallback<AnyEventObject>(({ receive }) => {
        receive((e) => received.push(e));
      }),
      { systemId },
    );
    return received;
  };
  return { root, spawn, listen, stop: () => root.stop() };
}
