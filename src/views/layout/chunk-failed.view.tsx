import { useTranslation } from 'react-i18next';

/** Shown in place of a route whose code chunk failed to load or timed out. */
export function ChunkFailed() {
  const { t } = useTranslation();
  return (
    <section className="page page--message" role="alert" data-testid="chunk-failed">
      <p>{t('app.chunkFailed')}</p>
      <button type="button" className="btn" onClick={() => window.location.reload()}>
        {t('app.retry')}
      </button>
    </section>
  );
}
