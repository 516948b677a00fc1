import { AUTH_PAGES } from '@/domain/routes.rules';
import { AuthPage } from '@/views/auth/auth-page.view';
import type { AppRoute } from './app-route';
import { appConfig } from './config';
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

/**
 * The route table of spec 2. Auth, new-client and new-numbers are public; everything else needs a session (the 'no
 * auth flag' routes too: spec 2 'Guard' names the only public ones; docs/decisions.md) — see `routeAccess`.
 */
export const ROUTES: readonly AppRoute[] = [
  ...AUTH_PAGES.map((type) => ({ path: `/${type}`, view: authPage, employeeLogin: true })),
  ...PUBLIC_ROUTES,
  {
    path: '/profile',
    view: lazyRoute(() =>
      import('@/views/profile/profile.page.view').then((m) => ({ default: m.ProfilePage })),
    ),
  },
  // the company's employee list, opened from the profile's employees widget (docs/decisions.md EM2)
  {
    path: '/profile/employees',
    view: lazyRoute(() =>
      import('@/views/employees/employees.view').then((m) => ({ default: m.EmployeesListPage })),
    ),
  },
  {
    path: '/details',
    view: lazyRoute(() =>
      import('@/views/details/details.page.view').then((m) => ({ default: m.DetailsPage })),
    ),
  },
  { path: '/settings', view: settingsPage },
  // the key owner's recovery contacts of the company's accounts (docs/decisions.md PRC6)
  {
    path: '/settings/users',
    view: lazyRoute(() =>
      import('@/views/recovery-contact/recovery-contact.view').then((m) => ({
        default: m.RecoveryContactPage,
      })),
    ),
  },
  {
    path: '/purchase',
    view: lazyRoute(() =>
      import('@/views/purchase/purchase.view').then((m) => ({ default: m.PurchasePage })),
    ),
  },
  {
    path: '/purchase/order',
    view: lazyRoute(() =>
      import('@/views/purchase/new-order.view').then((m) => ({ default: m.NewOrderPage })),
    ),
  },
  { path: '/onlinee-sales', view: documentsRoute('DocumentsRoute') },
  { path: '/onlinee-sales/orders/:id', view: documentsRoute('OrderRoute') },
  { path: '/onlinee-sales/suspend-documents/:id', view: documentsRoute('SuspendDocumentRoute') },
  { path: '/onlinee-sales/services-documents/:id', view: documentsRoute('ServicesDocumentRoute') },
  { path: '/orders', view: ordersPage },
  // the staff list of pre-orders (NC11), before `/orders/:id` so it is not read as an order id
  {
    path: '/orders/preorders',
    view: lazyRoute(() =>
      import('@/views/preorders/preorders.view').then((m) => ({ default: m.PreorderListPage })),
    ),
  },
  { path: '/orders/:id', view: ordersPage },
  { path: '/administration/search', view: adminRoute('UserSearchRoute') },
  { path: '/administration/creation/:type', view: adminRoute('CreationRoute') },
  { path: '/administration/editing', view: adminRoute('EditingRoute') },
  { path: '/administration/edit-user/:id', view: adminRoute('EditUserRoute') },
  {
    path: '/agreement-registration',
    view: lazyRoute(() => import('./agreement.routes').then((m) => ({ default: m.AgreementRoute }))),
  },
  {
    path: '/at39-registration',
    view: lazyRoute(() => import('./at39.routes').then((m) => ({ default: m.At39ListRoute }))),
  },
  {
    path: '/at39-registration/new',
    view: lazyRoute(() => import('./at39.routes').then((m) => ({ default: m.At39NewRoute }))),
  },
  {
    path: '/debt-control',
    view: lazyRoute(() => import('./debt.routes').then((m) => ({ default: m.DebtRoute }))),
  },
  // one route for the list and its checkout, so the numbers chosen on the list stay chosen (docs/decisions.md SV6)
  {
    path: '/services/*?',
    view: lazyRoute(() =>
      import('@/views/services/services-page.view').then((m) => ({ default: m.ServicesPage })),
    ),
  },
];
