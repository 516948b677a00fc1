import {
  type ActorSystem,
  type AnyActorLogic,
  type AnyEventObject,
  enqueueActions,
  setup,
  stopChild,
} from 'xstate';

/**
 * The app's workflows talk to each other through one XState actor system, never through React effects. The
 * composition root starts `systemRootMachine` once; every workflow actor is spawned by it (`member.start`), so all
 * share its system; the app-wide actors register under these ids, so any chart reaches them with `system.get(id)`.
 */
export const SYSTEM_IDS = {
  /** the session actor (src/machines/session.machine.ts) */
  session: 'session',
  /** the impersonation actor (src/machines/impersonation.machine.ts) */
  impersonation: 'impersonation',
  /** the notifications actor (src/machines/notifications.machine.ts) */
  notifications: 'notifications',
  /** the services page actor (src/machines/addons.machine.ts): the checkout tells it when lines changed */
  services: 'services',
} as const;

export type SystemId = (typeof SYSTEM_IDS)[keyof typeof SYSTEM_IDS];

/**
 * An action that sends `event` (fixed, or read from the sender's context) to the app-wide actor registered as
 * `systemId`. A chart run on its own (a machine test) has no such actor: the fact is then dropped, as no one listens
 * (a plain `sendTo` to a missing system actor would deliver it to the sender itself).
 */
export function tellSystem<TContext = unknown>(
  systemId: SystemId,
  event: AnyEventObject | ((context: TContext) => AnyEventObject),
) {
  // biome-ignore lint/suspicious/noExplicitAny: the system's actors are of every workflow's type
  return ({ context, system }: { context: TContext; system: ActorSystem<any> }): void => {
    system.get(systemId)?.send(typeof event === 'function' ? event(context) : event);
  };
}

/**
 * Events of the system root.
 * - `member.start`: a view mounts a workflow: spawn `logic` as child `id` (registered as `systemId` when given; an
 *   actor still holding that id, left by a render React threw away or a page being replaced, is stopped first).
 * - `member.stop`: the view unmounts: stop child `id`.
 * The done and error events the children send their parent are dropped: every workflow handles its own failures.
 */
export type SystemRootEvent =
  | {
      type: 'member.start';
      id: string;
      logic: AnyActorLogic;
      input?: unknown;
      systemId?: SystemId | undefined;
    }
  | { type: 'member.stop'; id: string };

/** The root of the app's actor system: it spawns and stops the workflow actors the views mount. */
export const systemRootMachine = setup({
  types: { events: {} as SystemRootEvent },
  actions: {
    spawnMember: enqueueActions(({ event, enqueue, system }) => {
      if (event.type !== 'member.start') return;
      // A view spawns while React renders, and React may throw that render away (a lazy chunk or a suspended sibling
      // in the same boundary, a higher-priority update) and render again, or render a new page before the old one's
      // clean-up runs: the id is then still held by an actor nobody shows. The one the view renders now takes it; the
      // stale holder stops first (stopping frees the id at once), else the spawn throws and the whole app goes white.
      const holder = event.systemId === undefined ? undefined : system.get(event.systemId);
      if (holder) enqueue.stopChild(holder);
      // the root declares no actors of its own: its children are whatever logic the views mount
      const options = { id: event.id, input: event.input, systemId: event.systemId };
      enqueue.spawnChild(event.logic, options as Parameters<typeof enqueue.spawnChild>[1]);
    }),
    stopMember: stopChild(({ event }) => event.id),
  },
}).createMachine({
  id: 'app',
  description: 'Root of the actor system: spawns and stops the workflow actors the views mount.',
  on: {
    'member.start': { actions: 'spawnMember' },
    'member.stop': { actions: 'stopMember' },
  },
});
