import type { SnapshotFrom } from 'xstate';
import type { OrderCancelMachine } from './order-cancel.machine';

export type OrderCancelSnapshot = SnapshotFrom<OrderCancelMachine>;

/**
 * What the cancel renders (decisions AR18), read by `useWorkflow` in one selector: the button while nothing is asked,
 * the confirmation (busy while the cancel is sent), the refusal's code, the done notice.
 */
export const connectOrderCancel = (s: OrderCancelSnapshot) => ({
  /** the order the cancel is of */
  id: s.context.id,
  phase: s.value,
  /** the cancel button is on the page (for a cancellable order), under its dialog too, so the focus goes back to it */
  offered: !s.matches('done'),
  dialog: s.matches('confirming') || s.matches('cancelling') || s.matches('failed'),
  busy: s.hasTag('busy'),
  error: s.matches('failed') ? s.context.error : null,
  done: s.matches('done'),
});
