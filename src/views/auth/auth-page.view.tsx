import { useSelector } from '@xstate/react';
import { createContext, type FormEvent, type ReactNode, useContext, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { type ActorRefFrom, createActor } from 'xstate';
import { formatCountdown } from '@/domain/countdown.rules';
import { ssoHref } from '@/domain/public-pages.rules';
import {
  type AuthPage as AuthPageType,
  isAuthPage,
  type SsoNotice,
  ssoNoticeOf,
} from '@/domain/routes.rules';
import { formatErrorMessage } from '@/i18n/messages';
import {
  type AuthError,
  type AuthField,
  type AuthFlowMachine,
  authFlowMachine,
} from '@/machines/auth-flow.machine';
import {
  selectAuthError,
  selectAuthIsBusy,
  selectAuthNotice,
  selectAuthPage,
  selectAuthPhone,
  selectAuthStatePath,
  selectIsPasswordRestored,
  selectIsRestoreLinkSent,
  selectResendWait,
} from '@/machines/auth-flow.selectors';
import {
  selectAuthFlow,
  selectIsAuthenticated,
  selectIsCheckingSession,
  selectIsExpired,
  selectIsSettled,
  selectLandingPath,
} from '@/machines/session.selectors';
import { FormError, formValues, TextField, useFocusOnError } from '@/views/common/form-field.view';
import { SessionContext } from '@/views/session/session.context';
import './auth.css';

type FlowRef = ActorRefFrom<AuthFlowMachine>;

/**
 * While the session check runs there is no Auth flow yet (the session machine starts it once the server says nobody
 * is signed in). The forms are painted at once anyway, read from this never-started stand-in, with submitting held
 * back ('busy'); the real flow takes over when it exists, keeping what was typed (same elements).
 */
const standIn: FlowRef = createActor(authFlowMachine);
const CheckingSession = createContext(false);

export interface AuthPageProps {
  /** the corporate single sign-on entry (spec 7 initialise-authorization), opened in this tab: the flow comes back
   *  with the session, or to the login page with `?sso=failed|unavailable` (decisions SSO4) */
  readonly ssoUrl: string;
}

/**
 * The Auth pages `/{lang}/login | check | register | forgot | restore` (spec 2). They render the Auth flow, which the
 * session machine runs while signed out; a signed-in visitor is sent to the landing page.
 */
export function AuthPage({ ssoUrl }: AuthPageProps) {
  const [location] = useLocation();
  const search = useSearch();
  const page = location.replace(/^\//, '').split('/')[0];
  const authenticated = SessionContext.useSelector(selectIsAuthenticated);
  const settled = SessionContext.useSelector(selectIsSettled);
  const landing = SessionContext.useSelector(selectLandingPath);
  const hasDestination = SessionContext.useSelector((s) => s.context.destination !== null);
  const expired = SessionContext.useSelector(selectIsExpired);
  const flow = SessionContext.useSelector(selectAuthFlow);
  const checking = SessionContext.useSelector(selectIsCheckingSession);

  if (authenticated) {
    // after sign-in the session navigator takes the user to their destination; a visit while signed in lands here
    if (settled && !hasDestination && landing !== null) return <Redirect to={`/${landing}`} replace />;
    return null;
  }
  // an anonymous visitor is the common case here: the form does not wait for the session check
  const shownFlow = flow ?? (checking ? standIn : undefined);
  if (!shownFlow || !isAuthPage(page)) return null;
  const r = page === 'restore' ? new URLSearchParams(search).get('r') : null;
  return (
    <CheckingSession.Provider value={!flow}>
      <AuthForms
        flow={shownFlow}
        page={page}
        r={r}
        expired={expired}
        ssoUrl={ssoUrl}
        ssoNotice={page === 'login' ? ssoNoticeOf(search) : null}
      />
    </CheckingSession.Provider>
  );
}

function AuthForms({
  flow,
  page,
  r,
  expired,
  ssoUrl,
  ssoNotice,
}: {
  flow: FlowRef;
  page: AuthPageType;
  r: string | null;
  expired: boolean;
  ssoUrl: string;
  ssoNotice: SsoNotice | null;
}) {
  const { t, i18n } = useTranslation();
  const sso = ssoHref(ssoUrl, i18n.language);
  const [, navigate] = useLocation();
  const machinePage = useSelector(flow, selectAuthPage);
  const statePath = useSelector(flow, selectAuthStatePath);

  // the router says which page is shown
  useEffect(() => {
    flow.send({ type: 'page.open', page, r });
  }, [flow, page, r]);

  // the flow moved on by itself (registration → SMS code): the address follows
  const previous = useRef(machinePage);
  useEffect(() => {
    if (previous.current !== machinePage && machinePage !== null && machinePage !== page) {
      navigate(`/${machinePage}`);
    }
    previous.current = machinePage;
  }, [machinePage, page, navigate]);

  const checking = useContext(CheckingSession);
  const shown = checking ? page : (machinePage ?? page);
  return (
    <section className="page auth-page" data-testid="auth-page" data-auth={shown} data-state={statePath}>
      {expired ? (
        <p className="auth-page__expired" role="status" data-testid="session-expired">
          {t('auth.sessionExpired')}
        </p>
      ) : null}
      {shown === 'login' ? <LoginForm flow={flow} ssoUrl={sso} ssoNotice={ssoNotice} /> : null}
      {shown === 'register' ? <RegisterForm flow={flow} /> : null}
      {shown === 'check' ? <CheckForm flow={flow} /> : null}
      {shown === 'forgot' ? <ForgotForm flow={flow} /> : null}
      {shown === 'restore' ? <RestoreForm flow={flow} /> : null}
      <p className="auth-page__sso">
        <a href={sso} data-testid="auth-sso">
          {t('auth.sso')}
        </a>
      </p>
    </section>
  );
}

/** What every form needs: busy flag, error texts per field and for the form, focus on failure. */
function useAuthForm(flow: FlowRef) {
  const { t } = useTranslation();
  const flowBusy = useSelector(flow, selectAuthIsBusy);
  const busy = useContext(CheckingSession) || flowBusy;
  const error = useSelector(flow, selectAuthError);
  const formRef = useRef<HTMLFormElement>(null);
  const errorBoxRef = useRef<HTMLDivElement>(null);
  useFocusOnError(error, formRef, errorBoxRef);
  const text = (e: AuthError) => formatErrorMessage(t, e.code);
  return {
    busy,
    error,
    formRef,
    errorBoxRef,
    fieldError: (field: AuthField) =>
      error === null
        ? null
        : error.field === field
          ? error.code
          : (error.more?.find((m) => m.field === field)?.code ?? null),
    formError: error && error.field === null ? text(error) : null,
    values: (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      return formValues(e.currentTarget);
    },
  };
}

function Submit({ busy, children }: { busy: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      className="btn"
      disabled={busy}
      aria-busy={busy || undefined}
      data-testid="auth-submit"
    >
      {busy ? t('auth.pending') : children}
    </button>
  );
}

function LoginForm({
  flow,
  ssoUrl,
  ssoNotice,
}: {
  flow: FlowRef;
  ssoUrl: string;
  ssoNotice: SsoNotice | null;
}) {
  const { t } = useTranslation();
  const f = useAuthForm(flow);
  return (
    <form
      ref={f.formRef}
      className="form"
      noValidate
      aria-labelledby="auth-login-title"
      data-testid="auth-login"
      onSubmit={(e) => {
        const v = f.values(e);
        if (f.busy) return;
        flow.send({ type: 'login.submit', login: v.login ?? '', password: v.password ?? '' });
      }}
    >
      <h1 id="auth-login-title">{t('auth.login.title')}</h1>
      {ssoNotice && f.error === null ? (
        // what the single sign-on answered, read from the address; a later form error replaces it
        <p className="auth-page__notice" role="alert" data-testid="sso-notice">
          {t(ssoNotice === 'failed' ? 'auth.ssoFailed' : 'auth.ssoUnavailable')}
        </p>
      ) : null}
      <FormError message={f.formError} boxRef={f.errorBoxRef}>
        {f.error?.code === 'E132' ? <a href={ssoUrl}>{t('auth.login.employee')}</a> : null}
      </FormError>
      <TextField
        name="login"
        label={t('auth.login.login')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={f.fieldError('login')}
      />
      <TextField
        name="password"
        type="password"
        label={t('auth.login.password')}
        autoComplete="current-password"
        required
        error={f.fieldError('password')}
      />
      <Submit busy={f.busy}>{t('auth.login.submit')}</Submit>
      <p className="auth-page__links">
        <Link href="/forgot">{t('auth.login.forgot')}</Link>
        <Link href="/register">{t('auth.login.register')}</Link>
      </p>
    </form>
  );
}

function RegisterForm({ flow }: { flow: FlowRef }) {
  const { t } = useTranslation();
  const f = useAuthForm(flow);
  return (
    <form
      ref={f.formRef}
      className="form"
      noValidate
      aria-labelledby="auth-register-title"
      data-testid="auth-register"
      onSubmit={(e) => {
        const v = f.values(e);
        if (f.busy) return;
        flow.send({ type: 'register.submit', phone: v.phone ?? '' });
      }}
    >
      <h1 id="auth-register-title">{t('auth.register.title')}</h1>
      <FormError message={f.formError} boxRef={f.errorBoxRef} />
      <TextField
        name="phone"
        type="tel"
        inputMode="tel"
        label={t('auth.register.phone')}
        autoComplete="tel"
        required
        error={f.fieldError('phone')}
      />
      <Submit busy={f.busy}>{t('auth.register.submit')}</Submit>
      <p className="auth-page__links">
        <Link href="/check">{t('auth.register.haveCode')}</Link>
        <Link href="/login">{t('auth.backToLogin')}</Link>
      </p>
    </form>
  );
}

/**
 * U23: the registering phone survives a reload of the SMS-code page: kept in this tab's sessionStorage (a phone
 * number, not a secret; gone with the tab). Storage errors (private mode, quota) only lose the convenience.
 */
const CHECK_PHONE_KEY = 'auth:check:phone';
function keptPhone(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(CHECK_PHONE_KEY) ?? null;
  } catch {
    return null;
  }
}
function keepPhone(phone: string): void {
  try {
    globalThis.sessionStorage?.setItem(CHECK_PHONE_KEY, phone);
  } catch {
    // nothing kept: the user types the phone again after a reload
  }
}

function CheckForm({ flow }: { flow: FlowRef }) {
  const { t } = useTranslation();
  const f = useAuthForm(flow);
  const flowPhone = useSelector(flow, selectAuthPhone);
  useEffect(() => {
    if (flowPhone) keepPhone(flowPhone);
  }, [flowPhone]);
  const phone = flowPhone ?? keptPhone();
  const notice = useSelector(flow, selectAuthNotice);
  const resendWait = useSelector(flow, selectResendWait);
  const phoneValue = () => String(new FormData(f.formRef.current ?? undefined).get('phone') ?? '');
  return (
    <form
      ref={f.formRef}
      className="form"
      noValidate
      aria-labelledby="auth-check-title"
      data-testid="auth-check"
      onSubmit={(e) => {
        const v = f.values(e);
        if (f.busy) return;
        flow.send({ type: 'check.submit', phone: v.phone ?? '', code: v.code ?? '' });
      }}
    >
      <h1 id="auth-check-title">{t('auth.check.title')}</h1>
      {notice === 'codeSent' ? (
        <p className="form__ok" role="status" data-testid="auth-code-sent">
          {t('auth.check.sent', { phone: phone ?? '' })}
        </p>
      ) : null}
      <FormError message={f.formError} boxRef={f.errorBoxRef} />
      <TextField
        key={phone ?? ''}
        name="phone"
        type="tel"
        inputMode="tel"
        label={t('auth.register.phone')}
        autoComplete="tel"
        defaultValue={phone ?? ''}
        required
        error={f.fieldError('phone')}
      />
      <TextField
        name="code"
        inputMode="numeric"
        label={t('auth.check.code')}
        autoComplete="one-time-code"
        required
        error={f.fieldError('code')}
      />
      <Submit busy={f.busy}>{t('auth.check.submit')}</Submit>
      <button
        type="button"
        className="btn btn--secondary"
        disabled={f.busy || resendWait > 0}
        aria-describedby={resendWait > 0 ? 'auth-resend-wait' : undefined}
        data-testid="auth-resend"
        onClick={() => flow.send({ type: 'code.resend', phone: phoneValue() })}
      >
        {t('auth.check.resend')}
      </button>
      {resendWait > 0 ? (
        <p id="auth-resend-wait" className="auth-page__hint" data-testid="auth-resend-wait">
          {t('auth.check.resendWait', { time: formatCountdown(resendWait) })}
        </p>
      ) : null}
      <p className="auth-page__links">
        <Link href="/login">{t('auth.backToLogin')}</Link>
      </p>
    </form>
  );
}

function ForgotForm({ flow }: { flow: FlowRef }) {
  const { t } = useTranslation();
  const f = useAuthForm(flow);
  const sent = useSelector(flow, selectIsRestoreLinkSent);
  return (
    <form
      ref={f.formRef}
      className="form"
      noValidate
      aria-labelledby="auth-forgot-title"
      data-testid="auth-forgot"
      onSubmit={(e) => {
        const v = f.values(e);
        if (f.busy) return;
        flow.send({ type: 'forgot.submit', login: v.login ?? '' });
      }}
    >
      <h1 id="auth-forgot-title">{t('auth.forgot.title')}</h1>
      {sent ? (
        <p className="form__ok" role="status" data-testid="auth-forgot-sent">
          {t('auth.forgot.sent')}
        </p>
      ) : null}
      <FormError message={f.formError} boxRef={f.errorBoxRef} />
      <TextField
        name="login"
        label={t('auth.forgot.login')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={f.fieldError('login')}
      />
      <Submit busy={f.busy}>{t('auth.forgot.submit')}</Submit>
      <p className="auth-page__links">
        <Link href="/login">{t('auth.backToLogin')}</Link>
      </p>
    </form>
  );
}

function RestoreForm({ flow }: { flow: FlowRef }) {
  const { t } = useTranslation();
  const f = useAuthForm(flow);
  const restored = useSelector(flow, selectIsPasswordRestored);
  if (restored) {
    return (
      <div className="form" data-testid="auth-restored">
        <h1>{t('auth.restore.title')}</h1>
        <p className="form__ok" role="status">
          {t('auth.restore.done')}
        </p>
        <Link href="/login" className="btn">
          {t('auth.backToLogin')}
        </Link>
      </div>
    );
  }
  return (
    <form
      ref={f.formRef}
      className="form"
      noValidate
      aria-labelledby="auth-restore-title"
      data-testid="auth-restore"
      onSubmit={(e) => {
        const v = f.values(e);
        if (f.busy) return;
        flow.send({ type: 'restore.submit', password: v.password ?? '', confirm: v.confirm ?? '' });
      }}
    >
      <h1 id="auth-restore-title">{t('auth.restore.title')}</h1>
      <FormError message={f.formError} boxRef={f.errorBoxRef} />
      <TextField
        name="password"
        type="password"
        label={t('auth.restore.password')}
        autoComplete="new-password"
        required
        error={f.fieldError('password')}
        hint={t('validation.passwordRule')}
      />
      <TextField
        name="confirm"
        type="password"
        label={t('auth.restore.confirm')}
        autoComplete="new-password"
        required
        error={f.fieldError('confirm')}
      />
      <Submit busy={f.busy}>{t('auth.restore.submit')}</Submit>
      <p className="auth-page__links">
        <Link href="/login">{t('auth.backToLogin')}</Link>
      </p>
    </form>
  );
}
