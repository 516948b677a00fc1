import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { formatErrorMessage } from '@/i18n/messages';
import type { PreRegistrationMachine } from '@/machines/pre-registration.machine';
import { connectPreRegistration } from '@/machines/pre-registration.selectors';
import { SendButton } from '@/views/common/send-button.view';
import { useWorkflow } from '@/views/common/use-workflow';

/**
 * The pre-registration's progress and failures: preparing, the password prompt naming the key, sending,
 * and each failure (E004, E026, E094, the module's texts) with Retry where the chart allows it, and Cancel.
 */
export function PreRegistrationPanel({ actorRef }: { actorRef: ActorRefFrom<PreRegistrationMachine> }) {
  const { t } = useTranslation();
  const { step, error, canRetry, key } = useWorkflow(actorRef, connectPreRegistration);
  const progress =
    step === 'preparing'
      ? t('newClient.preparing')
      : step === 'signing'
        ? t('newClient.signingPrompt', { key })
        : step === 'creating'
          ? t('newClient.creating')
          : null;
  // a finished pre-registration shows nothing here: the wizard shows the success or step two again
  if (step === 'done') return null;
  return (
    <div className="nc-panel" data-testid="prereg-panel" data-state={step}>
      {progress ? (
        <p role="status" aria-live="polite" data-testid={`prereg-${step}`}>
          {progress}
        </p>
      ) : null}
      {error ? (
        <div
          className="form__error"
          role="alert"
          data-testid={step === 'signFailed' ? 'prereg-sign-failed' : `prereg-${step}`}
        >
          <p>{formatErrorMessage(t, error)}</p>
        </div>
      ) : null}
      <div className="nc-actions">
        {canRetry ? (
          <SendButton actor={actorRef} event="registration.retry">
            {t('newClient.retry')}
          </SendButton>
        ) : null}
        <SendButton actor={actorRef} event="registration.cancel" className="btn btn--secondary">
          {t('newClient.cancel')}
        </SendButton>
      </div>
    </div>
  );
}
