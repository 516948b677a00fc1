import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import type { ViewedClient } from '@/machines/impersonation.machine';
import { sameClient, viewedClientOf } from '@/machines/impersonation.selectors';
import { selectProfile, selectUser } from '@/machines/session.selectors';
import { userQuerySearch } from '@/machines/user-search.selectors';
import { useAdminLogic } from '@/views/admin/admin.context';
import { ImpersonationBanner } from '@/views/impersonation/banner.view';
import { ImpersonationContext } from '@/views/impersonation/impersonation.context';
import { SearchBoxContext } from '@/views/search/search-box.context';
import { SearchBox } from '@/views/search/search-box.view';
import { SessionContext } from '@/views/session/session.context';
import { WithAdminServices } from './admin.services';

/** Where impersonation leads (under `/{lang}`): the client's profile, and back to the administration search. */
export const VIEWING_PATH = '/profile';
export const BACK_PATH = '/administration/search';

/**
 * Tells the impersonation chart whom the session is viewing whenever the server's user says something new (page load,
 * refresh after choose/back, logout, expiry), and navigates when a switch is done.
 */
function ImpersonationBridge() {
  const actor = ImpersonationContext.useActorRef();
  const user = SessionContext.useSelector(selectUser);
  const profile = SessionContext.useSelector(selectProfile);
  const [, navigate] = useLocation();
  const client = viewedClientOf(user, profile);
  const last = useRef<ViewedClient | null | undefined>(undefined);

  useEffect(() => {
    if (last.current !== undefined && sameClient(last.current, client)) return;
    last.current = client;
    actor.send({ type: 'session.synced', client });
  });
  useEffect(() => {
    const started = actor.on('impersonation.started', () => navigate(VIEWING_PATH));
    const ended = actor.on('impersonation.ended', () => navigate(BACK_PATH));
    return () => {
      started.unsubscribe();
      ended.unsubscribe();
    };
  }, [actor, navigate]);
  return null;
}

/**
 * The administration scope of the signed-in layout: its services and the one impersonation actor shared by the
 * header search box and the banner. Mounted by the shell around header, banner and main area.
 */
export function AdminScope({ children }: { children: ReactNode }) {
  return (
    <WithAdminServices>
      <ImpersonationScope>{children}</ImpersonationScope>
    </WithAdminServices>
  );
}

function ImpersonationScope({ children }: { children: ReactNode }) {
  const { impersonationLogic } = useAdminLogic();
  return (
    <ImpersonationContext.Provider logic={impersonationLogic}>
      <ImpersonationBridge />
      {children}
    </ImpersonationContext.Provider>
  );
}

/** Hands the box's requests on: a chosen subscriber to impersonation, a user query to the administration search. */
function SearchBoxBridge() {
  const box = SearchBoxContext.useActorRef();
  const impersonation = ImpersonationContext.useActorRef();
  const [, navigate] = useLocation();
  useEffect(() => {
    const chosen = box.on('subscriber.chosen', (e) =>
      impersonation.send({ type: 'impersonation.choose', target: e.target }),
    );
    const users = box.on('users.search', (e) =>
      navigate(`${BACK_PATH}?${userQuerySearch({ q: e.q, status: 'all', pageNo: 0 })}`),
    );
    return () => {
      chosen.unsubscribe();
      users.unsubscribe();
    };
  }, [box, impersonation, navigate]);
  return null;
}

/** The header's search box (spec 2 "Search box if config allows"), inside `AdminScope`. */
export function HeaderSearch() {
  const { searchBoxLogic } = useAdminLogic();
  return (
    <SearchBoxContext.Provider logic={searchBoxLogic}>
      <SearchBoxBridge />
      <SearchBox />
    </SearchBoxContext.Provider>
  );
}

/** The impersonation banner under the header (shown while a client account is viewed), inside `AdminScope`. */
export function ImpersonationBannerSlot() {
  return <ImpersonationBanner />;
}
