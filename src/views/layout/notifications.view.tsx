import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notice, NotificationsEvent } from '@/machines/notifications.machine';

/**
 * The notification on screen, inside the shell's polite live region (a chunk of its own, loaded with the first message:
 * the login page's first script has no room for it). The machine decides how long it stays (information 4 s, an
 * error until closed); the pointer or the focus on it holds its time, leaving it (both) lets it run again.
 */
export function NoticeMessage({
  notice,
  send,
}: {
  notice: Notice;
  send: (type: Exclude<NotificationsEvent['type'], 'notice.push'>) => void;
}) {
  const { t } = useTranslation();
  const hold = () => send('notice.hold');
  const region = useRef<HTMLDivElement>(null);
  // The last notice leaves with its × while it has the focus: the focus goes to the page's content (the shell's
  // `main`, which takes it), not to the document's body, where a keyboard user would start again from the top. A next
  // notice keeps this element, and the focus on its ×.
  useLayoutEffect(() => {
    const el = region.current;
    return () => {
      if (el?.contains(document.activeElement))
        document.getElementById('main')?.focus({ preventScroll: true });
    };
  }, []);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a status or alert region; pointer and focus only hold its time
    <div
      ref={region}
      className={`notice notice--${notice.tone}`}
      role={notice.tone === 'error' ? 'alert' : 'status'}
      onMouseEnter={hold}
      onFocus={hold}
      onMouseLeave={(e) => e.currentTarget.contains(document.activeElement) || send('notice.release')}
      onBlur={(e) =>
        e.currentTarget.contains(e.relatedTarget) ||
        e.currentTarget.matches(':hover') ||
        send('notice.release')
      }
    >
      <span>{t(notice.key as never, notice.params ?? {}) as string}</span>
      <button
        type="button"
        className="btn--link"
        onClick={() => send('notice.dismiss')}
        aria-label={t('app.close')}
      >
        ×
      </button>
    </div>
  );
}
