import { useTranslation } from 'react-i18next';
import { formatErrorMessage } from '@/i18n/messages';
import {
  selectErrorCode,
  selectIsChoosingRole,
  selectIsSavingRole,
  selectRoles,
} from '@/machines/session.selectors';
import { Modal } from '@/views/common/modal.view';
import { roleTitle } from './role-title';
import { SessionContext } from './session.context';

/**
 * The role picker 'Выберите роль для входа' (spec 2, 4): lists the user's roles until one is chosen for the session.
 * It cannot be dismissed (Escape does nothing); the user may log out instead. E130, E133, E134 are shown in it.
 */
export function RolePicker() {
  const { t } = useTranslation();
  const open = SessionContext.useSelector(selectIsChoosingRole);
  const saving = SessionContext.useSelector(selectIsSavingRole);
  const roles = SessionContext.useSelector(selectRoles);
  const errorCode = SessionContext.useSelector(selectErrorCode);
  const session = SessionContext.useActorRef();
  if (!open) return null;
  return (
    <Modal
      title={t('auth.rolePicker.title')}
      onClose={() => {}}
      dismissable={false}
      closeLabel={t('app.close')}
      testId="role-picker"
      actions={
        <button
          type="button"
          className="btn btn--secondary"
          disabled={saving}
          onClick={() => session.send({ type: 'logout.request' })}
        >
          {t('header.logout')}
        </button>
      }
    >
      {errorCode ? (
        <p className="form__error" role="alert" data-testid="role-picker-error">
          {formatErrorMessage(t, errorCode)}
        </p>
      ) : null}
      <ul className="role-picker__list" aria-busy={saving || undefined}>
        {roles.map((role) => (
          <li key={role}>
            <button
              type="button"
              className="btn role-picker__role"
              disabled={saving}
              data-testid={`role-${role}`}
              onClick={() => session.send({ type: 'role.choose', role })}
            >
              {t('auth.rolePicker.option', { title: roleTitle(t, role), code: role })}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
