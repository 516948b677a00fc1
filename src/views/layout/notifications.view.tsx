import { useTranslation } from 'react-i18next';
import type { Notice } from '@/machines/notifications.machine';

/** Polite live region with the current notification (it disappears after 4 s, driven by the machine). */
export function Notifications({ notice, onDismiss }: { notice: Notice | undefined; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="notifications" aria-live="polite" aria-atomic="true" data-testid="notifications">
      {notice ? (
        <div className={`notice notice--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
          <span>{t(notice.key as never, notice.params ?? {}) as string}</span>
          <button type="button" className="btn--link" onClick={onDismiss} aria-label={t('app.close')}>
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
