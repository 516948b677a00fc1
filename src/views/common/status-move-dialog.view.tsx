import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatErrorMessage } from '@/i18n/messages';
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

export interface StatusMoveDialogProps {
  /** test ids: `<testId>-confirm | -text | -cancel | -ok`, and `<testId>-error | -error-text | -dismiss` */
  readonly testId: string;
  readonly texts: StatusMoveTexts;
  /** the move is sent: nothing can be pressed, Escape does nothing */
  readonly busy: boolean;
  /** the refusal's code once the move failed (the error replaces the confirmation) */
  readonly error: string | null;
  /** a move that ends something (cancelled, rejected): the confirm button is the danger one */
  readonly danger: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  readonly onDismiss: () => void;
  /** what the move acts on and what changes (the first paragraph has `<testId>-text`) */
  readonly children: ReactNode;
}

/**
 * The confirmation of a status move (orders GN13, pre-orders NC12), then busy, or its error: the way out first, the
 * way forward last (U13). A refusal because the item moved meanwhile (E101) says so in words.
 */
export function StatusMoveDialog({
  testId,
  texts,
  busy,
  error,
  danger,
  onConfirm,
  onCancel,
  onDismiss,
  children,
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
  const cancel = () => {
    if (!busy) onCancel();
  };
  return (
    <Modal
      title={texts.title}
      closeLabel={t('app.close')}
      onClose={cancel}
      dismissable={!busy}
      testId={`${testId}-confirm`}
      actions={
        <>
          <button
            type="button"
            className="btn btn--secondary"
            data-testid={`${testId}-cancel`}
            disabled={busy}
            onClick={cancel}
          >
            {texts.cancel}
          </button>
          <button
            type="button"
            className={danger ? 'btn btn--danger' : 'btn'}
            data-testid={`${testId}-ok`}
            disabled={busy}
            aria-busy={busy}
            onClick={onConfirm}
          >
            {busy ? texts.moving : texts.confirm}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
