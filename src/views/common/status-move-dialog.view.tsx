import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatErrorMessage } from '@/i18n/messages';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog.view';
import { Modal } from './modal.view';

/** The words of one kind of move (an order's, a pre-order's), each already translated. */
export interface StatusMoveTexts {
  /** the confirmation's title, naming what moves */
  readonly title: string;
  readonly cancel: string;
  readonly confirm: string;
  /** the confirm button while the move is sent */
  readonly moving: string;
  /** the error's title, its close button, and the text of E101 (moved meanwhile) */
  readonly failed: string;
  readonly again: string;
  readonly stale: string;
}

/**
 * The texts of a list's status move, each under `<area>.move…` (the orders' `orders`, the pre-orders' `newClient`):
 * the title names the item by its number.
 */
export function listMoveTexts(
  t: TFunction,
  area: 'orders' | 'newClient',
  id: string | number,
): StatusMoveTexts {
  return {
    title: t(`${area}.moveTitle`, { id }),
    cancel: t(`${area}.moveCancel`),
    confirm: t(`${area}.moveConfirm`),
    moving: t(`${area}.moving`),
    failed: t(`${area}.moveFailed`),
    again: t(`${area}.moveAgain`),
    stale: t(`${area}.moveStale`),
  };
}

/** The events of a list chart's status move (orders, pre-orders), as the dialog's confirm, cancel and dismiss. */
export type ListMoveEvent =
  | { type: 'status.confirm' }
  | { type: 'status.cancel' }
  | { type: 'status.dismiss' };

export function listMoveHandlers(actor: { send(event: ListMoveEvent): void }) {
  return {
    onConfirm: () => actor.send({ type: 'status.confirm' }),
    onCancel: () => actor.send({ type: 'status.cancel' }),
    onDismiss: () => actor.send({ type: 'status.dismiss' }),
  };
}

/** The confirmation's own props (`busy`, `danger`, `onCancel`, `onConfirm`, `children`) are `ConfirmDialog`'s. */
export interface StatusMoveDialogProps
  extends Pick<ConfirmDialogProps, 'onCancel' | 'onConfirm' | 'children'>,
    Required<Pick<ConfirmDialogProps, 'busy' | 'danger'>> {
  /** test ids: `<testId>-confirm | -text | -cancel | -ok`, and `<testId>-error | -error-text | -dismiss` */
  readonly testId: string;
  readonly texts: StatusMoveTexts;
  /** the refusal's code once the move failed (the error replaces the confirmation) */
  readonly error: string | null;
  readonly onDismiss: () => void;
}

/**
 * The confirmation of a status move (orders GN13, pre-orders NC12), then busy, or its error: the way out first, the
 * way forward last (U13). A refusal because the item moved meanwhile (E101) says so in words.
 */
export function StatusMoveDialog({
  testId,
  texts,
  error,
  onDismiss,
  busy,
  ...confirm
}: StatusMoveDialogProps) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Modal
        title={texts.failed}
        closeLabel={t('app.close')}
        onClose={onDismiss}
        testId={`${testId}-error`}
        actions={
          <button type="button" className="btn" data-testid={`${testId}-dismiss`} onClick={onDismiss}>
            {texts.again}
          </button>
        }
      >
        <p role="alert" data-testid={`${testId}-error-text`} data-code={error}>
          {error === 'E101' ? texts.stale : formatErrorMessage(t, error)}
        </p>
      </Modal>
    );
  }
  return (
    <ConfirmDialog
      title={texts.title}
      testId={`${testId}-confirm`}
      cancelLabel={texts.cancel}
      confirmLabel={busy ? texts.moving : texts.confirm}
      cancelTestId={`${testId}-cancel`}
      confirmTestId={`${testId}-ok`}
      busy={busy}
      {...confirm}
    />
  );
}
