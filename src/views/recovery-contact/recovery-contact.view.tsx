import type { TFunction } from 'i18next';
import { type FormEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { phoneWord } from '@/domain/phone.rules';
import type { CompanyAccount } from '@/machines/recovery-contact.machine';
import {
  connectRecoveryContactAccounts,
  connectRecoveryContactForm,
  connectRecoveryContactLoad,
  connectRecoveryContactPage,
  connectRecoveryContactResult,
} from '@/machines/recovery-contact.selectors';
import { SigningPanel } from '@/views/block-restore/signing-panel.view';
import { ColumnHeads } from '@/views/common/column-heads.view';
import { ErrorRetry } from '@/views/common/error-retry.view';
import { formValues, TextField, useFocusOnError } from '@/views/common/form-field.view';
import { PageFrame } from '@/views/common/page-frame.view';
import { ScrollRegion } from '@/views/common/scroll-region.view';
import { useWorkflow } from '@/views/common/use-workflow';
import { roleTitle } from '@/views/session/role-title';
import { RecoveryContactContext } from './recovery-contact.context';
import './recovery-contact.css';
import { chartPage } from '@/views/common/chart-page.view';
import { SendButton } from '@/views/common/send-button.view';

/** The table's columns, in the order of its header row. */
const ACCOUNT_COLUMNS = ['login', 'name', 'role', 'status', 'contact', 'actions'] as const;

const { useActorRef } = RecoveryContactContext;

/** `/{lang}/settings/users`: the key owner's recovery contacts of the company's accounts (docs/decisions.md PRC6). */
export const RecoveryContactPage = chartPage(
  RecoveryContactContext,
  (l) => l.recoveryContact,
  RecoveryContactView,
);

/**
 * Where a link goes, in words: the e-mail, the phone, both, or (null) none of the account's own. The number is one
 * word: its spaces do not break, so a narrow card or sentence never splits `+998 90 612 47 79` across lines.
 */
function contactText(t: TFunction, c: { email: string | null; phone: string | null }): string | null {
  const phone = c.phone ? phoneWord(c.phone) : null;
  if (c.email && phone) return t('recoveryContact.contactBoth', { email: c.email, phone });
  return c.email ?? phone;
}

/** An account's status as the administration names it; another status as it came. */
function statusText(t: TFunction, status: string | null): string {
  if (status === 'active') return t('admin.status.active');
  if (status === 'blocked') return t('admin.status.blocked');
  if (status === 'pending') return t('admin.status.pending');
  return status ?? '';
}

export function RecoveryContactView() {
  const { t } = useTranslation();
  const actor = useActorRef();
  const { statePath, step } = useWorkflow(actor, connectRecoveryContactPage);
  return (
    <PageFrame
      block="recovery-contact"
      texts="recoveryContact"
      testId="page-recoveryContact"
      state={statePath}
    >
      {step === 'loading' ? (
        <p role="status" aria-busy="true" data-testid="recovery-contact-loading">
          {t('recoveryContact.loading')}
        </p>
      ) : null}
      <LoadFailure />
      {step === 'choosing' ? <AccountTable /> : null}
      <ContactForm />
      <Result />
      <div className="recovery-contact__foot">
        <Link href="/settings" className="btn btn--secondary" data-testid="recovery-contact-to-settings">
          {t('recoveryContact.toSettings')}
        </Link>
      </div>
    </PageFrame>
  );
}

function LoadFailure() {
  const { t } = useTranslation();
  const actor = useActorRef();
  const { step, error, retry } = useWorkflow(actor, connectRecoveryContactLoad);
  if (step !== 'loadFailed') return null;
  return (
    <ErrorRetry
      code={error ?? 'unknown'}
      title={t('recoveryContact.loadFailed')}
      onRetry={retry ? () => actor.send({ type: 'load.retry' }) : undefined}
      testId="recovery-contact-load-failed"
    />
  );
}

function AccountTable() {
  const { t } = useTranslation();
  const actor = useActorRef();
  const { accounts } = useWorkflow(actor, connectRecoveryContactAccounts);
  return (
    <ScrollRegion className="recovery-contact__scroll" label={t('recoveryContact.table')}>
      <table className="recovery-contact__table table-cards" data-testid="recovery-contact-list">
        <ColumnHeads columns={ACCOUNT_COLUMNS} label={(c) => t(`recoveryContact.columns.${c}`)} />
        <tbody>
          {accounts.map((a) => (
            <AccountRow
              key={a.userId}
              account={a}
              onChoose={() => actor.send({ type: 'account.choose', userId: a.userId })}
            />
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function AccountRow({ account: a, onChoose }: { account: CompanyAccount; onChoose: () => void }) {
  const { t } = useTranslation();
  const contact = contactText(t, a);
  return (
    <tr data-testid={`recovery-account-${a.login}`}>
      <td data-label={t('recoveryContact.columns.login')}>{a.login}</td>
      <td data-label={t('recoveryContact.columns.name')}>{a.fullName ?? ''}</td>
      <td data-label={t('recoveryContact.columns.role')}>{a.roles[0] ? roleTitle(t, a.roles[0]) : ''}</td>
      <td data-label={t('recoveryContact.columns.status')}>{statusText(t, a.status)}</td>
      <td
        data-label={t('recoveryContact.columns.contact')}
        data-testid={`recovery-account-${a.login}-contact`}
      >
        {contact ?? <span className="recovery-contact__none">{t('recoveryContact.companyContact')}</span>}
      </td>
      <td>
        <button
          type="button"
          className="btn btn--secondary"
          aria-label={t('recoveryContact.changeLabel', { login: a.login })}
          data-testid={`recovery-account-${a.login}-change`}
          onClick={onChoose}
        >
          {t('recoveryContact.change')}
        </button>
      </td>
    </tr>
  );
}

/**
 * The chosen account's new contact: typed, then signed (the signing panel under the form, the fields read-only while
 * it runs, so the key owner sees what is signed), then saved. Shown from the choice until the result.
 */
function ContactForm() {
  const { t } = useTranslation();
  const actor = useActorRef();
  const { step, account, defaultEmail, defaultPhone, fieldError, cancelled, error, signingRef } = useWorkflow(
    actor,
    connectRecoveryContactForm,
  );
  const formRef = useRef<HTMLFormElement>(null);
  const errorBoxRef = useRef<HTMLDivElement>(null);
  useFocusOnError(fieldError, formRef, errorBoxRef);
  const shown = step === 'form' || step === 'signing' || step === 'saving' || step === 'saveFailed';
  if (!shown || !account) return null;
  const editable = step === 'form';
  const current = contactText(t, account) ?? t('recoveryContact.companyContact');

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!editable) return;
    const v = formValues(e.currentTarget);
    actor.send({ type: 'form.submit', values: { email: v.email ?? '', phone: v.phone ?? '' } });
  };

  return (
    <>
      <form
        ref={formRef}
        className="form recovery-contact__form"
        noValidate
        aria-labelledby="recovery-contact-form-title"
        aria-busy={step === 'saving' || undefined}
        data-testid="recovery-contact-form"
        onSubmit={submit}
      >
        <h2 id="recovery-contact-form-title">{t('recoveryContact.form.title', { login: account.login })}</h2>
        <p data-testid="recovery-contact-current">
          {t('recoveryContact.form.current', { contact: current })}
        </p>
        {cancelled ? (
          <p role="status" data-testid="recovery-contact-cancelled">
            {t('recoveryContact.form.cancelled')}
          </p>
        ) : null}
        <p className="recovery-contact__hint">{t('recoveryContact.form.hint')}</p>
        <TextField
          name="email"
          type="email"
          label={t('recoveryContact.form.email')}
          autoComplete="off"
          defaultValue={defaultEmail}
          readOnly={!editable}
          error={fieldError?.field === 'email' ? fieldError.code : null}
          errorTestId="recovery-contact-error-email"
          data-testid="recovery-contact-email"
        />
        <TextField
          name="phone"
          type="tel"
          inputMode="tel"
          label={t('recoveryContact.form.phone')}
          autoComplete="off"
          defaultValue={defaultPhone}
          readOnly={!editable}
          error={fieldError?.field === 'phone' ? fieldError.code : null}
          errorTestId="recovery-contact-error-phone"
          data-testid="recovery-contact-phone"
        />
        {fieldError ? (
          <p className="form__error" role="alert" data-testid="recovery-contact-invalid">
            {t('validation.fieldsCorrect')}
          </p>
        ) : null}
        {editable ? (
          <div className="recovery-contact__actions">
            <button type="submit" className="btn" data-testid="recovery-contact-submit">
              {t('recoveryContact.form.submit')}
            </button>
            <SendButton
              actor={actor}
              event="form.cancel"
              className="btn btn--secondary"
              testId="recovery-contact-cancel"
            >
              {t('app.cancel')}
            </SendButton>
          </div>
        ) : null}
      </form>
      {step === 'signing' ? (
        <div data-testid="signing-panel">
          {signingRef ? <SigningPanel actorRef={signingRef} /> : <p role="status">{t('eimzo.signing')}</p>}
        </div>
      ) : null}
      {step === 'saving' ? (
        <p role="status" aria-busy="true" data-testid="recovery-contact-saving">
          {t('recoveryContact.saving')}
        </p>
      ) : null}
      {step === 'saveFailed' ? (
        <div ref={errorBoxRef}>
          <ErrorRetry
            code={error ?? 'unknown'}
            title={t('recoveryContact.saveFailed')}
            testId="recovery-contact-save-failed"
          />
          <SendButton
            actor={actor}
            event="form.back"
            className="btn btn--secondary"
            testId="recovery-contact-back"
          >
            {t('recoveryContact.back')}
          </SendButton>
        </div>
      ) : null}
    </>
  );
}

function Result() {
  const { t } = useTranslation();
  const actor = useActorRef();
  const { step, account, saved, activationSent } = useWorkflow(actor, connectRecoveryContactResult);
  if (step !== 'done' || !saved) return null;
  return (
    <div className="form__ok" role="status" data-testid="recovery-contact-done">
      <p>
        {t('recoveryContact.done', { login: account?.login ?? '', contact: contactText(t, saved) ?? '' })}
      </p>
      {activationSent ? (
        <p data-testid="recovery-contact-activation">{t('recoveryContact.activationSent')}</p>
      ) : null}
      <SendButton actor={actor} event="done.close" testId="recovery-contact-close">
        {t('recoveryContact.close')}
      </SendButton>
    </div>
  );
}
