import { useTranslation } from 'react-i18next';
import { ErrorRetry } from './error-retry.view';

/**
 * What a filtered list page shows instead of its table (the activity log, the planned actions): the busy text while
 * the URL is read or the page loads, spec 5's 'Поля заполнены неверно' above the fields that say what is wrong, the
 * failure with Retry, or the nothing-found text. Nothing in any other phase. Test ids are `<prefix>-<phase>`
 * (`-problem` for an invalid filter).
 */
export function ListPhaseNote({
  phase,
  prefix,
  texts,
  error,
  onRetry,
}: {
  phase: string;
  prefix: string;
  texts: { readonly loading: string; readonly failed: string; readonly empty: string };
  error: string | null;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (phase === 'loading' || phase === 'idle')
    return (
      <p role="status" aria-busy="true" data-testid={`${prefix}-${phase}`}>
        {texts.loading}
      </p>
    );
  if (phase === 'invalid')
    return (
      <p className="alert-error" role="alert" data-testid={`${prefix}-problem`}>
        {t('validation.fields')}
      </p>
    );
  if (phase === 'failed')
    return (
      <ErrorRetry
        code={error ?? 'unknown'}
        title={texts.failed}
        onRetry={onRetry}
        testId={`${prefix}-failed`}
      />
    );
  if (phase === 'empty')
    return (
      <p role="status" data-testid={`${prefix}-empty`}>
        {texts.empty}
      </p>
    );
  return null;
}
