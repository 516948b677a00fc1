import { useTranslation } from 'react-i18next';
import { formatErrorMessage } from '@/i18n/messages';
import { FormError } from '@/views/common/form-field.view';
import { SendButton } from '@/views/common/send-button.view';
import { NewClientContext } from './new-client.context';

/** A load of the wizard that failed (step one's lists, step two's catalogue): the error with the chart's retry. */
export function LoadFailed({ error, testId }: { error: string | null; testId: string }) {
  const { t } = useTranslation();
  const actor = NewClientContext.useActorRef();
  return (
    <div data-testid={testId}>
      <FormError message={error ? formatErrorMessage(t, error) : null}>
        <SendButton actor={actor} event="retry">
          {t('newClient.retry')}
        </SendButton>
      </FormError>
    </div>
  );
}
