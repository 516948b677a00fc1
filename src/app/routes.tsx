import { appConfig } from '@/config';
import { SIGNED_IN_PAGES, type SignedInPage } from '@/domain/page-routes.rules';
import { AUTH_PAGES } from '@/domain/routes.rules';
import { AuthPage } from '@/views/auth/auth-page.view';
import type { AppRoute } from './app-route';
import { lazyRoute } from './lazy-route';
import { PUBLIC_ROUTES } from './public-routes';

export type { AppRoute } from './app-route';

/** The Auth pages are the first page of most visits: bundled with the app, not a chunk fetched after it starts. */
const authPage = () => <AuthPage ssoUrl={appConfig.ssoUrl} />;

/** An administration page (src/app/admin.routes.tsx): one chunk for the four routes. */
const adminRoute = (name: 'UserSearchRoute' | 'CreationRoute' | 'EditingRoute' | 'EditUserRoute') =>
  lazyRoute(() => import('./admin.routes').then((m) => ({ default: m[name] })));

/** An online-sales documents page (src/app/documents.routes.tsx): one chunk for the four routes. */
const documentsRoute = (
  name: 'DocumentsRoute' | 'OrderRoute' | 'SuspendDocumentRoute' | 'ServicesDocumentRoute',
) => lazyRoute(() => import('./documents.routes').then((m) => ({ default: m[name] })));
/** AllOrders and SingleOrder: one page (the order beside the list), one chunk. */
const ordersPage = lazyRoute(() =>
  import('@/views/orders/orders.view').then((m) => ({ default: m.OrdersPage })),
);

const settingsPage = lazyRoute(() =>
  import('@/views/settings/settings-page.view').then((m) => ({ default: m.SettingsPage })),
);

/** Each signed-in page's view, by its pattern in src/domain/page-routes.rules.ts (typed by that list: a page the
 *  server knows has a view here, and a view has an address the server knows, docs/decisions.md OBS6). */
const SIGNED_IN_VIEWS: { readonly [P in SignedInPage]: AppRoute['view'] } = {
  '/profile': lazyRoute(() =>
    import('@/views/profile/profile.page.view').then((m) => ({ default: m.ProfilePage })),
  ),
  '/profile/employees': lazyRoute(() =>
    import('@/views/employees/employees.view').then((m) => ({ default: m.EmployeesListPage })),
  ),
  '/details': lazyRoute(() =>
    import('@/views/details/details.page.view').then((m) => ({ default: m.DetailsPage })),
  ),
  '/settings': settingsPage,
  '/settings/users': lazyRoute(() =>
    import('@/views/recovery-contact/recovery-contact.view').then((m) => ({
      default: m.RecoveryContactPage,
    })),
  ),
  '/purchase': lazyRoute(() =>
    import('@/views/purchase/purchase.view').then((m) => ({ default: m.PurchasePage })),
  ),
  '/purchase/order': lazyRoute(() =>
    import('@/views/purchase/new-order.view').then((m) => ({ default: m.NewOrderPage })),
  ),
  '/onlinee-sales': documentsRoute('DocumentsRoute'),
  '/onlinee-sales/orders/:id': documentsRoute('OrderRoute'),
  '/onlinee-sales/suspend-documents/:id': documentsRoute('SuspendDocumentRoute'),
  '/onlinee-sales/services-documents/:id': documentsRoute('ServicesDocumentRoute'),
  '/orders': ordersPage,
  '/orders/preorders': lazyRoute(() =>
    import('@/views/preorders/preorders.view').then((m) => ({ default: m.PreorderListPage })),
  ),
  '/orders/:id': ordersPage,
  '/administration/search': adminRoute('UserSearchRoute'),
  '/administration/creation/:type': adminRoute('CreationRoute'),
  '/administration/editing': adminRoute('EditingRoute'),
  '/administration/edit-user/:id': adminRoute('EditUserRoute'),
  '/agreement-registration': lazyRoute(() =>
    import('./agreement.routes').then((m) => ({ default: m.AgreementRoute })),
  ),
  '/at39-registration': lazyRoute(() => import('./at39.routes').then((m) => ({ default: m.At39ListRoute }))),
  '/at39-registration/new': lazyRoute(() =>
    import('./at39.routes').then((m) => ({ default: m.At39NewRoute })),
  ),
  '/debt-control': lazyRoute(() => import('./debt.routes').then((m) => ({ default: m.DebtRoute }))),
  '/services/*?': lazyRoute(() =>
    import('@/views/addons/addons-page.view').then((m) => ({ default: m.AddonsPage })),
  ),
};

/**
 * The route table of spec 2. Auth, new-client and new-numbers are public; everything else needs a session (the 'no
 * auth flag' routes too: spec 2 'Guard' names the only public ones; docs/decisions.md) — see `routeAccess`. The
 * signed-in pages come in the order of `SIGNED_IN_PAGES` (`/orders/preorders` before `/orders/:id`).
 */
export const ROUTES: readonly AppRoute[] = [
  ...AUTH_PAGES.map((type) => ({ path: `/${type}`, view: authPage, employeeLogin: true })),
  ...PUBLIC_ROUTES,
  ...SIGNED_IN_PAGES.map((path) => ({ path, view: SIGNED_IN_VIEWS[path] })),
];
