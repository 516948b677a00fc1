import { type ReactNode, Suspense, useEffect } from 'react';
import { Route, Switch, useParams } from 'wouter';
import { appConfig } from '@/config';
import { isLang, type Lang } from '@/domain/constants';
import { setLanguage } from '@/i18n/i18n';
import { rememberLocale } from '@/i18n/locale';
import { LoadingOverlay } from '@/views/common/loading-overlay.view';
import { Footer } from '@/views/layout/footer.view';
import type { AppRoute } from './app-route';
import { ChunkBoundary } from './lazy-route';

/**
 * The one owner of the shown language: both roots (the app's shell and the public root) read the address's
 * language segment here, and nowhere else, and show the page in it. A segment that is no language renders `unknown`
 * (whose page shows itself in a language of its own choosing through `ShowLanguage`). Views and actors only ask
 * `currentLang()` or `usePageLang()`; the start-up (src/i18n/start.ts) reads the address once more before any of this
 * renders, to load the first messages.
 */
export function LangSegment({ scope, unknown }: { scope: (lang: Lang) => ReactNode; unknown: ReactNode }) {
  const { lang } = useParams<{ lang: string }>();
  if (lang === undefined || !isLang(lang)) return unknown;
  return (
    <>
      <ShowLanguage lang={lang} />
      {scope(lang)}
    </>
  );
}

/** Shows the UI (messages and `<html lang>`) in `lang`: the one place that sets the language. */
export function ShowLanguage({ lang }: { lang: Lang }) {
  useEffect(() => {
    void setLanguage(lang);
  }, [lang]);
  return null;
}

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
 * chunk awaited behind the loading overlay (a bundled view has none), a failed or late chunk as the translated message
 * of `ChunkBoundary`.
 */
export function RoutePage({ route, lang }: { route: AppRoute; lang: Lang }) {
  const View = route.view;
  return (
    <>
      <RememberLocale lang={lang} />
      <ChunkBoundary key={route.path}>
        {/* a bundled view (the Auth pages) has no chunk to wait for: inside a boundary, React would hydrate its
            prerendered markup in a task of its own after the shell's, and a session answered in between (a visitor
            signed in already, or by the page's own sign-in call) made that markup unusable (LB23) */}
        {route.bundled ? (
          <View />
        ) : (
          <Suspense fallback={<LoadingOverlay />}>
            <View />
          </Suspense>
        )}
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
