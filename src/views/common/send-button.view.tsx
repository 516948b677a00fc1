import type { ReactNode } from 'react';

/** What a `SendButton` sends to: the page's chart (an actor ref), typed by the events it takes. */
export interface EventSink<TEvent> {
  send(event: TEvent): void;
}

/** The `type` of each of a chart's events that carries nothing else (`'download.dismiss'`). */
export type EventWithoutData<TEvent> = TEvent extends { type: infer TType }
  ? { type: TType } extends TEvent
    ? TType
    : never
  : never;

export interface SendButtonProps<TEvent> {
  /** The page's chart, from its context's `useActorRef()`. */
  readonly actor: EventSink<TEvent>;
  /** The one event a press sends: `{ type: 'row.remove', index }`, or only its type when it carries nothing else. */
  readonly event: NoInfer<TEvent | EventWithoutData<TEvent>>;
  /** The button's classes; `btn` (the page's main action) unless said (`btn btn--link`, `btn btn--secondary`). */
  readonly className?: string;
  readonly testId?: string;
  readonly disabled?: boolean;
  /** `aria-busy`: the event's work runs (left out when not given). */
  readonly busy?: boolean;
  /** The button's translated text. */
  readonly children: ReactNode;
}

/**
 * A plain `<button type="button">` that sends one event to the page's chart when pressed: Close, Retry, Cancel, Edit
 * and the like, which decide nothing themselves (the chart does). A button that computes its event, submits a form or
 * does more than send is written out.
 */
export function SendButton<TEvent>({
  actor,
  event,
  className = 'btn',
  testId,
  disabled,
  busy,
  children,
}: SendButtonProps<TEvent>) {
  return (
    <button
      type="button"
      className={className}
      disabled={disabled}
      aria-busy={busy}
      data-testid={testId}
      onClick={() => actor.send((typeof event === 'string' ? { type: event } : event) as TEvent)}
    >
      {children}
    </button>
  );
}

/**
 * A form's submit button while its step runs: disabled and `aria-busy` (left out when idle), class `btn`. The form's
 * `onSubmit` hands the chart what was typed; this decides nothing.
 */
export function SubmitButton({
  busy,
  testId,
  children,
}: {
  busy: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className="btn" disabled={busy} aria-busy={busy || undefined} data-testid={testId}>
      {children}
    </button>
  );
}
