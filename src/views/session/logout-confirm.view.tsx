import { useTranslation } from 'react-i18next';
import { formatErrorMessage } from '@/i18n/messages';
import { selectErrorCode, selectIsConfirmingLogout, selectIsLoggingOut } from '@/machines/session.selectors';
import { Modal } from '@/views/common/modal.view';
import { SessionContext } from './session.context';

/** The logout confirm 'Вы действительно хотите выйти?' (spec 2); Escape or Cancel keeps the session. */
export function LogoutConfirm() {
  const { t } = useTranslation();
  const open = SessionContext.useSelector(selectIsConfirmingLogout);
  const pending = SessionContext.useSelector(selectIsLoggingOut);
  const errorCode = SessionContext.useSelector(selectErrorCode);
  const session = SessionContext.useActorRef();
  if (!open) return null;
  const cancel = () => {
    if (!pending) session.send({ type: 'logout.cancel' });
  };
  return (
    <Modal
      title={t('header.logoutConfirm')}
      onClose={cancel}
      dismissable={!pending}
      closeLabel={t('app.close')}
      testId="logout-confirm"
      actions={
        <>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={pending}
            data-testid="logout-confirm-no"
            onClick={cancel}
          >
            {t('app.cancel')}
          </button>
          <button
            type="button"
            className="btn"
            disabled={pending}
            aria-busy={pending || undefined}
            data-testid="logout-confirm-yes"
            onClick={() => session.send({ type: 'logout.confirm' })}
          >
            {t('header.logout')}
          </button>
        </>
      }
    >
      {errorCode ? (
        <p className="form__error" role="alert">
          {formatErrorMessage(t, errorCode)}
        </p>
      ) : null}
    </Modal>
  );
}
