import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatErrorMessage } from '@/i18n/messages';
import { Modal } from './modal.view';

/**
 * The error dialog of spec 8: title 'Ошибка!', the code's text from the catalogue (E001 for an unknown code), and an
 * OK button; Escape and OK both dismiss it. Nothing while there is no error (`code` null or empty).
 */
export function ErrorDialog({
  code,
  onDismiss,
  testId,
  offer,
}: {
  code: string | null;
  onDismiss: () => void;
  testId: string;
  /** A way forward the dialog offers besides OK (its text and the button), e.g. 'search as a number'. */
  offer?: { text: string; action: ReactNode };
}) {
  const { t } = useTranslation();
  if (!code) return null;
  return (
    <Modal
      title={t('errors.dialogTitle')}
      closeLabel={t('app.close')}
      onClose={onDismiss}
      testId={testId}
      actions={
        <>
          <button type="button" className={offer ? 'btn btn--secondary' : 'btn'} onClick={onDismiss}>
            {t('app.ok')}
          </button>
          {offer?.action}
        </>
      }
    >
      <p>{formatErrorMessage(t, code)}</p>
      {offer ? <p>{offer.text}</p> : null}
    </Modal>
  );
}
