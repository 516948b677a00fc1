import { Suspense, useEffect } from 'react';
import { Route, Switch } from 'wouter';
import type { Lang } from '@/domain/constants';
import { rememberLocale } from '@/i18n/locale';
import { LoadingOverlay } from '@/views/common/loading-overlay.view';
import { Footer } from '@/views/layout/footer.view';
import type { AppRoute } from './app-route';
import { appConfig } from './config';
import { ChunkBoundary } from './lazy-route';

/**
 * The stored locale (used for redirects) is the language of the last page actually shown: a refused URL does not
 * change it (docs/decisions.md).
 */
function RememberLocale({ lang }: { lang: Lang }) {
  useEffect(() => rememberLocale(lang), [lang]);
  return null;
}

/**
 * One route's page as both roots show it (the app's shell and the public root): the language remembered, the view's
 * chunk awaited behind the loading overlay, a failed or late chunk as the translated message of `ChunkBoundary`.
 */
export function RoutePage({ route, lang }: { route: AppRoute; lang: Lang }) {
  const View = route.view;
  return (
    <>
      <RememberLocale lang={lang} />
      <ChunkBoundary key={route.path}>
        <Suspense fallback={<LoadingOverlay />}>
          <View />
        </Suspense>
      </ChunkBoundary>
    </>
  );
}

/** The footer, with the 'login as employee' link on the routes that show it (spec 2: Auth and new-client). */
export function RoutesFooter({ routes }: { routes: readonly AppRoute[] }) {
  return (
    <Switch>
      {routes
        .filter((r) => r.employeeLogin)
        .map((route) => (
          <Route key={route.path} path={route.path}>
            <Footer showEmployeeLogin ssoUrl={appConfig.ssoUrl} aboutUrl={appConfig.aboutUrl} />
          </Route>
        ))}
      <Route>
        <Footer showEmployeeLogin={false} ssoUrl={appConfig.ssoUrl} aboutUrl={appConfig.aboutUrl} />
      </Route>
    </Switch>
  );
}
