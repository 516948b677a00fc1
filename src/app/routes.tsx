import { appConfig } from '@/config';
import { SIGNED_IN_PAGES } from '@/domain/page-routes.rules';
import { AUTH_PAGES } from '@/domain/routes.rules';
import { AuthPage } from '@/views/auth/auth-page.view';
import type { AppRoute } from './app-route';
import { PUBLIC_ROUTES } from './public-routes';
import { SIGNED_IN_VIEWS } from './routes.generated';

export type { AppRoute } from './app-route';

/** The Auth pages are the first page of most visits: bundled with the app, not a chunk fetched after it starts. */
const authPage = () => <AuthPage ssoUrl={appConfig.ssoUrl} />;

/**
 * The route table of spec 2. Auth, new-client and new-numbers are public; everything else needs a session (the 'no
 * auth flag' routes too: spec 2 'Guard' names the only public ones; docs/decisions.md) — see `routeAccess`. The
 * signed-in pages come in the order of `SIGNED_IN_PAGES` (`/orders/preorders` before `/orders/:id`), each drawn by the
 * view its area's manifest names (`routes` in src/app/<area>.workflow.ts, written into ./routes.generated.ts).
 */
export const ROUTES: readonly AppRoute[] = [
  ...AUTH_PAGES.map((type) => ({
    path: `/${type}`,
    view: authPage,
    employeeLogin: true,
    bundled: true as const,
  })),
  ...PUBLIC_ROUTES,
  ...SIGNED_IN_PAGES.map((path) => ({ path, view: SIGNED_IN_VIEWS[path] })),
];
