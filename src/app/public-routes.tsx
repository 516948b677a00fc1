import type { AppRoute } from './app-route';
import { lazyRoute } from './lazy-route';

/**
 * The public onboarding pages of spec 2 (New client, New numbers), with only the public messages part. Both roots
 * serve them: the app's route table (src/app/routes.tsx) and the public root a visit starting on one of them runs
 * (src/app/public-app.tsx, docs/decisions.md NC15). The chunks are named so that the server can preload a page's
 * chunks in the first round (server/static.ts, `pagePreloads`).
 */
export const PUBLIC_ROUTES: readonly AppRoute[] = [
  {
    path: '/new-client',
    view: lazyRoute(
      () =>
        import(/* webpackChunkName: "page-new-client" */ '@/views/new-client/new-client.page.view').then(
          (m) => ({
            default: m.NewClientPage,
          }),
        ),
      { messages: 'public' },
    ),
    employeeLogin: true,
  },
  {
    path: '/new-numbers',
    view: lazyRoute(
      () =>
        import(/* webpackChunkName: "page-new-numbers" */ '@/views/new-numbers/new-numbers.page.view').then(
          (m) => ({ default: m.NewNumbersPage }),
        ),
      { messages: 'public' },
    ),
  },
];
