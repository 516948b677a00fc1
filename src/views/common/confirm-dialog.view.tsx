import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal.view';

export interface ConfirmDialogProps {
  /** the dialog's heading, naming what is to be done */
  readonly title: string;
  /** `data-testid` of the dialog */
  readonly testId: string;
  /** the translated texts of the way out and the way forward */
  readonly cancelLabel: string;
  readonly confirmLabel: string;
  readonly cancelTestId?: string;
  readonly confirmTestId?: string;
  /** the way forward ends or removes something: the confirm button is the danger one */
  readonly danger?: boolean;
  /**
   * The confirmed step runs: both buttons disabled, the confirm one `aria-busy`, Escape and Cancel do nothing.
   * Left out where the dialog closes at once.
   */
  readonly busy?: boolean;
  readonly onCancel: () => void;
  readonly onConfirm: () => void;
  /** what is to be done, in words */
  readonly children: ReactNode;
}

/**
 * A confirmation: the question in a modal, Cancel (secondary) first and the way forward last (U13); Escape and the
 * close button cancel. What the buttons do is the chart's: this sends nothing itself.
 */
export function ConfirmDialog({
  title,
  testId,
  cancelLabel,
  confirmLabel,
  cancelTestId,
  confirmTestId,
  danger = false,
  busy,
  onCancel,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const cancel = () => {
    if (!busy) onCancel();
  };
  return (
    <Modal
      title={title}
      closeLabel={t('app.close')}
      onClose={cancel}
      dismissable={!busy}
      testId={testId}
      actions={
        <>
          <button
            type="button"
            className="btn btn--secondary"
            data-testid={cancelTestId}
            disabled={busy}
            onClick={cancel}
          >
            {cancelLabel}
          </button>
          <button
            type="button"
            className={danger ? 'btn btn--danger' : 'btn'}
            data-testid={confirmTestId}
            disabled={busy}
            aria-busy={busy}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
