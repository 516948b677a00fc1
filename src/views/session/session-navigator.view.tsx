import { useEffect } from 'react';
import { useLocation } from 'wouter';
import type { Lang } from '@/domain/constants';
import { selectDestinationPath } from '@/machines/session.selectors';
import { SessionContext } from './session.context';

/**
 * Takes the user where the session says once it settles: the landing page after sign-in (spec 2 "After login"),
 * the page they were on before an expiry, or Settings for a forced password change; then reports `route.reached`.
 */
export function SessionNavigator({ lang }: { lang: Lang }) {
  const destination = SessionContext.useSelector(selectDestinationPath);
  const session = SessionContext.useActorRef();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (destination === null) return;
    navigate(`~/${lang}/${destination}`, { replace: true });
    session.send({ type: 'route.reached' });
  }, [destination, lang, navigate, session]);
  return null;
}
