import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { ImpersonationContext } from '@/views/impersonation/impersonation.context';

/**
 * Router glue of impersonation (see ./workflow-glue.tsx), apart so that the login route's scripts hold it without the
 * search box.
 */

/** Where impersonation leads (under `/{lang}`): the client's profile, and back to the administration search. */
export const VIEWING_PATH = '/profile';
export const BACK_PATH = '/administration/search';

/** Navigates when the impersonation chart says a switch is done (once the app has started it). Mounted once, under
 *  the language segment. */
export function ImpersonationNavigation() {
  const actor = ImpersonationContext.useOptionalActorRef();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (actor === null) return;
    const started = actor.on('impersonation.started', () => navigate(VIEWING_PATH));
    const ended = actor.on('impersonation.ended', () => navigate(BACK_PATH));
    return () => {
      started.unsubscribe();
      ended.unsubscribe();
    };
  }, [actor, navigate]);
  return null;
}
