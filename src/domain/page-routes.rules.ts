/**
 * The pages of spec 2 as route patterns under `/{lang}` (wouter's: `:name` one segment, `*?` anything or nothing
 * after the slash). One list for the SPA and the server: src/app/routes.tsx gives each signed-in pattern its view
 * (its table is typed by this list, so a page cannot exist in one and not the other), and server/static.ts answers
 * a path that is none of them with the not-found page and HTTP 404 (docs/decisions.md OBS6). Order matters where two
 * patterns overlap (`/orders/preorders` before `/orders/:id`), as in the route table. The lists only: the login
 * page's first script carries them (the route table), the matcher is ./page-patterns.rules.ts.
 */
export const SIGNED_IN_PAGES = [
  '/profile',
  // the company's employee list, opened from the profile's employees widget (docs/decisions.md EM2)
  '/profile/employees',
  // the company's activity log (docs/decisions.md AL6)
  '/profile/activity',
  // the company's planned blocks and restores (docs/decisions.md SP9)
  '/profile/plans',
  '/details',
  '/settings',
  // the key owner's recovery contacts of the company's accounts (docs/decisions.md PRC6)
  '/settings/users',
  '/purchase',
  '/purchase/order',
  '/onlinee-sales',
  '/onlinee-sales/orders/:id',
  '/onlinee-sales/suspend-documents/:id',
  '/onlinee-sales/services-documents/:id',
  '/orders',
  // the staff list of pre-orders (NC11), before `/orders/:id` so it is not read as an order id
  '/orders/preorders',
  '/orders/:id',
  '/administration/search',
  '/administration/creation/:type',
  '/administration/editing',
  '/administration/edit-user/:id',
  '/agreement-registration',
  '/at39-registration',
  '/at39-registration/new',
  '/debt-control',
  // one route for the list and its checkout, so the numbers chosen on the list stay chosen (docs/decisions.md SV6)
  '/services/*?',
] as const;
export type SignedInPage = (typeof SIGNED_IN_PAGES)[number];

/** Addresses the shell sends on at once (`/{lang}/administration` → its search page). */
export const PAGE_REDIRECTS = { '/administration': '/administration/search' } as const;
