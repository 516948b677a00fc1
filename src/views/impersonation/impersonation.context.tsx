import { type ReactNode, useEffect, useState } from 'react';
import { SYSTEM_IDS } from '@/machines/actor-system';
import type { ImpersonationMachine } from '@/machines/impersonation.machine';
import { viewedClientOf } from '@/machines/impersonation.selectors';
import { createWorkflowContext, useWorkflowActor } from '@/views/common/workflow-actor';
import { useLoadedWorkflowLogic } from '@/views/common/workflow-logic.context';
import { SessionContext } from '@/views/session/session.context';

/** The impersonation actor, one per app: the search box chooses, the banner goes back. The module holds the chart's
 *  id, not the chart: the chart comes with the page workflows' chunk (docs/decisions.md LB15). */
export const ImpersonationContext = createWorkflowContext<ImpersonationMachine>('impersonation');

type ImpersonationActor = ReturnType<typeof ImpersonationContext.useActorRef>;

/** Starts the chart in the actor system and tells it whom the session views now: the session's own word
 *  (`syncImpersonation`) went to no one while the chart was not there. */
function StartImpersonation({
  logic,
  onStarted,
}: {
  logic: ImpersonationMachine;
  onStarted: (actor: ImpersonationActor) => void;
}) {
  const actor = useWorkflowActor(logic, { systemId: SYSTEM_IDS.impersonation });
  const session = SessionContext.useActorRef();
  useEffect(() => {
    const { user, profile } = session.getSnapshot().context;
    actor.send({ type: 'session.synced', client: viewedClientOf(user, profile) });
    onStarted(actor);
  }, [actor, session, onStarted]);
  return null;
}

/**
 * The app's impersonation actor, started once there is a user and the page workflows' logic is in (a signed-out
 * visitor loads neither), then kept for the app's life like the session. Until then `useOptionalActorRef` reads null:
 * the banner, the way back and the router glue wait; nothing can choose a subscriber before, since the search box is
 * of the same chunk. The children are never re-mounted: only the context's value changes.
 */
export function ImpersonationHost({ children }: { children: ReactNode }) {
  const hasUser = SessionContext.useSelector((s) => s.context.user !== null);
  const logic = useLoadedWorkflowLogic(hasUser);
  const [actor, setActor] = useState<ImpersonationActor | null>(null);
  return (
    <ImpersonationContext.Value value={actor}>
      {logic !== null ? <StartImpersonation logic={logic.impersonation} onStarted={setActor} /> : null}
      {children}
    </ImpersonationContext.Value>
  );
}
