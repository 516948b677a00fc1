import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { initialTabIndex } from '@/domain/navigation.rules';
import { phoneWord } from '@/domain/phone.rules';
import { RECOVERY_CONTACTS_PATH } from '@/domain/routes.rules';
import { formatErrorMessage } from '@/i18n/messages';
import { selectMayChangeRecoveryContacts } from '@/machines/recovery-contact.selectors';
import {
  selectIsPasswordChangeForced,
  selectProfile,
  selectUser,
  selectUserFacts,
} from '@/machines/session.selectors';
import { type ContactField, FEEDBACK_TYPES, type PasswordField } from '@/machines/settings.machine';
import {
  connectContactsForm,
  connectPasswordForm,
  connectSettingsPage,
  settingsInputOf,
} from '@/machines/settings.selectors';
import { ContentPage, useContentTab } from '@/views/common/content-page.view';
import { FormError, formValues, TextField, useFocusOnError } from '@/views/common/form-field.view';
import { useWorkflow } from '@/views/common/use-workflow';
import { useWorkflowLogic } from '@/views/common/workflow-logic.context';
import { roleTitle } from '@/views/session/role-title';
import { SessionContext } from '@/views/session/session.context';
import { SettingsActorContext } from './settings.context';

const TABS = ['info', 'password'] as const;

/**
 * The Settings page (spec 2 Main → settings, a content page with a tabs panel of type settings): tab 1 the user's
 * information and contact data, tab 2 the password change. The second tab opens first only while a curator or
 * subscriber must change the password (spec 2); the contact data is hidden until then (only Settings is open).
 */
export function SettingsPage() {
  const { settings: logic } = useWorkflowLogic();
  const user = SessionContext.useSelector(selectUser);
  const profile = SessionContext.useSelector(selectProfile);
  if (!user) return null;
  const input = settingsInputOf(user, profile);
  return (
    <SettingsActorContext.Provider logic={logic} input={input}>
      <SettingsContent />
    </SettingsActorContext.Provider>
  );
}

function SettingsContent() {
  const { t } = useTranslation();
  const facts = SessionContext.useSelector(selectUserFacts);
  const forced = SessionContext.useSelector(selectIsPasswordChangeForced);
  const settings = SettingsActorContext.useActorRef();
  const { statePath } = useWorkflow(settings, connectSettingsPage);
  const [tab, selectTab] = useContentTab(TABS, facts ? initialTabIndex(facts, true) : 0);
  return (
    <div data-testid="settings" data-state={statePath}>
      <ContentPage
        title={t('settings.title')}
        testId="page-settings"
        tabs={{
          type: 'settings',
          label: t('settings.title'),
          items: TABS.map((key) => ({ key, label: t(`settings.tabs.${key}`) })),
          selected: tab,
          onSelect: selectTab,
        }}
      >
        <div hidden={tab !== 'info'}>
          <UserInfo />
          {forced ? null : <ContactsForm />}
          {forced ? null : <RecoveryContactsLink />}
        </div>
        <div hidden={tab !== 'password'}>
          <RegisteredNote />
          {forced ? (
            <p className="form__error" role="status" data-testid="settings-must-change">
              {t('settings.mustChange')}
            </p>
          ) : null}
          <PasswordForm />
        </div>
      </ContentPage>
    </div>
  );
}

function UserInfo() {
  const { t } = useTranslation();
  const user = SessionContext.useSelector(selectUser);
  if (!user) return null;
  const fullName = typeof user.full_name === 'string' ? user.full_name : null;
  return (
    <dl className="settings__info" data-testid="settings-info">
      {fullName ? (
        <>
          <dt>{t('settings.info.fullName')}</dt>
          <dd>{fullName}</dd>
        </>
      ) : null}
      <dt>{t('settings.info.login')}</dt>
      <dd>{user.user_name}</dd>
      <dt>{t('settings.info.roles')}</dt>
      <dd>
        <ul>
          {user.roles.map((role) => (
            <li key={role}>{t('auth.rolePicker.option', { title: roleTitle(t, role), code: role })}</li>
          ))}
        </ul>
      </dd>
    </dl>
  );
}

/** The key owner's way to the recovery contacts of the company's accounts (docs/decisions.md PRC6). */
function RecoveryContactsLink() {
  const { t } = useTranslation();
  const shown = SessionContext.useSelector(selectMayChangeRecoveryContacts);
  if (!shown) return null;
  return (
    <section
      className="form"
      aria-labelledby="settings-recovery-title"
      data-testid="settings-recovery-contacts"
    >
      <h2 id="settings-recovery-title">{t('recoveryContact.title')}</h2>
      <p>{t('recoveryContact.openHint')}</p>
      <Link href={RECOVERY_CONTACTS_PATH} data-testid="settings-recovery-contacts-open">
        {t('recoveryContact.openLink')}
      </Link>
    </section>
  );
}

/**
 * Decision U11: right after the SMS code the new user reads 'Регистрация прошла успешно' (spec 8); the
 * code step's reply alone says so, so it is not repeated on a later visit.
 */
function RegisteredNote() {
  const { t } = useTranslation();
  const user = SessionContext.useSelector(selectUser);
  if (user?.registered !== true) return null;
  return (
    <p className="form__ok" role="status" data-testid="settings-registered">
      {t('auth.register.success')}
    </p>
  );
}

/**
 * One of the page's two forms: its heading, the "done" line after a save, the error that belongs to no field (the
 * focus goes to the field in error, or to that box) and the submit button, which says it is busy while the chart saves.
 */
function SettingsForm({
  name,
  title,
  done,
  error,
  busy,
  submit,
  formKey,
  onSubmit,
  children,
}: {
  name: 'password' | 'contacts';
  title: string;
  done: { shown: boolean; testId: string; text: string };
  error: { readonly field: string | null; readonly code: string } | null;
  busy: boolean;
  submit: string;
  formKey?: number;
  onSubmit: (form: HTMLFormElement) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const errorBoxRef = useRef<HTMLDivElement>(null);
  useFocusOnError(error, formRef, errorBoxRef);
  const text = error ? formatErrorMessage(t, error.code) : null;
  return (
    <form
      key={formKey}
      ref={formRef}
      className="form"
      noValidate
      aria-labelledby={`settings-${name}-title`}
      data-testid={`settings-${name}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) onSubmit(e.currentTarget);
      }}
    >
      <h2 id={`settings-${name}-title`}>{title}</h2>
      {done.shown ? (
        <p className="form__ok" role="status" data-testid={done.testId}>
          {done.text}
        </p>
      ) : null}
      <FormError message={error?.field === null ? text : null} boxRef={errorBoxRef} />
      {children}
      <button type="submit" className="btn" disabled={busy} aria-busy={busy || undefined}>
        {busy ? t('auth.pending') : submit}
      </button>
    </form>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const user = SessionContext.useSelector(selectUser);
  // U11: the current password of a new user is the temporary one the registration sent by SMS: say so
  const smsPhone = user?.temporary_password_by_sms === true ? (user.profile?.sn ?? user.user_name) : null;
  const settings = SettingsActorContext.useActorRef();
  const { busy, changed, error } = useWorkflow(settings, connectPasswordForm);
  const [round, setRound] = useState(0);

  // a changed password empties the fields (the chart itself tells the session, which ends a forced change)
  useEffect(() => {
    if (changed) setRound((n) => n + 1);
  }, [changed]);

  const fieldError = (f: PasswordField) => (error?.field === f ? error.code : null);
  return (
    <SettingsForm
      name="password"
      title={t('settings.tabs.password')}
      done={{ shown: changed, testId: 'settings-password-changed', text: t('settings.password.done') }}
      error={error}
      busy={busy}
      submit={t('settings.password.submit')}
      formKey={round}
      onSubmit={(form) => {
        const v = formValues(form);
        settings.send({
          type: 'password.submit',
          current: v.current ?? '',
          password: v.password ?? '',
          confirm: v.confirm ?? '',
        });
      }}
    >
      <TextField
        name="current"
        type="password"
        label={t('settings.password.current')}
        autoComplete="current-password"
        required
        error={fieldError('current')}
        hint={
          smsPhone !== null ? t('ux.registration.temporaryHint', { phone: phoneWord(smsPhone) }) : undefined
        }
      />
      <TextField
        name="password"
        type="password"
        label={t('settings.password.new')}
        autoComplete="new-password"
        required
        error={fieldError('password')}
        hint={t('ux.registration.passwordRule')}
      />
      <TextField
        name="confirm"
        type="password"
        label={t('settings.password.confirm')}
        autoComplete="new-password"
        required
        error={fieldError('confirm')}
      />
    </SettingsForm>
  );
}

function ContactsForm() {
  const { t } = useTranslation();
  const settings = SettingsActorContext.useActorRef();
  const profile = SessionContext.useSelector(selectProfile);
  const { contacts, busy, saved, error } = useWorkflow(settings, connectContactsForm);

  // the contact data is the company's: a BAN profile's holder edits it, a number's subscriber does not
  if (!profile || profile.sn) return null;
  const fieldError = (f: ContactField) => (error?.field === f ? error.code : null);
  const change = (field: ContactField) => (e: { currentTarget: { value: string } }) =>
    settings.send({ type: 'contacts.change', field, value: e.currentTarget.value });
  return (
    <SettingsForm
      name="contacts"
      title={t('settings.contacts.title')}
      done={{ shown: saved, testId: 'settings-contacts-saved', text: t('settings.contacts.saved') }}
      error={error}
      busy={busy}
      submit={t('settings.contacts.submit')}
      onSubmit={() => settings.send({ type: 'contacts.submit' })}
    >
      <TextField
        name="phone"
        type="tel"
        inputMode="tel"
        label={t('settings.contacts.phone')}
        autoComplete="tel"
        value={contacts.phone}
        onChange={change('phone')}
        error={fieldError('phone')}
      />
      <div className="field">
        <label htmlFor="settings-feedback-type">{t('settings.contacts.feedbackType')}</label>
        <select
          id="settings-feedback-type"
          name="feedbackType"
          value={contacts.feedbackType}
          onChange={change('feedbackType')}
        >
          <option value="">{t('settings.contacts.notChosen')}</option>
          {FEEDBACK_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`settings.contacts.feedbackTypes.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        name="email"
        type="email"
        label={t('settings.contacts.email')}
        autoComplete="email"
        value={contacts.email}
        onChange={change('email')}
        error={fieldError('email')}
      />
    </SettingsForm>
  );
}
