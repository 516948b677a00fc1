import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { userQuerySearch } from '@/machines/user-search.selectors';
import { useWorkflowLogic } from '@/views/common/workflow-logic.context';
import { SearchBoxContext } from '@/views/search/search-box.context';
import { SearchBox } from '@/views/search/search-box.view';
import { BACK_PATH } from './impersonation-navigation';

/**
 * The only glue between workflows and the router. Workflows talk to each other through the actor system (see
 * src/machines/actor-system.ts); what remains here is what a chart cannot do itself: change the URL. The shell loads
 * this module (the header's search box) only once signed in; the impersonation navigation, mounted from the start, is
 * in ./impersonation-navigation.tsx.
 */

export { BACK_PATH, ImpersonationNavigation, VIEWING_PATH } from './impersonation-navigation';

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
