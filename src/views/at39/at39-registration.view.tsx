import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import type { EventFrom } from 'xstate';
import {
  AT39_STEPS,
  type At39AddressField,
  MAX_SCAN_BYTES,
  RESERVATION_MINUTES,
  uploadTargetKind,
} from '@/domain/at39.rules';
import { documentDate } from '@/domain/debt.rules';
import { formatSum } from '@/domain/money.rules';
import { formatPhone, phoneWord } from '@/domain/phone.rules';
import { ALL_UPLOAD_KINDS } from '@/domain/upload.rules';
import { formatErrorMessage } from '@/i18n/messages';
import { usePageLang } from '@/i18n/page-lang';
import type { At39Person, at39RegistrationMachine } from '@/machines/at39-registration.machine';
import {
  type At39Screen,
  connectAccount,
  connectDocuments,
  connectEditPerson,
  connectKit,
  connectKitSummary,
  connectPassport,
  connectRegistration,
  connectReview,
  connectStepError,
  connectWorkplace,
} from '@/machines/at39-registration.selectors';
import { ErrorRetry } from '@/views/common/error-retry.view';
import { PageFrame } from '@/views/common/page-frame.view';
import { useWorkflow } from '@/views/common/use-workflow';
import { useWorkflowLogic } from '@/views/common/workflow-logic.context';
import { UploadWidget } from '@/views/upload/upload.view';
import { At39RegistrationContext as Ctx } from './at39.context';
import { formCodeKey, regionKey, registrationIdOf } from './at39.url';
import './at39.css';
import { SendButton } from '@/views/common/send-button.view';

/**
 * `/{lang}/at39-registration/new`: a new AT 39 registration, or `?id=` to resume one (from the list, or after a
 * reload: the chart's registration id is written into the URL as soon as it exists).
 */
export function At39RegistrationPage() {
  const { at39Registration } = useWorkflowLogic();
  const urlId = registrationIdOf(useSearch());
  // a new actor when the URL names another registration (or a new one) than the running actor has
  const [key, setKey] = useState(() => urlId ?? 'new');
  return (
    <Ctx.Provider key={key} logic={at39Registration}>
      <At39RegistrationView urlId={urlId} onOther={() => setKey(`${urlId ?? 'new'}:${Date.now()}`)} />
    </Ctx.Provider>
  );
}

/** The text of an error code on this page: the chart's own form codes, the reservation that ran out (PRI2), the
 *  number-taken reading of E013 (AT5), then the catalogue. */
function useErrorText() {
  const { t } = useTranslation();
  return (code: string | null, where?: 'reserve' | 'code'): string => {
    if (code === null) return '';
    const own = formCodeKey(code);
    if (own) return t(own);
    if (code === 'reservation.expired') return t('at39.reservationExpired', { minutes: RESERVATION_MINUTES });
    if (where === 'reserve' && code === 'E013') return t('at39.numberTaken');
    // the passport service's one-time code: its only E013 is a code it never issued to this staff member (AT10)
    if (where === 'code' && code === 'E013') return t('at39.wrongAuthCode');
    return formatErrorMessage(t, code);
  };
}

function ErrorLine({ code, where, id }: { code: string | null; where?: 'reserve' | 'code'; id?: string }) {
  const text = useErrorText()(code, where);
  if (!code) return null;
  return (
    <p id={id} className="alert-error at39__error" role="alert" data-testid="at39-error" data-code={code}>
      {text}
    </p>
  );
}

/** The chart's events that carry nothing but their name (a retry, a way back): a button sends them as they are. */
type SimpleEvent = NameOnly<EventFrom<typeof at39RegistrationMachine>>;
type NameOnly<E> = E extends { type: infer T } ? (Exclude<keyof E, 'type'> extends never ? T : never) : never;

/**
 * A step whose call failed: the error (this page's reading of its code) with Retry, unless retrying cannot help (E009:
 * the chart's connect says so in `retry`), and the step's other ways on (`children`). The shared ErrorRetry of
 * src/views/common (AR5, AR15).
 */
function StepFailed({
  testId,
  code,
  retry,
  retryEvent,
  children,
}: {
  testId: string;
  code: string | null;
  retry: boolean;
  /** what Retry sends to the chart */
  retryEvent: SimpleEvent;
  children?: ReactNode;
}) {
  const actor = Ctx.useActorRef();
  const text = useErrorText()(code);
  return (
    <div className="at39__failed" data-testid={testId}>
      {code ? (
        <ErrorRetry
          code={code}
          message={text}
          testId="at39-error"
          onRetry={retry ? () => actor.send({ type: retryEvent }) : undefined}
        />
      ) : null}
      {children ? <div className="at39__buttons">{children}</div> : null}
    </div>
  );
}

/** A step waiting for its call: the polite busy line the step's tests wait on. */
function Busy({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p aria-busy="true" data-testid={testId}>
      {children}
    </p>
  );
}

/**
 * A step's `SendButton` that sends one event with no data: the main one (`busy` also says so to assistive tech) or a
 * `secondary` way on; disabled while the step's call runs when `busy` is given.
 */
function StepButton({
  event,
  busy,
  secondary,
  testId,
  children,
}: {
  event: SimpleEvent;
  busy?: boolean;
  secondary?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const actor = Ctx.useActorRef();
  return (
    <SendButton
      actor={actor}
      event={{ type: event }}
      className={secondary ? 'btn btn--secondary' : 'btn'}
      testId={testId}
      disabled={busy}
      busy={secondary ? undefined : busy}
    >
      {children}
    </SendButton>
  );
}

const STEP_OF: Partial<Record<At39Screen, number>> = {
  passport: 0,
  kit: 1,
  account: 2,
  documents: 3,
  submit: 4,
  done: 4,
  readOnly: 4,
  createFailed: 0,
};

function At39RegistrationView({ urlId, onOther }: { urlId: string | null; onOther: () => void }) {
  const { t } = useTranslation();
  const actor = Ctx.useActorRef();
  const { state, screen, regId } = useWorkflow(actor, connectRegistration);
  const [location, navigate] = useLocation();

  // a fact from the router, once per actor: a new registration, or the one of `?id=`
  const [entered] = useState(urlId);
  useEffect(() => {
    actor.send({ type: 'route.entered', registrationId: entered });
  }, [actor, entered]);
  // the registration's id into the URL as soon as it exists, so a reload resumes it at its step; a URL naming
  // another registration (or a new one, from the link) gets a new actor
  const wrote = useRef(false);
  useEffect(() => {
    if (regId !== null && urlId === null && entered === null && !wrote.current) {
      wrote.current = true;
      navigate(`${location}?id=${regId}`, { replace: true });
      return;
    }
    const mine = urlId === regId || (urlId !== null && urlId === entered && regId === null);
    if (!mine) onOther();
  }, [regId, urlId, entered, location, navigate, onOther]);

  const step = STEP_OF[screen];
  return (
    <PageFrame
      block="at39"
      titleId="at39-new-title"
      title={regId ? t('at39.registrationN', { id: regId }) : t('at39.new')}
      subtitle={t('at39.newSubtitle')}
      testId="at39-new-page"
      state={state}
      actions={
        <Link href="/at39-registration" className="btn btn--secondary" data-testid="at39-to-list">
          {t('at39.list')}
        </Link>
      }
    >
      {step !== undefined ? (
        <ol className="at39__steps" aria-label={t('at39.stepsLabel')}>
          {AT39_STEPS.map((s, i) => (
            <li
              key={s}
              className={i < step ? 'is-done' : i === step ? 'is-current' : ''}
              aria-current={i === step ? 'step' : undefined}
            >
              <span className="at39__step-n">{i + 1}</span> {t(`at39.steps.${s}`)}
            </li>
          ))}
        </ol>
      ) : null}
      <div className="at39__card">
        {screen === 'opening' ? (
          <Busy testId={state === 'resuming' ? 'at39-resuming' : 'at39-opening'}>{t('app.loading')}</Busy>
        ) : null}
        {screen === 'resumeFailed' ? <ResumeFailed /> : null}
        {screen === 'workplace' ? <WorkplaceStep /> : null}
        {screen === 'passport' ? <PassportStep /> : null}
        {screen === 'createFailed' ? <CreateFailed /> : null}
        {screen === 'kit' ? <KitStep /> : null}
        {screen === 'account' ? <AccountStep /> : null}
        {screen === 'documents' ? <DocumentsStep /> : null}
        {screen === 'submit' || screen === 'done' || screen === 'readOnly' ? <ReviewStep /> : null}
      </div>
    </PageFrame>
  );
}

function ResumeFailed() {
  const { t } = useTranslation();
  const actor = Ctx.useActorRef();
  const { error, retry } = useWorkflow(actor, connectStepError);
  return (
    <StepFailed testId="at39-resume-error" code={error} retry={retry} retryEvent="resume.retry">
      <Link href="/at39-registration" className="btn btn--secondary">
        {t('at39.list')}
      </Link>
    </StepFailed>
  );
}

/** A one-field form: label, input, submit; the typed value stays after an error. */
function OneField(props: {
  id: string;
  label: string;
  hint?: string;
  name: string;
  button: string;
  busy: boolean;
  testId: string;
  defaultValue?: string;
  inputMode?: 'numeric' | 'text';
  autoFocus?: boolean;
  /** an error of this field (said under it, the input marked invalid and described by it) */
  error?: { code: string | null; where?: 'code' };
  onSubmit: (value: string) => void;
}) {
  const invalid = props.error?.code != null;
  const described = [props.hint ? `${props.id}-hint` : null, invalid ? `${props.id}-error` : null]
    .filter(Boolean)
    .join(' ');
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const v = new FormData(e.currentTarget).get(props.name);
    props.onSubmit(typeof v === 'string' ? v : '');
  };
  return (
    <form className="at39__form" onSubmit={submit} data-testid={props.testId} aria-busy={props.busy}>
      <div className="at39__field at39__field--wide">
        <label htmlFor={props.id}>{props.label}</label>
        <input
          id={props.id}
          name={props.name}
          autoComplete="off"
          inputMode={props.inputMode}
          defaultValue={props.defaultValue}
          aria-describedby={described || undefined}
          aria-invalid={invalid || undefined}
          // biome-ignore lint/a11y/noAutofocus: the step's only field, focused when the step opens
          autoFocus={props.autoFocus}
        />
        {props.hint ? (
          <small id={`${props.id}-hint`} className="at39__hint">
            {props.hint}
          </small>
        ) : null}
        {props.error ? (
          <ErrorLine id={`${props.id}-error`} code={props.error.code} where={props.error.where} />
        ) : null}
      </div>
      <button type="submit" className="btn" disabled={props.busy} aria-busy={props.busy}>
        {props.button}
      </button>
    </form>
  );
}

function WorkplaceStep() {
  const { t } = useTranslation();
  const actor = Ctx.useActorRef();
  const { busy, error, token } = useWorkflow(actor, connectWorkplace);
  return (
    <div data-testid="at39-token">
      <h2>{t('at39.workplaceTitle')}</h2>
      <OneField
        id="at39-token-input"
        name="token"
        label={t('at39.tokenLabel')}
        hint={t('at39.tokenHint')}
        button={t('app.next')}
        busy={busy}
        testId="at39-token-form"
        defaultValue={token}
        autoFocus
        onSubmit={(v) => actor.send({ type: 'token.submit', token: v })}
      />
      <ErrorLine code={error} />
    </div>
  );
}

function PersonData({ person }: { person: At39Person }) {
  const { t } = useTranslation();
  const region = regionKey(person.address.regionId);
  const rows: [string, string][] = [
    [t('at39.fio.surname'), person.fio.surname],
    [t('at39.fio.name'), person.fio.name],
    [t('at39.fio.patronymic'), person.fio.patronymic],
    [t('at39.passport.pinfl'), person.passport.pinfl],
    [
      t('at39.passport.gender'),
      person.passport.gender === 'F' ? t('at39.passport.female') : t('at39.passport.male'),
    ],
    [t('at39.passport.birthDate'), documentDate(person.passport.birthDate)],
    [t('at39.passport.number'), person.passport.passport],
    [t('at39.passport.issuedBy'), person.passport.issuedBy],
    [
      t('at39.passport.issuedDate'),
      person.passport.issuedDate ? documentDate(person.passport.issuedDate) : '',
    ],
    [t('at39.address.region'), region ? t(region) : ''],
    [t('at39.address.city'), person.address.city],
    [t('at39.address.district'), person.address.district],
    [t('at39.address.street'), person.address.street],
    [t('at39.address.house'), person.address.houseNumber],
    [t('at39.address.apartment'), person.address.apartmentNumber],
    [t('at39.address.postIndex'), person.address.postIndex],
  ];
  return (
    <dl className="at39__dl" data-testid="at39-person-data">
      {rows
        .filter(([, v]) => v !== '')
        .map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
    </dl>
  );
}

function PassportStep() {
  const { t } = useTranslation();
  const actor = Ctx.useActorRef();
  const { phase, ctx, busy, retry } = useWorkflow(actor, connectPassport);
  const restart = <StepButton event="passport.restart">{t('at39.passportRestart')}</StepButton>;
  if (phase === 'starting') return <Busy testId="at39-passport-busy">{t('at39.passportStarting')}</Busy>;
  if (phase === 'sessionFailed')
    return (
      <StepFailed testId="at39-passport-error" code={ctx.error} retry={retry} retryEvent="passport.retry" />
    );
  if (phase === 'notFound' || phase === 'refused' || phase === 'expired' || phase === 'reused')
    return (
      <div data-testid={`at39-passport-${phase}`}>
        <h2>{t('at39.passportTitle')}</h2>
        <p className="alert-error at39__error" role="alert">
          {t(`at39.outcome.${phase}`)}
        </p>
        <div className="at39__buttons">{restart}</div>
      </div>
    );
  if ((phase === 'review' || phase === 'creating') && ctx.person)
    return (
      <div data-testid="at39-person">
        <h2>{t('at39.personTitle')}</h2>
        <p>{t('at39.personCheck')}</p>
        <p className="at39__hint" data-testid="at39-person-readonly">
          {t('at39.personReadOnly')}
        </p>
        <PersonData person={ctx.person} />
        <div className="at39__buttons">
          <StepButton event="person.confirm" busy={busy} testId="at39-person-confirm">
            {t('at39.personConfirm')}
          </StepButton>
          {busy ? null : restart}
        </div>
      </div>
    );
  return (
    <div data-testid="at39-auth-code">
      <h2>{t('at39.passportTitle')}</h2>
      <ol className="at39__howto">
        <li>
          {t('at39.confirmStep1')}{' '}
          {ctx.epdp?.confirmUrl ? (
            <a
              href={ctx.epdp.confirmUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="at39-confirm-link"
            >
              {t('at39.confirmLink')}
            </a>
          ) : null}
        </li>
        <li>{t('at39.confirmStep2')}</li>
      </ol>
      <OneField
        id="at39-code"
        name="code"
        label={t('at39.authCode')}
        hint={t('at39.authCodeHint')}
        button={t('at39.passport.fetch')}
        busy={busy}
        testId="at39-code-form"
        error={{ code: ctx.error, where: 'code' }}
        onSubmit={(v) => actor.send({ type: 'code.submit', code: v })}
      />
    </div>
  );
}

function CreateFailed() {
  const { t } = useTranslation();
  const actor = Ctx.useActorRef();
  const { error, retry } = useWorkflow(actor, connectStepError);
  return (
    <StepFailed testId="at39-create-error" code={error} retry={retry} retryEvent="create.retry">
      <StepButton secondary event="workplace.change">
        {t('at39.changeToken')}
      </StepButton>
    </StepFailed>
  );
}

function KitStep() {
  const { t } = useTranslation();
  const actor = Ctx.useActorRef();
  const { busy, error } = useWorkflow(actor, connectKit);
  return (
    <div data-testid="at39-kit">
      <h2>{t('at39.kitTitle')}</h2>
      <OneField
        id="at39-marked-code"
        name="markedCode"
        label={t('at39.markedCode')}
        hint={t('at39.markedCodeHint')}
        button={t('at39.kitCheck')}
        busy={busy}
        inputMode="numeric"
        testId="at39-kit-form"
        autoFocus
        onSubmit={(v) => actor.send({ type: 'kit.submit', markedCode: v })}
      />
      <ErrorLine code={error} />
    </div>
  );
}

function KitSummary() {
  const { t } = useTranslation();
  const actor = Ctx.useActorRef();
  const { card } = useWorkflow(actor, connectKitSummary);
  if (!card) return null;
  return (
    <p className="at39__summary-line" data-testid="at39-kit-summary">
      {t('at39.kitSummary', { code: card.markedCode, iccid: card.iccid, number: phoneWord(card.sn) })}
    </p>
  );
}

function AccountStep() {
  const { t } = useTranslation();
  const lang = usePageLang();
  const actor = Ctx.useActorRef();
  const { phase, ctx, busy, retry } = useWorkflow(actor, connectAccount);
  const [plan, setPlan] = useState<number | null>(ctx.pricePlanId);
  if (phase === 'banEntering' || phase === 'banChecking')
    return (
      <div data-testid="at39-ban">
        <h2>{t('at39.accountTitle')}</h2>
        <KitSummary />
        <OneField
          id="at39-ban-input"
          name="ban"
          label={t('at39.ban')}
          hint={t('at39.banHint')}
          button={t('at39.banCheck')}
          busy={busy}
          inputMode="numeric"
          testId="at39-ban-form"
          defaultValue={ctx.ban ?? ''}
          autoFocus
          onSubmit={(v) => actor.send({ type: 'ban.submit', ban: v })}
        />
        <ErrorLine code={ctx.error} />
      </div>
    );
  if (phase === 'loadingPlans') return <Busy testId="at39-plans-busy">{t('app.loading')}</Busy>;
  if (phase === 'plansFailed')
    return (
      <StepFailed testId="at39-plans-error" code={ctx.error} retry={retry} retryEvent="plans.retry">
        <StepButton secondary event="ban.change">
          {t('at39.banChange')}
        </StepButton>
      </StepFailed>
    );
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const v = new FormData(e.currentTarget).get('phone');
    actor.send({ type: 'number.reserve', phoneNumber: typeof v === 'string' ? v : '', pricePlanId: plan });
  };
  const chosen = ctx.tariffs.find((p) => p.id === plan);
  return (
    <form className="at39__reserve" onSubmit={submit} data-testid="at39-reserve" aria-busy={busy}>
      <h2>{t('at39.accountTitle')}</h2>
      <KitSummary />
      <p className="at39__summary-line">
        {t('at39.ban')}: <strong>{ctx.ban}</strong>{' '}
        <SendButton actor={actor} event="ban.change" className="btn btn--link" disabled={busy}>
          {t('at39.banChange')}
        </SendButton>
      </p>
      <fieldset className="at39__plans">
        <legend>{t('at39.tariff')}</legend>
        {ctx.tariffs.map((p) => (
          <label key={p.id} className="at39__plan">
            <input
              type="radio"
              name="plan"
              value={String(p.id)}
              checked={plan === p.id}
              onChange={() => setPlan(p.id)}
            />
            <span>{p.name}</span>
            {p.price !== null ? (
              <span className="at39__plan-price">
                {t('at39.perMonth', { sum: formatSum(p.price, { lang }) })}
              </span>
            ) : null}
          </label>
        ))}
      </fieldset>
      <div className="at39__field">
        <label htmlFor="at39-phone">{t('at39.phoneNumber')}</label>
        <input
          id="at39-phone"
          name="phone"
          inputMode="tel"
          autoComplete="off"
          defaultValue={ctx.card ? formatPhone(ctx.card.sn) : ''}
          aria-describedby="at39-phone-hint"
        />
        <small id="at39-phone-hint" className="at39__hint">
          {t('at39.phoneHint')} {t('at39.reservationHint', { minutes: RESERVATION_MINUTES })}
        </small>
      </div>
      <ErrorLine code={ctx.error} where="reserve" />
      <button
        type="submit"
        className="btn"
        disabled={busy}
        aria-busy={busy}
        data-testid="at39-reserve-button"
      >
        {chosen ? t('at39.reserveWith', { plan: chosen.name }) : t('at39.reserve')}
      </button>
    </form>
  );
}

/** The scans' limits: the upload rules' kinds (PDF, JPEG, PNG), AT 39's size. */
const SCAN_LIMITS = { kinds: ALL_UPLOAD_KINDS, maxBytes: MAX_SCAN_BYTES };

/** Each needed document with the shared upload widget (the upload chart, docs/save-doc); continue checks them all. */
function DocumentsStep() {
  const { t } = useTranslation();
  const actor = Ctx.useActorRef();
  const { at39Upload } = useWorkflowLogic();
  const { phase, ctx, busy, retry } = useWorkflow(actor, connectDocuments);
  if (phase === 'loadFailed')
    return <StepFailed testId="at39-docs-error" code={ctx.error} retry={retry} retryEvent="docs.retry" />;
  if (phase === 'loading' || ctx.registrationId === null)
    return <Busy testId="at39-docs-busy">{t('app.loading')}</Busy>;
  const regId = ctx.registrationId;
  return (
    <div data-testid="at39-docs" aria-busy={busy}>
      <h2>{t('at39.documentsTitle')}</h2>
      <p>{t('at39.documentsHint')}</p>
      <ul className="at39__docs">
        {ctx.docs.map((d) => (
          <li key={d.kind} data-testid={`at39-doc-${d.kind}`} data-uploaded={d.uploaded ? 'true' : 'false'}>
            <UploadWidget
              target={{ kind: uploadTargetKind(d.kind), id: regId }}
              label={t(`at39.docKinds.${d.kind}`)}
              limits={SCAN_LIMITS}
              logic={at39Upload}
              testId={`at39-upload-${d.kind}`}
            />
            {d.uploaded ? (
              <p className="at39__hint" data-testid={`at39-doc-on-file-${d.kind}`}>
                {t('at39.docUploaded', { name: d.fileName ?? '' })}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <ErrorLine code={ctx.error} />
      <div className="at39__buttons">
        <StepButton event="documents.continue" busy={busy} testId="at39-docs-continue">
          {t('app.next')}
        </StepButton>
      </div>
    </div>
  );
}

function ReviewStep() {
  const { t } = useTranslation();
  const lang = usePageLang();
  const actor = Ctx.useActorRef();
  const { phase, ctx, busy, canFill } = useWorkflow(actor, connectReview);
  if (phase === 'editing' || phase === 'updating') return <EditPerson />;
  const plan = ctx.tariffs.find((p) => p.id === ctx.pricePlanId);
  return (
    <div
      data-testid={phase === 'done' ? 'at39-done' : phase === 'readOnly' ? 'at39-readonly' : 'at39-submit'}
    >
      {phase === 'done' ? (
        <p className="at39__success" role="status">
          {t('at39.success')}
        </p>
      ) : null}
      <h2>{t('at39.reviewTitle')}</h2>
      {ctx.status ? (
        <p>
          {t('at39.statusLabel')}:{' '}
          <span className={`at39__badge at39__badge--${ctx.status}`} data-testid="at39-status">
            {t(`at39.status.${ctx.status}`)}
          </span>
        </p>
      ) : null}
      {ctx.person ? <PersonData person={ctx.person} /> : null}
      <dl className="at39__dl">
        {ctx.workplace?.name ? (
          <div>
            <dt>{t('at39.workplace')}</dt>
            <dd>{ctx.workplace.name}</dd>
          </div>
        ) : null}
        {ctx.card ? (
          <div>
            <dt>{t('at39.markedCode')}</dt>
            <dd>{ctx.card.markedCode}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('at39.ban')}</dt>
          <dd>{ctx.ban}</dd>
        </div>
        <div>
          <dt>{t('at39.phoneNumber')}</dt>
          <dd data-testid="at39-review-number">{phoneWord(ctx.phoneNumber)}</dd>
        </div>
        {plan ? (
          <div>
            <dt>{t('at39.tariff')}</dt>
            <dd>
              {plan.name}
              {plan.price !== null
                ? ` · ${t('at39.perMonth', { sum: formatSum(plan.price, { lang }) })}`
                : ''}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('at39.documents')}</dt>
          <dd>{ctx.docs.map((d) => `${t(`at39.docKinds.${d.kind}`)}: ${d.fileName ?? '—'}`).join('; ')}</dd>
        </div>
      </dl>
      {phase === 'ready' || phase === 'submitting' ? (
        <>
          <ErrorLine code={ctx.error} />
          <div className="at39__buttons">
            <StepButton event="registration.submit" busy={busy} testId="at39-submit-button">
              {t('at39.submit')}
            </StepButton>
            {canFill ? (
              <StepButton secondary event="person.edit" busy={busy} testId="at39-edit-person">
                {t('at39.editPerson')}
              </StepButton>
            ) : null}
            <StepButton secondary event="documents.back" busy={busy}>
              {t('at39.backToDocuments')}
            </StepButton>
          </div>
        </>
      ) : null}
      {phase === 'done' || phase === 'readOnly' ? (
        <div className="at39__buttons">
          <Link href="/at39-registration" className="btn" data-testid="at39-done-list">
            {t('at39.list')}
          </Link>
        </div>
      ) : null}
    </div>
  );
}

/** The address fields of the form, in the order of the summary. */
const ADDRESS_FORM = [
  ['city', 'at39.address.city'],
  ['district', 'at39.address.district'],
  ['street', 'at39.address.street'],
  ['houseNumber', 'at39.address.house'],
  ['apartmentNumber', 'at39.address.apartment'],
  ['postIndex', 'at39.address.postIndex'],
] as const satisfies readonly (readonly [At39AddressField, string])[];

/**
 * Fills in the address fields the passport service left empty (finding 26, PRI7): the name and the passport are shown
 * as they came, the address fields the service gave are read-only inputs; only the others may be typed in.
 */
function EditPerson() {
  const { t } = useTranslation();
  const actor = Ctx.useActorRef();
  const { ctx, busy } = useWorkflow(actor, connectEditPerson);
  const address = ctx.edit?.address ?? ctx.person?.address;
  if (!ctx.person || !address) return null;
  const person = ctx.person;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const next = { ...address };
    for (const name of ctx.editable) {
      const x = f.get(name);
      next[name] = typeof x === 'string' ? x.trim() : '';
    }
    actor.send({ type: 'person.save', edit: { address: next } });
  };
  return (
    <form className="at39__edit" onSubmit={submit} data-testid="at39-edit" aria-busy={busy}>
      <h2>{t('at39.editPerson')}</h2>
      <p className="at39__hint" data-testid="at39-edit-readonly">
        {t('at39.personReadOnly')}
      </p>
      <dl className="at39__dl">
        <div>
          <dt>{t('at39.personTitle')}</dt>
          <dd>{[person.fio.surname, person.fio.name, person.fio.patronymic].filter(Boolean).join(' ')}</dd>
        </div>
        <div>
          <dt>{t('at39.passport.number')}</dt>
          <dd>{person.passport.passport}</dd>
        </div>
      </dl>
      <div className="at39__grid">
        {ADDRESS_FORM.map(([name, label]) => {
          const editable = ctx.editable.includes(name);
          return (
            <div className="at39__field" key={name}>
              <label htmlFor={`at39-edit-${name}`}>{t(label)}</label>
              <input
                id={`at39-edit-${name}`}
                name={name}
                readOnly={!editable}
                aria-readonly={!editable}
                maxLength={
                  name === 'houseNumber' || name === 'apartmentNumber' || name === 'postIndex' ? 20 : 200
                }
                defaultValue={address[name]}
              />
            </div>
          );
        })}
      </div>
      <ErrorLine code={ctx.error} />
      <div className="at39__buttons">
        <button type="submit" className="btn" disabled={busy} aria-busy={busy}>
          {t('app.save')}
        </button>
        <StepButton secondary event="edit.cancel" busy={busy}>
          {t('app.cancel')}
        </StepButton>
      </div>
    </form>
  );
}
