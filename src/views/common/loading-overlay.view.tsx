import { useTranslation } from 'react-i18next';

/** The full-page loading overlay with the spec's text 'Подождите'. */
export function LoadingOverlay() {
  const { t } = useTranslation();
  return (
    <div className="loading-overlay" role="status" aria-live="polite" data-testid="loading-overlay">
      <span className="loading-overlay__spinner" aria-hidden="true" />
      <span>{t('app.loading')}</span>
    </div>
  );
}
