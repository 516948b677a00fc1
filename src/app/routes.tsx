import type { ComponentType, LazyExoticComponent } from 'react';
import { AUTH_PAGES, type RouteAccess } from '@/domain/routes.rules';
import { AuthPage } from '@/views/auth/auth-page.view';
import { appConfig } from './config';
import { lazyRoute } from './lazy-route';

/** One route of spec 2, relative to `/{lang}`. Views are code-split (each its own chunk), except the Auth pages. */
export interface AppRoute extends RouteAccess {
  /** wouter pattern under the language segment */
  readonly path: string;
  readonly view: LazyExoticComponent<ComponentType> | ComponentType;
  /** Auth and new-client pages show the 'login as employee' link in the footer (spec 2). */
  readonly employeeLogin?: boolean;
}

const pending = (
  section: Parameters<typeof import('@/views/pages/section.view').SectionPending>[0]['section'],
) =>
  lazyRoute(() =>
    import('@/views/pages/section.view').then((m) => ({
      default: () => <m.SectionPending section={section} />,
    })),
  );

/** The Auth pages are the first page of most visits: bundled with the app, not a chunk fetched after it starts. */
const authPage = () => <AuthPage ssoUrl={appConfig.ssoUrl} />;

/** An administration page (src/app/admin.routes.tsx): one chunk for the four routes. */
const adminRoute = (name: 'UserSearchRoute' | 'CreationRoute' | 'EditingRoute' | 'EditUserRoute') =>
  lazyRoute(() => import('./admin.routes').then((m) => ({ default: m[name] })));

const settingsPage = lazyRoute(() =>
  import('@/views/settings/settings-page.view').then((m) => ({ default: m.SettingsPage })),
);

/**
 * The route table of spec 2. Auth, new-client and new-numbers are public; everything else needs a session
 * (the 'no auth flag' routes too: spec 2 'Guard' names the only public ones; docs/decisions.md).
 */
export const ROUTES: readonly AppRoute[] = [
  ...AUTH_PAGES.map((type) => ({ path: `/${type}`, public: true, view: authPage, employeeLogin: true })),
  { path: '/new-client', public: true, view: pending('newClient'), employeeLogin: true },
  { path: '/new-numbers', public: true, view: pending('newNumbers') },
  {
    path: '/profile',
    public: false,
    view: lazyRoute(() =>
      Promise.all([
        import('@/views/profile/profile.page.view'),
        import('./profile.services'),
        import('./block-restore.services'),
      ]).then(([page, services, blockRestore]) => ({
        default: () => (
          <services.WithProfileServices>
            <blockRestore.WithBlockRestore>
              <page.ProfilePage />
            </blockRestore.WithBlockRestore>
          </services.WithProfileServices>
        ),
      })),
    ),
  },
  {
    path: '/details',
    public: false,
    view: lazyRoute(() =>
      Promise.all([import('@/views/details/details.page.view'), import('./block-restore.services')]).then(
        ([page, blockRestore]) => ({
          default: () => (
            <blockRestore.WithBlockRestore>
              <page.DetailsPage />
            </blockRestore.WithBlockRestore>
          ),
        }),
      ),
    ),
  },
  { path: '/settings', public: false, view: settingsPage },
  { path: '/purchase', public: false, view: pending('purchase') },
  { path: '/purchase/order', public: false, view: pending('purchase') },
  { path: '/onlinee-sales', public: false, view: pending('documents') },
  { path: '/onlinee-sales/orders/:id', public: false, view: pending('documents') },
  { path: '/onlinee-sales/suspend-documents/:id', public: false, view: pending('documents') },
  { path: '/onlinee-sales/services-documents/:id', public: false, view: pending('documents') },
  { path: '/orders', public: false, view: pending('orders') },
  { path: '/orders/:id', public: false, view: pending('orders') },
  { path: '/administration/search', public: false, view: adminRoute('UserSearchRoute') },
  { path: '/administration/creation/:type', public: false, view: adminRoute('CreationRoute') },
  { path: '/administration/editing', public: false, view: adminRoute('EditingRoute') },
  { path: '/administration/edit-user/:id', public: false, view: adminRoute('EditUserRoute') },
  { path: '/agreement-registration', public: false, view: pending('agreement') },
  { path: '/at39-registration', public: false, view: pending('at39') },
  { path: '/at39-registration/new', public: false, view: pending('at39') },
  // debt control: its actors are mounted by src/app/debt.services.ts until the composition root provides them
  {
    path: '/debt-control',
    public: false,
    view: lazyRoute(() => import('./debt.routes').then((m) => ({ default: m.DebtRoute }))),
  },
  { path: '/services', public: false, banExclude: true, view: pending('services') },
  { path: '/services/checkout', public: false, banExclude: true, view: pending('services') },
];
