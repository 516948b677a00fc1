import { useEffect, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Route, Router, Switch } from 'wouter';
import { appConfig } from '@/config';
import type { Lang } from '@/domain/constants';
import { i18n } from '@/i18n/i18n';
import { LoadingOverlay } from '@/views/common/loading-overlay.view';
import { ActorSystemProvider } from '@/views/common/workflow-actor';
import { type PublicRootLogic, WorkflowLogicProvider } from '@/views/common/workflow-logic.context';
import { Header } from '@/views/layout/header.view';
import { PageTitle } from '@/views/layout/page-title.view';
import { createAppApi } from './api';
import type { AppRoute } from './app-route';
import { reportContractBreak } from './error-watch';
import { LangSegment, RoutePage, RoutesFooter } from './page-frame';
import { createPublicLogicLoaders } from './public-logic';
import { PUBLIC_ROUTES } from './public-routes';

/** A wouter location hook (the browser's by default; tests pass a memory location's). */
type LocationHook = NonNullable<Parameters<typeof Router>[0]['hook']>;

/**
 * An address this root does not serve (the login page, a signed-in page, the logo's `/{lang}`): the app's root serves
 * it, and its scripts are not part of this page, so the page loads anew at that address, which the link has already
 * set. Back returns here as usual.
 */
function reloadAtAddress(): void {
  window.location.reload();
}

function Leave({ leave }: { leave: () => void }) {
  useEffect(() => leave(), [leave]);
  return <LoadingOverlay />;
}

function PublicScope({
  lang,
  routes,
  leave,
}: {
  lang: Lang;
  routes: readonly AppRoute[];
  leave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="shell" data-testid="public-shell">
      <PageTitle />
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Header lang={lang} signedIn={null} />
      <div className="shell__body shell__body--public">
        <main id="main" className="main" tabIndex={-1}>
          <Switch>
            {routes.map((route) => (
              <Route key={route.path} path={route.path}>
                <RoutePage route={route} lang={lang} />
              </Route>
            ))}
            <Route>
              <Leave leave={leave} />
            </Route>
          </Switch>
        </main>
      </div>
      <RoutesFooter routes={routes} />
    </div>
  );
}

/**
 * The root of a visit that starts on a public onboarding page (/new-client, /new-numbers: docs/decisions.md NC15).
 * Such a visitor has no session to check and signs nothing in: the page needs neither the session and sign-in charts
 * nor the signed-in layout, so this root mounts only what the public pages use — i18n, the public pages' logic
 * loaders, the actor system's root, the signed-out header and the footer — and the page's script stays within the
 * login page's budget (tests/e2e/budget.e2e.ts). Its address moving to any other page loads the page anew, into the
 * app's root (`leave`; tests pass their own). `hook` and `routes` are for tests, like `AppRoot`'s, `ssrPath` for the
 * build's prerender.
 */
export function PublicRoot({
  logic,
  hook,
  routes = PUBLIC_ROUTES,
  leave = reloadAtAddress,
  ssrPath,
}: {
  logic: PublicRootLogic;
  hook?: LocationHook | undefined;
  /** the address rendered outside a browser (the build's prerender, src/app/prerender.tsx) */
  ssrPath?: string | undefined;
  routes?: readonly AppRoute[];
  leave?: () => void;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <WorkflowLogicProvider value={logic}>
        <ActorSystemProvider actor={logic.actor}>
          <Router {...(hook ? { hook } : {})} {...(ssrPath ? { ssrPath } : {})}>
            <Switch>
              <Route path="/:lang" nest>
                <LangSegment
                  scope={(lang) => <PublicScope lang={lang} routes={routes} leave={leave} />}
                  unknown={<Leave leave={leave} />}
                />
              </Route>
              <Route>
                <Leave leave={leave} />
              </Route>
            </Switch>
          </Router>
        </ActorSystemProvider>
      </WorkflowLogicProvider>
    </I18nextProvider>
  );
}

/** The production public root: the public pages' loaders on the browser's API client, built once when it mounts. */
export function PublicApp() {
  const [logic] = useState<PublicRootLogic>(() => ({
    loadPublicLogic: createPublicLogicLoaders(
      createAppApi({ baseURL: appConfig.apiBase, onContractBreak: reportContractBreak }).load,
    ),
  }));
  return <PublicRoot logic={logic} />;
}
