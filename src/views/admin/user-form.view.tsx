import { type FormEvent, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatErrorMessage } from '@/i18n/messages';
import type { EditorRights, UserAdminTarget, UserField } from '@/machines/user-admin.machine';
import { connectUserForm } from '@/machines/user-admin.selectors';
import { ErrorRetry } from '@/views/common/error-retry.view';
import { FormField, TextField } from '@/views/common/form-field.view';
import { useWorkflow } from '@/views/common/use-workflow';
import { NotFound } from '@/views/layout/not-found.view';
import { roleTitle } from '@/views/session/role-title';
import { UserAdminContext } from './admin.context';
import './admin.css';
import { SendButton, SubmitButton } from '@/views/common/send-button.view';

export interface UserFormPageProps {
  /** creation/{type} or edit-user/{id} */
  readonly target: UserAdminTarget;
  /** what the signed-in user may do (active role: the roles it may grant; staff role: proxy) */
  readonly editor: EditorRights;
}

const FIELD_LABEL = {
  user_name: 'admin.fields.login',
  full_name: 'admin.fields.name',
  role: 'admin.fields.role',
  ban: 'admin.fields.ban',
  phone: 'admin.fields.phone',
  email: 'admin.fields.email',
} as const satisfies Record<UserField, string>;

/**
 * Create a user (`/administration/creation/{subscriber|admin}`) or edit one (`/administration/edit-user/{id}`):
 * labelled fields with their errors, the branch and regions of an edited user, the proxy rule, and the server's
 * refusals (E135/E136 "employee data changes forbidden", E005 …) above the save button.
 */
export function UserFormPage({ target, editor }: UserFormPageProps) {
  const { t } = useTranslation();
  const actor = UserAdminContext.useActorRef();
  const {
    statePath,
    loading,
    created,
    form,
    errors,
    kind,
    creating,
    details,
    createdId,
    saved,
    saving,
    locked,
    loadFailure,
    saveFailure,
    showsForm,
    invalid,
    roleOptions,
    canEditRole,
    hasProxy,
    canChangeProxy,
    phoneMode,
    emailMode,
    activation,
  } = useWorkflow(actor, connectUserForm);
  const banFixed = typeof details?.ban === 'string' && details.ban !== '';
  const id = useId();

  const targetKey = target.mode === 'create' ? `create:${target.kind}` : `edit:${target.userId}`;
  // a fact from the router: this page (or only its parameter) was entered
  // biome-ignore lint/correctness/useExhaustiveDependencies: the target is keyed by targetKey; editor rights follow the session
  useEffect(() => {
    actor.send({ type: 'route.entered', target, editor });
  }, [actor, targetKey, editor.role, editor.employee]);

  const title = creating
    ? t(kind === 'subscriber' ? 'admin.createSubscriber' : 'admin.createAdmin')
    : t('admin.form.editTitle', { user: details?.user_name ?? '' });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'form.submit' });
  };
  const change = (field: UserField) => (e: { target: { value: string } }) =>
    actor.send({ type: 'field.change', field, value: e.target.value });

  const textField = (f: UserField, opts: { type?: string; hint?: string; readOnly?: boolean } = {}) => (
    <TextField
      name={f}
      label={t(FIELD_LABEL[f])}
      type={opts.type ?? 'text'}
      value={form[f]}
      onChange={change(f)}
      readOnly={opts.readOnly || locked}
      error={errors[f]}
      hint={opts.hint}
      errorTestId={`field-error-${f}`}
      data-testid={`field-${f}`}
    />
  );

  // U17: an id that names no user (E014) is a page not found, not a failure to retry
  if (statePath === 'notFound')
    return (
      <div data-testid="user-admin" data-state={statePath}>
        <NotFound homeHref="/administration/search" />
      </div>
    );
  return (
    <section
      className="page admin-page"
      aria-labelledby={`${id}-title`}
      data-testid="user-admin"
      data-state={statePath}
    >
      <p>
        <Link href="/administration/search">{t('admin.form.toSearch')}</Link>
      </p>
      <h1 id={`${id}-title`}>{showsForm || creating ? title : t('admin.edit')}</h1>
      {loading ? <p data-testid="user-admin-loading">{t('app.loading')}</p> : null}
      {loadFailure ? (
        <ErrorRetry
          code={loadFailure}
          onRetry={() => actor.send({ type: 'load.retry' })}
          testId="user-admin-load-failed"
        />
      ) : null}
      {showsForm ? (
        <form
          className="form admin-form"
          onSubmit={onSubmit}
          noValidate
          aria-busy={saving || undefined}
          data-testid="user-admin-form"
        >
          {textField('user_name', creating ? { hint: t('admin.form.loginHint') } : { readOnly: true })}
          {textField('full_name')}
          <FormField
            name="role"
            label={t('admin.fields.role')}
            hint={t(canEditRole ? 'admin.form.rolesHint' : 'admin.form.roleFixed')}
            error={errors.role}
            errorTestId="field-error-role"
          >
            {(control) => (
              <select
                {...control}
                value={form.role}
                onChange={change('role')}
                disabled={!canEditRole || locked}
                data-testid="field-role"
              >
                <option value="">{t('admin.form.chooseRole')}</option>
                {roleOptions.map((code) => (
                  <option key={code} value={code}>
                    {t('auth.rolePicker.option', { title: roleTitle(t, code), code })}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {hasProxy
            ? // U18: an existing account keeps its BAN (the server refuses every change, E135): read-only, and why
              banFixed
              ? textField('ban', { readOnly: true, hint: t('ux.admin.banFixed') })
              : textField('ban', { readOnly: !canChangeProxy, hint: t('admin.proxyEmployeesOnly') })
            : null}
          {
            // PRC1: a client account's contact is never typed by staff — a new subscriber's own number excepted;
            // when editing it is shown read-only with the reason, when creating it is left out
            phoneMode === 'hidden'
              ? null
              : textField('phone', {
                  type: 'tel',
                  readOnly: phoneMode === 'readOnly',
                  hint:
                    phoneMode === 'readOnly'
                      ? t('admin.form.clientContactsHint')
                      : hasProxy
                        ? t('admin.form.subscriberNumberHint')
                        : undefined,
                })
          }
          {emailMode === 'hidden'
            ? null
            : textField('email', {
                type: 'email',
                readOnly: emailMode === 'readOnly',
                hint: emailMode === 'readOnly' ? t('admin.form.clientContactsHint') : undefined,
              })}
          {details ? (
            <dl data-testid="user-place">
              <dt>{t('admin.fields.branch')}</dt>
              <dd>
                {details.branch?.name ?? (details.branch ? String(details.branch.id) : t('app.notSpecified'))}
              </dd>
              <dt>{t('admin.fields.region')}</dt>
              <dd>
                {details.regions && details.regions.length > 0
                  ? details.regions.map((r) => r.name ?? String(r.id)).join(', ')
                  : t('app.notSpecified')}
              </dd>
            </dl>
          ) : null}
          {creating ? (
            <p className="admin-form__hint" data-testid="user-admin-activation-hint">
              {t(hasProxy ? 'admin.form.clientActivationHint' : 'admin.form.activationHint')}
            </p>
          ) : null}
          {invalid ? (
            <p className="form__error" role="alert" data-testid="user-admin-invalid">
              {t('validation.fieldsCorrect')}
            </p>
          ) : null}
          {saveFailure ? (
            <p className="form__error" role="alert" data-testid="user-admin-save-failed">
              {formatErrorMessage(t, saveFailure)}
            </p>
          ) : null}
          {saved ? (
            <p className="form__ok" role="status" data-testid="user-admin-saved">
              {t('admin.saved')}
            </p>
          ) : null}
          {createdId !== null || created ? (
            <div className="form__ok" role="status" data-testid="user-admin-created">
              <p className="admin-form__readonly">{t('admin.created')}</p>
              {activation !== null ? (
                <p data-testid="user-admin-activation">{t(`admin.form.activation.${activation}`)}</p>
              ) : null}
              {createdId !== null ? (
                <Link
                  href={`/administration/edit-user/${encodeURIComponent(createdId)}`}
                  data-testid="user-admin-open-created"
                >
                  {t('admin.form.openCreated')}
                </Link>
              ) : null}{' '}
              <SendButton actor={actor} event="form.restart" className="btn btn--secondary">
                {t('admin.form.createAnother')}
              </SendButton>
            </div>
          ) : (
            <div>
              <SubmitButton busy={saving} testId="user-admin-save">
                {t('app.save')}
              </SubmitButton>
            </div>
          )}
        </form>
      ) : null}
    </section>
  );
}
