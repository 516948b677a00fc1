import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { i18n } from '@/i18n/i18n';
import { NotificationsContext } from '@/views/layout/notifications.context';
import { SessionContext } from '@/views/session/session.context';
import { SettingsLogicContext } from '@/views/settings/settings.context';
import { createAppServices } from './services';
import { Shell } from './shell';

const services = createAppServices();

/** Forwards E009 from any API call to the session actor (spec 8: closes overlays and resets auth). */
function SessionExpiryBridge() {
  const session = SessionContext.useActorRef();
  useEffect(() => {
    services.bindSessionExpired(() => {
      if (session.getSnapshot().matches('authenticated')) session.send({ type: 'session.expired' });
    });
  }, [session]);
  return null;
}

/** Composition root: i18n, the machines with their real actors, and the router. */
export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <NotificationsContext.Provider>
        <SessionContext.Provider logic={services.sessionLogic}>
          <SessionExpiryBridge />
          <SettingsLogicContext.Provider value={services.settingsLogic}>
            <Router>
              <Shell />
            </Router>
          </SettingsLogicContext.Provider>
        </SessionContext.Provider>
      </NotificationsContext.Provider>
    </I18nextProvider>
  );
}
