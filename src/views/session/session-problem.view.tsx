import { useTranslation } from 'react-i18next';
import { formatErrorMessage } from '@/i18n/messages';
import { selectErrorCode, selectIsProfileFailed, selectIsSessionFailed } from '@/machines/session.selectors';
import { SessionContext } from './session.context';

/**
 * A session step that failed for a reason other than E009 (the session check, loading the profile): the error text
 * and a retry button take the place of the page. Renders nothing otherwise.
 */
export function SessionProblem() {
  const { t } = useTranslation();
  const sessionFailed = SessionContext.useSelector(selectIsSessionFailed);
  const profileFailed = SessionContext.useSelector(selectIsProfileFailed);
  const errorCode = SessionContext.useSelector(selectErrorCode);
  const session = SessionContext.useActorRef();
  if (!sessionFailed && !profileFailed) return null;
  return (
    <section
      className="page page--message"
      role="alert"
      data-testid={sessionFailed ? 'session-failed' : 'session-profile-failed'}
    >
      <p>{formatErrorMessage(t, errorCode ?? 'unknown')}</p>
      <button
        type="button"
        className="btn"
        onClick={() => session.send({ type: sessionFailed ? 'session.retry' : 'profile.retry' })}
      >
        {t('app.retry')}
      </button>
    </section>
  );
}
