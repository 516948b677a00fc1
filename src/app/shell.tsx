import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import type { Lang } from '@/domain/constants';
import { visibleNav } from '@/domain/navigation.rules';
import { PAGE_REDIRECTS } from '@/domain/page-routes.rules';
import { userConfig } from '@/domain/roles.rules';
import { isAuthPage, isPublicPath, routeAccess } from '@/domain/routes.rules';
import { withMoreMessages } from '@/i18n/i18n';
import { storedLocale } from '@/i18n/locale';
import {
  selectIsAuthenticated,
  selectIsBusy,
  selectIsCheckingSession,
  selectIsChoosingRole,
  selectIsLoggingOut,
  selectIsPasswordChangeForced,
  selectIsProfileFailed,
  selectIsRefreshing,
  selectIsSessionFailed,
  selectIsSettled,
  selectIsSignedOut,
  selectLandingPath,
  selectSelectedRole,
  selectStatePath,
  selectUser,
  selectUserFacts,
} from '@/machines/session.selectors';
import { LoadingOverlay } from '@/views/common/loading-overlay.view';
import { usePreloadPageLogic } from '@/views/common/workflow-logic.context';
import { Header } from '@/views/layout/header.view';
import { NotFound } from '@/views/layout/not-found.view';
import { NotificationsContext } from '@/views/layout/notifications.context';
import { PageTitle } from '@/views/layout/page-title.view';
import { roleTitle } from '@/views/session/role-title';
import { SessionContext } from '@/views/session/session.context';
import { SessionNavigator } from '@/views/session/session-navigator.view';
import { SessionProblem } from '@/views/session/session-problem.view';
import { ImpersonationNavigation } from './impersonation-navigation';
import { LangSegment, RoutePage, RoutesFooter, ShowLanguage } from './page-frame';
import { type AppRoute, ROUTES } from './routes';

// The header search box and the impersonation banner are shown only when signed in: loaded then, with the texts
// beyond the login page's (the `more` messages part), not with the login route's scripts (docs/benchmarks.md). The
// search box's lazy load once sent the administrator back to the search after choosing a subscriber; the cause was the
// guard deciding on the old user (docs/decisions.md LB8), not the load.
const HeaderSearch = lazy(() =>
  withMoreMessages(import('./workflow-glue')).then((m) => ({ default: m.HeaderSearch })),
);
const ImpersonationBanner = lazy(() =>
  withMoreMessages(import('@/views/impersonation/banner.view')).then((m) => ({
    default: m.ImpersonationBanner,
  })),
);
// The sidebar, the role picker and the logout dialog are a session's too: one chunk, requested as soon as there is a
// user (docs/decisions.md LB13), so the picker that follows sign-in and the first menu do not wait for it.
const loadSignedInLayout = () => withMoreMessages(import('./signed-in-layout'));
const Sidebar = lazy(() => loadSignedInLayout().then((m) => ({ default: m.Sidebar })));
const RolePicker = lazy(() => loadSignedInLayout().then((m) => ({ default: m.RolePicker })));
const LogoutConfirm = lazy(() => loadSignedInLayout().then((m) => ({ default: m.LogoutConfirm })));

const NoticeMessage = lazy(() =>
  import('@/views/layout/notifications.view').then((m) => ({ default: m.NoticeMessage })),
);

/** The polite live region is there from the start (a screen reader announces what enters it); the message in it. */
function NotificationsOutlet() {
  const notice = NotificationsContext.useSelector((s) => s.context.queue[0]);
  const actor = NotificationsContext.useActorRef();
  return (
    <div className="notifications" aria-live="polite" aria-atomic="true" data-testid="notifications">
      {notice ? (
        <Suspense fallback={null}>
          <NoticeMessage notice={notice} send={(type) => actor.send({ type })} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** A signed-out visitor asked for a protected page: remember it for after sign-in, then go to login. */
function ToLogin() {
  const session = SessionContext.useActorRef();
  const [location] = useLocation();
  const search = useSearch();
  const path = `${location}${search ? `?${search}` : ''}`;
  useEffect(() => {
    session.send({ type: 'route.denied', path });
  }, [session, path]);
  return <Redirect to={`~/${storedLocale()}/login`} replace />;
}

/** Renders one route behind the guard of spec 2. */
function GuardedRoute({ route, lang }: { route: AppRoute; lang: Lang }) {
  const [location] = useLocation();
  const facts = SessionContext.useSelector(selectUserFacts);
  const landing = SessionContext.useSelector(selectLandingPath);
  const signedOut = SessionContext.useSelector(selectIsSignedOut);
  const authenticated = SessionContext.useSelector(selectIsAuthenticated);
  const settled = SessionContext.useSelector(selectIsSettled);
  const forced = SessionContext.useSelector(selectIsPasswordChangeForced);
  const refreshing = SessionContext.useSelector(selectIsRefreshing);
  const page = <RoutePage route={route} lang={lang} />;
  if (isPublicPath(route.path)) return page;
  if (signedOut) return <ToLogin />;
  // checking the session, or the start-up steps (role, profile) are not done: the layout shows what is going on
  if (!authenticated || !settled) return null;
  // spec 2: a forced password change keeps the user on Settings until the password is changed
  if (forced && route.path !== '/settings') return <Redirect to="/settings" replace />;
  // the one route-access policy: a direct navigation to a page the user may not open lands on their landing page
  // (the landing page itself renders whatever the policy says, so a refusal never loops)
  const decision = routeAccess(location, facts);
  // a refused page waits while the user is read again: a switch of account (impersonation, back to the head BAN)
  // navigates before the refreshed user arrives, and the old user's answer would send it to the old landing page
  if (decision === 'landing' && refreshing) return null;
  if (decision === 'landing' && landing !== null && location !== `/${landing}`)
    return <Redirect to={`/${landing}`} replace />;
  return page;
}

/** `/{lang}` alone: the landing page when signed in, login otherwise. */
function LangIndex({ lang }: { lang: Lang }) {
  const landing = SessionContext.useSelector(selectLandingPath);
  const settled = SessionContext.useSelector(selectIsSettled);
  const signedOut = SessionContext.useSelector(selectIsSignedOut);
  if (landing !== null && settled) return <Redirect to={`/${landing}`} replace />;
  if (signedOut) return <Redirect to={`~/${lang}/login`} replace />;
  return null;
}

/** Everything under a valid language segment: layout, navigation and the route table. */
function LangScope({ lang, routes }: { lang: Lang; routes: readonly AppRoute[] }) {
  const { t } = useTranslation();
  const user = SessionContext.useSelector(selectUser);
  const facts = SessionContext.useSelector(selectUserFacts);
  const selectedRole = SessionContext.useSelector(selectSelectedRole);
  const statePath = SessionContext.useSelector(selectStatePath);
  const busy = SessionContext.useSelector(selectIsBusy);
  const loggingOut = SessionContext.useSelector(selectIsLoggingOut);
  const sessionFailed = SessionContext.useSelector(selectIsSessionFailed);
  const profileFailed = SessionContext.useSelector(selectIsProfileFailed);
  const problem = sessionFailed || profileFailed;
  const session = SessionContext.useActorRef();
  // the Auth pages paint their form during the session check: no overlay over it
  const [location] = useLocation();
  const checking = SessionContext.useSelector(selectIsCheckingSession);
  const signedOut = SessionContext.useSelector(selectIsSignedOut);
  const onAuthPage = isAuthPage(location.replace(/^\//, '').split('/')[0] ?? '');
  const overlay = busy && !(checking && onAuthPage);

  // U24: while a user with several roles chooses one, nothing of the first role shows behind the picker (no menu,
  // no search, no administration link, no role title), and the address leaves the Auth page it was typed on
  const choosingRole = SessionContext.useSelector(selectIsChoosingRole);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (choosingRole && onAuthPage) navigate(`~/${lang}`, { replace: true });
  }, [choosingRole, onAuthPage, lang, navigate]);
  const nav = facts && !choosingRole ? visibleNav(facts) : [];
  const config = facts && !choosingRole ? userConfig(facts) : null;
  const signedIn = user && facts;
  // once signed in, the page workflows' logic downloads beside the first page's chunk, not after it
  const preloadPageLogic = usePreloadPageLogic();
  const hasSession = Boolean(signedIn);
  const hasUser = user !== null;
  useEffect(() => {
    if (hasUser) void loadSignedInLayout();
    if (hasSession) preloadPageLogic();
  }, [hasUser, hasSession, preloadPageLogic]);
  return (
    <>
      <ImpersonationNavigation />
      <div className="shell" data-testid="session" data-state={statePath}>
        <PageTitle />
        <a className="skip-link" href="#main">
          {t('app.skipToContent')}
        </a>
        <Header
          lang={lang}
          signedIn={
            signedIn
              ? {
                  userName: user.user_name,
                  roleTitle: selectedRole && !choosingRole ? roleTitle(t, selectedRole) : null,
                  showAdministration: config?.administration === true,
                  search: config?.search ? (
                    <Suspense fallback={<div className="search-box" />}>
                      <HeaderSearch />
                    </Suspense>
                  ) : null,
                  onLogout: () => session.send({ type: 'logout.request' }),
                  logoutPending: loggingOut,
                }
              : null
          }
        />
        {signedIn && !choosingRole ? (
          <Suspense fallback={null}>
            <ImpersonationBanner />
          </Suspense>
        ) : null}
        <div
          className={
            signedIn || !(problem || signedOut || isPublicPath(location))
              ? 'shell__body'
              : 'shell__body shell__body--public'
          }
        >
          {signedIn && !choosingRole ? (
            <Suspense fallback={null}>
              <Sidebar entries={nav} />
            </Suspense>
          ) : null}
          <main id="main" className="main" tabIndex={-1}>
            {problem ? (
              <SessionProblem />
            ) : (
              <Switch>
                <Route path="/">
                  <LangIndex lang={lang} />
                </Route>
                {Object.entries(PAGE_REDIRECTS).map(([from, to]) => (
                  <Route key={from} path={from}>
                    <Redirect to={to} replace />
                  </Route>
                ))}
                {routes.map((route) => (
                  <Route key={route.path} path={route.path}>
                    <GuardedRoute route={route} lang={lang} />
                  </Route>
                ))}
                <Route>
                  <NotFound homeHref={`~/${lang}`} />
                </Route>
              </Switch>
            )}
          </main>
        </div>
        <RoutesFooter routes={routes} />
        {overlay ? <LoadingOverlay /> : null}
        {choosingRole ? (
          <Suspense fallback={null}>
            <RolePicker />
          </Suspense>
        ) : null}
        {hasUser ? (
          <Suspense fallback={null}>
            <LogoutConfirm />
          </Suspense>
        ) : null}
        <SessionNavigator lang={lang} />
        <NotificationsOutlet />
      </div>
    </>
  );
}

/** A path outside any language (or with an unknown one): the not-found page in the stored locale. */
function UnknownPath() {
  const lang = storedLocale();
  return (
    <div className="shell">
      <ShowLanguage lang={lang} />
      <main id="main" className="main">
        <NotFound homeHref={`~/${lang}`} />
      </main>
    </div>
  );
}

/**
 * The route tree of spec 2: '' → /ru (the stored locale), /{lang}/…, anything else → not found. `routes` is the
 * route table (view tests may pass one whose pages are stand-ins; layout, guard and session views stay real).
 */
export function Shell({ routes = ROUTES }: { routes?: readonly AppRoute[] }) {
  return (
    <Switch>
      <Route path="/">
        <Redirect to="/ru" replace />
      </Route>
      <Route path="/:lang" nest>
        <LangSegment scope={(lang) => <LangScope lang={lang} routes={routes} />} unknown={<UnknownPath />} />
      </Route>
      <Route>
        <UnknownPath />
      </Route>
    </Switch>
  );
}
