import { useState } from 'react';
import { appConfig } from '@/config';
import { sessionEndpoints } from '@/services/contract/session.endpoints';
import { createAppApi } from './api';
import { createAppLogic } from './app-logic';
import { AppRoot } from './app-providers';
import { reportContractBreak } from './error-watch';

/**
 * The production app: the composition root's logic on the browser's API client, location and draft store, built
 * once when the app mounts (tests build theirs with fakes and mount the same `AppRoot`).
 */
export function App() {
  const [logic] = useState(() =>
    createAppLogic(
      createAppApi({
        baseURL: appConfig.apiBase,
        atHand: sessionEndpoints,
        onContractBreak: reportContractBreak,
      }),
      // no drafts given: the browser's, built with the signed-in pages' workflows (AppDeps)
      {},
    ),
  );
  return <AppRoot logic={logic} />;
}
