import { type FormEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AgreementTextField,
  DIGIT_LENGTHS,
  MAX_CONTACTS,
  OPTIONAL_FIELDS,
} from '@/domain/agreement.rules';
import type { AgreementInput, ContactField } from '@/machines/agreement.machine';

import {
  connectAgreementForm,
  connectAgreementPage,
  connectContactPersons,
  selectRegistered,
} from '@/machines/agreement.selectors';
import { ErrorRetry } from '@/views/common/error-retry.view';
import { TextField } from '@/views/common/form-field.view';
import { PageFrame } from '@/views/common/page-frame.view';
import { useWorkflow } from '@/views/common/use-workflow';
import { AgreementContext } from './agreement.context';
import { AgreementDownloadError, AgreementList, DocumentLine } from './agreement-list.view';
import './agreement.css';
import { chartPage } from '@/views/common/chart-page.view';
import { SendButton } from '@/views/common/send-button.view';

const EMPTY_INPUT: AgreementInput = {};

/**
 * `/{lang}/agreement-registration`: the form of spec 3, the result with its documents, the registered agreements.
 * The route starts from an empty form on the browser's day; view tests pass the model's filled form and day.
 */
export const AgreementRegistrationPage = chartPage(
  AgreementContext,
  (l) => l.agreement,
  AgreementView,
  ({ input = EMPTY_INPUT }: { input?: AgreementInput }) => input,
);

function AgreementView() {
  const actor = AgreementContext.useActorRef();
  const { state, registered } = useWorkflow(actor, connectAgreementPage);
  return (
    <PageFrame block="agreement" texts="agreement" testId="agreement-page" state={state}>
      <AgreementDownloadError />
      {registered ? <RegisteredPanel /> : <AgreementFormView />}
      <AgreementList />
    </PageFrame>
  );
}

const SECTIONS: readonly { key: string; fields: readonly AgreementTextField[] }[] = [
  { key: 'organisation', fields: ['login', 'name', 'tin', 'oked', 'vat'] },
  { key: 'bank', fields: ['bankName', 'bankAccount', 'mfo'] },
  { key: 'address', fields: ['postIndex', 'region', 'city', 'district', 'street', 'house', 'apartment'] },
  {
    key: 'director',
    fields: ['director', 'pinfl', 'passport', 'passportIssuedBy', 'passportIssuedDate', 'birthDate'],
  },
  { key: 'contacts', fields: ['email', 'phone', 'extraPhone'] },
];

const INPUT_TYPE: Partial<Record<AgreementTextField, string>> = {
  passportIssuedDate: 'date',
  birthDate: 'date',
  email: 'email',
  phone: 'tel',
  extraPhone: 'tel',
};

const DIGIT_FIELDS = DIGIT_LENGTHS as Partial<Record<AgreementTextField, number>>;

function AgreementFormView() {
  const { t } = useTranslation();
  const actor = AgreementContext.useActorRef();
  const { form, errors, message, editable, busy, failure, retry } = useWorkflow(actor, connectAgreementForm);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'form.submit' });
  };

  const hintOf = (f: AgreementTextField): string | null => {
    if (f === 'login') return t('agreement.hints.login');
    if (f === 'tin') return t('agreement.hints.tin');
    if (f === 'passport') return t('agreement.hints.passport');
    if (f === 'phone' || f === 'extraPhone') return t('agreement.hints.phone');
    const n = DIGIT_FIELDS[f];
    if (n !== undefined) return t('agreement.hints.digits', { count: n });
    return null;
  };

  const field = (f: AgreementTextField) => (
    <TextField
      key={f}
      name={f}
      label={
        OPTIONAL_FIELDS.has(f)
          ? `${t(`agreement.fields.${f}`)} (${t('agreement.optional')})`
          : t(`agreement.fields.${f}`)
      }
      error={errors[f]}
      hint={hintOf(f) ?? undefined}
      required={!OPTIONAL_FIELDS.has(f)}
      errorTestId={`agreement-error-${f}`}
      type={INPUT_TYPE[f] ?? 'text'}
      value={form[f]}
      readOnly={!editable}
      inputMode={DIGIT_FIELDS[f] !== undefined ? 'numeric' : undefined}
      autoComplete="off"
      onChange={(e) => actor.send({ type: 'field.change', field: f, value: e.target.value })}
      data-testid={`agreement-field-${f}`}
    />
  );

  return (
    <form
      className="agreement__form"
      onSubmit={onSubmit}
      noValidate
      data-testid="agreement-form"
      aria-busy={busy}
    >
      {message ? (
        <p className="alert-error agreement__alert" role="alert" data-testid="agreement-invalid">
          {t(message as 'validation.fieldsCorrect')}
        </p>
      ) : null}
      {SECTIONS.map((s) => (
        <fieldset className="agreement__section" key={s.key}>
          <legend>{t(`agreement.sections.${s.key}` as 'agreement.sections.bank')}</legend>
          <div className="agreement__grid">{s.fields.map(field)}</div>
        </fieldset>
      ))}
      <ContactPersons editable={editable} />
      {failure ? (
        <div className="agreement__failed">
          <ErrorRetry
            code={failure}
            title={t('agreement.failed')}
            onRetry={retry ? () => actor.send({ type: 'form.retry' }) : undefined}
            testId="agreement-failed"
          />
          <SendButton actor={actor} event="form.edit" className="btn btn--secondary" testId="agreement-back">
            {t('agreement.backToForm')}
          </SendButton>
        </div>
      ) : null}
      <div className="agreement__actions">
        <button type="submit" className="btn" disabled={!editable} data-testid="agreement-submit">
          {t('agreement.submit')}
        </button>
        {busy ? (
          <span role="status" data-testid="agreement-busy">
            {t('agreement.busy')}
          </span>
        ) : null}
      </div>
    </form>
  );
}

const CONTACT_FIELDS: readonly { key: Exclude<ContactField, 'access'>; label: string; type: string }[] = [
  { key: 'fullName', label: 'agreement.fields.contactFullName', type: 'text' },
  { key: 'position', label: 'agreement.fields.contactPosition', type: 'text' },
  { key: 'phone', label: 'agreement.fields.contactPhone', type: 'tel' },
];

function ContactPersons({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const actor = AgreementContext.useActorRef();
  const { form, errors } = useWorkflow(actor, connectContactPersons);
  return (
    <fieldset className="agreement__section" data-testid="agreement-contacts">
      <legend>{t('agreement.sections.contactPersons')}</legend>
      <p className="agreement__terms" data-testid="agreement-terms">
        <strong>{t('agreement.contactAccess')}.</strong> {t('agreement.contactAccessTerms')}
      </p>
      {form.contacts.length === 0 ? <p className="agreement__hint">{t('agreement.noContacts')}</p> : null}
      <ol className="agreement__contacts">
        {form.contacts.map((c, i) => (
          // contact persons have no id of their own; the position is their identity while the form is open
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={i} className="agreement__contact" data-testid={`agreement-contact-${i}`}>
            <p className="agreement__contact-title">{t('agreement.contactN', { n: i + 1 })}</p>
            <div className="agreement__grid">
              {CONTACT_FIELDS.map(({ key, label, type }) => (
                <TextField
                  key={key}
                  name={`contacts.${i}.${key}`}
                  label={t(label as 'agreement.fields.contactPhone')}
                  error={errors[`contacts.${i}.${key}`]}
                  required
                  errorTestId={`agreement-error-contacts.${i}.${key}`}
                  type={type}
                  value={c[key]}
                  readOnly={!editable}
                  onChange={(e) =>
                    actor.send({ type: 'contact.change', index: i, field: key, value: e.target.value })
                  }
                  data-testid={`agreement-contact-${i}-${key}`}
                />
              ))}
            </div>
            <div className="agreement__contact-actions">
              <label className="agreement__check">
                <input
                  type="checkbox"
                  checked={c.access}
                  disabled={!editable}
                  onChange={(e) =>
                    actor.send({ type: 'contact.change', index: i, field: 'access', value: e.target.checked })
                  }
                  data-testid={`agreement-contact-${i}-access`}
                />
                {t('agreement.fields.contactAccess')}
              </label>
              <SendButton
                actor={actor}
                event={{ type: 'contact.remove', index: i }}
                className="btn btn--link"
                testId={`agreement-contact-${i}-remove`}
                disabled={!editable}
              >
                {t('agreement.removeContact', { n: i + 1 })}
              </SendButton>
            </div>
          </li>
        ))}
      </ol>
      <p className="agreement__actions">
        <SendButton
          actor={actor}
          event="contact.add"
          className="btn btn--secondary"
          testId="agreement-contact-add"
          disabled={!editable || form.contacts.length >= MAX_CONTACTS}
        >
          {t('agreement.addContact')}
        </SendButton>
        <span className="agreement__hint">{t('agreement.maxContacts', { count: MAX_CONTACTS })}</span>
      </p>
    </fieldset>
  );
}

function RegisteredPanel() {
  const { t } = useTranslation();
  const actor = AgreementContext.useActorRef();
  const registered = AgreementContext.useSelector(selectRegistered);
  const heading = useRef<HTMLHeadingElement>(null);
  // the form (and its focused button) is gone: the keyboard and screen-reader user continues from the result
  useEffect(() => {
    heading.current?.focus();
  }, []);
  if (!registered) return null;
  return (
    <div className="agreement__done" role="status" data-testid="agreement-done">
      <h2 ref={heading} tabIndex={-1}>
        {t('agreement.done')}
      </h2>
      <p className="agreement__number" data-testid="agreement-number">
        {t('agreement.number', { number: registered.number })} · {registered.name} ·{' '}
        {t('agreement.fields.tin')} {registered.tin}
      </p>
      <h3>{t('agreement.documents')}</h3>
      <ul className="agreement__docs">
        {registered.documents.map((d) => (
          <li key={d.id}>
            <DocumentLine doc={d} />
          </li>
        ))}
      </ul>
      <SendButton actor={actor} event="form.new" className="btn btn--secondary" testId="agreement-new">
        {t('agreement.newForm')}
      </SendButton>
    </div>
  );
}
