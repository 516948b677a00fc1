import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { userQuerySearch } from '@/machines/user-search.selectors';
import { useWorkflowLogic } from '@/views/common/workflow-logic.context';
import { ImpersonationContext } from '@/views/impersonation/impersonation.context';
import { SearchBoxContext } from '@/views/search/search-box.context';
import { SearchBox } from '@/views/search/search-box.view';

/**
 * The only glue between workflows and the router. Workflows talk to each other through the actor system (see
 * src/machines/actor-system.ts); what remains here is what a chart cannot do itself: change the URL.
 */

/** Where impersonation leads (under `/{lang}`): the client's profile, and back to the administration search. */
export const VIEWING_PATH = '/profile';
export const BACK_PATH = '/administration/search';

/** Navigates when the impersonation chart says a switch is done. Mounted once, under the language segment. */
export function ImpersonationNavigation() {
  const actor = ImpersonationContext.useActorRef();
  const [, navigate] = useLocation();
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

/** Opens the administration user search when the box asks for it ('editing' mode). */
function SearchBoxNavigation() {
  const box = SearchBoxContext.useActorRef();
  const [, navigate] = useLocation();
  useEffect(() => {
    const users = box.on('users.search', (e) =>
      navigate(`${BACK_PATH}?${userQuerySearch({ q: e.q, status: 'all', pageNo: 0 })}`),
    );
    return () => users.unsubscribe();
  }, [box, navigate]);
  return null;
}

/** The header's search box (spec 2 "Search box if config allows"); a chosen subscriber goes to impersonation. */
export function HeaderSearch() {
  const { searchBox } = useWorkflowLogic();
  return (
    <SearchBoxContext.Provider logic={searchBox}>
      <SearchBoxNavigation />
      <SearchBox />
    </SearchBoxContext.Provider>
  );
}
