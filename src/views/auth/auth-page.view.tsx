import { useSelector } from '@xstate/react';
import { Suspense, use, useContext, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { createActor } from 'xstate';
import { ssoHref } from '@/domain/public-pages.rules';
import {
  type AuthPage as AuthPageType,
  isAuthPage,
  type SsoNotice,
  ssoNoticeOf,
} from '@/domain/routes.rules';
import { currentLang, withMoreMessages } from '@/i18n/i18n';
import { authFlowMachine } from '@/machines/auth-flow.machine';
import { selectAuthPage, selectAuthStatePath } from '@/machines/auth-flow.selectors';
import {
  selectAuthFlow,
  selectIsAuthenticated,
  selectIsCheckingSession,
  selectIsExpired,
  selectIsSettled,
  selectLandingPath,
} from '@/machines/session.selectors';
import { FormError, TextField } from '@/views/common/form-field.view';
import { SessionContext } from '@/views/session/session.context';
import { CheckingSession, type FlowRef, Submit, useAuthForm } from './auth-form.parts';
import './auth.css';

type MoreForms = typeof import('./auth-more-forms.view');
let moreFormsLoad: (Promise<MoreForms> & { status?: 'fulfilled'; value?: MoreForms }) | undefined;

/**
 * The other Auth pages' forms (register, check, forgot, restore): one chunk, fetched with their texts (the `more`
 * messages part; their headings are the login page's, for the page title) when such a page is shown, not with the
 * login page (docs/decisions.md LB14, LB15). Once loaded they render at once; the build's prerender loads them before
 * it renders, so its render never waits.
 */
export function loadMoreForms(): Promise<MoreForms> {
  moreFormsLoad ??= withMoreMessages(import('./auth-more-forms.view')).then((m) => {
    // marked as React marks a promise it has read: a form asked for once the chunk is in renders without suspending
    Object.assign(moreFormsLoad as object, { status: 'fulfilled', value: m });
    return m;
  });
  return moreFormsLoad;
}

/** One of the other Auth pages' forms, suspending (inside AuthForms' Suspense) until their chunk is in. */
function MoreForm({ page, flow }: { page: Exclude<AuthPageType, 'login'>; flow: FlowRef }) {
  const Form = use(loadMoreForms()).FORMS[page];
  return <Form flow={flow} />;
}

/**
 * While the session check runs there is no Auth flow yet (the session machine starts it once the server says nobody
 * is signed in). The forms are painted at once anyway, read from this never-started stand-in, with submitting held
 * back ('busy'); the real flow takes over when it exists, keeping what was typed (same elements).
 */
let standIn: FlowRef | undefined;
/** Made on the first ask, not when this module is evaluated: making an actor works out its chart's first state, which
 *  was a sixth of the login page's first script's evaluation (docs/decisions.md LB18). */
const standInFlow = (): FlowRef => {
  standIn ??= createActor(authFlowMachine);
  return standIn;
};

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
  const shownFlow = flow ?? (checking ? standInFlow() : undefined);
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
  const { t } = useTranslation();
  const sso = ssoHref(ssoUrl, currentLang());
  const [, navigate] = useLocation();
  const machinePage = useSelector(flow, selectAuthPage);
  const statePath = useSelector(flow, selectAuthStatePath);

  // the router says which page is shown; until a flow has heard it (the real flow replacing the stand-in starts on
  // login), the router's page is shown, so the form being typed into is not swapped out and back empty
  // (a layout effect: before the forms' own effects, so a held submit meets the flow on its page, LB16)
  const told = useRef<FlowRef>(undefined);
  useLayoutEffect(() => {
    told.current = flow;
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
  const shown = checking || told.current !== flow ? page : (machinePage ?? page);
  return (
    <section className="page auth-page" data-testid="auth-page" data-auth={shown} data-state={statePath}>
      {expired ? (
        <p className="auth-page__expired" role="status" data-testid="session-expired">
          {t('auth.sessionExpired')}
        </p>
      ) : null}
      {shown === 'login' ? <LoginForm flow={flow} ssoUrl={sso} ssoNotice={ssoNotice} /> : null}
      {shown === 'login' ? null : (
        <Suspense fallback={null}>
          <MoreForm page={shown} flow={flow} />
        </Suspense>
      )}
      <p className="auth-page__sso">
        <a href={sso} data-testid="auth-sso">
          {t('auth.sso')}
        </a>
      </p>
    </section>
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
      // a native submit (before the scripts run) sends nothing outside a dialog: src/views/common/early-submit.ts
      method="dialog"
      noValidate
      aria-labelledby="auth-login-title"
      data-testid="auth-login"
      onSubmit={(e) =>
        f.submit(e, (v) => ({ type: 'login.submit', login: v.login ?? '', password: v.password ?? '' }))
      }
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
