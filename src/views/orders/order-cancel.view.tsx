import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { connectOrderCancel } from '@/machines/order-cancel.selectors';
import { StatusMoveDialog } from '@/views/common/status-move-dialog.view';
import { useWorkflow } from '@/views/common/use-workflow';
import { useWorkflowActor } from '@/views/common/workflow-actor';
import { useWorkflowLogic } from '@/views/common/workflow-logic.context';
import './order-cancel.css';

/**
 * The company's cancel of its own created order (docs/decisions.md GN15): the 'Отменить заказ' button where the
 * server says the order is `cancellable`, the confirmation naming the order (the shared status-move dialog: the way
 * out first, the danger button last), the refusal in words, and 'Заказ № N отменён.' once done. Mounted for as long
 * as the order's page is (`useOrderCancel`), so the notice stays while the page loads the order again.
 */
/**
 * The cancel's actor for the order `id`, spawned for as long as the calling page is mounted (so the done notice stays
 * while the page loads the order again); `onChanged` hears that the order changed (cancelled, or moved meanwhile).
 */
export function useOrderCancel(id: string, onChanged?: () => void) {
  const actor = useWorkflowActor(useWorkflowLogic().orderCancel, { input: { id } });
  useEffect(() => {
    if (!onChanged) return;
    const sub = actor.on('order.changed', onChanged);
    return () => sub.unsubscribe();
  }, [actor, onChanged]);
  return actor;
}

export function OrderCancel({
  actor,
  cancellable,
}: {
  actor: ReturnType<typeof useOrderCancel>;
  /** the server offers the cancel for this order and viewer (`cancellable`) */
  cancellable: boolean;
}) {
  const { t } = useTranslation();
  const { id, phase, offered, dialog, busy, error, done } = useWorkflow(actor, connectOrderCancel);
  const send = actor.send;
  // the button that had the focus leaves with the cancel: the focus goes to what replaced it, the done notice
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  return (
    <div className="order-cancel" data-testid="order-cancel-area" data-state={phase}>
      {offered && cancellable && (
        <button
          type="button"
          className="btn btn--secondary"
          data-testid="order-cancel"
          onClick={() => send({ type: 'cancel.open' })}
        >
          {t('orders.cancel.button')}
        </button>
      )}
      {done && (
        <p role="status" data-testid="order-cancel-done" ref={doneRef} tabIndex={-1}>
          {t('orders.cancel.done', { id })}
        </p>
      )}
      {dialog && (
        <StatusMoveDialog
          testId="order-cancel"
          texts={{
            title: t('orders.cancel.title', { id }),
            cancel: t('orders.cancel.keep'),
            confirm: t('orders.cancel.confirm'),
            moving: t('orders.cancel.cancelling'),
            failed: t('orders.cancel.failed'),
            again: t('orders.cancel.close'),
            stale: t('orders.cancel.stale'),
          }}
          busy={busy}
          error={error}
          danger
          onConfirm={() => send({ type: 'cancel.confirm' })}
          onCancel={() => send({ type: 'cancel.dismiss' })}
          onDismiss={() => send({ type: 'cancel.dismiss' })}
        >
          <p data-testid="order-cancel-text">{t('orders.cancel.text', { id })}</p>
        </StatusMoveDialog>
      )}
    </div>
  );
}
