import { useTranslation } from 'react-i18next';
import { formatErrorMessage } from '@/i18n/messages';
import type { DownloadTarget } from '@/machines/download.machine';
import { connectDownload } from '@/machines/download.selectors';
import { useFileSize } from '@/views/common/file-size';
import { SendButton } from '@/views/common/send-button.view';
import { useWorkflow } from '@/views/common/use-workflow';
import { useWorkflowActor } from '@/views/common/workflow-actor';
import { useWorkflowLogic } from '@/views/common/workflow-logic.context';

/**
 * A download button with its own download chart (docs/decisions.md DOC9): pressed, it shows the bytes received (and
 * the percent when the size is known) with a cancel button; a failure says why with retry and close; a saved file is
 * named. The file's people's name is chosen by the caller (`target.fileName`).
 */
export function DownloadButton({
  target,
  label,
  accessibleLabel,
  testId,
  secondary = true,
}: {
  readonly target: DownloadTarget;
  readonly label: string;
  /** a longer name for screen readers when several buttons say the same ('Скачать PDF: Накладная № 3') */
  readonly accessibleLabel?: string;
  readonly testId: string;
  readonly secondary?: boolean;
}) {
  const { t } = useTranslation();
  const actor = useWorkflowActor(useWorkflowLogic().download, { input: { target } });
  const { phase, progress, error, saved } = useWorkflow(actor, connectDownload);
  const size = useFileSize();
  return (
    <span className="download" data-testid={testId} data-state={phase}>
      <button
        type="button"
        className={`btn${secondary ? ' btn--secondary' : ''}`}
        data-testid={`${testId}-start`}
        disabled={phase === 'downloading'}
        aria-busy={phase === 'downloading'}
        aria-label={accessibleLabel}
        onClick={() => actor.send({ type: 'download.start' })}
      >
        {label}
      </button>
      <span className="download__status" role="status" aria-live="polite">
        {progress && (
          <span data-testid={`${testId}-progress`}>
            {progress.percent !== null
              ? t('documents.downloads.percent', { percent: progress.percent })
              : t('documents.downloads.receiving', { size: size(progress.loaded) })}{' '}
            <SendButton actor={actor} event="download.cancel" className="btn btn--link">
              {t('documents.downloads.cancel')}
            </SendButton>
          </span>
        )}
        {saved && (
          <span data-testid={`${testId}-saved`}>
            {t('documents.downloads.saved', { name: target.fileName })}
          </span>
        )}
      </span>
      {error && (
        <span className="download__error" role="alert" data-testid={`${testId}-error`} data-code={error}>
          {t('documents.downloads.failed')} {formatErrorMessage(t, error)}{' '}
          <SendButton actor={actor} event="download.start" className="btn btn--link">
            {t('app.retry')}
          </SendButton>
          <SendButton actor={actor} event="download.dismiss" className="btn btn--link">
            {t('documents.downloads.dismiss')}
          </SendButton>
        </span>
      )}
    </span>
  );
}
