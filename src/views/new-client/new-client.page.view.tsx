import { type ChangeEvent, type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tashkentDay } from '@/domain/dates.rules';
import type { ConnectTypeValue, FormGroup } from '@/domain/preorder.rules';
import { formatErrorMessage } from '@/i18n/messages';
import {
  connectCityAndKey,
  connectLoginField,
  connectNewClientPage,
  connectStepOne,
  selectForm,
} from '@/machines/new-client.selectors';
import { cityName } from '@/views/common/city-texts';
import { FormError, TextField } from '@/views/common/form-field.view';
import { Modal } from '@/views/common/modal.view';
import { useWorkflow } from '@/views/common/use-workflow';
import { usePublicLogic } from '@/views/common/workflow-logic.context';
import { LoadFailed } from './load-failed.view';
import { NewClientContext } from './new-client.context';
import { statusText } from './new-client-status';
import './new-client.css';
import { SendButton } from '@/views/common/send-button.view';

const { useSelector, useActorRef } = NewClientContext;

/** Today as ISO `YYYY-MM-DD` in Tashkent, whatever the visitor's zone (the birth-day rule counts from it; TZ1). */
const localToday = () => tashkentDay(Date.now());

/** Step two and the success are a chunk of their own (docs/decisions.md NC27): asked for as soon as the visitor
 *  types in step one, so it is there when 'Далее' answers; a restored draft or a slow network shows the fallback. */
let stepTwoChunk: Promise<typeof import('./new-client-step2.view')> | undefined;
const loadStepTwo = () => {
  stepTwoChunk ??= import(/* webpackChunkName: "page-new-client-step2" */ './new-client-step2.view');
  return stepTwoChunk;
};
const StepTwo = lazy(() => loadStepTwo().then((m) => ({ default: m.StepTwo })));
const Registered = lazy(() => loadStepTwo().then((m) => ({ default: m.Registered })));

/** `/{lang}/new-client`: the public registration wizard. */
export function NewClientPage() {
  const newClient = usePublicLogic('newClient');
  const [today] = useState(localToday);
  return (
    <NewClientContext.Provider logic={newClient} input={{ today }}>
      <NewClientView />
    </NewClientContext.Provider>
  );
}

export function NewClientView() {
  const { t } = useTranslation();
  const actor = useActorRef();
  const { phase, state, error } = useWorkflow(actor, connectNewClientPage);
  return (
    <section className="page nc" data-testid="page-newClient" data-state={state} aria-labelledby="nc-title">
      <h1 id="nc-title">{t('newClient.title')}</h1>
      {phase === 'confirm' || phase === 'registered' ? null : (
        // step one's label and introduction from the first state on: the build's page shows them, so the largest text
        // is painted with the HTML and stays in place when step one's form arrives below it (docs/decisions.md LB18)
        <>
          <p className="nc-step">{t('newClient.step1')}</p>
          <p>{t('newClient.intro')}</p>
        </>
      )}
      {phase === 'loading' ? (
        <p role="status" aria-busy="true" data-testid="new-client-loading">
          …
        </p>
      ) : null}
      {phase === 'loadFailed' ? <LoadFailed error={error} testId="new-client-load-failed" /> : null}
      {phase === 'legal' ? <StepOne /> : null}
      {phase === 'confirm' || phase === 'registered' ? (
        <Suspense
          fallback={
            <p role="status" data-testid="new-client-step-loading">
              …
            </p>
          }
        >
          {phase === 'confirm' ? <StepTwo /> : <Registered />}
        </Suspense>
      ) : null}
    </section>
  );
}

type Send = ReturnType<typeof useActorRef>['send'];

function Field({
  group,
  name,
  label,
  type = 'text',
  error = null,
  autoComplete,
  readOnly,
}: {
  group: FormGroup | 'root';
  name: string;
  label: string;
  type?: string;
  error?: string | null;
  autoComplete?: string;
  readOnly?: boolean;
}) {
  const form = useSelector(selectForm);
  const actor = useActorRef();
  const values = (group === 'root' ? form : form[group]) as unknown as Record<string, string>;
  return (
    <TextField
      name={`${group}.${name}`}
      label={label}
      type={type}
      value={values[name] ?? ''}
      error={error}
      autoComplete={autoComplete}
      readOnly={readOnly}
      onChange={(e: ChangeEvent<HTMLInputElement>) =>
        actor.send({ type: 'field.change', group, name, value: e.target.value })
      }
    />
  );
}

function StepOne() {
  const { t } = useTranslation();
  const actor = useActorRef();
  const send: Send = actor.send;
  const { form, error, restored, nextPending, agents } = useWorkflow(actor, connectStepOne);
  const birthError = error === 'validation.badDate' || error === 'validation.adult' ? error : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'step.next' });
  };
  return (
    <form
      className="nc-form"
      onSubmit={submit}
      onFocus={loadStepTwo}
      onPointerDown={loadStepTwo}
      noValidate
      data-testid="new-client-step1"
    >
      {restored ? (
        <p className="form__ok" data-testid="new-client-restored">
          {t('newClient.restored')}
        </p>
      ) : null}
      <fieldset data-testid="new-client-form">
        <legend>{t('newClient.sections.company')}</legend>
        <CityAndKey />
        <Field group="user" name="name" label={t('newClient.fields.name')} autoComplete="organization" />
        <Field group="user" name="tin" label={t('newClient.fields.tin')} readOnly />
        <Field group="user" name="oked" label={t('newClient.fields.oked')} />
        <Field group="user" name="regCode" label={t('newClient.fields.regCode')} />
      </fieldset>
      <fieldset>
        <legend>{t('newClient.sections.business')}</legend>
        <Field group="business" name="index" label={t('newClient.fields.index')} autoComplete="postal-code" />
        <Field group="business" name="oblast" label={t('newClient.fields.oblast')} />
        <Field group="business" name="gorod" label={t('newClient.fields.gorod')} />
        <Field group="business" name="rayon" label={t('newClient.fields.rayon')} />
        <Field group="business" name="address" label={t('newClient.fields.address')} />
        <Field group="business" name="dom" label={t('newClient.fields.dom')} />
        <Field group="business" name="kvartira" label={t('newClient.fields.kvartira')} />
        <Field group="business" name="phone" label={t('newClient.fields.businessPhone')} type="tel" />
      </fieldset>
      <fieldset>
        <legend>{t('newClient.sections.bank')}</legend>
        <Field group="bank" name="bankName" label={t('newClient.fields.bankName')} />
        <Field group="bank" name="bankAccount" label={t('newClient.fields.bankAccount')} />
        <Field group="bank" name="mfo" label={t('newClient.fields.mfo')} />
      </fieldset>
      <fieldset>
        <legend>{t('newClient.sections.contact')}</legend>
        <Field
          group="contactFace"
          name="lastName"
          label={t('newClient.fields.lastName')}
          autoComplete="family-name"
        />
        <Field
          group="contactFace"
          name="name"
          label={t('newClient.fields.firstName')}
          autoComplete="given-name"
        />
        <Field group="contactFace" name="firstName" label={t('newClient.fields.middleName')} />
        <Field group="contactFace" name="doljnost" label={t('newClient.fields.doljnost')} />
        <Field
          group="contactFace"
          name="birthDay"
          label={t('newClient.fields.birthDay')}
          type="date"
          error={birthError}
        />
        <Field
          group="contactFace"
          name="passport"
          label={t('newClient.fields.passport')}
          autoComplete="off"
        />
        <Field
          group="contactFace"
          name="email"
          label={t('newClient.fields.email')}
          type="email"
          autoComplete="email"
        />
        <Field
          group="contactFace"
          name="phone"
          label={t('newClient.fields.contactPhone')}
          type="tel"
          autoComplete="tel"
        />
      </fieldset>
      <fieldset>
        <legend>{t('newClient.connectType.label')}</legend>
        {([1, 2, 3] as const).map((type) => (
          <label key={type} className="nc-radio">
            <input
              type="radio"
              name="connectType"
              checked={form.connectType === type}
              onChange={() => send({ type: 'connect.change', connectType: type as ConnectTypeValue })}
            />
            {t(`newClient.connectType.${type === 1 ? 'self' : type === 2 ? 'agent' : 'employee'}`)}
          </label>
        ))}
        {form.connectType === 2 ? (
          <div className="field">
            <label htmlFor="nc-agent">{t('newClient.agentName')}</label>
            <select
              id="nc-agent"
              value={form.agentName}
              onChange={(e) =>
                send({ type: 'field.change', group: 'root', name: 'agentName', value: e.target.value })
              }
            >
              <option value="">—</option>
              {agents.map((a) => (
                <option key={a.id} value={a.name}>
                  {a.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {form.connectType === 3 ? (
          <Field group="root" name="b2bOperName" label={t('newClient.b2bOperName')} />
        ) : null}
      </fieldset>
      <LoginField />
      <label className="nc-check">
        <input
          type="checkbox"
          name="licence"
          checked={form.licence}
          onChange={(e) => send({ type: 'licence.toggle', accepted: e.target.checked })}
        />
        {t('newClient.licence')}
      </label>
      <FormError message={error && !birthError ? formatErrorMessage(t, error) : null} />
      <div className="nc-actions">
        <button
          type="submit"
          className="btn"
          data-testid="new-client-next"
          aria-busy={nextPending}
          aria-disabled={nextPending}
        >
          {nextPending ? t('newClient.checkingLogin') : t('newClient.next')}
        </button>
      </div>
    </form>
  );
}

function CityAndKey() {
  const { t } = useTranslation();
  const actor = useActorRef();
  const { form, cities, step, keyError, keys, proved } = useWorkflow(actor, connectCityAndKey);
  const chosen = keys.find((k) => k.serialNumber === form.user.key);
  // the module lists the keys or the chosen key is proved for this city: neither is asked again meanwhile
  const keyBusy = step === 'listingKeys' || step === 'proving';
  return (
    <>
      <div className="field">
        <label htmlFor="nc-city">{t('newClient.fields.city')}</label>
        <select
          id="nc-city"
          name="user.city"
          value={form.user.city}
          disabled={keyBusy}
          onChange={(e) => actor.send({ type: 'city.choose', code: e.target.value })}
        >
          <option value="">{t('newClient.chooseCity')}</option>
          {cities.map((c) => (
            <option key={c.code} value={c.code}>
              {cityName(t, c.code, c.name)}
            </option>
          ))}
        </select>
      </div>
      <div className="field nc-key" data-testid="new-client-key" data-step={step ?? ''}>
        <label htmlFor="nc-key">{t('newClient.fields.key')}</label>
        <div className="nc-key-row">
          <input
            id="nc-key"
            readOnly
            data-testid="new-client-key-value"
            value={
              form.user.key
                ? `${form.user.key}${chosen?.owner ? ` — ${t('newClient.keyOf', { owner: chosen.owner, tin: form.user.tin })}` : ''}`
                : t('newClient.noKey')
            }
          />
          <SendButton
            actor={actor}
            event="keys.open"
            className="btn btn--secondary"
            testId="new-client-choose-key"
            disabled={keyBusy}
          >
            {t('newClient.chooseKey')}
          </SendButton>
        </div>
        {step === 'listingKeys' ? (
          <p role="status" data-testid="new-client-listing-keys">
            {t('newClient.listingKeys')}
          </p>
        ) : null}
        {step === 'proving' ? (
          <p role="status" data-testid="new-client-proving">
            {t('newClient.proving')}
          </p>
        ) : null}
        {keyError ? (
          <p className="field__error" role="alert" data-testid="new-client-key-error">
            {formatErrorMessage(t, keyError)}
          </p>
        ) : null}
        {proved && step === 'editing' && proved.company ? (
          <p className="form__ok" data-testid="new-client-proved">
            {t('newClient.proved')}
          </p>
        ) : null}
        {step === 'known' && proved ? (
          <p className="form__error" role="alert" data-testid="new-client-known">
            {proved.bans.length
              ? t('newClient.knownBans', { bans: proved.bans.join(', ') })
              : t('newClient.knownStatus', {
                  status: statusText(t, proved.status ?? ''),
                  city: cityName(t, proved.city ?? '', cities.find((c) => c.code === proved.city)?.name),
                })}
          </p>
        ) : null}
      </div>
      {step === 'choosingKey' ? (
        <Modal
          title={t('newClient.keysTitle')}
          closeLabel={t('newClient.close')}
          onClose={() => actor.send({ type: 'keys.close' })}
          testId="new-client-keys"
        >
          {keys.length === 0 ? <p>{t('newClient.noKeys')}</p> : null}
          <ul className="nc-keys">
            {keys.map((k) => (
              <li key={`${k.path}/${k.name}`}>
                <SendButton
                  actor={actor}
                  event={{ type: 'key.choose', serial: k.serialNumber ?? '' }}
                  className="btn btn--secondary"
                  testId={`key-${(k.serialNumber ?? '').toLowerCase()}`}
                >
                  {k.owner ?? k.name} · {k.tin ?? '—'} · {k.serialNumber} · {k.validTo}
                </SendButton>
              </li>
            ))}
          </ul>
        </Modal>
      ) : null}
    </>
  );
}

function LoginField() {
  const { t } = useTranslation();
  const actor = useActorRef();
  const { form, status, loginError } = useWorkflow(actor, connectLoginField);
  return (
    <div className="nc-login" data-testid="new-client-login" data-status={status}>
      <TextField
        name="login"
        label={t('newClient.fields.login')}
        value={form.login}
        autoComplete="username"
        error={status === 'error' ? loginError : null}
        onChange={(e: ChangeEvent<HTMLInputElement>) =>
          actor.send({ type: 'login.change', login: e.target.value })
        }
      />
      <p
        className="nc-hint"
        aria-live="polite"
        data-testid={status === 'checking' ? 'new-client-login-checking' : 'new-client-login-hint'}
      >
        {status === 'checking'
          ? t('newClient.checkingLogin')
          : status === 'free'
            ? t('newClient.loginFree')
            : t('newClient.loginHint')}
      </p>
    </div>
  );
}
