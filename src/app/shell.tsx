import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Switch, useParams } from 'wouter';
import { LANGS, type Lang } from '@/domain/constants';
import { LANDING_PATHS, landingRoute } from '@/domain/landing.rules';
import { visibleNav } from '@/domain/navigation.rules';
import { guardRoute } from '@/domain/routes.rules';
import { setLanguage } from '@/i18n/i18n';
import { rememberLocale, storedLocale } from '@/i18n/locale';
import {
  selectIsAuthenticated,
  selectIsBusy,
  selectIsSignedOut,
  selectUser,
} from '@/machines/session.selectors';
import { LoadingOverlay } from '@/views/common/loading-overlay.view';
import { Footer } from '@/views/layout/footer.view';
import { Header } from '@/views/layout/header.view';
import { NotFound } from '@/views/layout/not-found.view';
import { NotificationsContext } from '@/views/layout/notifications.context';
import { Notifications } from '@/views/layout/notifications.view';
import { Sidebar } from '@/views/layout/sidebar.view';
import { SessionContext } from '@/views/session/session.context';
import { appConfig } from './config';
import { type AppRoute, ROUTES } from './routes';
import { selectUserFacts } from './user-facts';

function isLang(s: string | undefined): s is Lang {
  return (LANGS as readonly string[]).includes(s ?? '');
}

function NotificationsOutlet() {
  const notice = NotificationsContext.useSelector((s) => s.context.queue[0]);
  const actor = NotificationsContext.useActorRef();
  return <Notifications notice={notice} onDismiss={() => actor.send({ type: 'notice.dismiss' })} />;
}

/**
 * The stored locale (used for redirects) is the language of the last page actually shown: a refused URL does not
 * change it (docs/decisions.md).
 */
function RememberLocale({ lang }: { lang: Lang }) {
  useEffect(() => rememberLocale(lang), [lang]);
  return null;
}

/** Renders one route behind the guard of spec 2. */
function GuardedRoute({ route, lang }: { route: AppRoute; lang: Lang }) {
  const facts = SessionContext.useSelector(selectUserFacts);
  const signedOut = SessionContext.useSelector(selectIsSignedOut);
  const authenticated = SessionContext.useSelector(selectIsAuthenticated);
  const busy = SessionContext.useSelector(selectIsBusy);
  if (!route.public && !authenticated && !signedOut) return <LoadingOverlay />;
  const decision = guardRoute(route, { authenticated, accountType: facts?.profile?.at ?? null });
  if (decision === 'login') return <Redirect to={`~/${storedLocale()}/login`} replace />;
  if (decision === 'landing' && facts)
    return <Redirect to={`/${LANDING_PATHS[landingRoute(facts)]}`} replace />;
  const View = route.view;
  return (
    <>
      <RememberLocale lang={lang} />
      {busy ? <LoadingOverlay /> : null}
      <Suspense fallback={<LoadingOverlay />}>
        <View />
      </Suspense>
    </>
  );
}

/** `/{lang}` alone: the landing page when signed in, login otherwise. */
function LangIndex({ lang }: { lang: Lang }) {
  const facts = SessionContext.useSelector(selectUserFacts);
  const signedOut = SessionContext.useSelector(selectIsSignedOut);
  if (facts) return <Redirect to={`/${LANDING_PATHS[landingRoute(facts)]}`} replace />;
  if (signedOut) return <Redirect to={`~/${lang}/login`} replace />;
  return <LoadingOverlay />;
}

/** Everything under a valid language segment: layout, navigation and the route table. */
function LangScope({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const user = SessionContext.useSelector(selectUser);
  const facts = SessionContext.useSelector(selectUserFacts);
  const session = SessionContext.useActorRef();

  useEffect(() => {
    void setLanguage(lang);
  }, [lang]);

  const nav = facts ? visibleNav(facts) : [];
  const signedIn = user && facts;
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Header
        lang={lang}
        signedIn={
          signedIn
            ? {
                userName: user.userName,
                roleTitle: user.roles[0] ? t(`roles.${user.roles[0]}` as never) : null,
                showAdministration: false,
                search: null,
                onLogout: () => session.send({ type: 'user.logout' }),
                logoutPending: false,
              }
            : null
        }
      />
      <div className={signedIn ? 'shell__body' : 'shell__body shell__body--public'}>
        {signedIn ? <Sidebar entries={nav} /> : null}
        <main id="main" className="main" tabIndex={-1}>
          <Switch>
            <Route path="/">
              <LangIndex lang={lang} />
            </Route>
            <Route path="/administration">
              <Redirect to="/administration/search" replace />
            </Route>
            {ROUTES.map((route) => (
              <Route key={route.path} path={route.path}>
                <GuardedRoute route={route} lang={lang} />
              </Route>
            ))}
            <Route>
              <NotFound homeHref={`~/${lang}`} />
            </Route>
          </Switch>
        </main>
      </div>
      <Switch>
        {ROUTES.filter((r) => r.employeeLogin).map((route) => (
          <Route key={route.path} path={route.path}>
            <Footer showEmployeeLogin ssoUrl={appConfig.ssoUrl} aboutUrl={appConfig.aboutUrl} />
          </Route>
        ))}
        <Route>
          <Footer showEmployeeLogin={false} ssoUrl={appConfig.ssoUrl} aboutUrl={appConfig.aboutUrl} />
        </Route>
      </Switch>
      <NotificationsOutlet />
    </div>
  );
}

function LangGate() {
  const { lang } = useParams<{ lang: string }>();
  if (!isLang(lang)) return <UnknownPath />;
  return <LangScope lang={lang} />;
}

/** A path outside any language (or with an unknown one): the not-found page in the stored locale. */
function UnknownPath() {
  const lang = storedLocale();
  useEffect(() => {
    setLanguage(lang);
  }, [lang]);
  return (
    <div className="shell">
      <main id="main" className="main">
        <NotFound homeHref={`~/${lang}`} />
      </main>
    </div>
  );
}

/** The route tree of spec 2: '' → /ru (the stored locale), /{lang}/…, anything else → not found. */
export function Shell() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to="/ru" replace />
      </Route>
      <Route path="/:lang" nest>
        <LangGate />
      </Route>
      <Route>
        <UnknownPath />
      </Route>
    </Switch>
  );
}
