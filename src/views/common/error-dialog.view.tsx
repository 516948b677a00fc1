import { useTranslation } from 'react-i18next';
import { formatErrorMessage } from '@/i18n/messages';
import { Modal } from './modal.view';

/**
 * The error dialog of spec 8: title 'Ошибка!', the code's text from the catalogue (E001 for an unknown code), and an
 * OK button; Escape and OK both dismiss it.
 */
export function ErrorDialog({
  code,
  onDismiss,
  testId,
}: {
  code: string;
  onDismiss: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('errors.dialogTitle')}
      closeLabel={t('app.close')}
      onClose={onDismiss}
      testId={testId}
      actions={
        <button type="button" className="btn" onClick={onDismiss}>
          {t('app.ok')}
        </button>
      }
    >
      <p>{formatErrorMessage(t, code)}</p>
    </Modal>
  );
}
