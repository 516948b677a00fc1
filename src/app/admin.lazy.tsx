import { lazy, type ReactNode, Suspense } from 'react';
import { selectIsAuthenticated } from '@/machines/session.selectors';
import { SessionContext } from '@/views/session/session.context';

/**
 * The signed-in layout's administration parts (src/app/admin.mount.tsx: their services, the impersonation actor, the
 * header search box and the banner) as one chunk, fetched once a user is signed in: the login page, the first page
 * of most visits, carries nothing of them.
 */
const load = () => import('./admin.mount');
const Scope = lazy(() => load().then((m) => ({ default: m.AdminScope })));
const Search = lazy(() => load().then((m) => ({ default: m.HeaderSearch })));
const Banner = lazy(() => load().then((m) => ({ default: m.ImpersonationBannerSlot })));

/** `AdminScope` while signed in; signed out, the layout is rendered without it. */
export function AdminScope({ children }: { children: ReactNode }) {
  const authenticated = SessionContext.useSelector(selectIsAuthenticated);
  if (!authenticated) return children;
  return (
    <Suspense fallback={null}>
      <Scope>{children}</Scope>
    </Suspense>
  );
}

/** The header's search box (inside `AdminScope`). */
export function HeaderSearch() {
  return (
    <Suspense fallback={null}>
      <Search />
    </Suspense>
  );
}

/** The impersonation banner (inside `AdminScope`). */
export function ImpersonationBannerSlot() {
  return (
    <Suspense fallback={null}>
      <Banner />
    </Suspense>
  );
}
