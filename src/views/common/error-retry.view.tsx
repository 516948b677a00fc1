import { useTranslation } from 'react-i18next';
import { formatErrorMessage } from '@/i18n/messages';
import './common.css';

export interface ErrorRetryProps {
  /** The error code (catalogue code, 'network', 'http.500', 'contract', a `validation.*` key …). */
  readonly code: string;
  /** The server's description, for the codes whose text takes one (E108, block/restore failures). */
  readonly description?: string | null;
  /** The page's own text for the code, when it reads a code otherwise than the catalogue (AT 39's form codes). */
  readonly message?: string;
  /** A translated lead sentence saying what failed ('Не удалось загрузить список.'), before the error's text. */
  readonly title?: string;
  /** Sends the workflow's retry event; leave it out when retrying cannot help (no button then). */
  readonly onRetry?: () => void;
  /** Disables the button while a retry is running. */
  readonly busy?: boolean;
  /** `data-testid` of the panel; the button is `<testId>-retry`. */
  readonly testId?: string;
}

/**
 * An error in place of (or above) what failed to load: its translated text (`formatErrorMessage`), announced as an
 * alert, and a real Retry button. The view renders it when the chart's selector says there is an error and sends the
 * chart's retry event from `onRetry`; it decides nothing itself.
 */
export function ErrorRetry({
  code,
  description,
  title,
  message: ownMessage,
  onRetry,
  busy = false,
  testId = 'error-retry',
}: ErrorRetryProps) {
  const { t } = useTranslation();
  const message = ownMessage ?? formatErrorMessage(t, code, description);
  return (
    <div className="error-retry" role="alert" data-testid={testId} data-code={code}>
      <span>{title ? `${title} ${message}` : message}</span>
      {onRetry ? (
        <button
          type="button"
          className="btn"
          disabled={busy}
          aria-busy={busy || undefined}
          data-testid={`${testId}-retry`}
          onClick={onRetry}
        >
          {t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}
