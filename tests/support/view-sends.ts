import type { AnyActorRef, EventObject, InspectionEvent } from 'xstate';

/**
 * What the views send to the charts, recorded for the view walks: every event an actor of the app's system receives
 * from `actorRef.send` (an inspection `@xstate.event` without a source), with the id of the chart it went to. Events
 * an actor sends (an invoked fake settling, `sendTo`, a delay) carry their source and are not recorded; neither is
 * what a test sends itself inside `fromOutside` (a fact from outside the views: E009, a server push).
 */
export interface SentEvent {
  /** The receiving chart's id (`machine.id`; the member's own id for logic that is not a chart). */
  readonly to: string;
  readonly event: EventObject;
}

const log: SentEvent[] = [];
let outsideDepth = 0;
let outsideCalls = 0;

/**
 * The inspector that records: given as the actor system's `inspect` (the test logic's, tests/support/render-workflow.tsx,
 * or `createActor(logic, { inspect: recordViewSends })` for a view given its actor), so that what a page sends as it
 * mounts is recorded too.
 */
export function recordViewSends(ev: InspectionEvent): void {
  if (ev.type !== '@xstate.event' || ev.sourceRef !== undefined || outsideDepth > 0) return;
  const target = ev.actorRef as AnyActorRef & { logic?: { id?: string } };
  if (ev.event.type.startsWith('xstate.') || ev.event.type.startsWith('member.')) return;
  log.push({ to: target.logic?.id ?? target.id, event: ev.event });
}

/**
 * Runs `send` as a fact from outside the views (the test sends to an actor itself): what it sends is not recorded as
 * sent by a view, and the walk step that did it is not checked as a control's.
 */
export async function fromOutside<T>(send: () => T | Promise<T>): Promise<T> {
  outsideDepth++;
  outsideCalls++;
  try {
    return await send();
  } finally {
    outsideDepth--;
  }
}

/** A position in the record: what was sent after it, and whether a test sent from outside since. */
export interface SendMark {
  readonly at: number;
  readonly outside: number;
}

export function markSends(): SendMark {
  return { at: log.length, outside: outsideCalls };
}

/** The events sent to the chart `to` since `mark`. */
export function sentSince(mark: SendMark, to: string): EventObject[] {
  return log.slice(mark.at).flatMap((s) => (s.to === to ? [s.event] : []));
}

/** Whether the test itself sent from outside since `mark`. */
export function outsideSince(mark: SendMark): boolean {
  return outsideCalls !== mark.outside;
}
